import { Radio, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CLASS_MSG, type Visibility, type VisibilityBody } from '@kelasku/contract';
import { useSetVisibility, type VisibilityTarget } from '../../api/lessons';
import { DateTimeField } from '../../components/DateFields';
import { FormModal } from '../../components/FormModal';
import { fromWibPickerValue, toWibPickerValue } from '../../lib/format';

type Mode = 'show' | 'draft' | 'schedule';

interface VisibilityForm extends Record<string, unknown> {
  mode: Mode;
  /** The picker's WIB wall-clock value ("YYYY-MM-DD HH:mm:ss"); only for "Jadwalkan". */
  publish_at: string | null;
}

export interface VisibilityModalProps {
  classId: number;
  lessonId: number;
  target: VisibilityTarget;
  /** What is changed, for the title: "Pembelajaran 3", "materi Modul 1". */
  name: string;
  current: Visibility;
  opened: boolean;
  onClose: () => void;
}

const formOf = (v: Visibility, now = Date.now()): VisibilityForm => {
  if (v.hidden) return { mode: 'draft', publish_at: null };
  if (v.publish_at && Date.parse(v.publish_at) > now) return { mode: 'schedule', publish_at: toWibPickerValue(v.publish_at) };
  return { mode: 'show', publish_at: null };
};

const bodyOf = (v: VisibilityForm): VisibilityBody => {
  if (v.mode === 'draft') return { hidden: true, publish_at: null };
  if (v.mode === 'schedule') return { hidden: false, publish_at: fromWibPickerValue(v.publish_at!) };
  return { hidden: false, publish_at: null };
};

/** "Atur visibilitas": shown now, a draft students do not see, or shown from a date and time (WIB). */
export function VisibilityModal({ classId, lessonId, target, name, current, opened, onClose }: VisibilityModalProps) {
  const save = useSetVisibility(classId, lessonId);
  const initialValues = formOf(current);
  const form = useForm<VisibilityForm>({ initialValues });
  const { mode, publish_at: at } = form.values;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Atur visibilitas ${name}`}
      form={form}
      initialValues={initialValues}
      draft={null}
      savedMessage={CLASS_MSG.visibilitySaved}
      ready={mode !== 'schedule' || at !== null}
      save={(v) => save.mutateAsync({ target, body: bodyOf(v) })}
    >
      <Radio.Group label="Siapa yang dapat melihat" {...form.getInputProps('mode')}>
        <Stack gap="xs" mt="xs">
          <Radio value="show" label="Tampilkan sekarang" description="Siswa langsung dapat melihatnya." />
          <Radio value="draft" label="Sembunyikan (draf)" description="Hanya Anda yang melihatnya sampai ditampilkan." />
          <Radio value="schedule" label="Jadwalkan" description="Siswa dapat melihatnya mulai tanggal dan jam yang dipilih." />
        </Stack>
      </Radio.Group>
      {mode === 'schedule' && <DateTimeField label="Waktu tayang (WIB)" required {...form.getInputProps('publish_at')} />}
    </FormModal>
  );
}
