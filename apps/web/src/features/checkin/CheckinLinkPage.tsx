import { Title } from '@mantine/core';

/** Placeholder (issue 38); replaced by its feature. */
export default function CheckinLinkPage() {
  return <Title order={2}>Presensi mandiri</Title>;
}
