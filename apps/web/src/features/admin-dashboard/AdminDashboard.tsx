import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function AdminDashboard() {
  return <Title order={2}>Dashboard</Title>;
}
