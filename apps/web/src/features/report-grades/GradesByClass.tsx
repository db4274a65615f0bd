import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MyClassGrades, StudentReportCard } from '@kelasku/contract';
import { QueryState } from '../../components/QueryState';

/**
 * A student's grades class by class ("Nilai Saya", and a parent's "Nilai" of a child), each class
 * drawn by `card` beside its report grade. The report grades load apart: a failure of one leaves
 * the other readable.
 */
export function GradesByClass({
  grades,
  reports,
  card,
}: {
  grades: UseQueryResult<MyClassGrades[]>;
  reports: UseQueryResult<StudentReportCard[]>;
  card: (c: MyClassGrades, report: StudentReportCard | undefined) => ReactNode;
}) {
  const reportOf = (classId: number) => reports.data?.find((r) => r.online_class.id === classId);
  return (
    <QueryState query={grades}>
      {(list) =>
        list.length === 0 ? (
          <Text c="dimmed">Belum ada kelas.</Text>
        ) : (
          <Stack>{list.map((c) => card(c, reportOf(c.online_class.id)))}</Stack>
        )
      }
    </QueryState>
  );
}
