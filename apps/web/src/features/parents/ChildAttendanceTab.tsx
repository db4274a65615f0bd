import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LEAVE_MSG, type LeaveRequest, type ParentChild } from '@kelasku/contract';
import { useChildAttendance, useChildLeaveRequests, useSendChildLeaveRequest, useWithdrawChildLeaveRequest } from '../../api/parents';
import { getSessionUser } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { toastSuccess } from '../../lib/toast';
import { MeetingList, TotalCard } from '../attendance-recaps/StudentRecordPage';
import { TOTAL_COLUMNS } from '../attendance-recaps/marks';
import { LeaveForm } from '../leave-requests/LeaveForm';
import { LeaveList, LeaveRequestCard } from '../leave-requests/LeaveRequestCard';

/** "Batalkan" of the parent's own pending request. */
function WithdrawButton({ childId, r }: { childId: number; r: LeaveRequest }) {
  const withdraw = useWithdrawChildLeaveRequest(childId);
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

function Requests({ child, list }: { child: ParentChild; list: LeaveRequest[] }) {
  const me = getSessionUser()?.id;
  if (list.length === 0)
    return (
      <Text c="dimmed" ta="center" py="md">
        Belum ada permohonan izin.
      </Text>
    );
  return (
    <LeaveList label="Permohonan izin">
      {list.map((r) => (
        <LeaveRequestCard
          key={r.id}
          r={r}
          reader={{ role: 'parent', studentId: child.id }}
          actions={r.status === 'pending' && r.requested_by?.id === me && <WithdrawButton childId={child.id} r={r} />}
        />
      ))}
    </LeaveList>
  );
}

/** "Presensi": the semester's totals, the izin requests and the form to send one, then every recorded meeting. */
export function ChildAttendanceTab({ child }: { child: ParentChild }) {
  const record = useChildAttendance(child.id);
  const requests = useChildLeaveRequests(child.id);
  const sender = useSendChildLeaveRequest(child.id);
  return (
    <Stack gap="md">
      <QueryState query={record}>
        {(data) => (
          <>
            <Text c="gray.7">Semester {data.semester.label}</Text>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
              {TOTAL_COLUMNS.map((t) => (
                <TotalCard key={t.status} status={t.status} label={t.label} days={data.days[t.status]} meetings={data.totals[t.status]} />
              ))}
            </SimpleGrid>
          </>
        )}
      </QueryState>
      <Title order={3} size="h4">
        Permohonan izin
      </Title>
      <QueryState query={requests}>{(list) => <Requests child={child} list={list} />}</QueryState>
      <Text c="gray.7" size="sm">
        Permohonan dikirim ke wali kelas {child.homeroom_teacher?.name ?? ''}. Setelah disetujui, semua pertemuan pada tanggal itu tercatat
        Sakit atau Izin.
      </Text>
      <LeaveForm sender={sender} />
      <Title order={3} size="h4">
        Pertemuan
      </Title>
      <QueryState query={record}>{(data) => <MeetingList meetings={data.meetings} />}</QueryState>
    </Stack>
  );
}
