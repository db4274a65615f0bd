import { useEffect, useState, useSyncExternalStore } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Meeting } from '@kelasku/contract';
import { meetingKeys, putAttendance, useMeetings } from '../../api/meetings';
import { useSessionUser } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { AddMeetingModal } from './AddMeetingModal';
import { flushPending, pendingKey, pendingOfClass, subscribePending } from './attendance-queue';
import { meetingDay, meetingName, meetingTime } from '../../lib/meeting-dates';
import { meetingBadge } from './marks';
import classes from './attendance.module.css';

const BADGE_COLOR = { Dibatalkan: 'gray', 'Belum diisi': 'orange' } as Record<string, string>;

/** Saves of this class kept on the phone go when the tab opens and when the browser is back online. */
function useSendKept(classId: number, userId: number | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const flush = async () => {
      for (const p of pendingOfClass(userId, classId)) {
        const r = await flushPending(userId, p.meetingId, (q) => putAttendance(q.classId, q.meetingId, { entries: q.entries }));
        if (r.kind !== 'none' && r.kind !== 'later') void qc.invalidateQueries({ queryKey: meetingKeys.list(classId) });
      }
    };
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [classId, userId, qc]);
}

function MeetingRow({ classId, m, kept }: { classId: number; m: Meeting; kept: boolean }) {
  const badge = meetingBadge(m);
  return (
    <li className={classes.row}>
      <UnstyledButton component={Link} to={`/online-class/${classId}/presensi/${m.id}`} style={{ display: 'block', width: '100%' }}>
        <Group wrap="nowrap" gap="sm" align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} td={m.cancelled ? 'line-through' : undefined}>
                {meetingName(m)}
              </Text>
              <Badge size="sm" variant="light" color={BADGE_COLOR[badge] ?? 'teal'} tt="none">
                {badge}
              </Badge>
              {kept && (
                <Badge size="sm" variant="outline" color="gray.7" tt="none">
                  Belum terkirim
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {meetingDay(m.date)} · {meetingTime(m)}
            </Text>
            {(m.topic || m.cancel_reason) && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {m.cancelled ? `Alasan: ${m.cancel_reason}` : m.topic}
              </Text>
            )}
          </div>
          <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }} />
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** Newest first: by date, then by start time. */
const newestFirst = (a: Meeting, b: Meeting) => b.date.localeCompare(a.date) || b.starts_at.localeCompare(a.starts_at);

/**
 * The "Presensi" tab of the teacher's class page: the class's meetings newest first, each with its
 * counts ("H 30 · S 2 · I 1 · A 3"), "Belum diisi" or "Dibatalkan"; "Tambah pertemuan"; the class's
 * recap and the teacher's journal.
 */
export function MeetingsTab({ classId }: { classId: number }) {
  const meetings = useMeetings(classId);
  const user = useSessionUser();
  const [adding, setAdding] = useState(false);
  useSendKept(classId, user?.id);
  // Which meetings hold a save kept on this phone (the stored texts change with the list).
  const keptKey = useSyncExternalStore(subscribePending, () =>
    user
      ? pendingOfClass(user.id, classId)
          .map((p) => pendingKey(p.meetingId))
          .join(',')
      : '',
  );
  const kept = new Set(keptKey.split(','));
  return (
    <Stack>
      <Group justify="space-between" gap="xs">
        <Group gap="md">
          <Anchor component={Link} to={`/online-class/${classId}/rekap-presensi`}>
            Rekap presensi
          </Anchor>
          <Anchor component={Link} to="/jurnal">
            Jurnal
          </Anchor>
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Tambah pertemuan
        </Button>
      </Group>
      <QueryState query={meetings}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">Belum ada pertemuan. Pertemuan dari jadwal muncul sendiri pada harinya.</Text>
          ) : (
            <ul className={classes.list} aria-label="Daftar pertemuan">
              {[...list].sort(newestFirst).map((m) => (
                <MeetingRow key={m.id} classId={classId} m={m} kept={kept.has(pendingKey(m.id))} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <AddMeetingModal classId={classId} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
