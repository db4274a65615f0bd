import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock, IconSend } from '@tabler/icons-react';
import { LIMITS, ROLE_LABELS, privateCommentBody } from '@kelasku/contract';
import { getSessionUser } from '../../api/session';
import { usePrivateComments, useSendPrivateComment } from '../../api/student';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { DRAFT_RESTORED, usePageDraft } from '../../lib/drafts';
import { showFailure } from '../../lib/form-errors';
import { formatDateTimeWib } from '../../lib/format';

interface CommentForm extends Record<string, unknown> {
  body: string;
}

const EMPTY: CommentForm = { body: '' };

/** "Komentar pribadi": the thread only this student and the teacher read, with a send box (kept as a draft while typed). */
export function PrivateComments({ assignmentId }: { assignmentId: number }) {
  const comments = usePrivateComments(assignmentId);
  const sendComment = useSendPrivateComment(assignmentId);
  const form = useForm<CommentForm>({ initialValues: EMPTY, validate: schemaResolver(privateCommentBody, { sync: true }) });
  const draft = usePageDraft(form, `komentar-pribadi-${assignmentId}`, EMPTY, getSessionUser()?.id);
  const me = getSessionUser()?.id;

  const send = form.onSubmit(async ({ body }) => {
    try {
      await sendComment.mutateAsync(body);
      draft.discard();
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
    } catch (err) {
      const message = showFailure(form, err, ['body']);
      if (message) form.setFieldError('body', message);
    }
  });

  const { body } = form.values;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="komentar-pribadi-title">
      <Group gap="xs" mb={4}>
        <IconLock size={18} aria-hidden />
        <Title order={3} id="komentar-pribadi-title">
          Komentar pribadi
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Hanya kamu dan gurumu yang dapat membaca komentar ini.
      </Text>
      <QueryState query={comments}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              Belum ada komentar.
            </Text>
          ) : (
            <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Daftar komentar pribadi">
              {list.map((c) => (
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
          )
        }
      </QueryState>
      <form noValidate onSubmit={send} onInput={draft.onInput}>
        <Stack gap="xs" mt="md">
          {draft.restored && (
            <Text size="sm" c="dimmed" role="status">
              {DRAFT_RESTORED}
            </Text>
          )}
          <Textarea
            label="Tulis komentar pribadi"
            placeholder="Tanyakan sesuatu kepada gurumu"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={LIMITS.commentMax}
            {...form.getInputProps('body')}
          />
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} loading={sendComment.isPending} disabled={body.trim() === ''}>
              Kirim
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
