import { Title } from '@mantine/core';

/** Issue 41: the proctor board of an exam-mode quiz ("Pengawas ujian"). */
export default function ProctorPage() {
  return <Title order={2}>Pengawas Ujian</Title>;
}
