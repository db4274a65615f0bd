import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type LeaveRequest, type ParentChild } from '@kelasku/contract';
import { useChildAttendance, useChildLeaveRequests, useSendChildLeaveRequest, useWithdrawChildLeaveRequest } from '../../api/parents';
import { getSessionUser } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { MeetingList, TotalCard } from '../attendance-recaps/StudentRecordPage';
import { TOTAL_COLUMNS } from '../attendance-recaps/marks';
import { LeaveForm } from '../leave-requests/LeaveForm';
import { LeaveList, LeaveRequestCard, WithdrawButton } from '../leave-requests/LeaveRequestCard';

function Requests({ child, list }: { child: ParentChild; list: LeaveRequest[] }) {
  const me = getSessionUser()?.id;
  const withdraw = useWithdrawChildLeaveRequest(child.id);
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
          actions={r.status === 'pending' && r.requested_by?.id === me && <WithdrawButton r={r} withdraw={withdraw} />}
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
