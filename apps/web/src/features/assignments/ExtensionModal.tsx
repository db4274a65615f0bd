import { Button, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ASSIGNMENT_MSG, extensionBody, type SubmissionDetail } from '@kelasku/contract';
import type { AssignmentRef } from '../../api/assignments';
import { useExtension } from '../../api/grading';
import { ClosingTimeField, DateTimeField } from '../../components/DateFields';
import { FormModal } from '../../components/FormModal';
import { fromWibPickerValue, toWibPickerValue } from '../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';

interface ExtensionForm extends Record<string, unknown> {
  /** Picker values, read as WIB. */
  deadline: string | null;
  closes_at: string | null;
}

/** "Perpanjang untuk siswa ini": a new deadline and optional closing time for one student, or the extension removed. */
export function ExtensionModal({
  r,
  studentId,
  studentName,
  sub,
  opened,
  onClose,
}: {
  r: AssignmentRef;
  studentId: number;
  studentName: string;
  sub: SubmissionDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const extension = useExtension(r, studentId);
  const initialValues: ExtensionForm = { deadline: toWibPickerValue(sub.deadline), closes_at: toWibPickerValue(sub.closes_at) };
  const form = useForm<ExtensionForm>({ initialValues, validate: schemaResolver(extensionBody, { sync: true }) });

  const remove = () =>
    extension.mutateAsync(null).then(
      (res) => {
        toastSuccess(res.message ?? ASSIGNMENT_MSG.extensionRemoved);
        onClose();
      },
      (err: unknown) => toastError(errorMessage(err)),
    );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Perpanjang untuk siswa ini"
      form={form}
      initialValues={initialValues}
      draft={null}
      savedMessage={ASSIGNMENT_MSG.extended}
      ready={form.values.deadline !== null}
      save={(v) =>
        extension.mutateAsync({
          deadline: fromWibPickerValue(v.deadline!),
          closes_at: v.closes_at ? fromWibPickerValue(v.closes_at) : null,
        })
      }
    >
      <Text size="sm">
        Tenggat dan waktu penutupan baru hanya berlaku untuk <b>{studentName}</b>.
      </Text>
      <DateTimeField label="Tenggat baru (WIB)" required endOfDay {...form.getInputProps('deadline')} />
      <ClosingTimeField {...form.getInputProps('closes_at')} />
      {sub.extended && (
        <Button variant="subtle" color="red" onClick={() => void remove()} loading={extension.isPending && extension.variables === null}>
          Hapus perpanjangan
        </Button>
      )}
    </FormModal>
  );
}
