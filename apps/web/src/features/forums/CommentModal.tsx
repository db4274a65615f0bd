import { useEffect, useState } from 'react';
import { Modal, Stack, Textarea } from '@mantine/core';
import { LIMITS } from '@kelasku/contract';
import { FormActions } from '../../components/FormActions';
import { errorMessage } from '../../lib/toast';

export interface CommentModalProps {
  /** What is being written: the dialog's title ("Comment", "Reply {author}") and the box's label; null when closed. */
  target: { title: string; label: string } | null;
  onClose: () => void;
  onSend: (comment: string) => void;
  sending: boolean;
  /** The server's refusal of the last send (empty, too long…). */
  error: unknown;
}

/**
 * The dialog that writes a comment or a reply. Text is sent exactly as typed; an empty or
 * whitespace-only text cannot be sent, and the box stops at 5,000 characters with a counter.
 */
export function CommentModal({ target, onClose, onSend, sending, error }: CommentModalProps) {
  const [text, setText] = useState('');
  const opened = target !== null;
  useEffect(() => {
    if (opened) setText('');
  }, [opened, target?.title]);

  return (
    <Modal opened={opened} onClose={onClose} title={target?.title ?? ''}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) onSend(text);
        }}
      >
        <Stack>
          <Textarea
            label={target?.label}
            placeholder="Write your reply."
            data-autofocus
            autosize
            minRows={4}
            maxRows={12}
            maxLength={LIMITS.commentMax}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            description={`${text.length.toLocaleString('id-ID')}/${LIMITS.commentMax.toLocaleString('id-ID')} karakter`}
            error={error ? errorMessage(error) : undefined}
          />
          <FormActions onCancel={onClose} submit="Kirim" disabled={!text.trim()} loading={sending} />
        </Stack>
      </form>
    </Modal>
  );
}
