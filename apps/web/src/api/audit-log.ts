import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PER_PAGE, type AuditEntry, type AuditListQuery } from '@kelasku/contract';
import { api } from './client';
import { keys, type AssignmentRef } from './keys';
import { getPage } from './pages';
import { quizKeys, type QuizRef } from './quizzes';

export const AUDIT_LOG = '/api/admin/audit-log';

/** The "Log aktivitas" keys: under the admin's area, one per filtered page. */
export const auditKeys = {
  all: ['admin', 'audit-log'] as const,
  page: (q: AuditListQuery) => ['admin', 'audit-log', q] as const,
};

/** One page of the log, filtered on the server; the previous page stays on screen while the next loads. */
export function useAuditPage(q: Omit<AuditListQuery, 'per_page'>) {
  const query: AuditListQuery = { ...q, per_page: AUDIT_PER_PAGE };
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: () => getPage<AuditEntry[]>(AUDIT_LOG, query),
    placeholderData: keepPreviousData,
  });
}

/** The address of the XLSX export of these filters. */
export function auditExportPath(q: Omit<AuditListQuery, 'page' | 'per_page'>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  return `${AUDIT_LOG}.xlsx?${params}`;
}

const classBase = (classId: number, lessonId: number) => `/api/teacher/online-classes/${classId}/contents/${lessonId}`;

/** "Riwayat nilai" of a student's work: under the grading view's key, so a grade refreshes it. */
export function useSubmissionGradeHistory(r: AssignmentRef, studentId: number) {
  return useQuery({
    queryKey: [...keys.studentWork(r, studentId), 'grade-history'] as const,
    queryFn: () => api.get<AuditEntry[]>(`${classBase(r.classId, r.lessonId)}/assignments/${r.id}/students/${studentId}/grade-history`),
  });
}

/** "Riwayat nilai" of a quiz attempt: under the attempt's key, so a hand grade or a regrade refreshes it. */
export function useAttemptGradeHistory(r: QuizRef, attemptId: number) {
  return useQuery({
    queryKey: [...quizKeys.attempt(r, attemptId), 'grade-history'] as const,
    queryFn: () => api.get<AuditEntry[]>(`${classBase(r.classId, r.lessonId)}/quizzes/${r.id}/attempts/${attemptId}/grade-history`),
  });
}
