import { Text } from '@mantine/core';

/** Placeholder (issue 39): the class's "Rapor" tab — its grade scheme, Nilai Akhir and e-Rapor. */
export function ReportGradesTab({ classId }: { classId: number }) {
  return <Text>Nilai rapor kelas {classId}</Text>;
}
