import { Alert, Checkbox, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ASSIGNMENT_MSG, LIMITS, assignmentBody } from '@kelasku/contract';
import { useSaveAssignment } from '../../api/assignments';
import { ClosingTimeField, DateTimeField } from '../../components/DateFields';
import { DescriptionField } from '../../components/DescriptionField';
import { FormModal } from '../../components/FormModal';
import { fromWibPickerValue, isPastWib, toWibPickerValue } from '../../lib/format';

/**
 * "Buat Assignment" (create) and edit of an assignment, opened from the class page's Sub konten
 * menu and from the assignment page.
 */
export interface AssignmentFormModalProps {
  classId: number;
  lessonId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  assignment?: { id: number; title: string; description: string; deadline: string; closes_at?: string | null };
}

interface AssignmentForm extends Record<string, unknown> {
  title: string;
  description: string;
  /** The picker's wall-clock value, read as WIB ("2026-11-30 23:59:00"). */
  deadline: string | null;
  /** "Waktu penutupan" (optional, WIB like the deadline): after it hand-ins are refused. */
  closes_at: string | null;
  /** The teacher has read the past-deadline warning and saves anyway. */
  pastAccepted: boolean;
}

export const PAST_DEADLINE_WARNING = 'Tenggat sudah lewat. Siswa akan langsung tercatat terlambat.';

export function AssignmentFormModal({ classId, lessonId, opened, onClose, assignment }: AssignmentFormModalProps) {
  const save = useSaveAssignment(classId, lessonId);
  const initialValues: AssignmentForm = {
    title: assignment?.title ?? '',
    description: assignment?.description ?? '',
    deadline: toWibPickerValue(assignment?.deadline),
    closes_at: toWibPickerValue(assignment?.closes_at),
    pastAccepted: false,
  };
  const form = useForm<AssignmentForm>({
    initialValues,
    validate: schemaResolver(assignmentBody, { sync: true }),
    // A new deadline asks again.
    onValuesChange: (values, previous) => {
      if (values.deadline !== previous.deadline && values.pastAccepted) form.setFieldValue('pastAccepted', false);
    },
  });
  const { title, description, deadline, pastAccepted } = form.values;
  const past = isPastWib(deadline);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={assignment ? 'Edit Assignment' : 'Buat Assignment'}
      size="lg"
      form={form}
      initialValues={initialValues}
      draft={assignment ? `tugas-${assignment.id}` : `tugas-baru-${lessonId}`}
      savedMessage={assignment ? ASSIGNMENT_MSG.updated : ASSIGNMENT_MSG.created}
      ready={title.trim() !== '' && description.trim() !== '' && deadline !== null && (!past || pastAccepted)}
      save={(v) =>
        save.mutateAsync({
          id: assignment?.id,
          body: {
            title: v.title.trim(),
            description: v.description.trim(),
            deadline: fromWibPickerValue(v.deadline!),
            closes_at: v.closes_at ? fromWibPickerValue(v.closes_at) : null,
          },
        })
      }
    >
      <TextInput label="Judul" maxLength={LIMITS.titleMax} required data-autofocus {...form.getInputProps('title')} />
      <DescriptionField required minRows={4} {...form.getInputProps('description')} />
      <DateTimeField label="Tenggat (WIB)" required endOfDay {...form.getInputProps('deadline')} />
      <ClosingTimeField {...form.getInputProps('closes_at')} />
      {past && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {PAST_DEADLINE_WARNING}
          <Checkbox mt="sm" label="Saya mengerti, tetap simpan" {...form.getInputProps('pastAccepted', { type: 'checkbox' })} />
        </Alert>
      )}
    </FormModal>
  );
}
