import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { REPORT_MSG, type StudentReportCard } from '@kelasku/contract';
import { formatScore } from './format';

const wordsColor = (words: string) => (words === REPORT_MSG.reached ? 'green' : words === REPORT_MSG.notReached ? 'orange' : 'gray');

/** "Nilai Rapor" of one class in the student's "Nilai Saya": categories and weights, the final grade once released, TPs in words, the description. */
export function StudentReportCardView({ card }: { card: StudentReportCard }) {
  const titleId = `rapor-kelas-${card.online_class.id}`;
  return (
    <Card withBorder padding="sm" bg="gray.0" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={4} size="h5" id={titleId}>
            Nilai Rapor
          </Title>
          {card.released ? (
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Nilai Akhir
              </Text>
              <Text fw={700} size="xl">
                {formatScore(card.final)}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" ta="right">
              {REPORT_MSG.notReleased}
            </Text>
          )}
        </Group>
        {card.awaiting_regrade && (
          <Badge color="yellow" variant="light">
            {REPORT_MSG.awaitingRegrade}
          </Badge>
        )}
        <Table aria-label={`Kategori nilai ${card.online_class.name}`} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kategori</Table.Th>
              <Table.Th ta="center">Bobot</Table.Th>
              <Table.Th ta="center">Rata-rata</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {card.categories.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {c.name}
                  {c.drop_lowest > 0 && (
                    <Text size="xs" c="dimmed">
                      {c.drop_lowest} nilai terendah tidak dihitung
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="center">{c.weight}%</Table.Td>
                <Table.Td ta="center">{formatScore(c.average)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {card.objectives.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Tujuan pembelajaran
            </Text>
            <Stack component="ul" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {card.objectives.map((o) => (
                <Group component="li" key={o.code} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {o.code} {o.description}
                  </Text>
                  <Badge color={wordsColor(o.words)} variant="light" style={{ flexShrink: 0, textTransform: 'none' }}>
                    {o.words}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
        {card.description && (card.description.achieved || card.description.to_improve) && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Deskripsi
            </Text>
            {card.description.achieved && <Text size="sm">{card.description.achieved}</Text>}
            {card.description.to_improve && <Text size="sm">{card.description.to_improve}</Text>}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
