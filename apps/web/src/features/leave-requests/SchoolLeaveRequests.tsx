import { useState } from 'react';
import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { LEAVE_STATUS_LABELS, LEAVE_STATUSES, type LeaveRequest } from '@kelasku/contract';
import { useAdminLeaveRequests, type LeaveStatusFilter } from '../../api/leave-requests';
import { QueryState } from '../../components/QueryState';
import { LeaveList, LeaveRequestCard } from './LeaveRequestCard';

const STATUS_OPTIONS = [{ value: '', label: 'Semua status' }, ...LEAVE_STATUSES.map((s) => ({ value: s, label: LEAVE_STATUS_LABELS[s] }))];

/**
 * The school's izin requests (admin, read only): filtered by status and by rombel; `rombels` are the
 * rombel select's options.
 */
export function SchoolLeaveRequests({ rombels }: { rombels: { id: number; name: string }[] }) {
  const [status, setStatus] = useState<LeaveStatusFilter>(null);
  const [rombelId, setRombelId] = useState<number | null>(null);
  const requests = useAdminLeaveRequests(status, rombelId);
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Status"
          w={180}
          value={status ?? ''}
          onChange={(e) => setStatus((e.currentTarget.value || null) as LeaveRequest['status'] | null)}
          data={STATUS_OPTIONS}
        />
        <NativeSelect
          label="Rombel permohonan"
          w={220}
          value={rombelId ? String(rombelId) : ''}
          onChange={(e) => setRombelId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          data={[{ value: '', label: 'Semua rombel' }, ...rombels.map((r) => ({ value: String(r.id), label: r.name }))]}
        />
      </Group>
      <QueryState query={requests}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              Tidak ada permohonan izin.
            </Text>
          ) : (
            <LeaveList label="Permohonan izin sekolah">
              {list.map((r) => (
                <LeaveRequestCard key={r.id} r={r} showStudent reader={{ role: 'admin' }} />
              ))}
            </LeaveList>
          )
        }
      </QueryState>
    </Stack>
  );
}
