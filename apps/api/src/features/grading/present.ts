import { SUBMISSION_STATUS, type AssignmentStudent } from '@kelasku/contract';
import type { FileLinks } from '../../files/service.js';
import type { Assignment } from '../../access/index.js';
import { statusIdOf, toSubmittedFile } from '../submissions/present.js';
import type { GradingRow } from './queries.js';

/** A student of a grading column with their handed-in work (null when nothing is handed in now and nothing graded). */
export function toAssignmentStudent(files: FileLinks, a: Assignment, r: GradingRow): AssignmentStudent {
  const s = r.submission;
  const shown = s && (s.submittedAt !== null || s.score !== null);
  const statusId = statusIdOf(s?.submittedAt ?? null, r.extDeadline ?? a.deadline);
  return {
    student_id: r.id,
    name: r.name,
    nis: r.nis,
    avatar: files.url(r.avatar),
    extended: r.extDeadline !== null,
    submission: shown
      ? {
          files: r.files.map((f) => toSubmittedFile(files, f)),
          has_text: !!s.textAnswer,
          score: s.score,
          // Graded work handed back and then unsubmitted cannot happen (unsubmit refuses graded work).
          submitted_at: (s.submittedAt ?? s.gradedAt ?? new Date(0)).toISOString(),
          graded_at: s.gradedAt?.toISOString() ?? null,
          returned_at: s.returnedAt?.toISOString() ?? null,
          revision: s.revision,
          status_id: statusId,
          status: SUBMISSION_STATUS[statusId],
        }
      : null,
  };
}

/**
 * The notification of a grade: a first grade is "dinilai"; a later one that changes the feedback is
 * "masukan baru" (each with the score).
 */
export function gradeNoticeKind(
  before: { score: number | null; feedback: string | null } | null,
  feedback: string | null,
): 'graded' | 'feedback' {
  return before?.score != null && feedback !== null && feedback !== before.feedback ? 'feedback' : 'graded';
}
