import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { assignmentExtensions, students, submissionComments, submissions, users } from '../../db/schema.js';
import type { RubricMark } from '../../db/schema/assignments.js';
import type { OnlineClass } from '../../access/index.js';
import { filesOfSubmissions } from '../submissions/queries.js';

/** The teacher's three grading columns (DECISIONS): Ditugaskan, Diserahkan, Dinilai. */
export type GradingState = 'unsubmitted' | 'ungrading' | 'graded';

const stateFilter: Record<GradingState, SQL> = {
  // Nothing handed in now: no row, or work kept after "Batalkan pengiriman".
  unsubmitted: and(isNull(submissions.submittedAt), isNull(submissions.score))!,
  ungrading: and(isNotNull(submissions.submittedAt), isNull(submissions.score))!,
  graded: isNotNull(submissions.score),
};

/**
 * Who counts as a student of the class for grading: the students of its rombel; in an archived
 * class (the rombel now holds another year's students) those who handed in, wherever the
 * promotion moved them.
 */
export const inClass = (klass: Pick<OnlineClass, 'rombelClassId' | 'archivedAt'>) =>
  klass.archivedAt ? isNotNull(submissions.id) : eq(students.rombelClassId, klass.rombelClassId);

export const gradingSelect = (db: Executor, assignmentId: number, where: SQL | undefined) =>
  db
    .select({
      id: users.id,
      name: users.name,
      nis: students.nis,
      avatar: users.avatarFileId,
      submission: submissions,
      extDeadline: assignmentExtensions.deadline,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(submissions, and(eq(submissions.studentId, students.userId), eq(submissions.assignmentId, assignmentId)))
    .leftJoin(
      assignmentExtensions,
      and(eq(assignmentExtensions.studentId, students.userId), eq(assignmentExtensions.assignmentId, assignmentId)),
    )
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));

/**
 * Students of the class in one grading column, by name, each with their work and its current
 * files (`only`: just that student). Two queries whatever the number of students.
 */
export async function assignmentStudents(
  db: Executor,
  assignmentId: number,
  klass: Pick<OnlineClass, 'rombelClassId' | 'archivedAt'>,
  state: GradingState,
  only?: number,
) {
  const rows = await gradingSelect(
    db,
    assignmentId,
    and(inClass(klass), stateFilter[state], only === undefined ? undefined : eq(students.userId, only)),
  );
  const files = await filesOfSubmissions(
    db,
    rows.flatMap((r) => (r.submission ? [r.submission.id] : [])),
    true,
  );
  return rows.map((r) => ({ ...r, files: files.filter((f) => f.submissionId === r.submission?.id) }));
}
export type GradingRow = Awaited<ReturnType<typeof assignmentStudents>>[number];

/** A student of the class (see inClass) with the neighbours by name among those who handed in; null when not in the class. */
export async function studentInClass(db: Executor, assignmentId: number, klass: OnlineClass, studentId: number) {
  const roster = await db
    .select({ id: users.id, name: users.name, nis: students.nis, avatar: users.avatarFileId, handedIn: isNotNull(submissions.submittedAt) })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(submissions, and(eq(submissions.studentId, students.userId), eq(submissions.assignmentId, assignmentId)))
    .where(and(inClass(klass), or(isNotNull(submissions.submittedAt), isNotNull(submissions.score), eq(students.userId, studentId))))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const at = roster.findIndex((r) => r.id === studentId);
  if (at < 0) return null;
  const others = (from: number, step: number) => {
    for (let i = from; i >= 0 && i < roster.length; i += step) if (roster[i]!.id !== studentId) return roster[i]!.id;
    return null;
  };
  return { student: roster[at]!, previousId: others(at - 1, -1), nextId: others(at + 1, 1) };
}

/** True when the student belongs to the class's rombel (extensions and comments are for them). */
export async function isStudentOfRombel(db: Executor, rombelId: number, studentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: students.userId })
    .from(students)
    .where(and(eq(students.userId, studentId), eq(students.rombelClassId, rombelId)));
  return rows.length > 0;
}

export type GradeOutcome = 'graded' | 'not-in-class' | 'not-submitted' | 'changed';

const member = (db: Executor, rombelId: number) =>
  db
    .select({ one: sql`1` })
    .from(students)
    .where(and(eq(students.userId, submissions.studentId), eq(students.rombelClassId, rombelId)));

/** Why an UPDATE of a student's submission matched nothing. */
async function whyNot(db: Executor, assignmentId: number, rombelId: number, studentId: number) {
  const [why] = await db
    .select({ submission: submissions })
    .from(students)
    .leftJoin(submissions, and(eq(submissions.studentId, students.userId), eq(submissions.assignmentId, assignmentId)))
    .where(and(eq(students.userId, studentId), eq(students.rombelClassId, rombelId)));
  return why ? { inClass: true as const, submission: why.submission } : { inClass: false as const, submission: null };
}

/**
 * Grades the handed-in work of a student of the class's rombel with a score and feedback. One
 * UPDATE decides it under the row's lock: a hand-in or unsubmit racing it either commits first
 * (then `revision` no longer matches the one the teacher saw and nothing is graded) or waits and
 * then finds the score set (and refuses, see writeHandIn). A grade therefore never lands on work
 * the teacher did not see, and no version is lost.
 */
export async function gradeSubmission(
  db: Executor,
  g: {
    assignmentId: number;
    rombelId: number;
    studentId: number;
    score: number;
    feedback: string | null;
    seenRevision?: number;
    /** Rubric grading (issue 39): the marks per criterion the score was computed from; null: none. */
    rubricMarks?: RubricMark[] | null;
  },
): Promise<GradeOutcome> {
  const done = await db
    .update(submissions)
    // last_score follows every grade: it is what stays while returned work waits for a new one.
    .set({ score: g.score, lastScore: g.score, feedback: g.feedback, rubricMarks: g.rubricMarks ?? null, gradedAt: sql`now()` })
    .where(
      and(
        eq(submissions.assignmentId, g.assignmentId),
        eq(submissions.studentId, g.studentId),
        isNotNull(submissions.submittedAt),
        g.seenRevision === undefined ? undefined : eq(submissions.revision, g.seenRevision),
        sql`exists (${member(db, g.rombelId)})`,
      ),
    )
    .returning({ id: submissions.id });
  if (done.length) return 'graded';
  const why = await whyNot(db, g.assignmentId, g.rombelId, g.studentId);
  if (!why.inClass) return 'not-in-class';
  if (!why.submission || why.submission.submittedAt === null) return 'not-submitted';
  return 'changed';
}

/** The score and feedback a student's work has now (before a grade changes them); null without a submission. */
export async function currentGrade(db: Executor, assignmentId: number, studentId: number) {
  const [row] = await db
    .select({ score: submissions.score, feedback: submissions.feedback })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)));
  return row ?? null;
}

export type ReturnOutcome = { outcome: 'returned'; score: number } | { outcome: 'not-in-class' | 'ungraded' };

/** "Kembalikan": graded work goes back to the student, who may hand in again; answers the score it went back with. */
export async function returnSubmission(
  db: Executor,
  r: { assignmentId: number; rombelId: number; studentId: number },
): Promise<ReturnOutcome> {
  const [done] = await db
    .update(submissions)
    .set({ returnedAt: sql`now()` })
    .where(
      and(
        eq(submissions.assignmentId, r.assignmentId),
        eq(submissions.studentId, r.studentId),
        isNotNull(submissions.score),
        sql`exists (${member(db, r.rombelId)})`,
      ),
    )
    .returning({ score: submissions.score });
  if (done) return { outcome: 'returned', score: done.score! };
  const why = await whyNot(db, r.assignmentId, r.rombelId, r.studentId);
  return { outcome: why.inClass ? 'ungraded' : 'not-in-class' };
}

/**
 * "Kembalikan semua yang sudah dinilai": every graded, not yet returned work of the students of the
 * class's rombel goes back in one UPDATE; answers who got theirs back, with the score.
 */
export async function returnAllGraded(db: Executor, r: { assignmentId: number; rombelId: number }) {
  const rows = await db
    .update(submissions)
    .set({ returnedAt: sql`now()` })
    .where(
      and(
        eq(submissions.assignmentId, r.assignmentId),
        isNotNull(submissions.score),
        isNull(submissions.returnedAt),
        sql`exists (${member(db, r.rombelId)})`,
      ),
    )
    .returning({ studentId: submissions.studentId, score: submissions.score });
  return rows.map((x) => ({ studentId: x.studentId, score: x.score! }));
}

/** The teacher's message of a return, into the private thread of each student named (one INSERT). */
export async function returnMessages(
  db: Executor,
  m: { assignmentId: number; authorId: number; body: string | null | undefined; studentIds: number[] },
): Promise<void> {
  if (!m.body || m.studentIds.length === 0) return;
  await db
    .insert(submissionComments)
    .values(m.studentIds.map((studentId) => ({ assignmentId: m.assignmentId, studentId, authorId: m.authorId, body: m.body! })));
}

export async function setExtension(
  db: Db,
  e: { assignmentId: number; studentId: number; deadline: Date; closesAt: Date | null },
): Promise<void> {
  await db
    .insert(assignmentExtensions)
    .values(e)
    .onConflictDoUpdate({
      target: [assignmentExtensions.assignmentId, assignmentExtensions.studentId],
      set: { deadline: e.deadline, closesAt: e.closesAt },
    });
}

export async function removeExtension(db: Db, assignmentId: number, studentId: number): Promise<void> {
  await db
    .delete(assignmentExtensions)
    .where(and(eq(assignmentExtensions.assignmentId, assignmentId), eq(assignmentExtensions.studentId, studentId)));
}
