import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCloudUpload, IconQrcode } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, type MeetingDetail } from '@kelasku/contract';
import { isNotFound } from '../../api/client';
import { useMeeting, useRestoreMeeting } from '../../api/meetings';
import { useSessionUser } from '../../api/session';
import { NotFoundPage } from '../../components/ErrorPages';
import { QueryState } from '../../components/QueryState';
import { positiveId } from '../../lib/route-params';
import { useLiveTopic } from '../../live/useLiveTopic';
import { QUEUED_MESSAGE } from './attendance-queue';
import { CancelMeetingModal } from './CancelMeetingModal';
import { JournalSection } from './JournalSection';
import { meetingHeading } from '../../lib/meeting-dates';
import { allPresentUntouched, countMarks, entriesToSave, shownMark, totalsLabel } from './marks';
import { StudentMarkRow } from './StudentMarkRow';
import { WhatsAppShareButton } from '../../components/WhatsAppShareButton';
import { appLink, meetingShareLink, studentPaths } from '../../lib/whatsapp';
import { useAttendance, type AttendanceState } from './use-attendance';
import classes from './attendance.module.css';

/** The sticky bar: the counts of the shown marks and the one save button. */
function SaveBar({ detail, state }: { detail: MeetingDetail; state: AttendanceState }) {
  const { choices, conflicts, queued, saving } = state;
  const totals = countMarks(detail.students, choices);
  const entries = entriesToSave(detail.students, choices);
  const allPresent = !detail.meeting.attendance_taken_at && allPresentUntouched(detail.students, choices);
  const fullTotals = ATTENDANCE_STATUSES.map((s) => `${ATTENDANCE_LABELS[s]} ${totals[s]}`).join(', ');
  return (
    <Paper withBorder shadow="md" p="sm" className={classes.bar}>
      <Stack gap={6}>
        {queued && (
          <Group gap={6} wrap="nowrap" role="status">
            <IconCloudUpload size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600}>
              {QUEUED_MESSAGE}
            </Text>
          </Group>
        )}
        {conflicts.size > 0 && (
          <Text size="sm" c="red.9" role="alert">
            Pilih dulu untuk {conflicts.size} siswa yang ditandai merah, lalu simpan lagi.
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={700} aria-label={fullTotals} data-testid="attendance-summary">
            {totalsLabel(totals)}
          </Text>
          <Button size="md" loading={saving} disabled={entries.length === 0 || conflicts.size > 0} onClick={() => void state.save()}>
            {allPresent ? 'Semua hadir — simpan' : 'Simpan presensi'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ClassList({ detail, state, disabled }: { detail: MeetingDetail; state: AttendanceState; disabled: boolean }) {
  if (detail.students.length === 0) {
    return <Text c="dimmed">Rombel kelas ini belum punya siswa.</Text>;
  }
  return (
    <ul className={classes.list} aria-label="Daftar siswa">
      {detail.students.map((row) => {
        const choice = state.choices.get(row.student.id);
        return (
          <StudentMarkRow
            key={row.student.id}
            row={row}
            shown={shownMark(row, choice)}
            changed={choice !== undefined}
            conflict={state.conflicts.get(row.student.id)}
            disabled={disabled}
            choose={state.choose}
            keepServer={state.keepServer}
            keepMine={state.keepMine}
          />
        );
      })}
    </ul>
  );
}

function CancelledNote({ detail }: { detail: MeetingDetail }) {
  const restore = useRestoreMeeting(detail.class.id, detail.meeting.id);
  return (
    <Alert color="orange" title="Pertemuan dibatalkan">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Alasan: {detail.meeting.cancel_reason ?? '-'}</Text>
        <Text size="sm">Presensi tidak dapat disimpan untuk pertemuan yang dibatalkan.</Text>
        <Button size="sm" variant="default" loading={restore.isPending} onClick={() => restore.mutate()}>
          Aktifkan kembali
        </Button>
      </Stack>
    </Alert>
  );
}

function MeetingView({ detail, userId, refetch }: { detail: MeetingDetail; userId: number; refetch: () => Promise<unknown> }) {
  const { meeting } = detail;
  const classId = detail.class.id;
  const state = useAttendance(detail, userId, refetch);
  const [cancelling, setCancelling] = useState(false);
  const heading = meetingHeading(meeting);
  useDocumentTitle(`Teacher | ${heading}`);
  return (
    <Stack>
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <ActionIcon
          component={Link}
          to={`/online-class/${classId}?tab=presensi`}
          variant="subtle"
          size="lg"
          aria-label="Kembali ke daftar pertemuan"
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {detail.class.name} · {detail.class.rombel.name}
          </Text>
        </div>
      </Group>
      {meeting.cancelled ? (
        <CancelledNote detail={detail} />
      ) : (
        <Group gap="xs">
          <Button
            component={Link}
            to={`/online-class/${classId}/presensi/${meeting.id}/mandiri`}
            variant="light"
            leftSection={<IconQrcode size={18} />}
          >
            Presensi mandiri
          </Button>
          <WhatsAppShareButton
            what={heading}
            href={meetingShareLink(detail.class, { heading, topic: meeting.topic }, appLink(studentPaths.attendance()))}
          />
          <Button variant="default" onClick={() => setCancelling(true)}>
            Batalkan pertemuan
          </Button>
        </Group>
      )}
      {state.refused && (
        <Alert color="red" title="Presensi di ponsel ini belum terkirim">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.refused}</Text>
            <Button size="xs" variant="default" onClick={state.discard}>
              Buang perubahan di ponsel ini
            </Button>
          </Stack>
        </Alert>
      )}
      <section aria-labelledby="daftar-siswa-title">
        <Title order={3} size="h4" id="daftar-siswa-title" mb="xs">
          Presensi siswa
        </Title>
        <ClassList detail={detail} state={state} disabled={meeting.cancelled} />
        {!meeting.cancelled && detail.students.length > 0 && <SaveBar detail={detail} state={state} />}
      </section>
      <JournalSection key={meeting.id} classId={classId} meeting={meeting} readOnly={false} />
      <CancelMeetingModal classId={classId} meetingId={meeting.id} opened={cancelling} onClose={() => setCancelling(false)} />
    </Stack>
  );
}

/**
 * /online-class/:classId/presensi/:meetingId — a meeting on the teacher's phone: the class list with
 * a mark per student (everyone Hadir until changed), saved in one tap, kept on the phone while
 * offline; self check-ins and another device's saves arrive live; the journal of the meeting.
 */
export default function MeetingPage() {
  const params = useParams();
  const classId = positiveId(params.classId);
  const meetingId = positiveId(params.meetingId);
  const user = useSessionUser();
  const meeting = useMeeting(classId ?? 0, meetingId ?? 0);
  useLiveTopic(classId && meetingId ? { meeting: { classId, meetingId } } : null);
  if (classId === null || meetingId === null || isNotFound(meeting.error) || !user) return <NotFoundPage />;
  return (
    <QueryState query={meeting}>
      {(detail) => <MeetingView key={detail.meeting.id} detail={detail} userId={user.id} refetch={meeting.refetch} />}
    </QueryState>
  );
}
