import { Accordion, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AuditEntry } from '@kelasku/contract';
import { useAttemptGradeHistory, useSubmissionGradeHistory } from '../../api/audit-log';
import type { AssignmentRef } from '../../api/keys';
import type { QuizRef } from '../../api/quizzes';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { ChangeLines } from './ChangeLines';

/** "Riwayat nilai": a disclosure listing every grade change, oldest first (who, when, before → after). */
function GradeHistory({ query }: { query: UseQueryResult<AuditEntry[]> }) {
  const count = query.data?.length;
  return (
    <Accordion variant="contained">
      <Accordion.Item value="riwayat-nilai">
        <Accordion.Control>Riwayat nilai{count ? ` (${count})` : ''}</Accordion.Control>
        <Accordion.Panel>
          <QueryState query={query}>
            {(entries) =>
              entries.length === 0 ? (
                <Text size="sm" c="gray.7">
                  Belum ada perubahan nilai.
                </Text>
              ) : (
                <Stack gap="sm" component="ol" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
                  {entries.map((e) => (
                    <li key={e.id}>
                      <Text size="sm" fw={600}>
                        {e.action_label}
                      </Text>
                      <Text size="xs" c="gray.7" mb={2}>
                        {formatDateTimeWib(e.at)} · {e.actor.name}
                      </Text>
                      <ChangeLines entry={e} />
                    </li>
                  ))}
                </Stack>
              )
            }
          </QueryState>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The grade history of one student's work for an assignment (the teacher's grading view). */
export function SubmissionGradeHistory({ r, studentId }: { r: AssignmentRef; studentId: number }) {
  return <GradeHistory query={useSubmissionGradeHistory(r, studentId)} />;
}

/** The grade history of one quiz attempt (the teacher's attempt page). */
export function AttemptGradeHistory({ r, attemptId }: { r: QuizRef; attemptId: number }) {
  return <GradeHistory query={useAttemptGradeHistory(r, attemptId)} />;
}
