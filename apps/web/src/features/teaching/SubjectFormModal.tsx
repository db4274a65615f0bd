import { Checkbox, Group, MultiSelect, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { GRADES, SUBJECT_GROUP_LABELS, SUBJECT_GROUPS, TEACHING_MSG, subjectBody, type Subject, type SubjectBody } from '@kelasku/contract';
import { useDepartments } from '../../api/rombels';
import { useSaveSubject } from '../../api/teaching';
import { FormModal } from '../../components/FormModal';
import { usePhone } from '../../lib/use-phone';

interface SubjectForm extends Record<string, unknown> {
  code: string;
  name: string;
  group: string;
  grades: string[];
  department_ids: string[];
}

const toBody = (v: SubjectForm): SubjectBody => ({
  code: v.code,
  name: v.name.trim(),
  group: v.group as SubjectBody['group'],
  grades: v.grades.map(Number) as SubjectBody['grades'],
  department_ids: v.department_ids.map(Number),
});

/** The contract's checks, each message under its input. */
function validate(v: SubjectForm): Record<string, string> {
  const parsed = subjectBody.safeParse(toBody(v));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** `subject` undefined: closed; null: a new subject; a subject: edit it. */
export function SubjectFormModal({ subject, onClose }: { subject: Subject | null | undefined; onClose: () => void }) {
  const departments = useDepartments();
  const save = useSaveSubject();
  const phone = usePhone();
  const initialValues: SubjectForm = {
    code: subject?.code ?? '',
    name: subject?.name ?? '',
    group: subject?.group ?? 'umum',
    grades: subject ? subject.grades.map(String) : GRADES.map(String),
    department_ids: subject ? subject.departments.map((d) => String(d.id)) : [],
  };
  const form = useForm<SubjectForm>({ initialValues, validate });
  const { code, name, grades } = form.values;

  return (
    <FormModal
      opened={subject !== undefined}
      onClose={onClose}
      title={subject ? 'Ubah mata pelajaran' : 'Tambah mata pelajaran'}
      size={phone ? '100%' : 'md'}
      form={form}
      initialValues={initialValues}
      draft={subject ? `mapel-${subject.id}` : 'mapel-baru'}
      savedMessage={subject ? TEACHING_MSG.subjectUpdated : TEACHING_MSG.subjectCreated}
      ready={code.trim() !== '' && name.trim() !== '' && grades.length > 0}
      save={(v) => save.mutateAsync({ id: subject?.id, body: toBody(v) })}
    >
      <TextInput
        label="Kode"
        description="Huruf, angka, titik atau tanda hubung, misalnya MTK atau C3.KJ"
        required
        data-autofocus
        {...form.getInputProps('code')}
      />
      <TextInput label="Nama" required {...form.getInputProps('name')} />
      <NativeSelect
        label="Kelompok"
        required
        data={SUBJECT_GROUPS.map((g) => ({ value: g, label: SUBJECT_GROUP_LABELS[g] }))}
        {...form.getInputProps('group')}
      />
      <Checkbox.Group label="Kelas" description="Tingkat yang mempelajarinya" required {...form.getInputProps('grades')}>
        <Group mt={6}>
          {GRADES.map((g) => (
            <Checkbox key={g} value={String(g)} label={`Kelas ${g}`} />
          ))}
        </Group>
      </Checkbox.Group>
      <MultiSelect
        label="Jurusan"
        description="Kosongkan bila dipelajari semua jurusan"
        placeholder={form.values.department_ids.length ? undefined : 'Semua jurusan'}
        searchable
        clearable
        nothingFoundMessage="Jurusan tidak ditemukan"
        data={(departments.data ?? []).map((d) => ({
          value: String(d.id),
          label: d.enabled ? `${d.code} — ${d.name}` : `${d.code} — ${d.name} (nonaktif)`,
        }))}
        {...form.getInputProps('department_ids')}
      />
    </FormModal>
  );
}
