import { Card, Stack, Text } from '@mantine/core';
import { useChildAnnouncements, useChildMessages } from '../../api/parents';
import { QueryState } from '../../components/QueryState';
import { MathText } from '../../components/MathText';
import { formatDateTimeWib } from '../../lib/format';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** "Pengumuman": the announcements of the child's classes, newest first. */
export function ChildAnnouncementsTab({ childId }: { childId: number }) {
  const list = useChildAnnouncements(childId);
  return (
    <QueryState query={list}>
      {(items) =>
        items.length === 0 ? (
          <Text c="dimmed">Belum ada pengumuman.</Text>
        ) : (
          <Stack component="ul" gap="sm" aria-label="Pengumuman" style={listStyle}>
            {items.map((a) => (
              <Card key={a.id} component="li" withBorder padding="sm">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {a.title}
                </Text>
                <Text size="xs" c="gray.7">
                  {[a.class.name, a.author?.name, formatDateTimeWib(a.created_at)].filter(Boolean).join(' · ')}
                </Text>
                <MathText size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {a.body}
                </MathText>
              </Card>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

/** "Pesan": what the wali kelas wrote to the parents about this child, newest first. */
export function ChildMessagesTab({ childId }: { childId: number }) {
  const list = useChildMessages(childId);
  return (
    <QueryState query={list}>
      {(items) =>
        items.length === 0 ? (
          <Text c="dimmed">Belum ada pesan dari wali kelas.</Text>
        ) : (
          <Stack component="ul" gap="sm" aria-label="Pesan dari wali kelas" style={listStyle}>
            {items.map((m) => (
              <Card key={m.id} component="li" withBorder padding="sm">
                <Text size="xs" c="gray.7">
                  {[m.sender?.name ?? 'Wali kelas', formatDateTimeWib(m.created_at)].join(' · ')}
                </Text>
                <Text size="sm" mt={4} className="kls-pre" style={{ overflowWrap: 'anywhere' }}>
                  {m.body}
                </Text>
              </Card>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
