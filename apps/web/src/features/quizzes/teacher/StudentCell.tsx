import { Table, Text } from '@mantine/core';

/** A student's row header in the quiz's tables (results, proctor board): the name, the NIS beneath. */
export function StudentCell({ student }: { student: { name: string; nis: string | null } }) {
  return (
    <Table.Th scope="row" fw={400}>
      <Text size="sm" fw={500}>
        {student.name}
      </Text>
      <Text size="xs" c="dimmed">
        {student.nis ?? '-'}
      </Text>
    </Table.Th>
  );
}
