import { useCallback, useEffect, useMemo, useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { FORUM_MSG, LIMITS, commentBody } from '@kelasku/contract';
import { useMentionable, type ForumPath, type ForumRole } from '../../api/forums';
import { FormModal } from '../../components/FormModal';
import { MathPreview } from '../../components/math/MathPreview';
import { MentionTextarea, mentionedIds, type MentionPerson } from '../../components/MentionTextarea';

/** What the dialog writes: a new comment, a reply, or a change of one's own text. */
export interface CommentTarget {
  /** The dialog's title ("Comment", "Reply {author}", "Ubah komentar"). */
  title: string;
  /** The box's label. */
  label: string;
  /** The name its draft is kept under ("komentar", "balasan-{id}"); null keeps none (a change). */
  draft: string | null;
  /** The text the box starts with (a change); empty otherwise. */
  initial?: string;
  /** The submit button ("Kirim" unless told). */
  submitLabel?: string;
  /** The green toast when the answer has no message. */
  savedMessage?: string;
}

export interface CommentModalProps {
  /** What is being written; null when closed. */
  target: CommentTarget | null;
  onClose: () => void;
  /** Sends the text and the ids of the people it mentions; resolves to the API's answer. */
  send: (comment: string, mentions: number[]) => Promise<{ message?: string }>;
  /** Where the `@` suggestions come from: the forum of the page. */
  role: ForumRole;
  path: ForumPath;
  /** People already known by name on the page (the thread's authors): their "@Name" typed by hand counts too. */
  known: { id: number; name: string }[];
}

interface CommentForm extends Record<string, unknown> {
  comment: string;
}

/**
 * The dialog that writes a comment or a reply, or changes one's own. Text is sent exactly as typed;
 * an empty or whitespace-only text cannot be sent, and the box stops at 5,000 characters with a
 * counter. Typing `@` suggests the class's people; the ids of those whose "@Name" is still in the
 * text when it is sent go with it as `mentions`.
 */
export function CommentModal({ target, onClose, send, role, path, known }: CommentModalProps) {
  const form = useForm<CommentForm>({ initialValues: { comment: '' }, validate: schemaResolver(commentBody, { sync: true }) });
  const { comment } = form.values;
  const initialValues = useMemo<CommentForm>(() => ({ comment: target?.initial ?? '' }), [target]);
  const [picked, setPicked] = useState<MentionPerson[]>([]);
  const [query, setQuery] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(query, 150);
  const people = useMentionable(role, path, target ? debounced : null);
  const opened = target !== null;
  useEffect(() => {
    if (!opened) return;
    setPicked([]);
    setQuery(null);
  }, [opened]);
  const onPick = useCallback((p: MentionPerson) => setPicked((list) => [...list.filter((x) => x.id !== p.id), p]), []);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={target?.title ?? ''}
      form={form}
      initialValues={initialValues}
      draft={target?.draft ?? null}
      savedMessage={target?.savedMessage ?? FORUM_MSG.commentCreated}
      ready={comment.trim() !== ''}
      submitLabel={target?.submitLabel ?? 'Kirim'}
      save={(v) => send(v.comment, mentionedIds(v.comment, [...known, ...picked]))}
    >
      <MentionTextarea
        label={target?.label}
        placeholder="Write your reply."
        data-autofocus
        autosize
        minRows={4}
        maxRows={12}
        maxLength={LIMITS.commentMax}
        description={`${comment.length.toLocaleString('id-ID')}/${LIMITS.commentMax.toLocaleString('id-ID')} karakter · ketik @ untuk menyebut seseorang`}
        {...form.getInputProps('comment')}
        value={comment}
        onChange={(value) => form.setFieldValue('comment', value)}
        people={query === null ? [] : (people.data ?? [])}
        onQueryChange={setQuery}
        onPick={onPick}
      />
      <MathPreview text={comment} />
    </FormModal>
  );
}
