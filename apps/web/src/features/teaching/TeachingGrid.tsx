import { Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TeachingAssignment } from '@kelasku/contract';
import { teachersShort, type GridRombel, type GridSubject, type TeachingGridState } from './useTeachingGrid';

const sticky = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

/** One cell: the teachers' short names and the hours, or "+" to assign one. */
function Cell({
  rombel,
  subject,
  a,
  onOpen,
}: {
  rombel: GridRombel;
  subject: GridSubject;
  a: TeachingAssignment | null;
  onOpen: () => void;
}) {
  const label = a
    ? `${subject.name} ${rombel.name}: ${a.teachers.map((t) => t.name).join(', ')}, ${a.hours_per_week} jam`
    : `Tambah guru ${subject.name} untuk ${rombel.name}`;
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={label}
      title={label}
      w="100%"
      p={4}
      style={{ borderRadius: 4, textAlign: a ? 'left' : 'center', minHeight: 36 }}
      bg={a ? 'blue.0' : undefined}
    >
      {a ? (
        <>
          <Text size="xs" fw={600} lineClamp={2}>
            {teachersShort(a.teachers)}
          </Text>
          <Text size="xs" c="gray.7">{`${a.hours_per_week} jam`}</Text>
        </>
      ) : (
        <IconPlus size={14} color="var(--mantine-color-gray-6)" aria-hidden />
      )}
    </UnstyledButton>
  );
}

/** The wide screen: rombels as rows, subjects as columns, the week's hours of each rombel at the end. */
export function TeachingGrid({ state }: { state: TeachingGridState }) {
  const d = state.derived!;
  return (
    <Table.ScrollContainer minWidth={Math.max(640, 180 + d.columns.length * 110)} type="native" tabIndex={0}>
      <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={4} aria-label="Pembagian tugas mengajar">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={sticky} miw={120}>
              Rombel
            </Table.Th>
            {d.columns.map((s) => (
              <Table.Th key={s.id} miw={100} title={s.name}>
                <Text size="xs" fw={700}>
                  {s.code}
                </Text>
                <Text size="xs" c="gray.7" lineClamp={2} fw={400}>
                  {s.name}
                </Text>
              </Table.Th>
            ))}
            <Table.Th miw={70}>Jumlah jam</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.rombels.map((r) => {
            const mine = new Set(d.subjectsOf(r).map((s) => s.id));
            return (
              <Table.Tr key={r.id}>
                <Table.Th scope="row" style={sticky}>
                  <Text size="sm" fw={600}>
                    {r.name}
                  </Text>
                </Table.Th>
                {d.columns.map((s) => {
                  const a = d.cell(r.id, s.id);
                  const applies = mine.has(s.id);
                  return (
                    <Table.Td key={s.id} p={2}>
                      {applies ? (
                        <Cell rombel={r} subject={s} a={a} onOpen={() => state.open(r, s)} />
                      ) : (
                        <Text size="xs" c="gray.5" ta="center" title={`${s.name} tidak dipelajari ${r.name}`}>
                          –
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {d.hours.get(r.id) ?? 0}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
