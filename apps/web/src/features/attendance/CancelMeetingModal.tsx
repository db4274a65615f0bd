import { Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { cancelBody, MEETING_MSG } from '@kelasku/contract';
import { useCancelMeeting } from '../../api/meetings';
import { FormModal } from '../../components/FormModal';

interface CancelForm extends Record<string, unknown> {
  reason: string;
}

const initialValues: CancelForm = { reason: '' };

/** "Batalkan pertemuan": a holiday, a school event — with its reason. */
export function CancelMeetingModal({
  classId,
  meetingId,
  opened,
  onClose,
}: {
  classId: number;
  meetingId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelMeeting(classId, meetingId);
  const form = useForm<CancelForm>({ initialValues, validate: schemaResolver(cancelBody, { sync: true }) });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Batalkan pertemuan"
      form={form}
      initialValues={initialValues}
      draft={`batal-pertemuan-${meetingId}`}
      savedMessage={MEETING_MSG.cancelled}
      ready={form.values.reason.trim() !== ''}
      submitLabel="Batalkan pertemuan"
      save={(v) => cancel.mutateAsync(v.reason.trim())}
    >
      <Textarea
        label="Alasan"
        description="Misalnya: libur nasional, kegiatan sekolah"
        required
        maxLength={255}
        autosize
        minRows={2}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
