import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ATTENDANCE_LABELS, LEAVE_MSG, LEAVE_STATUS_LABELS, leaveRangeText, type LeaveRequest } from '@kelasku/contract';
import { openLetter, type LetterReader } from '../../api/leave-requests';
import { formatDateTimeWib } from '../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';

export const STATUS_COLORS: Record<LeaveRequest['status'], string> = {
  pending: 'yellow',
  approved: 'green',
  refused: 'red',
  withdrawn: 'gray',
};

export function StatusBadge({ status }: { status: LeaveRequest['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-status={status}>
      {LEAVE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "Lihat surat": the letter opens in a new tab (fetched with the token, api/leave-requests.ts). */
export function LetterButton({ reader, r }: { reader: LetterReader; r: LeaveRequest }) {
  const [busy, setBusy] = useState(false);
  if (!r.file) return null;
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileDescription size={14} />}
      loading={busy}
      aria-label={`Lihat surat ${r.student.name}, ${leaveRangeText(r.starts_on, r.ends_on)}`}
      onClick={() => {
        setBusy(true);
        openLetter(reader, r.id)
          .catch((err) => toastError(errorMessage(err)))
          .finally(() => setBusy(false));
      }}
    >
      Lihat surat
    </Button>
  );
}

/** "2 hari sekolah" — the days of the range that have lessons. */
/** The withdraw mutation of the student's or the parent's requests. */
type Withdraw = Pick<UseMutationResult<{ message?: string }, Error, number>, 'isPending' | 'variables' | 'mutate'>;

/** "Batalkan" of a pending request, with the withdraw mutation of the student's or the parent's list (its errors go to the red toast). */
export function WithdrawButton({ r, withdraw }: { r: LeaveRequest; withdraw: Withdraw }) {
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={withdraw.isPending && withdraw.variables === r.id}
      onClick={() => withdraw.mutate(r.id, { onSuccess: (res) => toastSuccess(res.message ?? LEAVE_MSG.withdrawn) })}
    >
      Batalkan
    </Button>
  );
}

export const daysText = (days: number) => (days === 0 ? 'tidak ada hari sekolah' : `${days} hari sekolah`);

/**
 * One izin request as every list shows it: Sakit/Izin, the dates and days, the reason, the status,
 * the wali kelas's decision and note; `showStudent` adds the student and rombel; `actions` sit at the bottom.
 */
export function LeaveRequestCard({
  r,
  reader,
  showStudent,
  actions,
}: {
  r: LeaveRequest;
  reader: LetterReader;
  showStudent?: boolean;
  actions?: ReactNode;
}) {
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-request={r.id}
      aria-label={`Permohonan ${r.student.name} ${leaveRangeText(r.starts_on, r.ends_on)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            {showStudent && (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {r.student.name}
                <Text span size="xs" c="gray.7" fw={400}>
                  {' '}
                  · {r.rombel.name}
                  {r.student.nis ? ` · ${r.student.nis}` : ''}
                </Text>
              </Text>
            )}
            <Group gap={6}>
              <Badge color={r.kind === 'S' ? 'blue' : 'violet'} variant="filled">
                {ATTENDANCE_LABELS[r.kind]}
              </Badge>
              <Text size="sm" fw={500}>
                {leaveRangeText(r.starts_on, r.ends_on)}
              </Text>
            </Group>
            <Text size="xs" c="gray.7">
              {daysText(r.days)} · diajukan {formatDateTimeWib(r.created_at)}
              {r.requested_by && r.requested_by.id !== r.student.id ? ` oleh ${r.requested_by.name}` : ''}
            </Text>
          </div>
          <StatusBadge status={r.status} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {r.reason}
        </Text>
        {r.decided_by && (r.status === 'approved' || r.status === 'refused') && (
          <Text size="xs" c="gray.7">
            {r.status === 'approved' ? 'Disetujui' : 'Ditolak'} oleh {r.decided_by.name}
            {r.decided_at ? `, ${formatDateTimeWib(r.decided_at)}` : ''}
          </Text>
        )}
        {r.decision_note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            <Text span fw={600}>
              Catatan wali kelas:
            </Text>{' '}
            {r.decision_note}
          </Text>
        )}
        <Group gap="xs">
          <LetterButton reader={reader} r={r} />
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}

/** A list of request cards (ul). */
export function LeaveList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}
