import { Group, Stack, Text } from '@mantine/core';
import { LIMITS, ROLE_LABELS, privateCommentBody, type PrivateComment } from '@kelasku/contract';
import { getSessionUser } from '../api/session';
import { formatDateTimeWib } from '../lib/format';
import { SendBox } from './SendBox';
import { UserAvatar } from './UserAvatar';

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
        <SendBox
          schema={privateCommentBody}
          draftKey={draftKey}
          label="Tulis komentar pribadi"
          placeholder={placeholder}
          maxLength={LIMITS.commentMax}
          sending={sending}
          send={send}
        />
      )}
    </Stack>
  );
}
