import { useEffect, useState } from 'react';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { Homeroom, TeacherRef } from '@kelasku/contract';
import { useHomerooms, useSemesters, useSetHomeroom } from '../../api/school-year';
import { matches, ResourceTable } from '../../components/AdminParts';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { usePhone } from '../../lib/use-phone';
import { TeacherSelect } from './TeacherSelect';

/** A rombel's wali kelas as shown: the server's, or the one just chosen while it saves. */
function useHomeroomRow(h: Homeroom, semesterId: number | null) {
  const set = useSetHomeroom();
  const [shown, setShown] = useState<TeacherRef | null>(h.teacher);
  useEffect(() => setShown(h.teacher), [h.teacher]);
  const save = (teacher: TeacherRef | null) => {
    setShown(teacher);
    set.mutate(
      { rombelId: h.rombel.id, semesterId, teacherId: teacher?.id ?? null },
      {
        onSuccess: (res) => toastSuccess(res.message ?? (teacher ? 'Wali kelas berhasil disimpan' : 'Wali kelas dihapus')),
        onError: (err) => {
          setShown(h.teacher);
          toastError(errorMessage(err));
        },
      },
    );
  };
  const select = (
    <TeacherSelect
      label={`Wali kelas ${h.rombel.name}`}
      current={shown}
      onChange={(t) => t.id !== shown?.id && save(t)}
      disabled={set.isPending}
    />
  );
  const remove = (
    <Button
      size="xs"
      variant="light"
      color="red"
      disabled={!shown || set.isPending}
      onClick={() => save(null)}
      aria-label={`Hapus wali kelas ${h.rombel.name}`}
    >
      Hapus
    </Button>
  );
  return { select, remove };
}

function HomeroomCard({ h, semesterId }: { h: Homeroom; semesterId: number | null }) {
  const { select, remove } = useHomeroomRow(h, semesterId);
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Rombel ${h.rombel.name}`}>
      <Group justify="space-between" mb={6}>
        <Group gap={6}>
          <Text fw={600}>{h.rombel.name}</Text>
          <Badge variant="light">Kelas {h.rombel.grade}</Badge>
        </Group>
        {remove}
      </Group>
      {select}
    </Paper>
  );
}

function HomeroomRow({ h, semesterId }: { h: Homeroom; semesterId: number | null }) {
  const { select, remove } = useHomeroomRow(h, semesterId);
  return (
    <Table.Tr>
      <Table.Td>{h.rombel.grade}</Table.Td>
      <Table.Td fw={600}>{h.rombel.name}</Table.Td>
      <Table.Td miw={260}>{select}</Table.Td>
      <Table.Td>{remove}</Table.Td>
    </Table.Tr>
  );
}

/** /school/homerooms — Wali Kelas: one teacher per rombel per semester, saved as soon as it is chosen. */
export default function HomeroomsPage() {
  useDocumentTitle('Wali Kelas');
  const phone = usePhone();
  const semesters = useSemesters();
  const [semesterId, setSemesterId] = useState<number | null>(null);
  const homerooms = useHomerooms(semesterId);
  const [search, setSearch] = useState('');
  const active = semesters.data?.find((s) => s.active);
  return (
    <Stack>
      <Title order={2}>Wali Kelas</Title>
      <Group align="flex-end">
        <NativeSelect
          label="Semester"
          data={[
            { value: '', label: active ? `${active.label} (aktif)` : 'Semester aktif' },
            ...(semesters.data ?? []).filter((s) => !s.active).map((s) => ({ value: String(s.id), label: s.label })),
          ]}
          value={semesterId ? String(semesterId) : ''}
          onChange={(e) => setSemesterId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          w={{ base: '100%', sm: 240 }}
        />
        <TextInput
          label="Cari rombel"
          placeholder="Misalnya X TKJ"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      <QueryState query={homerooms}>
        {(all) => {
          const rows = all.filter((h) => matches(search, h.rombel.name, h.teacher?.name));
          if (phone) {
            return (
              <Stack gap="xs">
                {rows.length === 0 && <Text c="dimmed">Tidak ada data</Text>}
                {rows.map((h) => (
                  <HomeroomCard key={h.rombel.id} h={h} semesterId={semesterId} />
                ))}
              </Stack>
            );
          }
          return (
            <ResourceTable
              head={['Tingkat', 'Rombel', 'Wali kelas', 'Aksi']}
              count={rows.length}
              rows={rows.map((h) => (
                <HomeroomRow key={h.rombel.id} h={h} semesterId={semesterId} />
              ))}
            />
          );
        }}
      </QueryState>
    </Stack>
  );
}
