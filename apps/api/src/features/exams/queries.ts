/**
 * Exam mode in SQL (issue 41): the proctor board (one statement whatever the class size), the leave
 * log, the proctor's actions on a student's open attempt, and the per-student overrides.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ProctorRow, QuizOverride as QuizOverrideView, QuizOverrideBody } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { quizAttemptLeaves, quizAttempts, quizOverrides, quizzes, students, users } from '../../db/schema.js';
import type { Quiz, QuizAttempt } from '../../access/quizzes.js';
import { closeAttemptIn } from '../quizzes/attempts.js';
import { newExamSecret } from './token.js';

const iso = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());

/** At most this many leave rows are kept per attempt (the count goes on): a script firing leaves cannot grow the table. */
export const LEAVE_ROWS_MAX = 200;

/** The quiz's token secret, made (once, whoever asks first) when it has none yet. */
export async function examSecretOf(db: Db, quiz: Quiz): Promise<string> {
  if (quiz.examSecret) return quiz.examSecret;
  const [row] = await db
    .update(quizzes)
    .set({ examSecret: sql`coalesce(${quizzes.examSecret}, ${newExamSecret()})` })
    .where(eq(quizzes.id, quiz.id))
    .returning({ secret: quizzes.examSecret });
  return row!.secret!;
}

interface BoardRow {
  id: number;
  name: string;
  nis: string | null;
  attempt_id: number | null;
  started_at: Date | string | null;
  due_at: Date | string | null;
  finished_at: Date | string | null;
  question_count: number | null;
  answered: number | null;
  leave_count: number | null;
  last_left_at: Date | string | null;
  away: boolean | null;
  extra_minutes: number | null;
  session_id: number | null;
  has_override: boolean;
}

const toRow = (r: BoardRow): ProctorRow => ({
  student: { id: r.id, name: r.name, nis: r.nis },
  state: r.attempt_id === null ? 'not_started' : r.finished_at === null ? 'working' : 'submitted',
  attempt_id: r.attempt_id,
  started_at: iso(r.started_at),
  due_at: iso(r.due_at),
  finished_at: iso(r.finished_at),
  answered: r.answered ?? 0,
  question_count: r.question_count ?? 0,
  leave_count: r.leave_count ?? 0,
  last_left_at: iso(r.last_left_at),
  away: r.finished_at === null && r.away === true,
  extra_minutes: r.extra_minutes ?? 0,
  bound: r.finished_at === null && r.session_id !== null,
  has_override: r.has_override,
});

/**
 * The board's rows: every student of the rombel by name (or one student), each with their open
 * attempt or else their last one: progress, due time, leaves (away: the last leave has no return),
 * extra minutes, whether it is bound to a session, and whether they have an override. One statement.
 */
export async function boardRows(db: Executor, quizId: number, rombelClassId: number, studentId?: number): Promise<ProctorRow[]> {
  const result = (await db.execute(sql`
    select s.user_id as id, u.name, s.nis,
           a.id as attempt_id, a.started_at, a.due_at, a.finished_at, a.leave_count, a.last_left_at, a.extra_minutes, a.session_id,
           case when a.id is null then null else jsonb_array_length(a.layout) end as question_count,
           (select count(*)::int from quiz_answers qa where qa.attempt_id = a.id and qa.answer <> 'null'::jsonb) as answered,
           (select l.back_at is null from quiz_attempt_leaves l where l.attempt_id = a.id order by l.id desc limit 1) as away,
           exists (select 1 from quiz_overrides o where o.quiz_id = ${quizId} and o.student_id = s.user_id) as has_override
      from students s
      join lateral (select x.name from users x where x.id = s.user_id limit 1) u on true
      left join lateral (
        select * from quiz_attempts x where x.quiz_id = ${quizId} and x.student_id = s.user_id
         order by (x.finished_at is null) desc, x.number desc limit 1) a on true
     where s.rombel_class_id = ${rombelClassId} and (${studentId ?? null}::int is null or s.user_id = ${studentId ?? null}::int)
     order by lower(u.name), s.user_id`)) as unknown as { rows: BoardRow[] };
  return result.rows.map(toRow);
}

/** The student, when they are of the rombel (the proctor's actions and overrides reach only them); null otherwise. */
export async function inRombel(db: Executor, studentId: number, rombelClassId: number): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.userId, studentId), eq(students.rombelClassId, rombelClassId)))
    .limit(1);
  return row ?? null;
}

/** The leaves of the student's open or last attempt, oldest first. */
export async function leavesOf(db: Db, quizId: number, studentId: number) {
  const rows = await db
    .select({ left_at: quizAttemptLeaves.leftAt, back_at: quizAttemptLeaves.backAt })
    .from(quizAttemptLeaves)
    .where(
      eq(
        quizAttemptLeaves.attemptId,
        sql`(select x.id from quiz_attempts x where x.quiz_id = ${quizId} and x.student_id = ${studentId}
              order by (x.finished_at is null) desc, x.number desc limit 1)`,
      ),
    )
    .orderBy(asc(quizAttemptLeaves.leftAt), asc(quizAttemptLeaves.id));
  return rows.map((r) => ({ left_at: r.left_at.toISOString(), back_at: iso(r.back_at) }));
}

export type ProctorAction = 'reset_login' | 'add_time' | 'force_submit';

/**
 * The student's open attempt, locked (FOR UPDATE), for a proctor's action; one whose time has run
 * out is closed first and counts as none. Null when nothing is open.
 */
export async function lockOpenAttempt(tx: Executor, quizId: number, studentId: number): Promise<QuizAttempt | null> {
  const [open] = await tx
    .select({ attempt: quizAttempts, overdue: sql<boolean>`coalesce(${quizAttempts.dueAt} <= now(), false)` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId), isNull(quizAttempts.finishedAt)))
    .for('update');
  if (!open) return null;
  if (open.overdue) {
    await closeAttemptIn(tx, open.attempt.id);
    return null;
  }
  return open.attempt;
}

/** Applies one proctor action to a locked open attempt. */
export async function applyAction(tx: Executor, attempt: QuizAttempt, action: ProctorAction, minutes = 0): Promise<void> {
  if (action === 'force_submit') {
    await closeAttemptIn(tx, attempt.id);
    return;
  }
  await tx
    .update(quizAttempts)
    .set(
      action === 'reset_login'
        ? { sessionId: null }
        : {
            // Past the quiz's closing time too: the due time alone bounds the saves of this attempt.
            dueAt: sql`${quizAttempts.dueAt} + make_interval(mins => ${minutes}::int)`,
            extraMinutes: sql`${quizAttempts.extraMinutes} + ${minutes}::int`,
          },
    )
    .where(eq(quizAttempts.id, attempt.id));
}

// ---------------------------------------------------------------- overrides

type OverrideRow = typeof quizOverrides.$inferSelect & { name: string; nis: string | null };

export const toOverride = (o: OverrideRow): QuizOverrideView => ({
  student: { id: o.studentId, name: o.name, nis: o.nis },
  opens_at: iso(o.opensAt),
  closes_at: iso(o.closesAt),
  time_limit_minutes: o.timeLimitMinutes,
  extra_attempts: o.extraAttempts,
  updated_at: o.updatedAt.toISOString(),
});

/** The quiz's overrides (or one student's), by the student's name. */
export async function overridesOf(db: Executor, quizId: number, studentId?: number): Promise<OverrideRow[]> {
  const rows = await db
    .select({ o: quizOverrides, name: users.name, nis: students.nis })
    .from(quizOverrides)
    .innerJoin(users, eq(users.id, quizOverrides.studentId))
    .leftJoin(students, eq(students.userId, quizOverrides.studentId))
    .where(and(eq(quizOverrides.quizId, quizId), studentId === undefined ? undefined : eq(quizOverrides.studentId, studentId)))
    .orderBy(asc(sql`lower(${users.name})`), asc(quizOverrides.studentId));
  return rows.map((r) => ({ ...r.o, name: r.name, nis: r.nis }));
}

/** The override's columns from the body (absent fields: none). */
export const overrideValues = (b: QuizOverrideBody) => ({
  opensAt: b.opens_at ? new Date(b.opens_at as string) : null,
  closesAt: b.closes_at ? new Date(b.closes_at as string) : null,
  timeLimitMinutes: (b.time_limit_minutes as number | null | undefined) ?? null,
  extraAttempts: (b.extra_attempts as number | undefined) ?? 0,
});

/** Writes (inserts or replaces) one student's override. */
export async function upsertOverride(
  tx: Executor,
  quizId: number,
  studentId: number,
  createdBy: number,
  v: ReturnType<typeof overrideValues>,
): Promise<void> {
  await tx
    .insert(quizOverrides)
    .values({ quizId, studentId, createdBy, ...v })
    .onConflictDoUpdate({ target: [quizOverrides.quizId, quizOverrides.studentId], set: { ...v, updatedAt: sql`now()` } });
}

/** Deletes one student's override; false when there was none. */
export async function deleteOverride(tx: Executor, quizId: number, studentId: number): Promise<boolean> {
  const gone = await tx
    .delete(quizOverrides)
    .where(and(eq(quizOverrides.quizId, quizId), eq(quizOverrides.studentId, studentId)))
    .returning({ id: quizOverrides.studentId });
  return gone.length > 0;
}

// ---------------------------------------------------------------- leaves

/**
 * A leave or a return of an open attempt, in one statement. A leave counts when the last one is
 * at least EXAM_LEAVE_DEBOUNCE_SECONDS old (concurrent ones wait on the row and then find the fresh
 * time: one counts); a counted leave adds a row to the log while it holds fewer than LEAVE_ROWS_MAX.
 * A return closes the last open leave. Returns the count and whether this call changed anything.
 */
export async function recordEvent(
  tx: Executor,
  attemptId: number,
  kind: 'leave' | 'back',
  debounceSeconds: number,
): Promise<{ leaveCount: number; changed: boolean }> {
  const result = (await tx.execute(
    kind === 'leave'
      ? sql`
    with a as (
      update quiz_attempts set leave_count = leave_count + 1, last_left_at = now()
       where id = ${attemptId} and finished_at is null
         and (last_left_at is null or last_left_at <= now() - make_interval(secs => ${debounceSeconds}::int))
       returning id, leave_count),
    ins as (insert into quiz_attempt_leaves (attempt_id, left_at) select id, now() from a where a.leave_count <= ${LEAVE_ROWS_MAX})
    select coalesce((select leave_count from a), 0) as n, exists (select 1 from a) as changed`
      : sql`
    with b as (
      update quiz_attempt_leaves set back_at = now()
       where id = (select max(l.id) from quiz_attempt_leaves l where l.attempt_id = ${attemptId}) and back_at is null
       returning id)
    select (select leave_count from quiz_attempts where id = ${attemptId}) as n, exists (select 1 from b) as changed`,
  )) as unknown as { rows: Array<{ n: number; changed: boolean }> };
  const row = result.rows[0]!;
  const changed = row.changed === true || (row.changed as unknown) === 't';
  if (changed || kind === 'back') return { leaveCount: Number(row.n), changed };
  // Debounced: a concurrent leave may have counted after this statement's snapshot; read the count it left.
  const [now] = await tx.select({ n: quizAttempts.leaveCount }).from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return { leaveCount: now?.n ?? Number(row.n), changed };
}
