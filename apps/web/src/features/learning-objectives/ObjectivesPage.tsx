import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import { GRADES, TOAST_MS, TP_MSG, type LearningObjective } from '@kelasku/contract';
import { useTeacherClasses } from '../../api/online-classes';
import { useAdminSubjects } from './api';
import { QueryState } from '../../components/QueryState';
import { SortableList } from '../../components/SortableList';
import { confirmDelete } from '../../components/ConfirmDelete';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { useDeleteObjective, useObjectives, useReorderObjectives, type ObjectivesRole, type ObjectivesScope } from './api';
import { AddObjective, EditObjective } from './ObjectiveForm';
import { ObjectiveImport } from './ObjectiveImport';

interface SubjectOption {
  id: number;
  name: string;
  grades: number[];
}

/** The subjects to choose from: the school's (admin), or those of the teacher's classes. */
function useSubjectOptions(role: ObjectivesRole): { options: SubjectOption[]; loading: boolean } {
  const subjects = useAdminSubjects(role === 'admin');
  const classes = useTeacherClasses(role === 'teacher');
  return useMemo(() => {
    if (role === 'admin')
      return { options: (subjects.data ?? []).map((s) => ({ id: s.id, name: s.name, grades: s.grades })), loading: subjects.isPending };
    const seen = new Map<number, SubjectOption>();
    for (const c of classes.data ?? [])
      if (c.subject) seen.set(c.subject.id, { id: c.subject.id, name: c.subject.name, grades: [...GRADES] });
    return { options: [...seen.values()].sort((a, b) => a.name.localeCompare(b.name)), loading: classes.isPending };
  }, [role, subjects.data, subjects.isPending, classes.data, classes.isPending]);
}

/** /tujuan-pembelajaran (teacher) and /school/tujuan-pembelajaran (admin): the TPs of a subject and grade, in e-Rapor's order. */
export default function ObjectivesPage() {
  const role: ObjectivesRole = useLocation().pathname.startsWith('/school') ? 'admin' : 'teacher';
  const { options, loading } = useSubjectOptions(role);
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [grade, setGrade] = useState<string | null>(null);
  const subject = options.find((s) => String(s.id) === subjectId) ?? null;
  const grades = subject?.grades.length ? subject.grades : [...GRADES];
  const scope: ObjectivesScope | null =
    subject && grade && grades.includes(Number(grade)) ? { subjectId: subject.id, grade: Number(grade) } : null;

  return (
    <Stack maw={960}>
      <Title order={2}>Tujuan Pembelajaran</Title>
      <Text size="sm" c="dimmed">
        TP per mata pelajaran dan tingkat, dalam urutan yang sama dengan e-Rapor. Tandai tugas dan kuis dengan TP agar capaian setiap siswa
        per TP terhitung.
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Mata pelajaran"
          placeholder={loading ? 'Memuat…' : 'Pilih mata pelajaran'}
          data={options.map((s) => ({ value: String(s.id), label: s.name }))}
          value={subjectId}
          onChange={setSubjectId}
          searchable
          nothingFoundMessage={role === 'teacher' ? 'Anda belum mengajar mata pelajaran apa pun' : 'Belum ada mata pelajaran'}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Tingkat"
          placeholder="Pilih tingkat"
          data={grades.map((g) => ({ value: String(g), label: `Kelas ${g}` }))}
          value={grade}
          onChange={setGrade}
          allowDeselect={false}
          w={{ base: '100%', sm: 160 }}
        />
      </Group>
      {!loading && role === 'teacher' && options.length === 0 && (
        <Text c="dimmed">Anda belum punya kelas dengan mata pelajaran. TP dapat diisi setelah admin membagi tugas mengajar.</Text>
      )}
      {scope && subject && (
        <ObjectiveList key={`${scope.subjectId}-${scope.grade}`} role={role} scope={scope} label={`${subject.name} kelas ${scope.grade}`} />
      )}
    </Stack>
  );
}

function ObjectiveList({ role, scope, label }: { role: ObjectivesRole; scope: ObjectivesScope; label: string }) {
  const list = useObjectives(role, scope);
  const reorder = useReorderObjectives(role, scope);
  const [importing, setImporting] = useState(false);
  const onReorder = (ids: number[]) =>
    reorder.mutateAsync(ids).then(
      (res) => toastSuccess(res.message ?? TP_MSG.reordered, TOAST_MS.short),
      (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
    );
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">{`TP ${label}`}</Title>
        <Button variant="light" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => setImporting(true)}>
          Impor dari Excel
        </Button>
      </Group>
      <QueryState query={list}>
        {(items) =>
          items.length === 0 ? (
            <Text c="dimmed">Belum ada TP untuk {label}.</Text>
          ) : (
            <Card withBorder padding="xs">
              <SortableList items={items} labelOf={(o) => `TP ${o.code}`} onReorder={(ids) => void onReorder(ids)}>
                {(o, controls) => <ObjectiveRow role={role} scope={scope} o={o} controls={controls} />}
              </SortableList>
            </Card>
          )
        }
      </QueryState>
      <Card withBorder>
        <AddObjective role={role} scope={scope} />
      </Card>
      <ObjectiveImport role={role} scope={scope} label={label} opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

function ObjectiveRow({
  role,
  scope,
  o,
  controls,
}: {
  role: ObjectivesRole;
  scope: ObjectivesScope;
  o: LearningObjective;
  controls: React.ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteObjective(role);
  const doDelete = () =>
    confirmDelete({
      title: 'Hapus TP',
      message: `Hapus TP ${o.code}?`,
      onConfirm: () =>
        void remove.mutateAsync(o.id).then(
          (res) => toastSuccess(res.message ?? TP_MSG.deleted, TOAST_MS.short),
          (err: unknown) => toastError(errorMessage(err), TOAST_MS.long),
        ),
    });
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      aria-label={`TP ${o.code}`}
    >
      {controls}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <Badge variant="light">{o.code}</Badge>
          <Text size="xs" c="dimmed">{`dipakai di ${o.work_count} tugas/kuis`}</Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {o.description}
        </Text>
      </Stack>
      <ActionIcon variant="subtle" aria-label={`Ubah TP ${o.code}`} onClick={() => setEditing(true)}>
        <IconEdit size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Hapus TP ${o.code}`} onClick={doDelete}>
        <IconTrash size={16} />
      </ActionIcon>
      {editing && <EditObjective role={role} scope={scope} objective={o} onClose={() => setEditing(false)} />}
    </Group>
  );
}
