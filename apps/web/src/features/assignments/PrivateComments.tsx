import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LIMITS, type PrivateComment } from '@kelasku/contract';
import { useSendPrivateComment, type AssignmentRef } from '../../api/assignments';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDateTimeWib } from '../../lib/format';
import { errorMessage, toastError } from '../../lib/toast';

/** The private thread between the teacher and one student about this assignment, with a send box. */
export function PrivateComments({
  r,
  studentId,
  comments,
  readOnly,
}: {
  r: AssignmentRef;
  studentId: number;
  comments: PrivateComment[];
  readOnly: boolean;
}) {
  const send = useSendPrivateComment(r, studentId);
  const [body, setBody] = useState('');
  const submit = () => {
    if (body.trim() === '' || send.isPending) return;
    send.mutateAsync(body).then(
      () => setBody(''),
      (err: unknown) => toastError(errorMessage(err)),
    );
  };
  return (
    <Stack gap="sm">
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada komentar pribadi.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {comments.map((c) => (
            <Group key={c.id} component="li" align="flex-start" wrap="nowrap" gap="xs">
              <UserAvatar src={c.author.avatar} name={c.author.name} size="sm" />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {c.author.name}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {formatDateTimeWib(c.created_at)}
                  </Text>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.body}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
      {!readOnly && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Tulis komentar pribadi"
              placeholder="Hanya terlihat oleh siswa ini dan kamu"
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              maxLength={LIMITS.commentMax}
              autosize
              minRows={2}
              maxRows={6}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                size="sm"
                leftSection={<IconSend size={16} aria-hidden />}
                disabled={body.trim() === ''}
                loading={send.isPending}
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
