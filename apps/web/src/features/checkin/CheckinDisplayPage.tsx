import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconLockOpen, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ATTENDANCE_LABELS, CHECKIN_MSG, checkinOpenBody, type AttendanceRow, type MeetingDetail } from '@kelasku/contract';
import { checkinKeys, useCheckinState, useCloseCheckin, useOpenCheckin, type CheckinView, type MeetingRef } from '../../api/checkin';
import { isNotFound } from '../../api/client';
import { useMeeting } from '../../api/meetings';
import { NotFoundPage } from '../../components/ErrorPages';
import { LoadingDots } from '../../components/LoadingDots';
import { QueryState } from '../../components/QueryState';
import { showFailure } from '../../lib/form-errors';
import { positiveId } from '../../lib/route-params';
import { toastSuccess } from '../../lib/toast';
import { useLiveTopic } from '../../live/useLiveTopic';
import { CheckinQr, RotationCountdown } from './CheckinQr';
import { clockOf, meetingHeading } from '../../lib/meeting-dates';

interface OpenForm extends Record<string, unknown> {
  minutes: number | string;
  late_after_minutes: number | string;
}

const toBody = (v: OpenForm) => ({ minutes: Number(v.minutes), late_after_minutes: Number(v.late_after_minutes) });

/** The contract's checks, each message under its input. */
function validate(v: OpenForm): Record<string, string> {
  const parsed = checkinOpenBody.safeParse(toBody(v));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Closed: how long it stays open and when a check-in counts as Terlambat, then "Buka presensi mandiri". */
function OpenCheckinForm({ r, cancelled }: { r: MeetingRef; cancelled: boolean }) {
  const open = useOpenCheckin(r);
  const form = useForm<OpenForm>({ initialValues: { minutes: 15, late_after_minutes: 10 }, validate });
  const [failure, setFailure] = useState<string | null>(null);
  if (cancelled) return <Alert color="gray">{CHECKIN_MSG.meetingCancelled}</Alert>;
  const submit = form.onSubmit((v) => {
    setFailure(null);
    open.mutate(toBody(v), {
      onSuccess: (res) => toastSuccess(res.message ?? CHECKIN_MSG.opened),
      onError: (err) => setFailure(showFailure(form, err, ['minutes', 'late_after_minutes'])),
    });
  });
  return (
    <Card withBorder padding="lg" maw={480} component="section" aria-labelledby="buka-presensi-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3} id="buka-presensi-title">
            Buka presensi mandiri
          </Title>
          <Text size="sm" c="dimmed">
            Siswa memindai kode QR atau mengetik kodenya. Kode berganti setiap 15 detik.
          </Text>
          <NumberInput label="Lama presensi (menit)" min={1} max={180} allowDecimal={false} {...form.getInputProps('minutes')} />
          <NumberInput
            label="Terlambat setelah (menit)"
            description="Dihitung dari jam mulai pertemuan"
            min={0}
            max={180}
            allowDecimal={false}
            {...form.getInputProps('late_after_minutes')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" size="md" leftSection={<IconLockOpen size={18} />} loading={open.isPending}>
            Buka presensi mandiri
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** Who checked in, newest first (a mark the teacher changed afterwards shows as it is now). */
export function checkedIn(students: readonly AttendanceRow[]): AttendanceRow[] {
  return students
    .filter((s) => s.checked_in_at !== null)
    .sort((a, b) => Date.parse(b.checked_in_at!) - Date.parse(a.checked_in_at!) || a.student.name.localeCompare(b.student.name));
}

function CheckedInList({ detail }: { detail: MeetingDetail | undefined }) {
  if (!detail) return <LoadingDots />;
  const rows = checkedIn(detail.students);
  if (rows.length === 0) return <Text c="dimmed">Belum ada siswa yang presensi.</Text>;
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Siswa yang sudah presensi">
      {rows.map((s) => (
        <Group
          component="li"
          key={s.student.id}
          justify="space-between"
          wrap="nowrap"
          py={6}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {s.student.name}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {clockOf(s.checked_in_at)}
            </Text>
            {s.status && (
              <Badge color={s.status === 'H' ? 'teal' : s.status === 'T' ? 'orange' : 'gray'} variant="light">
                {ATTENDANCE_LABELS[s.status]}
              </Badge>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** Besides the live stream: a count that moved (the code's poll every rotation) refreshes the list too. */
function useListFollowsCount({ classId, meetingId }: MeetingRef, count: number) {
  const qc = useQueryClient();
  const seen = useRef(count);
  useEffect(() => {
    if (seen.current === count) return;
    seen.current = count;
    void qc.invalidateQueries({ queryKey: checkinKeys.meeting({ classId, meetingId }), exact: true });
  }, [qc, classId, meetingId, count]);
}

/** Open: the QR code and the code (large), the countdown, the count, the live list, "Tutup presensi mandiri". */
function OpenCheckin({ r, state, detail }: { r: MeetingRef; state: CheckinView; detail: MeetingDetail | undefined }) {
  const close = useCloseCheckin(r);
  useListFollowsCount(r, state.checked_in);
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm" align="center" component="section" aria-label="Kode presensi">
          {state.qr_text && <CheckinQr text={state.qr_text} />}
          <CheckinCode code={state.code} />
          <RotationCountdown rotatesLocal={state.rotatesLocal} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Text size="xl" fw={700} role="status" aria-live="polite">
            {state.checked_in} dari {state.students} siswa sudah presensi
          </Text>
          <Text size="sm" c="dimmed">
            Dibuka sampai {clockOf(state.closes_at)} WIB · mulai {clockOf(state.late_at)} WIB dihitung Terlambat
          </Text>
          <CheckedInList detail={detail} />
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={18} />}
            loading={close.isPending}
            onClick={() => close.mutate(undefined, { onSuccess: (res) => toastSuccess(res.message ?? CHECKIN_MSG.closed) })}
          >
            Tutup presensi mandiri
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function CheckinCode({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <Text
      component="p"
      m={0}
      fw={800}
      ta="center"
      lh={1}
      style={{ fontSize: 'clamp(3.5rem, 16vw, 8rem)', fontVariantNumeric: 'tabular-nums', letterSpacing: '0.06em' }}
      id="kode-presensi"
    >
      {`${code.slice(0, 3)} ${code.slice(3)}`}
    </Text>
  );
}

/**
 * "Presensi mandiri" of a meeting (issue 38), the teacher's screen for the projector or a phone
 * held up: closed, a short form opens it; open, the rotating QR code and code, the live count and
 * list of who checked in.
 */
export default function CheckinDisplayPage() {
  const params = useParams();
  const classId = positiveId(params.classId) ?? 0;
  const meetingId = positiveId(params.meetingId) ?? 0;
  const r: MeetingRef = { classId, meetingId };
  const state = useCheckinState(r);
  const meeting = useMeeting(classId, meetingId);
  useDocumentTitle('Presensi mandiri');
  useLiveTopic(classId && meetingId ? { meeting: r } : null);
  if (!classId || !meetingId || isNotFound(state.error) || isNotFound(meeting.error)) return <NotFoundPage />;
  const detail = meeting.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/online-class/${classId}/presensi/${meetingId}`} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          Kembali ke daftar siswa
        </Group>
      </Anchor>
      <div>
        <Title order={2}>Presensi mandiri</Title>
        {detail && (
          <Text c="dimmed">
            {detail.class.subject ? `${detail.class.subject.name} · ` : ''}
            {detail.class.rombel.name} · {meetingHeading(detail.meeting)}
          </Text>
        )}
      </div>
      <QueryState query={state}>
        {(s) =>
          s.open ? (
            <OpenCheckin r={r} state={s} detail={detail} />
          ) : (
            <OpenCheckinForm r={r} cancelled={detail?.meeting.cancelled ?? false} />
          )
        }
      </QueryState>
    </Stack>
  );
}
