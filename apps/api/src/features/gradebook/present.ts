import { averageScore, type Gradebook, type GradebookCell, type GradebookQuizCell } from '@kelasku/contract';
import { statusIdOf, workStateOf } from '../submissions/present.js';
import { resultOf } from '../quizzes/grading.js';
import type {
  GradebookClass,
  GradebookExtensionRow,
  GradebookQuizAttemptRow,
  GradebookQuizRow,
  gradebookRows,
  GradebookWorkRow,
} from './queries.js';

const key = (assignmentId: number, studentId: number) => `${assignmentId}:${studentId}`;

/**
 * One cell: graded when it has a score, waiting when handed in, else missing once the student's
 * deadline (their extension's, or the assignment's) has passed, todo before. Late: handed in after
 * that deadline. A grade does not vanish (issue 39): returned work handed in again keeps showing
 * its last grade, marked `awaiting_regrade`, until the teacher grades the new version.
 */
export function cellOf(
  assignment: { id: number; deadline: Date },
  work: (Pick<GradebookWorkRow, 'submittedAt' | 'score'> & Partial<Pick<GradebookWorkRow, 'lastScore'>>) | undefined,
  extension: Pick<GradebookExtensionRow, 'deadline'> | undefined,
  now: Date,
): GradebookCell {
  const deadline = extension?.deadline ?? assignment.deadline;
  const submittedAt = work?.submittedAt ?? null;
  const score = work?.score ?? null;
  // The rules of Tugas Saya (done / late / todo) and of the status (3: after the deadline), split for the teacher.
  const handIn = workStateOf({ submittedAt, score }, deadline, now);
  const state = handIn === 'done' ? (score !== null ? 'graded' : 'waiting') : handIn === 'late' ? 'missing' : 'todo';
  const last = score === null ? (work?.lastScore ?? null) : null;
  return {
    assignment_id: assignment.id,
    state,
    score: score ?? last,
    awaiting_regrade: last !== null,
    late: statusIdOf(submittedAt, deadline) === 3,
    extended: !!extension,
  };
}

/**
 * One quiz cell: graded when the counting attempt (by the quiz's grading method) has a grade; waiting
 * when an attempt is finished but waits for a hand grade; else missing once the quiz has closed, todo before.
 */
export function quizCellOf(
  quiz: Pick<GradebookQuizRow, 'id' | 'closesAt' | 'gradingMethod'>,
  attempts: GradebookQuizAttemptRow[],
  now: Date,
): GradebookQuizCell {
  const { grade } = resultOf(attempts, quiz.gradingMethod);
  const state =
    grade !== null
      ? 'graded'
      : attempts.length > 0
        ? 'waiting'
        : quiz.closesAt && quiz.closesAt.getTime() <= now.getTime()
          ? 'missing'
          : 'todo';
  return { quiz_id: quiz.id, state, score: grade };
}

/** The gradebook of each class, in the order given, from the rows of gradebookRows. */
export function toGradebooks(
  classes: GradebookClass[],
  { columns, studentsOf, work, extensions, quizColumns, quizAttempts }: Awaited<ReturnType<typeof gradebookRows>>,
  now = new Date(),
): Gradebook[] {
  const workBy = new Map(work.map((w) => [key(w.assignmentId, w.studentId), w]));
  const extensionBy = new Map(extensions.map((e) => [key(e.assignmentId, e.studentId), e]));
  const attemptsBy = Map.groupBy(quizAttempts, (a) => key(a.quizId, a.studentId));
  return classes.map((klass) => {
    const own = columns.filter((a) => a.classId === klass.id);
    const ownQuizzes = quizColumns.filter((q) => q.classId === klass.id);
    const rows = studentsOf(klass).map((s) => {
      const cells = own.map((a) => cellOf(a, workBy.get(key(a.id, s.id)), extensionBy.get(key(a.id, s.id)), now));
      const quizCells = ownQuizzes.map((q) => quizCellOf(q, attemptsBy.get(key(q.id, s.id)) ?? [], now));
      const average = averageScore([...cells.map((c) => c.score), ...quizCells.map((c) => c.score)]);
      return { id: s.id, name: s.name, nis: s.nis, average, cells, quiz_cells: quizCells };
    });
    return {
      online_class: { id: klass.id, name: klass.name, archived_at: klass.archivedAt?.toISOString() ?? null },
      assignments: own.map((a, i) => ({
        id: a.id,
        title: a.title,
        deadline: a.deadline.toISOString(),
        content: { id: a.lessonId, title: a.lessonTitle },
        average: averageScore(rows.map((r) => r.cells[i]!.score)),
      })),
      quizzes: ownQuizzes.map((q, i) => ({
        id: q.id,
        title: q.title,
        closes_at: q.closesAt?.toISOString() ?? null,
        content: { id: q.lessonId, title: q.lessonTitle },
        average: averageScore(rows.map((r) => r.quiz_cells[i]!.score)),
      })),
      students: rows,
    };
  });
}
