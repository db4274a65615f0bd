import { useEffect, useState } from 'react';
import { Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { LIMITS } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { useSaveAssignment } from '../../api/assignments';
import { fromWibInput, toWibInput } from '../../lib/format';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { FormActions } from '../../components/FormActions';

/**
 * "Buat Assignment" (create) and edit of an assignment, opened from the class page's Sub konten
 * menu and from the assignment page.
 */
export interface AssignmentFormModalProps {
  classId: number;
  contentId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  assignment?: { id: number; title: string; description: string; deadline: string };
}

interface Form {
  title: string;
  description: string;
  /** A datetime-local value read as WIB ("2026-11-30T23:59"). */
  deadline: string;
}

const FIELDS = ['title', 'description', 'deadline'] as const;

export function AssignmentFormModal({ classId, contentId, opened, onClose, assignment }: AssignmentFormModalProps) {
  const save = useSaveAssignment(classId, contentId);
  const [form, setForm] = useState<Form>({ title: '', description: '', deadline: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});

  // Each opening starts from the assignment (edit) or empty (create).
  useEffect(() => {
    if (!opened) return;
    setForm({ title: assignment?.title ?? '', description: assignment?.description ?? '', deadline: toWibInput(assignment?.deadline) });
    setErrors({});
    // The fields, not the object's identity: callers may build it inline.
  }, [opened, assignment?.id, assignment?.title, assignment?.description, assignment?.deadline]);

  const set = (key: keyof Form) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((errs) => ({ ...errs, [key]: undefined }));
  };

  const complete = FIELDS.every((k) => form[k].trim() !== '');
  const canSave = complete && !save.isPending;

  const submit = () => {
    if (!canSave) return;
    save.mutate(
      { id: assignment?.id, body: { title: form.title.trim(), description: form.description.trim(), deadline: fromWibInput(form.deadline) } },
      {
        onSuccess: (res) => {
          if (res.message) toastSuccess(res.message);
          onClose();
        },
        onError: (err) => {
          const fieldErrors = err instanceof ApiError ? Object.fromEntries(FIELDS.map((k) => [k, err.field(k)])) : {};
          if (Object.values(fieldErrors).some(Boolean)) setErrors(fieldErrors);
          else toastApiError(err);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={assignment ? 'Edit Assignment' : 'Buat Assignment'} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput label="Judul" value={form.title} onChange={set('title')} error={errors.title} maxLength={LIMITS.titleMax} required data-autofocus />
          <Textarea
            label="Deskripsi"
            value={form.description}
            onChange={set('description')}
            error={errors.description}
            maxLength={LIMITS.textMax}
            autosize
            minRows={4}
            required
          />
          <TextInput
            type="datetime-local"
            label="Tenggat (WIB)"
            value={form.deadline}
            onChange={set('deadline')}
            error={errors.deadline}
            required
          />
          <FormActions onCancel={onClose} submit="Simpan" disabled={!canSave} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
