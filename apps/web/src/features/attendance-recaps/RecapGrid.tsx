import type { CSSProperties, ReactNode } from 'react';
import { Group, Table, Text } from '@mantine/core';
import { ATTENDANCE_LABELS, type AttendanceStatus, type AttendanceTotals } from '@kelasku/contract';
import { markStyle, TOTAL_COLUMNS } from './marks';

/** The name column stays in view while a phone scrolls the grid sideways. */
const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 130,
  maxWidth: 190,
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
};

const cellBox: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 26,
  height: 26,
  borderRadius: 4,
  fontWeight: 700,
  fontSize: 13,
  textDecoration: 'none',
};

/** One mark: its letter on its colour, its full name as the title (never colour alone). */
export function Mark({ status }: { status: AttendanceStatus | null }) {
  if (status === null)
    return (
      <Text span size="sm" c="gray.7" title="Belum dicatat">
        –
      </Text>
    );
  return (
    <abbr title={ATTENDANCE_LABELS[status]} style={{ ...cellBox, ...markStyle(status) }}>
      {status}
    </abbr>
  );
}

export interface RecapColumn {
  /** What the cells of this column carry as data-col ("2026-11-30", or a meeting's id). */
  key: string;
  heading: ReactNode;
  /** A column nothing can be recorded in (a cancelled meeting). */
  muted?: boolean;
}

export interface RecapRow {
  student: { id: number; name: string; nis: string | null };
  marks: (AttendanceStatus | null)[];
  totals: AttendanceTotals;
}

export interface RecapGridProps {
  /** The table's accessible name ("Rekap presensi X TKJ 1, November 2026"). */
  label: string;
  columns: RecapColumn[];
  rows: RecapRow[];
  /** What the totals count: "hari" or "pertemuan" (shown in the totals' heading). */
  unit: string;
  /** A column to set apart (today's). */
  highlight?: string;
}

/**
 * Students × dates or meetings: a sticky name column, one cell per column with the mark's letter on
 * its colour, and the totals per mark at the end. Scrolls sideways on a phone.
 */
export function RecapGrid({ label, columns, rows, unit, highlight }: RecapGridProps) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        Belum ada siswa di rombel ini.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={200 + 36 * columns.length + 40 * TOTAL_COLUMNS.length} type="native" tabIndex={0}>
      <Table withTableBorder withColumnBorders striped aria-label={label} verticalSpacing={4} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...sticky, zIndex: 2 }}>Nama</Table.Th>
            {columns.map((c) => (
              <Table.Th
                key={c.key}
                ta="center"
                fz="xs"
                data-col={c.key}
                style={{
                  minWidth: 34,
                  lineHeight: 1.2,
                  color: c.muted ? 'var(--mantine-color-gray-7)' : undefined,
                  background: c.key === highlight ? 'var(--mantine-color-yellow-0)' : undefined,
                }}
              >
                {c.heading}
              </Table.Th>
            ))}
            {TOTAL_COLUMNS.map((t) => (
              <Table.Th key={t.status} ta="center" style={{ minWidth: 38 }}>
                <abbr title={`${t.label} (${unit})`} style={{ ...cellBox, ...markStyle(t.status) }}>
                  {t.status}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.student.id} data-student={r.student.id}>
              <Table.Th scope="row" style={sticky}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {r.student.name}
                </Text>
                {r.student.nis && (
                  <Text size="xs" c="gray.7" fw={400}>
                    {r.student.nis}
                  </Text>
                )}
              </Table.Th>
              {columns.map((c, i) => (
                <Table.Td
                  key={c.key}
                  ta="center"
                  data-col={c.key}
                  style={c.key === highlight ? { background: 'var(--mantine-color-yellow-0)' } : undefined}
                >
                  <Mark status={r.marks[i] ?? null} />
                </Table.Td>
              ))}
              {TOTAL_COLUMNS.map((t) => (
                <Table.Td key={t.status} ta="center" fw={700} data-total={t.status}>
                  {r.totals[t.status]}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The marks' legend under a grid: each letter on its colour with its name. */
export function MarkLegend() {
  return (
    <Group gap="sm" aria-label="Keterangan tanda presensi" role="list">
      {TOTAL_COLUMNS.map((t) => (
        <Group key={t.status} gap={4} role="listitem">
          <Mark status={t.status} />
          <Text size="xs">{t.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
