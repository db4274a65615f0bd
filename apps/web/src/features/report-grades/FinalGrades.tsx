import { Fragment, useState, type CSSProperties } from 'react';
import { Button, Card, Collapse, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ClassReportGrades, StudentReportGrade } from '@kelasku/contract';
import { usePhone } from '../../lib/use-phone';
import { formatScore } from './format';
import { StudentDetail } from './StudentDetail';

/** The name column stays in view while the table scrolls sideways. */
const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 140,
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
};

const averageOf = (s: StudentReportGrade, categoryId: number) => s.categories.find((c) => c.category_id === categoryId)?.average ?? null;

function DetailButton({ s, open, toggle }: { s: StudentReportGrade; open: boolean; toggle: () => void }) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      aria-expanded={open}
      aria-label={`Rincian ${s.student.name}`}
      rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
      onClick={toggle}
    >
      Rincian
    </Button>
  );
}

function WideTable({ data, open, toggle }: { data: ClassReportGrades; open: number | null; toggle: (id: number) => void }) {
  const span = data.categories.length + 3;
  return (
    <Table.ScrollContainer minWidth={360 + 110 * data.categories.length} type="native" tabIndex={0}>
      <Table withTableBorder withColumnBorders aria-label="Nilai Akhir siswa">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...sticky, zIndex: 2 }}>Nama</Table.Th>
            {data.categories.map((c) => (
              <Table.Th key={c.id} ta="center">
                {c.name} ({c.weight}%)
              </Table.Th>
            ))}
            <Table.Th ta="center">Nilai Akhir</Table.Th>
            <Table.Th>
              <VisuallyHidden>Rincian</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.students.map((s) => (
            <Fragment key={s.student.id}>
              <Table.Tr>
                <Table.Th scope="row" style={sticky}>
                  <Text size="sm" fw={500}>
                    {s.student.name}
                  </Text>
                  <Text size="xs" c="dimmed" fw={400}>
                    NISN {s.student.nisn ?? '-'}
                  </Text>
                </Table.Th>
                {data.categories.map((c) => (
                  <Table.Td key={c.id} ta="center">
                    {formatScore(averageOf(s, c.id))}
                  </Table.Td>
                ))}
                <Table.Td ta="center" fw={700}>
                  {formatScore(s.final)}
                </Table.Td>
                <Table.Td>
                  <DetailButton s={s} open={open === s.student.id} toggle={() => toggle(s.student.id)} />
                </Table.Td>
              </Table.Tr>
              {open === s.student.id && (
                <Table.Tr>
                  <Table.Td colSpan={span}>
                    <StudentDetail data={data} s={s} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PhoneCards({ data, open, toggle }: { data: ClassReportGrades; open: number | null; toggle: (id: number) => void }) {
  return (
    <Stack component="ul" gap="xs" aria-label="Nilai Akhir siswa" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {data.students.map((s) => (
        <Card key={s.student.id} withBorder padding="sm" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {s.student.name}
              </Text>
              <Text size="xs" c="dimmed">
                {data.categories.map((c) => `${c.name} ${formatScore(averageOf(s, c.id))}`).join(' · ')}
              </Text>
            </div>
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="xs" c="dimmed">
                Nilai Akhir
              </Text>
              <Text fw={700} size="lg">
                {formatScore(s.final)}
              </Text>
            </Stack>
          </Group>
          <DetailButton s={s} open={open === s.student.id} toggle={() => toggle(s.student.id)} />
          <Collapse expanded={open === s.student.id}>{open === s.student.id && <StudentDetail data={data} s={s} />}</Collapse>
        </Card>
      ))}
    </Stack>
  );
}

/** Students × category averages and the Nilai Akhir; a phone reads a card per student. "Rincian" opens the breakdown. */
export function FinalGrades({ data }: { data: ClassReportGrades }) {
  const phone = usePhone();
  const [open, setOpen] = useState<number | null>(null);
  const toggle = (id: number) => setOpen((o) => (o === id ? null : id));
  if (data.students.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Belum ada siswa di kelas ini.
      </Text>
    );
  return phone ? <PhoneCards data={data} open={open} toggle={toggle} /> : <WideTable data={data} open={open} toggle={toggle} />;
}
