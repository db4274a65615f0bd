import { useEffect, useState } from 'react';
import { Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { LIMITS } from '@kelasku/contract';
import { FormActions } from '../../components/FormActions';
import { ApiError } from '../../api/client';
import { useSaveForum } from '../../api/forums';
import { toastApiError, toastSuccess } from '../../lib/toast';

/**
 * "Buat Forum" (create) and edit of a forum, opened from the class page's Sub konten menu and
 * from the teacher forum page.
 */
export interface ForumFormModalProps {
  classId: number;
  contentId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  forum?: { id: number; topic: string; description: string | null };
}

export function ForumFormModal({ classId, contentId, opened, onClose, forum }: ForumFormModalProps) {
  const [topic, setTopic] = useState('');
  const [description, setDescription] = useState('');
  const save = useSaveForum({ classId, contentId });
  const error = save.error instanceof ApiError ? save.error : null;

  // Each opening starts from the forum being edited, or from an empty form.
  useEffect(() => {
    if (!opened) return;
    setTopic(forum?.topic ?? '');
    setDescription(forum?.description ?? '');
    save.reset();
  }, [opened, forum?.id]);

  const submit = () => {
    save.mutate(
      { forumId: forum?.id, body: { topic, description } },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? 'Forum berhasil disimpan');
          onClose();
        },
        onError: (err) => {
          // Field messages show under their inputs; anything else as a toast.
          if (!(err instanceof ApiError && Object.keys(err.errors).length > 0)) toastApiError(err, undefined, '');
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={forum ? 'Edit Forum' : 'Buat Forum'}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (topic.trim()) submit();
        }}
      >
        <Stack>
          <TextInput
            label="Topik"
            required
            data-autofocus
            maxLength={LIMITS.titleMax}
            value={topic}
            onChange={(e) => setTopic(e.currentTarget.value)}
            error={error?.field('topic')}
          />
          <Textarea
            label="Deskripsi"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={LIMITS.textMax}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={error?.field('description')}
          />
          <FormActions onCancel={onClose} submit="Simpan" disabled={!topic.trim()} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
