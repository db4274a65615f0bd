import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** Facts as "label | value" rows (a submission's status, a quiz's rules); long values wrap on a phone. */
export function FactsTable({ rows, labelWidth }: { rows: Array<[label: string, value: ReactNode]>; labelWidth: number }) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={labelWidth}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
