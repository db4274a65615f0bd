/**
 * Who may reach a quiz and its attempts (issue 25). Each loader checks the whole chain in one
 * query (class → content → quiz → attempt) and throws 404 when the object is outside the caller's
 * reach: a teacher reaches the quizzes of their own classes; a student the quizzes of a class of
 * their rombel that they may see now (content and quiz shown), and only their own attempts. An
 * archived class is read-only for its teacher (409 on a write) and gone for its students.
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { CLASS_MSG, EXAM_MSG } from '@kelasku/contract';
import type { Db } from '../db/client.js';
import { lessons, onlineClasses, questions, quizAttempts, quizOverrides, quizzes, students } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import type { AuthUser } from '../types.js';
import { visibleNow } from './visibility.js';
import { teachesClass } from './teaching.js';
import { inStudentsRombel, type Content, type Intent, type OnlineClass } from './index.js';

export type Quiz = typeof quizzes.$inferSelect;
export type QuizAttempt = typeof quizAttempts.$inferSelect;
export type QuizOverride = typeof quizOverrides.$inferSelect;

/**
 * Issue 41: the quiz as one student has it, with their override (if any) applied: their own opening
 * and closing time, time limit, and extra attempts on top of a limited number. Every rule of the
 * student's side (the quiz page, the start, the due time, the review's "after close") reads this.
 */
export function withOverride(
  quiz: Quiz,
  o: Pick<QuizOverride, 'opensAt' | 'closesAt' | 'timeLimitMinutes' | 'extraAttempts'> | null,
): Quiz {
  if (!o) return quiz;
  return {
    ...quiz,
    opensAt: o.opensAt ?? quiz.opensAt,
    closesAt: o.closesAt ?? quiz.closesAt,
    timeLimitMinutes: o.timeLimitMinutes ?? quiz.timeLimitMinutes,
    attemptsAllowed: quiz.attemptsAllowed === 0 ? 0 : quiz.attemptsAllowed + o.extraAttempts,
  };
}

/** The signed-in student's override of the quiz (a left-join condition). */
export const ownOverride = (user: { id: number | Placeholder }) =>
  and(eq(quizOverrides.quizId, quizzes.id), eq(quizOverrides.studentId, user.id));

/**
 * Issue 41: an open attempt of an exam-mode quiz is continued only by the session that started it
 * (403 otherwise, also after the proctor's reset until a new start binds it). A finished attempt,
 * and any attempt of a quiz not in exam mode, may be read from anywhere.
 */
export function assertOwnSession(quiz: Quiz, attempt: QuizAttempt, user: Pick<AuthUser, 'tokenId'>): void {
  if (quiz.examMode && attempt.finishedAt === null && attempt.sessionId !== user.tokenId) throw forbidden(EXAM_MSG.otherDevice);
}

export interface QuizPath {
  classId: number;
  lessonId: number;
  quizId: number;
}

/** A quiz of a content of one of the teacher's classes; an archived class only to read. */
export async function quizForTeacher(
  db: Db,
  user: AuthUser,
  path: QuizPath,
  intent: Intent,
): Promise<{ klass: OnlineClass; content: Content; quiz: Quiz }> {
  const [found] = await db
    .select({ klass: onlineClasses, content: lessons, quiz: quizzes })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .where(and(eq(quizzes.id, path.quizId), eq(lessons.id, path.lessonId), eq(onlineClasses.id, path.classId), teachesClass(user.id)))
    .limit(1);
  if (!found) throw notFound();
  if (found.klass.archivedAt !== null && intent === 'write') throw conflict(CLASS_MSG.classArchived);
  return found;
}

/**
 * A quiz the student may see now: in a current class of their rombel, its content and itself shown;
 * with the student's override applied (withOverride). `now` is the database's clock (every rule of
 * the quiz's window is judged on it).
 */
export async function quizForStudent(db: Db, user: AuthUser, path: QuizPath): Promise<{ klass: OnlineClass; quiz: Quiz; now: Date }> {
  const [found] = await db
    .select({
      klass: onlineClasses,
      quiz: quizzes,
      override: quizOverrides,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .innerJoin(students, inStudentsRombel(user))
    .leftJoin(quizOverrides, ownOverride(user))
    .where(quizOnPath(path))
    .limit(1);
  if (!found) throw notFound();
  return { klass: found.klass, quiz: withOverride(found.quiz, found.override), now: found.now };
}

/**
 * A quiz its class's students may reach now (a select over quizzes, contents and online_classes):
 * of a class not archived, its content and itself shown. Also the student dashboard's list.
 */
export const quizShownToStudents = () => and(sql`${onlineClasses.archivedAt} is null`, visibleNow(lessons, quizzes));

/** The quiz the path names, in its content and class, of a class not archived, shown to students now. */
const quizOnPath = (path: QuizPath) =>
  and(eq(quizzes.id, path.quizId), eq(lessons.id, path.lessonId), eq(onlineClasses.id, path.classId), quizShownToStudents());

/** The question a path names, as the attempt routes need it (with its key: it never leaves the server from here). */
export type AttemptQuestion = Pick<typeof questions.$inferSelect, 'id' | 'type' | 'points' | 'data'>;

/**
 * One of the student's own attempts of a quiz they may see now (quizForStudent's rule), with the
 * quiz, the database's clock and, when `questionId` is given, that question (null when there is
 * none; whether it belongs to the attempt is the attempt's layout to say), the student's override
 * applied. One query: the answer saves of an exam run through here.
 */
export async function attemptForStudent(
  db: Db,
  user: AuthUser,
  path: QuizPath & { attemptId: number },
  questionId?: number,
): Promise<{ quiz: Quiz; attempt: QuizAttempt; now: Date; question: AttemptQuestion | null }> {
  const [found] = await db
    .select({
      quiz: quizzes,
      attempt: quizAttempts,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
      question: { id: questions.id, type: questions.type, points: questions.points, data: questions.data },
      override: quizOverrides,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .innerJoin(students, inStudentsRombel(user))
    .leftJoin(questions, eq(questions.id, questionId ?? -1))
    .leftJoin(quizOverrides, ownOverride(user))
    .where(and(eq(quizAttempts.id, path.attemptId), eq(quizAttempts.studentId, user.id), quizOnPath(path)))
    .limit(1);
  if (!found) throw notFound();
  const quiz = withOverride(found.quiz, found.override);
  return { quiz, attempt: found.attempt, now: found.now, question: found.question?.id ? found.question : null };
}

/** An attempt of a quiz the teacher reaches (quizForTeacher first). */
export async function attemptOfQuiz(db: Db, quiz: Quiz, attemptId: number): Promise<QuizAttempt> {
  const [found] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.quizId, quiz.id)))
    .limit(1);
  if (!found) throw notFound();
  return found;
}
