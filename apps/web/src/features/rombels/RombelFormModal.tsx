import { useEffect } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADMIN_MSG, GRADES, rombelBody, type RombelClass } from '@kelasku/contract';
import { useDepartments, useSaveRombel } from '../../api/rombels';
import { FormModal } from '../../components/FormModal';

interface RombelForm extends Record<string, unknown> {
  department_id: string;
  name: string;
  grade: string;
}

/**
 * `rombel` undefined: closed; null: Add Rombel; a rombel: Edit Rombel. Save stays disabled until the
 * name, a department and a grade are set; only enabled departments can be chosen (an existing rombel
 * may keep one that was disabled later).
 */
export function RombelFormModal({ rombel, onClose }: { rombel: RombelClass | null | undefined; onClose: () => void }) {
  const departments = useDepartments();
  const save = useSaveRombel();
  const opened = rombel !== undefined;
  const initialValues: RombelForm = {
    department_id: rombel ? String(rombel.department_id) : '',
    name: rombel?.name ?? '',
    grade: rombel ? String(rombel.grade) : '',
  };
  const form = useForm<RombelForm>({ initialValues, validate: schemaResolver(rombelBody, { sync: true }) });
  const { department_id, name, grade } = form.values;

  // A new rombel starts in the first department that may be chosen, once the list is there.
  const firstEnabled = departments.data?.find((d) => d.enabled)?.id;
  useEffect(() => {
    if (opened && department_id === '' && firstEnabled !== undefined) form.setFieldValue('department_id', String(firstEnabled));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, department_id, firstEnabled]);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={rombel ? 'Edit Rombel' : 'Add Rombel'}
      form={form}
      initialValues={initialValues}
      draft={rombel ? `rombel-${rombel.id}` : 'rombel-baru'}
      savedMessage={rombel ? ADMIN_MSG.rombelUpdated : ADMIN_MSG.rombelCreated}
      ready={department_id !== '' && name.trim() !== '' && grade !== ''}
      save={(v) =>
        save.mutateAsync({ id: rombel?.id, body: { department_id: Number(v.department_id), name: v.name.trim(), grade: Number(v.grade) } })
      }
    >
      <NativeSelect
        label="Department"
        required
        data={[
          { value: '', label: departments.isPending ? 'Memuat…' : 'Pilih department', disabled: true },
          ...(departments.data ?? []).map((d) => ({
            value: String(d.id),
            label: d.enabled ? d.name : `${d.name} (belum dapat dipilih)`,
            disabled: !d.enabled && d.id !== rombel?.department_id,
          })),
        ]}
        {...form.getInputProps('department_id')}
      />
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <NativeSelect
        label="Grade"
        required
        data={[{ value: '', label: 'Pilih grade', disabled: true }, ...GRADES.map((g) => ({ value: String(g), label: String(g) }))]}
        {...form.getInputProps('grade')}
      />
    </FormModal>
  );
}
