import { useState } from 'react';
import { Button, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { TEACHING_MSG, teachingAssignmentUpdateBody } from '@kelasku/contract';
import { useCreateAssignment, useDeleteAssignment, useUpdateAssignment } from '../../api/teaching';
import { confirmDelete } from '../../components/ConfirmDelete';
import { FormModal } from '../../components/FormModal';
import { errorMessage, toastSuccess } from '../../lib/toast';
import { usePhone } from '../../lib/use-phone';
import { TeacherPicker } from './TeacherPicker';
import type { CellTarget } from './useTeachingGrid';

interface AssignmentForm extends Record<string, unknown> {
  teacher_ids: string[];
  hours_per_week: number | string;
  class_name: string;
}

const toUpdate = (v: AssignmentForm) => ({ teacher_ids: v.teacher_ids.map(Number), hours_per_week: Number(v.hours_per_week) });

/** The contract's checks, each message under its input. */
function validate(v: AssignmentForm): Record<string, string> {
  const parsed = teachingAssignmentUpdateBody.safeParse(toUpdate(v));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** "Hapus tugas mengajar": asks first; a refusal (its class holds lessons) shows in the dialog. */
function DeleteButton({ id, onDone, onError }: { id: number; onDone: () => void; onError: (m: string) => void }) {
  const remove = useDeleteAssignment();
  return (
    <Group>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} />}
        loading={remove.isPending}
        onClick={() =>
          confirmDelete({
            title: 'Hapus tugas mengajar',
            message: 'Yakin ingin menghapus tugas mengajar ini? Kelasnya ikut dihapus bila belum berisi pembelajaran.',
            onConfirm: () =>
              remove.mutate(id, {
                onSuccess: (res) => {
                  toastSuccess(res.message ?? TEACHING_MSG.assignmentDeleted);
                  onDone();
                },
                onError: (err) => onError(errorMessage(err)),
              }),
          })
        }
      >
        Hapus tugas mengajar
      </Button>
    </Group>
  );
}

/** A cell of the grid: who teaches this rombel this subject, how many hours a week (new, edit or delete). */
export function AssignmentModal({ target, onClose }: { target: CellTarget | null; onClose: () => void }) {
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const phone = usePhone();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const a = target?.assignment ?? null;
  const initialValues: AssignmentForm = {
    teacher_ids: a ? a.teachers.map((t) => String(t.id)) : [],
    hours_per_week: a?.hours_per_week ?? 2,
    class_name: '',
  };
  const form = useForm<AssignmentForm>({ initialValues, validate });
  const close = () => {
    setDeleteError(null);
    onClose();
  };

  const save = (v: AssignmentForm) => {
    if (!target) return Promise.reject(new Error('no target'));
    if (a) return update.mutateAsync({ id: a.id, body: toUpdate(v) });
    return create.mutateAsync({
      semester_id: target.semesterId,
      rombel_id: target.rombel.id,
      subject_id: target.subject.id,
      ...toUpdate(v),
      class_name: v.class_name.trim() || undefined,
    });
  };

  return (
    <FormModal
      opened={target !== null}
      onClose={close}
      title={target ? `${target.subject.name} — ${target.rombel.name}` : ''}
      size={phone ? '100%' : 'md'}
      form={form}
      initialValues={initialValues}
      draft={null}
      savedMessage={a ? TEACHING_MSG.assignmentUpdated : TEACHING_MSG.assignmentCreated}
      ready={form.values.teacher_ids.length > 0 && form.values.hours_per_week !== ''}
      save={save}
    >
      <TeacherPicker
        key={`${target?.rombel.id}:${target?.subject.id}:${a?.id}`}
        current={a?.teachers ?? []}
        value={form.values.teacher_ids}
        onChange={(ids) => form.setFieldValue('teacher_ids', ids)}
        error={form.errors.teacher_ids}
      />
      <NumberInput label="Jam per minggu" required min={1} max={40} allowDecimal={false} {...form.getInputProps('hours_per_week')} />
      {a ? (
        <Text size="sm" c="gray.7">{`Kelas: ${a.online_class.name}`}</Text>
      ) : (
        <TextInput
          label="Nama kelas"
          description={`Boleh dikosongkan: "${target?.subject.name ?? ''} — ${target?.rombel.name ?? ''}"`}
          maxLength={255}
          {...form.getInputProps('class_name')}
        />
      )}
      {a && <DeleteButton id={a.id} onDone={close} onError={setDeleteError} />}
      {deleteError && (
        <Text c="red" size="sm" role="alert">
          {deleteError}
        </Text>
      )}
    </FormModal>
  );
}
