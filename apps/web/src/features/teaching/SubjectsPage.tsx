import { useState } from 'react';
import { Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { SUBJECT_GROUP_LABELS, SUBJECT_GROUPS, type Subject, type SubjectGroup } from '@kelasku/contract';
import { downloadFile } from '../../api/download';
import { subjectsExportPath, useDeleteSubject, useSubjects } from '../../api/teaching';
import { deleteAfterConfirm, matches } from '../../components/AdminParts';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError } from '../../lib/toast';
import { usePhone } from '../../lib/use-phone';
import { SubjectFormModal } from './SubjectFormModal';
import { TeachingImportModal } from './TeachingImportModal';

const gradesText = (s: Subject) => s.grades.join(', ');
const departmentsText = (s: Subject) => (s.departments.length ? s.departments.map((d) => d.short_name).join(', ') : 'Semua');

interface RowProps {
  subject: Subject;
  onEdit: () => void;
  onDelete: () => void;
}

function SubjectActions({ subject, onEdit, onDelete }: RowProps) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" onClick={onEdit} aria-label={`Ubah ${subject.name}`}>
        Ubah
      </Button>
      <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Hapus ${subject.name}`}>
        Hapus
      </Button>
    </Group>
  );
}

/** One group's subjects: a table on a wide screen, cards on a phone. */
function SubjectGroup({ group, subjects, actions }: { group: SubjectGroup; subjects: Subject[]; actions: (s: Subject) => RowProps }) {
  const phone = usePhone();
  const heading = `${SUBJECT_GROUP_LABELS[group]} (${subjects.length})`;
  return (
    <Stack gap="xs" component="section" aria-label={SUBJECT_GROUP_LABELS[group]}>
      <Title order={3} size="h4">
        {heading}
      </Title>
      {phone ? (
        subjects.map((s) => (
          <Card key={s.id} withBorder padding="sm" component="article" aria-label={s.name}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{s.name}</Text>
                <Text size="sm" c="gray.7">{`${s.code} · Kelas ${gradesText(s)} · Jurusan: ${departmentsText(s)}`}</Text>
                <Text size="sm" c="gray.7">{`Dipakai di ${s.assignments} tugas mengajar`}</Text>
              </div>
            </Group>
            <Group mt="xs">
              <SubjectActions {...actions(s)} />
            </Group>
          </Card>
        ))
      ) : (
        <Table striped highlightOnHover layout="fixed" verticalSpacing="xs" aria-label={`Mata pelajaran ${SUBJECT_GROUP_LABELS[group]}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={120}>Kode</Table.Th>
              <Table.Th>Nama</Table.Th>
              <Table.Th w={110}>Kelas</Table.Th>
              <Table.Th w={180}>Jurusan</Table.Th>
              <Table.Th w={90}>Dipakai</Table.Th>
              <Table.Th w={150}>Aksi</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subjects.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.code}</Table.Td>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{gradesText(s)}</Table.Td>
                <Table.Td>{departmentsText(s)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={s.assignments ? 'blue' : 'gray'}>
                    {s.assignments}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <SubjectActions {...actions(s)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** /school/subjects — mata pelajaran by kelompok: add, edit, delete, XLSX export and import (issue 37). */
export default function SubjectsPage() {
  const subjects = useSubjects();
  const remove = useDeleteSubject();
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<'' | SubjectGroup>('');
  const [editing, setEditing] = useState<Subject | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);

  const actions = (s: Subject): RowProps => ({
    subject: s,
    onEdit: () => setEditing(s),
    onDelete: () => deleteAfterConfirm(remove, s.id, `mata pelajaran ${s.name}`),
  });

  return (
    <Stack>
      <Title order={2}>Mata Pelajaran</Title>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" w={{ base: '100%', sm: 'auto' }} grow>
          <TextInput
            label="Cari mata pelajaran"
            placeholder="Kode atau nama"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <NativeSelect
            label="Kelompok"
            value={group}
            onChange={(e) => setGroup(e.currentTarget.value as '' | SubjectGroup)}
            data={[{ value: '', label: 'Semua kelompok' }, ...SUBJECT_GROUPS.map((g) => ({ value: g, label: SUBJECT_GROUP_LABELS[g] }))]}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadFile(subjectsExportPath, 'mata-pelajaran.xlsx').catch((err) => toastError(errorMessage(err)))}
          >
            Unduh XLSX
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
            Impor XLSX
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Tambah mata pelajaran
          </Button>
        </Group>
      </Group>
      <QueryState query={subjects}>
        {(all) => {
          const shown = all.filter((s) => (!group || s.group === group) && matches(search, s.code, s.name));
          if (shown.length === 0)
            return <Text c="gray.7">{all.length ? 'Tidak ada mata pelajaran yang cocok' : 'Belum ada mata pelajaran'}</Text>;
          return SUBJECT_GROUPS.map((g) => {
            const inGroup = shown.filter((s) => s.group === g);
            return inGroup.length ? <SubjectGroup key={g} group={g} subjects={inGroup} actions={actions} /> : null;
          });
        }}
      </QueryState>
      <SubjectFormModal subject={editing} onClose={() => setEditing(undefined)} />
      <TeachingImportModal
        kind="subjects"
        opened={importing}
        onClose={() => setImporting(false)}
        hint="Kolom: Kode, Nama, Kelompok (Umum, Kejuruan atau Muatan lokal), Kelas (misalnya 10, 11, 12) dan Jurusan (kode atau singkatan jurusan, dipisah koma; kosong berarti semua jurusan). Mata pelajaran dikenali dari kodenya: yang sudah ada diperbarui."
      />
    </Stack>
  );
}
