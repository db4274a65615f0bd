import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { storedFiles, students, submissions, users } from '../../db/schema.js';

/** The teacher's three grading columns (DECISIONS): Ditugaskan, Diserahkan, Dinilai. */
export type GradingState = 'unsubmitted' | 'ungrading' | 'graded';

const stateFilter: Record<GradingState, SQL> = {
  unsubmitted: isNull(submissions.id),
  ungrading: and(isNotNull(submissions.id), isNull(submissions.score))!,
  graded: isNotNull(submissions.score),
};

const gradingSelect = (db: Db, assignmentId: number, where: SQL | undefined) =>
  db
    .select({
      id: users.id,
      name: users.name,
      nis: students.nis,
      avatar: users.avatarFileId,
      submission: submissions,
      file: { name: storedFiles.originalName, size: storedFiles.size },
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(submissions, and(eq(submissions.studentId, students.userId), eq(submissions.assignmentId, assignmentId)))
    .leftJoin(storedFiles, eq(storedFiles.id, submissions.fileId))
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));

export type GradingRow = Awaited<ReturnType<typeof gradingSelect>>[number];

/**
 * Students of the class's rombel in one grading column, by name, each with their submission
 * (`only`: just that student). One query whatever the number of students. In an archived class
 * (`rombelId` null) the students are those who handed in, wherever the promotion moved them, and
 * nobody is left in Ditugaskan: the rombel now holds another year's students.
 */
export function assignmentStudents(
  db: Db,
  assignmentId: number,
  rombelId: number | null,
  state: GradingState,
  only?: number,
): Promise<GradingRow[]> {
  const who = rombelId === null ? isNotNull(submissions.id) : eq(students.rombelClassId, rombelId);
  return gradingSelect(db, assignmentId, and(who, stateFilter[state], only === undefined ? undefined : eq(students.userId, only)));
}

export type GradeOutcome = 'graded' | 'not-in-class' | 'not-submitted' | 'file-changed';

/**
 * Grades the submission of a student of the class's rombel. One UPDATE decides it: PostgreSQL
 * runs it under the submission row's lock, so a replacement racing it is either committed first
 * (then, when the teacher named the file they saw, `file_id` no longer matches and nothing is
 * graded) or waits and then finds the score set (and refuses, see writeSubmission). A graded
 * submission therefore never holds a file the teacher did not see.
 */
export async function gradeSubmission(
  db: Executor,
  g: { assignmentId: number; rombelId: number; studentId: number; score: number; seenFileId?: number },
): Promise<GradeOutcome> {
  const member = db
    .select({ one: sql`1` })
    .from(students)
    .where(and(eq(students.userId, submissions.studentId), eq(students.rombelClassId, g.rombelId)));
  const done = await db
    .update(submissions)
    .set({ score: g.score, gradedAt: sql`now()` })
    .where(
      and(
        eq(submissions.assignmentId, g.assignmentId),
        eq(submissions.studentId, g.studentId),
        g.seenFileId === undefined ? undefined : eq(submissions.fileId, g.seenFileId),
        sql`exists (${member})`,
      ),
    )
    .returning({ id: submissions.id });
  if (done.length) return 'graded';
  const [why] = await db
    .select({ fileId: submissions.fileId })
    .from(students)
    .leftJoin(submissions, and(eq(submissions.studentId, students.userId), eq(submissions.assignmentId, g.assignmentId)))
    .where(and(eq(students.userId, g.studentId), eq(students.rombelClassId, g.rombelId)));
  if (!why) return 'not-in-class';
  return why.fileId === null ? 'not-submitted' : 'file-changed';
}
