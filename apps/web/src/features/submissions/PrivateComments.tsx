import { Card, Group, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { usePrivateComments, useSendPrivateComment } from '../../api/submissions';
import { PrivateThread } from '../../components/PrivateThread';
import { QueryState } from '../../components/QueryState';

/** "Komentar pribadi": the thread only this student and the teacher read. */
export function PrivateComments({ assignmentId }: { assignmentId: number }) {
  const comments = usePrivateComments(assignmentId);
  const sendComment = useSendPrivateComment(assignmentId);
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
        {(list) => (
          <PrivateThread
            comments={list}
            send={(body) => sendComment.mutateAsync(body)}
            sending={sendComment.isPending}
            draftKey={`komentar-pribadi-${assignmentId}`}
            placeholder="Tanyakan sesuatu kepada gurumu"
          />
        )}
      </QueryState>
    </Card>
  );
}
