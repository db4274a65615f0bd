/**
 * Issue 41: the quizzes of "Tugas Saya" and "Nilai Saya" (the student's own pages, and a parent's of
 * their child). A quiz is to do until the student has a finished attempt (done); once it has closed
 * for this student (an override moves the closing time) without one it is missed (the "late" tab,
 * as an assignment never handed in). Its score is the counting attempt's grade (the quiz's grading
 * method), shown only where show_results lets the student see it, as the quiz page decides.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { GRADING_STATUS, gradingStatus, type MyWorkItem } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { lessons, onlineClasses, quizAttempts, quizOverrides, quizzes, students } from '../../db/schema.js';
import { ownOverride, quizShownToStudents, withOverride } from '../../access/quizzes.js';
import { inStudentsRombel } from '../../access/index.js';
import { countingAttempt, gradeOf } from '../quizzes/grading.js';
import { resultsVisible } from '../quizzes/present.js';

/** A finished attempt as the lateral subquery lists it (what the counting grade is chosen from). */
interface FinishedAttempt {
  id: number;
  number: number;
  score: number | null;
  maxScore: number;
}

/** The student's finished attempts of the quiz (a lateral subquery): as a list, and when the last one finished. */
const finishedAttemptsOf = (db: Executor, studentId: number) =>
  db
    .select({
      attempts: sql<FinishedAttempt[]>`coalesce(json_agg(json_build_object(
        'id', ${quizAttempts.id}, 'number', ${quizAttempts.number}, 'score', ${quizAttempts.score}, 'maxScore', ${quizAttempts.maxScore}
      ) order by ${quizAttempts.number}), '[]'::json)`.as('attempts'),
      lastFinished: sql<string | null>`to_char(max(${quizAttempts.finishedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'last_finished',
      ),
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizzes.id), eq(quizAttempts.studentId, studentId), sql`${quizAttempts.finishedAt} is not null`))
    .as('fa');

/**
 * The quizzes the student may reach (access/quizzes.ts: a class of their rombel not archived, content
 * and quiz shown now), by class name then closing time, with the student's override, finished
 * attempts and the database's clock. One query.
 */
export function quizWorkOfStudent(db: Executor, studentId: number) {
  const fa = finishedAttemptsOf(db, studentId);
  return db
    .select({
      quiz: quizzes,
      classId: onlineClasses.id,
      className: onlineClasses.name,
      // Flat, not an object: drizzle nulls a left-joined object whose first field is null.
      ownOpensAt: quizOverrides.opensAt,
      ownClosesAt: quizOverrides.closesAt,
      ownTimeLimit: quizOverrides.timeLimitMinutes,
      ownExtraAttempts: quizOverrides.extraAttempts,
      attempts: fa.attempts,
      lastFinished: fa.lastFinished,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .innerJoin(students, inStudentsRombel({ id: studentId }))
    .leftJoin(quizOverrides, ownOverride({ id: studentId }))
    .innerJoinLateral(fa, sql`true`)
    .where(quizShownToStudents())
    .orderBy(asc(onlineClasses.name), sql`${quizzes.closesAt} asc nulls last`, asc(quizzes.id));
}
export type QuizWorkRow = Awaited<ReturnType<typeof quizWorkOfStudent>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A quiz as a piece of the student's work (see the file's header). */
export function toQuizWorkItem(r: QuizWorkRow): MyWorkItem {
  const { now } = r;
  // The quiz as this student has it: their own dates decide "closed" and "results after close", as on the quiz page.
  const quiz = withOverride(
    r.quiz,
    r.ownExtraAttempts === null
      ? null
      : { opensAt: r.ownOpensAt, closesAt: r.ownClosesAt, timeLimitMinutes: r.ownTimeLimit, extraAttempts: r.ownExtraAttempts },
  );
  const { closesAt, opensAt } = quiz;
  const finished = r.attempts.length > 0;
  const visible = resultsVisible(quiz, now);
  const counting = countingAttempt(
    r.attempts.map((a) => ({ ...a, finishedAt: now })),
    quiz.gradingMethod,
  );
  const grade = counting ? gradeOf(counting.score, counting.maxScore) : null;
  const score = visible ? grade : null;
  const closed = closesAt !== null && closesAt.getTime() <= now.getTime();
  return {
    kind: 'quiz',
    id: quiz.id,
    title: quiz.title,
    content_id: quiz.lessonId,
    online_class: { id: r.classId, name: r.className },
    deadline: iso(closesAt),
    closes_at: iso(closesAt),
    extended: r.ownClosesAt !== null,
    opens_at: opensAt !== null && opensAt.getTime() > now.getTime() ? opensAt.toISOString() : null,
    results_visible: visible,
    state: finished ? 'done' : closed ? 'late' : 'todo',
    // A quiz is never handed in late: it closes.
    status_id: finished ? 2 : 1,
    grading_status: finished && !visible ? GRADING_STATUS.quizDone : gradingStatus(finished, score),
    submitted_at: r.lastFinished,
    score,
    last_score: null,
    feedback: null,
    returned_at: null,
  };
}
