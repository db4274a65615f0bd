import { Title } from '@mantine/core';

/** Placeholder (issue 38); replaced by its feature. */
export default function StudentRecordPage() {
  return <Title order={2}>Riwayat Presensi</Title>;
}
