import { useEffect, useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { LIMITS, MSG, type ClassDetail, type ClassSummary } from '@kelasku/contract';
import { useRombelOptions } from '../../api/profile';
import { useSaveClass } from '../../api/teacher-classes';
import { DescriptionField, ModalForm, saveCallbacks, type FormErrors } from './ModalForm';

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

/** "Tambah Kelas Baru" and "Edit Kelas": name required, description optional, rombel from the API (first by default). */
export function ClassFormModal({ opened, onClose, klass, focus = 'name', onSaved }: ClassFormModalProps) {
  const rombels = useRombelOptions();
  const save = useSaveClass();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [rombel, setRombel] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});

  // A fresh form each time the modal opens.
  useEffect(() => {
    if (!opened) return;
    setName(klass?.name ?? '');
    setDescription(klass?.description ?? '');
    setRombel(klass ? String(klass.rombel.id) : null);
    setErrors({});
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, klass?.id]);

  const options = (rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  // The default is the first rombel of the table (DECISIONS).
  const rombelValue = rombel ?? options[0]?.value ?? null;
  const canSave = name.trim().length > 0 && rombelValue !== null && !save.isPending;

  const submit = () => {
    if (!canSave) return;
    setErrors({});
    save.mutate(
      { id: klass?.id, body: { name: name.trim(), description: description.trim() || null, rombel_class_id: Number(rombelValue) } },
      saveCallbacks({
        fallback: 'Kelas berhasil disimpan',
        fields: { name: 'name', description: 'description', rombel: 'rombel_class_id' },
        setErrors,
        done: (res) => {
          onSaved?.(res.data);
          onClose();
        },
      }),
    );
  };

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={klass ? 'Edit Kelas' : 'Tambah Kelas Baru'}
      onSubmit={submit}
      error={errors.form}
      submitLabel="Simpan"
      submitDisabled={!name.trim() || rombelValue === null}
      loading={save.isPending}
    >
      <TextInput
        label="Nama Kelas"
        placeholder="Contoh: Administrasi Sistem Jaringan"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={LIMITS.titleMax}
        required
        error={errors.name}
        data-autofocus={focus === 'name' || undefined}
      />
      <DescriptionField value={description} onChange={setDescription} error={errors.description} data-autofocus={focus === 'description' || undefined} />
      <Select
        label="Rombel"
        data={options}
        value={rombelValue}
        onChange={setRombel}
        allowDeselect={false}
        required
        disabled={rombels.isPending}
        error={errors.rombel ?? (rombels.isError ? MSG.rombelUnknown : undefined)}
      />
    </ModalForm>
  );
}
