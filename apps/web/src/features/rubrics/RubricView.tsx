import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { rubricScore, type Rubric, type RubricMark } from '@kelasku/contract';
import { usePhone } from '../../lib/use-phone';

type RubricShape = Pick<Rubric, 'title' | 'criteria'>;

/** A level's cell or line: its title and points, its description, and whether it was chosen. */
function Level({ level, chosen }: { level: Rubric['criteria'][number]['levels'][number]; chosen: boolean }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        {chosen && <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden style={{ flexShrink: 0 }} />}
        <Text size="sm" fw={600}>
          {level.title} ({level.points})
        </Text>
        {chosen && (
          <Badge size="xs" color="teal" variant="light" style={{ flexShrink: 0 }}>
            Dipilih
          </Badge>
        )}
      </Group>
      {level.description && (
        <Text size="xs" c="dimmed" className="kls-pre">
          {level.description}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A rubric, read-only: criteria × levels (a table; on a phone one card per criterion). With
 * `marks`, the chosen level of each criterion is marked, its comment shown, and the score given.
 */
export function RubricView({ rubric, marks }: { rubric: RubricShape; marks?: RubricMark[] | null }) {
  const phone = usePhone();
  const widest = Math.max(...rubric.criteria.map((c) => c.levels.length));
  const chosen = (ci: number, li: number) => marks?.[ci]?.level === li;
  const total = rubric.criteria.reduce((a, c) => a + c.max_points, 0);
  const got = rubric.criteria.reduce((a, c, i) => {
    const l = marks?.[i]?.level;
    return a + (l == null ? 0 : (c.levels[l]?.points ?? 0));
  }, 0);

  return (
    <Stack gap="sm">
      {phone ? (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Rubrik ${rubric.title}`}>
          {rubric.criteria.map((c, ci) => (
            <Card key={ci} component="li" withBorder padding="sm" aria-label={c.title}>
              <Title order={4} size="h6">
                {c.title} <Text span size="xs" c="dimmed">{`(maks. ${c.max_points})`}</Text>
              </Title>
              {c.description && (
                <Text size="xs" c="dimmed" className="kls-pre">
                  {c.description}
                </Text>
              )}
              <Stack gap={6} mt="xs">
                {c.levels.map((l, li) => (
                  <Level key={li} level={l} chosen={chosen(ci, li)} />
                ))}
              </Stack>
              {marks?.[ci]?.comment && <Comment text={marks[ci].comment!} />}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder withColumnBorders aria-label={`Rubrik ${rubric.title}`} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kriteria</Table.Th>
                <Table.Th colSpan={widest}>Level</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rubric.criteria.map((c, ci) => (
                <Table.Tr key={ci}>
                  <Table.Th scope="row" style={{ verticalAlign: 'top', minWidth: 160 }}>
                    <Text size="sm" fw={600}>
                      {c.title}
                    </Text>
                    <Text size="xs" c="dimmed">{`maks. ${c.max_points}`}</Text>
                    {c.description && (
                      <Text size="xs" c="dimmed" className="kls-pre">
                        {c.description}
                      </Text>
                    )}
                    {marks?.[ci]?.comment && <Comment text={marks[ci].comment!} />}
                  </Table.Th>
                  {c.levels.map((l, li) => (
                    <Table.Td
                      key={li}
                      colSpan={li === c.levels.length - 1 ? widest - li : 1}
                      style={{ verticalAlign: 'top' }}
                      bg={chosen(ci, li) ? 'var(--mantine-color-teal-light)' : undefined}
                    >
                      <Level level={l} chosen={chosen(ci, li)} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {marks ? (
        <Text size="sm" fw={600} data-testid="rubric-score">
          {`Skor rubrik ${got} dari ${total} · nilai ${rubricScore(rubric, marks)}`}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">{`Skor maksimal ${total}, dihitung menjadi nilai 0–100.`}</Text>
      )}
    </Stack>
  );
}

function Comment({ text }: { text: string }) {
  return (
    <Text size="xs" mt={4} className="kls-pre" fw={400}>
      <Text span fw={600} size="xs">
        Komentar:{' '}
      </Text>
      {text}
    </Text>
  );
}
