import { Title } from '@mantine/core';

/** Placeholder (issue 38); replaced by its feature. */
export default function ClassRecapPage() {
  return <Title order={2}>Rekap Presensi</Title>;
}
