import { averageScore, type Gradebook, type GradebookCell } from '@kelasku/contract';
import { statusIdOf, workStateOf } from '../submissions/present.js';
import type { GradebookClass, GradebookExtensionRow, gradebookRows, GradebookWorkRow } from './queries.js';

const key = (assignmentId: number, studentId: number) => `${assignmentId}:${studentId}`;

/**
 * One cell: graded when it has a score, waiting when handed in, else missing once the student's
 * deadline (their extension's, or the assignment's) has passed, todo before. Late: handed in after
 * that deadline.
 */
export function cellOf(
  assignment: { id: number; deadline: Date },
  work: Pick<GradebookWorkRow, 'submittedAt' | 'score'> | undefined,
  extension: Pick<GradebookExtensionRow, 'deadline'> | undefined,
  now: Date,
): GradebookCell {
  const deadline = extension?.deadline ?? assignment.deadline;
  const submittedAt = work?.submittedAt ?? null;
  const score = work?.score ?? null;
  // The rules of Tugas Saya (done / late / todo) and of the status (3: after the deadline), split for the teacher.
  const handIn = workStateOf({ submittedAt, score }, deadline, now);
  const state = handIn === 'done' ? (score !== null ? 'graded' : 'waiting') : handIn === 'late' ? 'missing' : 'todo';
  return { assignment_id: assignment.id, state, score, late: statusIdOf(submittedAt, deadline) === 3, extended: !!extension };
}

/** The gradebook of each class, in the order given, from the rows of gradebookRows. */
export function toGradebooks(
  classes: GradebookClass[],
  { columns, studentsOf, work, extensions }: Awaited<ReturnType<typeof gradebookRows>>,
  now = new Date(),
): Gradebook[] {
  const workBy = new Map(work.map((w) => [key(w.assignmentId, w.studentId), w]));
  const extensionBy = new Map(extensions.map((e) => [key(e.assignmentId, e.studentId), e]));
  return classes.map((klass) => {
    const own = columns.filter((a) => a.classId === klass.id);
    const rows = studentsOf(klass).map((s) => {
      const cells = own.map((a) => cellOf(a, workBy.get(key(a.id, s.id)), extensionBy.get(key(a.id, s.id)), now));
      return { id: s.id, name: s.name, nis: s.nis, average: averageScore(cells.map((c) => c.score)), cells };
    });
    return {
      online_class: { id: klass.id, name: klass.name, archived_at: klass.archivedAt?.toISOString() ?? null },
      assignments: own.map((a, i) => ({
        id: a.id,
        title: a.title,
        deadline: a.deadline.toISOString(),
        content: { id: a.contentId, title: a.contentTitle },
        average: averageScore(rows.map((r) => r.cells[i]!.score)),
      })),
      students: rows,
    };
  });
}
