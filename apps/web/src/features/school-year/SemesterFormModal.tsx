import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SCHOOL_MSG, semesterBody, type Semester } from '@kelasku/contract';
import { useSaveSemester } from '../../api/school-year';
import { DateField } from '../../components/DateFields';
import { FormModal } from '../../components/FormModal';

interface SemesterForm extends Record<string, unknown> {
  school_year: string;
  term: number;
  starts_on: string;
  ends_on: string;
}

const TERMS = [
  { value: '1', label: 'Ganjil' },
  { value: '2', label: 'Genap' },
];

/**
 * `semester` undefined: closed; null: Tambah semester; a semester: Ubah semester. The contract's
 * checks (year format, end after start) show under the fields before anything is sent, the
 * server's (a semester taken, dates overlapping another) after.
 */
export function SemesterFormModal({ semester, onClose }: { semester: Semester | null | undefined; onClose: () => void }) {
  const save = useSaveSemester();
  const initialValues: SemesterForm = {
    school_year: semester?.school_year ?? '',
    term: semester?.term ?? 1,
    starts_on: semester?.starts_on ?? '',
    ends_on: semester?.ends_on ?? '',
  };
  const form = useForm<SemesterForm>({ initialValues, validate: schemaResolver(semesterBody, { sync: true }) });
  const { school_year, starts_on, ends_on } = form.values;
  return (
    <FormModal
      opened={semester !== undefined}
      onClose={onClose}
      title={semester ? 'Ubah semester' : 'Tambah semester'}
      form={form}
      initialValues={initialValues}
      draft={semester ? `semester-${semester.id}` : 'semester-baru'}
      savedMessage={semester ? SCHOOL_MSG.semesterUpdated : SCHOOL_MSG.semesterCreated}
      ready={school_year.trim() !== '' && starts_on !== '' && ends_on !== ''}
      save={(v) =>
        save.mutateAsync({
          id: semester?.id,
          body: { school_year: v.school_year.trim(), term: v.term === 2 ? 2 : 1, starts_on: v.starts_on, ends_on: v.ends_on },
        })
      }
    >
      <SimpleGrid cols={2}>
        <TextInput
          label="Tahun pelajaran"
          placeholder="2026/2027"
          required
          data-autofocus
          inputMode="numeric"
          {...form.getInputProps('school_year')}
        />
        <NativeSelect
          label="Semester"
          required
          data={TERMS}
          value={String(form.values.term)}
          onChange={(e) => form.setFieldValue('term', Number(e.currentTarget.value))}
          error={form.errors.term}
        />
      </SimpleGrid>
      {(['starts_on', 'ends_on'] as const).map((field) => (
        <DateField
          key={field}
          label={field === 'starts_on' ? 'Tanggal mulai' : 'Tanggal selesai'}
          required
          value={form.values[field] || null}
          onChange={(v) => form.setFieldValue(field, v ?? '')}
          error={form.errors[field]}
          clearButtonProps={{ 'aria-label': field === 'starts_on' ? 'Kosongkan tanggal mulai' : 'Kosongkan tanggal selesai' }}
        />
      ))}
    </FormModal>
  );
}
