import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { type LeaveRequest } from '@kelasku/contract';
import { useMyLeaveRequests, useWithdrawLeaveRequest } from '../../api/leave-requests';
import { QueryState } from '../../components/QueryState';
import { LeaveForm } from './LeaveForm';
import { LeaveList, LeaveRequestCard, WithdrawButton } from './LeaveRequestCard';

function MyRequests({ list }: { list: LeaveRequest[] }) {
  const withdraw = useWithdrawLeaveRequest();
  if (list.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Belum ada permohonan.
      </Text>
    );
  return (
    <LeaveList label="Permohonanku">
      {list.map((r) => (
        <LeaveRequestCard
          key={r.id}
          r={r}
          reader={{ role: 'student' }}
          actions={r.status === 'pending' && <WithdrawButton r={r} withdraw={withdraw} />}
        />
      ))}
    </LeaveList>
  );
}

/** "Izin dan Sakit": the request form, then the student's requests with their status and the wali kelas's note. */
export default function StudentLeavePage() {
  useDocumentTitle('Izin dan Sakit | Kelasku');
  const requests = useMyLeaveRequests();
  return (
    <Stack maw={760}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Izin dan Sakit</Title>
        <Anchor component={Link} to="/presensi/riwayat" size="sm">
          Riwayat presensi
        </Anchor>
      </Group>
      <Text c="gray.7" size="sm">
        Permohonan dikirim ke wali kelasmu. Setelah disetujui, semua pertemuan pada tanggal itu tercatat Sakit atau Izin.
      </Text>
      <LeaveForm />
      <Title order={3} size="h4">
        Permohonanku
      </Title>
      <QueryState query={requests}>{(list) => <MyRequests list={list} />}</QueryState>
    </Stack>
  );
}
