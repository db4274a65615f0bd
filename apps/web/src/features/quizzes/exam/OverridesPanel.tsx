import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { EXAM_LIMITS, EXAM_MSG, QUIZ_LIMITS, quizOverrideBody, type QuizOverride, type QuizOverrideBody } from '@kelasku/contract';
import { ApiError } from '../../../api/client';
import { useDeleteOverride, useQuizOverrides, useSaveOverride } from '../../../api/exams';
import { useQuizResults, type QuizRef } from '../../../api/quizzes';
import { confirmDelete } from '../../../components/ConfirmDelete';
import { DateTimeField } from '../../../components/DateFields';
import { QueryState } from '../../../components/QueryState';
import { formatDateTimeWib, fromWibPickerValue, toWibPickerValue } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';

interface OverrideValues extends Record<string, unknown> {
  student_id: string | null;
  opens_at: string | null;
  closes_at: string | null;
  time_limit_minutes: number | string;
  extra_attempts: number | string;
}

const FIELDS = ['opens_at', 'closes_at', 'time_limit_minutes', 'extra_attempts'];

const valuesOf = (o: QuizOverride | null): OverrideValues => ({
  student_id: o ? String(o.student.id) : null,
  opens_at: toWibPickerValue(o?.opens_at),
  closes_at: toWibPickerValue(o?.closes_at),
  time_limit_minutes: o?.time_limit_minutes ?? '',
  extra_attempts: o?.extra_attempts || '',
});

const bodyOf = (v: OverrideValues): QuizOverrideBody => ({
  opens_at: v.opens_at ? fromWibPickerValue(v.opens_at) : null,
  closes_at: v.closes_at ? fromWibPickerValue(v.closes_at) : null,
  time_limit_minutes: v.time_limit_minutes === '' ? null : v.time_limit_minutes,
  extra_attempts: v.extra_attempts === '' ? 0 : v.extra_attempts,
});

/** The per-field messages of a schema or server failure, and the rest as one line. */
function split(issues: Array<{ path: string; message: string }>) {
  const fields: Record<string, string> = {};
  let other: string | null = null;
  for (const { path, message } of issues) {
    const head = path.split('.')[0] ?? '';
    if (FIELDS.includes(head)) fields[head] ??= message;
    else other ??= message;
  }
  return { fields, other };
}

/** "Tambah pengecualian" / edit one: a student of the class, their own dates, time limit, extra attempts. */
function OverrideForm({
  r,
  editing,
  taken,
  onClose,
}: {
  r: QuizRef;
  editing: QuizOverride | null;
  taken: Set<number>;
  onClose: () => void;
}) {
  const results = useQuizResults(r);
  const save = useSaveOverride(r);
  const form = useForm<OverrideValues>({ initialValues: valuesOf(editing) });
  const [message, setMessage] = useState<string | null>(null);
  const students = (results.data ?? [])
    .filter((row) => editing?.student.id === row.student.id || !taken.has(row.student.id))
    .map((row) => ({
      value: String(row.student.id),
      label: row.student.nis ? `${row.student.name} (${row.student.nis})` : row.student.name,
    }));

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    form.clearErrors();
    if (!values.student_id) {
      form.setFieldError('student_id', 'Pilih siswa');
      return;
    }
    const body = bodyOf(values);
    const checked = quizOverrideBody.safeParse(body);
    if (!checked.success) {
      const { fields, other } = split(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      form.setErrors(fields);
      setMessage(other);
      return;
    }
    try {
      const res = await save.mutateAsync({ studentId: Number(values.student_id), body });
      toastSuccess(res.message ?? EXAM_MSG.overrideSaved);
      onClose();
    } catch (err) {
      const errors = err instanceof ApiError ? err.errors : {};
      const { fields, other } = split(Object.entries(errors).flatMap(([path, list]) => (list[0] ? [{ path, message: list[0] }] : [])));
      form.setErrors(fields);
      setMessage(other ?? (Object.keys(fields).length ? null : errorMessage(err)));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select
          label="Siswa"
          placeholder="Pilih siswa"
          searchable
          data={students}
          disabled={editing !== null}
          nothingFoundMessage="Siswa tidak ditemukan"
          {...form.getInputProps('student_id')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateTimeField
            label="Dibuka untuknya (WIB)"
            clearable
            description="Kosongkan: sama dengan kuis."
            {...form.getInputProps('opens_at')}
          />
          <DateTimeField
            endOfDay
            label="Ditutup untuknya (WIB)"
            clearable
            description="Kosongkan: sama dengan kuis."
            {...form.getInputProps('closes_at')}
          />
          <NumberInput
            label="Batas waktu (menit)"
            description="Kosongkan: sama dengan kuis."
            min={1}
            max={QUIZ_LIMITS.timeLimitMax}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('time_limit_minutes')}
          />
          <NumberInput
            label="Tambahan kesempatan"
            description="Kesempatan mengerjakan di luar jatah kuis."
            min={0}
            max={EXAM_LIMITS.extraAttemptsMax}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('extra_attempts')}
          />
        </SimpleGrid>
        {message && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button type="submit" loading={form.submitting}>
            Simpan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Dibuka …, ditutup …, batas waktu 90 menit, +1 kesempatan": what is different for this student. */
function describe(o: QuizOverride): string {
  const parts: string[] = [];
  if (o.opens_at) parts.push(`dibuka ${formatDateTimeWib(o.opens_at)}`);
  if (o.closes_at) parts.push(`ditutup ${formatDateTimeWib(o.closes_at)}`);
  if (o.time_limit_minutes) parts.push(`batas waktu ${o.time_limit_minutes} menit`);
  if (o.extra_attempts) parts.push(`+${o.extra_attempts} kesempatan`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function OverrideItem({ r, o, onEdit, readOnly }: { r: QuizRef; o: QuizOverride; onEdit: () => void; readOnly: boolean }) {
  const del = useDeleteOverride(r);
  const remove = () =>
    confirmDelete({
      title: 'Hapus Pengecualian',
      message: `Hapus pengecualian untuk ${o.student.name}? Siswa kembali mengikuti pengaturan kuis.`,
      onConfirm: () =>
        del.mutate(o.student.id, {
          onSuccess: (res) => toastSuccess(res.message ?? EXAM_MSG.overrideDeleted),
          onError: (err) => toastError(errorMessage(err), 5000),
        }),
    });
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{o.student.name}</Text>
          <Text size="sm">{describe(o)}</Text>
        </div>
        {!readOnly && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              aria-label={`Edit pengecualian ${o.student.name}`}
            >
              Edit
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={remove}
              loading={del.isPending}
              aria-label={`Hapus pengecualian ${o.student.name}`}
            >
              Hapus
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/** "Pengecualian siswa": students with their own dates, time limit or extra attempts. */
export function OverridesPanel({ r, readOnly = false }: { r: QuizRef; readOnly?: boolean }) {
  const overrides = useQuizOverrides(r);
  const [editing, setEditing] = useState<QuizOverride | 'new' | null>(null);
  const taken = new Set((overrides.data ?? []).map((o) => o.student.id));
  return (
    <Stack gap="sm" component="section" aria-label="Pengecualian siswa">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={560}>
          Untuk siswa yang perlu waktu lain: jadwal buka dan tutup sendiri, batas waktu lebih panjang, atau kesempatan tambahan.
        </Text>
        {!readOnly && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Tambah pengecualian
          </Button>
        )}
      </Group>
      <QueryState query={overrides}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              Belum ada pengecualian.
            </Text>
          ) : (
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((o) => (
                <OverrideItem key={o.student.id} r={r} o={o} onEdit={() => setEditing(o)} readOnly={readOnly} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Tambah Pengecualian' : 'Edit Pengecualian'}
        size="lg"
      >
        {editing !== null && (
          <OverrideForm r={r} editing={editing === 'new' ? null : editing} taken={taken} onClose={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}
