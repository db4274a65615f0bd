import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function TeacherDashboard() {
  return <Title order={2}>My Class</Title>;
}
