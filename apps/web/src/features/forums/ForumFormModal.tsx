import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FORUM_MSG, LIMITS, forumBody } from '@kelasku/contract';
import { useSaveForum } from '../../api/forums';
import { DescriptionField } from '../../components/DescriptionField';
import { FormModal } from '../../components/FormModal';

/**
 * "Buat Forum" (create) and edit of a forum, opened from the class page's Sub konten menu and
 * from the teacher forum page.
 */
export interface ForumFormModalProps {
  classId: number;
  lessonId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  forum?: { id: number; topic: string; description: string | null };
}

interface ForumForm extends Record<string, unknown> {
  topic: string;
  description: string;
}

export function ForumFormModal({ classId, lessonId, opened, onClose, forum }: ForumFormModalProps) {
  const save = useSaveForum({ classId, lessonId });
  const initialValues: ForumForm = { topic: forum?.topic ?? '', description: forum?.description ?? '' };
  const form = useForm<ForumForm>({ initialValues, validate: schemaResolver(forumBody, { sync: true }) });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={forum ? 'Edit Forum' : 'Buat Forum'}
      form={form}
      initialValues={initialValues}
      draft={forum ? `forum-${forum.id}` : `forum-baru-${lessonId}`}
      savedMessage={forum ? FORUM_MSG.forumUpdated : FORUM_MSG.forumCreated}
      ready={form.values.topic.trim() !== ''}
      save={(v) => save.mutateAsync({ forumId: forum?.id, body: { topic: v.topic, description: v.description } })}
    >
      <TextInput label="Topik" required data-autofocus maxLength={LIMITS.titleMax} {...form.getInputProps('topic')} />
      <DescriptionField {...form.getInputProps('description')} />
    </FormModal>
  );
}
