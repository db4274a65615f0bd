import { useEffect } from 'react';
import { NativeSelect, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { GRADES, YEAR_MSG, linesOf, rombelBulkForm } from '@kelasku/contract';
import { useBulkRombels, useDepartments } from '../../api/rombels';
import { FormModal } from '../../components/FormModal';

interface BulkForm extends Record<string, unknown> {
  department_id: string;
  grade: string;
  names: string;
}

const initialValues: BulkForm = { department_id: '', grade: '10', names: '' };

/** "Buat rombel baru sekaligus": a department, a grade and the names one per line, created in one go. */
export function BulkRombelModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const departments = useDepartments();
  const bulk = useBulkRombels();
  const form = useForm<BulkForm>({
    initialValues,
    validate: schemaResolver(rombelBulkForm, { sync: true }),
  });
  const firstEnabled = departments.data?.find((d) => d.enabled)?.id;
  useEffect(() => {
    if (opened && form.values.department_id === '' && firstEnabled !== undefined) form.setFieldValue('department_id', String(firstEnabled));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, form.values.department_id, firstEnabled]);
  const names = linesOf(form.values.names);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Buat rombel baru sekaligus"
      draft="rombel-sekaligus"
      form={form}
      initialValues={initialValues}
      savedMessage={YEAR_MSG.rombelsCreated(names.length)}
      ready={form.values.department_id !== '' && names.length > 0}
      submitLabel={names.length > 0 ? `Buat ${names.length} rombel` : 'Buat rombel'}
      save={(v) => bulk.mutateAsync({ department_id: Number(v.department_id), grade: Number(v.grade), names: linesOf(v.names) })}
    >
      <NativeSelect
        label="Jurusan"
        required
        data={[
          { value: '', label: departments.isPending ? 'Memuat…' : 'Pilih jurusan', disabled: true },
          ...(departments.data ?? []).map((d) => ({
            value: String(d.id),
            label: d.enabled ? d.name : `${d.name} (belum dapat dipilih)`,
            disabled: !d.enabled,
          })),
        ]}
        {...form.getInputProps('department_id')}
      />
      <NativeSelect
        label="Tingkat"
        required
        data={GRADES.map((g) => ({ value: String(g), label: String(g) }))}
        {...form.getInputProps('grade')}
      />
      <Textarea
        label="Nama rombel"
        description="Satu nama per baris, misalnya X TKJ 1"
        required
        autosize
        minRows={4}
        data-autofocus
        {...form.getInputProps('names')}
      />
    </FormModal>
  );
}
