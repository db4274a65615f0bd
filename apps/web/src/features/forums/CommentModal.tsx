import { Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FORUM_MSG, LIMITS, commentBody } from '@kelasku/contract';
import { FormModal } from '../../components/FormModal';

export interface CommentModalProps {
  /**
   * What is being written: the dialog's title ("Comment", "Reply {author}"), the box's label and
   * the name its draft is kept under ("komentar", "balasan-{id}"); null when closed.
   */
  target: { title: string; label: string; draft: string } | null;
  onClose: () => void;
  /** Sends the text; resolves to the API's answer. */
  send: (comment: string) => Promise<{ message?: string }>;
}

interface CommentForm extends Record<string, unknown> {
  comment: string;
}

const EMPTY: CommentForm = { comment: '' };

/**
 * The dialog that writes a comment or a reply. Text is sent exactly as typed; an empty or
 * whitespace-only text cannot be sent, and the box stops at 5,000 characters with a counter.
 */
export function CommentModal({ target, onClose, send }: CommentModalProps) {
  const form = useForm<CommentForm>({ initialValues: EMPTY, validate: schemaResolver(commentBody, { sync: true }) });
  const { comment } = form.values;
  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={target?.title ?? ''}
      form={form}
      initialValues={EMPTY}
      draft={target?.draft ?? null}
      savedMessage={FORUM_MSG.commentCreated}
      ready={comment.trim() !== ''}
      submitLabel="Kirim"
      save={(v) => send(v.comment)}
    >
      <Textarea
        label={target?.label}
        placeholder="Write your reply."
        data-autofocus
        autosize
        minRows={4}
        maxRows={12}
        maxLength={LIMITS.commentMax}
        description={`${comment.length.toLocaleString('id-ID')}/${LIMITS.commentMax.toLocaleString('id-ID')} karakter`}
        {...form.getInputProps('comment')}
      />
    </FormModal>
  );
}
