import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { LIMITS, ROLE_LABELS, privateCommentBody, type PrivateComment } from '@kelasku/contract';
import { getSessionUser } from '../api/session';
import { DRAFT_RESTORED, usePageDraft } from '../lib/drafts';
import { showFailure } from '../lib/form-errors';
import { formatDateTimeWib } from '../lib/format';
import { UserAvatar } from './UserAvatar';

interface CommentForm extends Record<string, unknown> {
  body: string;
}

const EMPTY: CommentForm = { body: '' };

/**
 * The private thread between a student and the teacher about one assignment, oldest first, with
 * a send box kept as a draft while typed ("Kamu" marks the reader's own messages). The student's
 * submission page and the teacher's grading view both show it.
 */
export function PrivateThread({
  comments,
  send,
  sending,
  draftKey,
  placeholder,
  readOnly = false,
}: {
  comments: PrivateComment[];
  send: (body: string) => Promise<unknown>;
  sending: boolean;
  draftKey: string;
  placeholder: string;
  readOnly?: boolean;
}) {
  const me = getSessionUser()?.id;
  const form = useForm<CommentForm>({ initialValues: EMPTY, validate: schemaResolver(privateCommentBody, { sync: true }) });
  const draft = usePageDraft(form, draftKey, EMPTY, me);

  const submit = form.onSubmit(async ({ body }) => {
    try {
      await send(body);
      draft.discard();
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
    } catch (err) {
      const message = showFailure(form, err, ['body']);
      if (message) form.setFieldError('body', message);
    }
  });

  return (
    <Stack gap="sm">
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada komentar.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Daftar komentar pribadi">
          {comments.map((c) => (
            <Group key={c.id} component="li" gap="sm" align="flex-start" wrap="nowrap">
              <UserAvatar src={c.author.avatar} name={c.author.name} size="sm" />
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {c.author.id === me ? 'Kamu' : c.author.name}
                  </Text>
                  {c.author.id !== me && (
                    <Text size="xs" c="dimmed">
                      {ROLE_LABELS[c.author.role] ?? ''}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDateTimeWib(c.created_at)}
                  </Text>
                </Group>
                <Text size="sm" className="kls-pre">
                  {c.body}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
      {!readOnly && (
        <form noValidate onSubmit={submit} onInput={draft.onInput}>
          <Stack gap="xs">
            {draft.restored && (
              <Text size="sm" c="dimmed" role="status">
                {DRAFT_RESTORED}
              </Text>
            )}
            <Textarea
              label="Tulis komentar pribadi"
              placeholder={placeholder}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={LIMITS.commentMax}
              {...form.getInputProps('body')}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={sending}
                disabled={form.values.body.trim() === ''}
              >
                Kirim
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
