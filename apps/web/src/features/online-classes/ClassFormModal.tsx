import { useEffect } from 'react';
import { Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, MSG, onlineClassBody, type ClassDetail, type ClassSummary } from '@kelasku/contract';
import { useRombelOptions } from '../../api/profile';
import { useSaveClass } from '../../api/online-classes';
import { DescriptionField } from '../../components/DescriptionField';
import { FormModal } from '../../components/FormModal';

export interface ClassFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Present when editing ("Edit Kelas"); absent for "Tambah Kelas Baru". */
  klass?: ClassSummary;
  /** Which field takes the focus when the modal opens. */
  focus?: 'name' | 'description';
  /** Called with the saved class (create and edit). */
  onSaved?: (klass: ClassDetail) => void;
}

interface ClassForm extends Record<string, unknown> {
  name: string;
  description: string;
  rombel_class_id: string | null;
}

/** "Tambah Kelas Baru" and "Edit Kelas": name required, description optional, rombel from the API (first by default). */
export function ClassFormModal({ opened, onClose, klass, focus = 'name', onSaved }: ClassFormModalProps) {
  const rombels = useRombelOptions();
  const save = useSaveClass();
  const initialValues: ClassForm = {
    name: klass?.name ?? '',
    description: klass?.description ?? '',
    rombel_class_id: klass ? String(klass.rombel.id) : null,
  };
  const form = useForm<ClassForm>({ initialValues, validate: schemaResolver(onlineClassBody, { sync: true }) });

  const options = (rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  // The default is the first rombel of the table (DECISIONS), once the options are there.
  const firstRombel = options[0]?.value ?? null;
  useEffect(() => {
    if (opened && form.values.rombel_class_id === null && firstRombel) form.setFieldValue('rombel_class_id', firstRombel);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, firstRombel, form.values.rombel_class_id]);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={klass ? 'Edit Kelas' : 'Tambah Kelas Baru'}
      form={form}
      initialValues={initialValues}
      draft={klass ? `kelas-${klass.id}` : 'kelas-baru'}
      savedMessage={klass ? CLASS_MSG.classUpdated : CLASS_MSG.classCreated}
      ready={form.values.name.trim() !== '' && form.values.rombel_class_id !== null}
      save={async (v) => {
        const body = { name: v.name.trim(), description: v.description.trim() || null, rombel_class_id: Number(v.rombel_class_id) };
        const res = await save.mutateAsync({ id: klass?.id, body });
        onSaved?.(res.data);
        return res;
      }}
    >
      <TextInput
        label="Nama Kelas"
        placeholder="Contoh: Administrasi Sistem Jaringan"
        maxLength={LIMITS.titleMax}
        required
        data-autofocus={focus === 'name' || undefined}
        {...form.getInputProps('name')}
      />
      <DescriptionField data-autofocus={focus === 'description' || undefined} {...form.getInputProps('description')} />
      <Select
        label="Rombel"
        data={options}
        allowDeselect={false}
        required
        disabled={rombels.isPending}
        {...form.getInputProps('rombel_class_id')}
        error={form.errors.rombel_class_id ?? (rombels.isError ? MSG.rombelUnknown : undefined)}
      />
    </FormModal>
  );
}
