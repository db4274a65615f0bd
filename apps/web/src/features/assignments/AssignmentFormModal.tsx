import { Alert, Checkbox, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ASSIGNMENT_MSG, LIMITS, assignmentBody } from '@kelasku/contract';
import { useSaveAssignment } from '../../api/assignments';
import { ClosingTimeField, DateTimeField } from '../../components/DateFields';
import { DescriptionField } from '../../components/DescriptionField';
import { FormModal } from '../../components/FormModal';
import { fromWibPickerValue, isPastWib, toWibPickerValue } from '../../lib/format';
import { errorMessage, toastError } from '../../lib/toast';
import { CategorySelect, ObjectivePicker } from '../learning-objectives/ObjectivePicker';
import { attachRubric, useRubricAttached, useRubrics } from '../rubrics/api';

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
  assignment?: {
    id: number;
    title: string;
    description: string;
    deadline: string;
    closes_at?: string | null;
    /** Issue 39: its grade category, TPs and rubric. */
    category_id?: number | null;
    objective_ids?: number[];
    rubric_id?: number | null;
  };
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
  /** "Kategori nilai" (null: the class's first) and "Tujuan pembelajaran". */
  category_id: number | null;
  objective_ids: number[];
  /** "Rubrik": a rubric's id, or '' for none; attached after the assignment is saved. */
  rubric: string;
}

export const PAST_DEADLINE_WARNING = 'Tenggat sudah lewat. Siswa akan langsung tercatat terlambat.';

export function AssignmentFormModal({ classId, lessonId, opened, onClose, assignment }: AssignmentFormModalProps) {
  const save = useSaveAssignment(classId, lessonId);
  const attached = useRubricAttached();
  const initialValues: AssignmentForm = {
    title: assignment?.title ?? '',
    description: assignment?.description ?? '',
    deadline: toWibPickerValue(assignment?.deadline),
    closes_at: toWibPickerValue(assignment?.closes_at),
    pastAccepted: false,
    category_id: assignment?.category_id ?? null,
    objective_ids: assignment?.objective_ids ?? [],
    rubric: assignment?.rubric_id ? String(assignment.rubric_id) : '',
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
      save={async (v) => {
        const res = await save.mutateAsync({
          id: assignment?.id,
          body: {
            title: v.title.trim(),
            description: v.description.trim(),
            deadline: fromWibPickerValue(v.deadline!),
            closes_at: v.closes_at ? fromWibPickerValue(v.closes_at) : null,
            category_id: v.category_id,
            objective_ids: v.objective_ids,
          },
        });
        // The rubric follows the saved assignment; a refusal (e.g. graded with another rubric) is said, the rest stays saved.
        const rubricId = v.rubric ? Number(v.rubric) : null;
        if (rubricId !== (assignment?.rubric_id ?? null)) {
          const ref = { classId, lessonId, id: res.data.id };
          await attachRubric(ref, rubricId).then(
            () => attached(ref),
            (err: unknown) => toastError(errorMessage(err)),
          );
        }
        return res;
      }}
    >
      <TextInput label="Judul" maxLength={LIMITS.titleMax} required data-autofocus {...form.getInputProps('title')} />
      <DescriptionField required minRows={4} {...form.getInputProps('description')} />
      <DateTimeField label="Tenggat (WIB)" required endOfDay {...form.getInputProps('deadline')} />
      <ClosingTimeField {...form.getInputProps('closes_at')} />
      <CategorySelect
        classId={classId}
        value={form.values.category_id}
        onChange={(v) => form.setFieldValue('category_id', v)}
        error={form.errors.category_id}
      />
      <ObjectivePicker
        classId={classId}
        value={form.values.objective_ids}
        onChange={(v) => form.setFieldValue('objective_ids', v)}
        error={form.errors.objective_ids}
      />
      <RubricSelect value={form.values.rubric} current={assignment?.rubric_id ?? null} onChange={(v) => form.setFieldValue('rubric', v)} />
      {past && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {PAST_DEADLINE_WARNING}
          <Checkbox mt="sm" label="Saya mengerti, tetap simpan" {...form.getInputProps('pastAccepted', { type: 'checkbox' })} />
        </Alert>
      )}
    </FormModal>
  );
}

/** "Rubrik": one of the teacher's rubrics, or none. A rubric of a co-teacher already attached stays choosable. */
function RubricSelect({ value, current, onChange }: { value: string; current: number | null; onChange: (v: string) => void }) {
  const rubrics = useRubrics();
  const data = [{ value: '', label: 'Tanpa rubrik' }, ...(rubrics.data ?? []).map((r) => ({ value: String(r.id), label: r.title }))];
  if (current && !data.some((d) => d.value === String(current))) data.push({ value: String(current), label: 'Rubrik yang terpasang' });
  return (
    <Select
      label="Rubrik"
      description="Siswa melihat rubrik sebelum mengumpulkan; Anda menilai dengan memilih level."
      data={data}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
