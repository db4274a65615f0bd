import { Select, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { CLASS_MSG, LIMITS, copyClassBody, type ClassSummary } from '@kelasku/contract';
import { useRombelOptions } from '../../api/profile';
import { useCopyClass } from '../../api/lesson-copy';
import { FormModal } from '../../components/FormModal';
import { ShiftDaysInput } from './ShiftDaysInput';

interface CopyClassForm extends Record<string, unknown> {
  rombel_class_id: string | null;
  name: string;
  shift_days: number | string;
}

/** "Salin kelas": a new class for another rombel with every content of this one; then its page opens. */
export function CopyClassModal({ klass, opened, onClose }: { klass: ClassSummary; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const rombels = useRombelOptions();
  const copy = useCopyClass(klass.id);
  const initialValues: CopyClassForm = { rombel_class_id: null, name: klass.name, shift_days: 0 };
  const form = useForm<CopyClassForm>({ initialValues, validate: schemaResolver(copyClassBody, { sync: true }) });
  const options = (rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Salin kelas"
      form={form}
      initialValues={initialValues}
      draft={`salin-kelas-${klass.id}`}
      savedMessage={CLASS_MSG.classCopied}
      ready={form.values.rombel_class_id !== null && form.values.name.trim() !== ''}
      submitLabel="Salin"
      save={async (v) => {
        const res = await copy.mutateAsync({
          rombel_class_id: Number(v.rombel_class_id),
          name: v.name.trim(),
          shift_days: v.shift_days === '' ? 0 : Number(v.shift_days),
        });
        navigate(`/online-class/${res.data.id}`, { state: { klass: res.data } });
        return res;
      }}
    >
      <Text size="sm">
        Kelas baru berisi semua konten kelas ini dengan materi, forum, tugas dan kuisnya. Siswa, komentar, pengumpulan, jawaban kuis dan
        pengumuman tidak ikut disalin.
      </Text>
      <Select
        label="Rombel tujuan"
        placeholder="Pilih rombel"
        data={options}
        searchable
        required
        data-autofocus
        disabled={rombels.isPending}
        {...form.getInputProps('rombel_class_id')}
      />
      <TextInput label="Nama kelas" maxLength={LIMITS.titleMax} required {...form.getInputProps('name')} />
      <ShiftDaysInput {...form.getInputProps('shift_days')} />
    </FormModal>
  );
}
