import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { SCHOOL_MSG, type Semester } from '@kelasku/contract';
import { useActivateSemester, useSemesters } from '../../api/school-year';
import { ResourceTable } from '../../components/AdminParts';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { usePhone } from '../../lib/use-phone';
import { NextSemesterCard } from './NextSemesterCard';
import { ActiveBadge, dateRange } from './parts';
import { SemesterFormModal } from './SemesterFormModal';

function SemesterActions({ s, onEdit }: { s: Semester; onEdit: () => void }) {
  const activate = useActivateSemester();
  const confirm = () =>
    modals.openConfirmModal({
      title: `Jadikan ${s.label} semester aktif?`,
      children: <Text size="sm">Kelas baru dan tugas mengajar baru masuk ke semester aktif.</Text>,
      labels: { confirm: 'Jadikan aktif', cancel: 'Batal' },
      onConfirm: () =>
        activate.mutate(s.id, {
          onSuccess: (res) => toastSuccess(res.message ?? SCHOOL_MSG.semesterActivated(s.label)),
          onError: (err) => toastError(errorMessage(err)),
        }),
    });
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Ubah ${s.label}`}>
        Ubah
      </Button>
      {!s.active && (
        <Button
          size="xs"
          variant="light"
          color="green"
          onClick={confirm}
          loading={activate.isPending}
          aria-label={`Jadikan aktif ${s.label}`}
        >
          Jadikan aktif
        </Button>
      )}
    </Group>
  );
}

function SemesterList({ all, onEdit }: { all: Semester[]; onEdit: (s: Semester) => void }) {
  const phone = usePhone();
  if (phone) {
    return (
      <Stack gap="xs">
        {all.length === 0 && <Text c="dimmed">Belum ada semester</Text>}
        {all.map((s) => (
          <Paper key={s.id} withBorder p="sm" component="section" aria-label={s.label}>
            <Group gap={6}>
              <Text fw={600}>{s.label}</Text>
              {s.active && <ActiveBadge active />}
            </Group>
            <Text size="sm">{dateRange(s)}</Text>
            <Text size="sm" c="dimmed" mb="xs">
              {s.classes} kelas
            </Text>
            <SemesterActions s={s} onEdit={() => onEdit(s)} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <ResourceTable
      head={['Semester', 'Tanggal', 'Status', 'Kelas', 'Aksi']}
      count={all.length}
      rows={all.map((s) => (
        <Table.Tr key={s.id}>
          <Table.Td fw={600}>{s.label}</Table.Td>
          <Table.Td>{dateRange(s)}</Table.Td>
          <Table.Td>{s.active && <ActiveBadge active />}</Table.Td>
          <Table.Td>{s.classes}</Table.Td>
          <Table.Td>
            <SemesterActions s={s} onEdit={() => onEdit(s)} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}

/** /school/semesters — Semester: school years and their two terms, exactly one active; starting the next one. */
export default function SemestersPage() {
  useDocumentTitle('Semester');
  const semesters = useSemesters();
  const [editing, setEditing] = useState<Semester | null | undefined>(undefined);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Semester</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Tambah semester
        </Button>
      </Group>
      <QueryState query={semesters}>{(all) => <SemesterList all={all} onEdit={setEditing} />}</QueryState>
      <NextSemesterCard />
      <SemesterFormModal semester={editing} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}
