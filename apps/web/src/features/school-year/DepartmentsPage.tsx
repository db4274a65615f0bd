import { Stack, Title } from '@mantine/core';

/** /school/departments — the school's departments (issue 37). */
export default function DepartmentsPage() {
  return (
    <Stack>
      <Title order={2}>Jurusan</Title>
    </Stack>
  );
}
