import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function TeacherAssignmentPage() {
  return <Title order={2}>Instruksi Tugas</Title>;
}
