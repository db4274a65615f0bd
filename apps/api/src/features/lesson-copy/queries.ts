import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assignments, lessons, forums, materials, onlineClasses, quizSlots, quizzes } from '../../db/schema.js';
import type { Content, OnlineClass } from '../../access/index.js';
import { classOfContent, insertLesson } from '../lessons/queries.js';
import { copiedValues, copyLists, type RowPlan } from './columns.js';

/** An instant moved by the copy's `shift_days` (null stays null). */
const shifted = (column: SQL, days: number) => sql`${column} + make_interval(days => ${days}::int)`;

/**
 * Copies the materials, forums, assignments and quizzes of contents along `pairs` (a select of
 * old_id, new_id content ids): four insert … select statements whatever their number. Materials keep
 * their stored file (shared, never duplicated) or their link; forums keep topic and description
 * (no comments); assignments keep title and description with deadline, closing time and schedule
 * moved by `days` (no submissions, no extensions). Places and visibility are kept; the copies'
 * author is the teacher who copies. Every other column is copied as it is: the column lists come
 * from the schema (columns.ts), so a new column must be named in these plans.
 */
async function copyItems(tx: Executor, pairs: SQL, days: number, authorId: number): Promise<void> {
  const author = sql`${authorId}::int`;
  const m = copyLists(materials, 'm', {
    ...{ id: 'fresh', createdAt: 'fresh', updatedAt: 'fresh', announcedAt: 'fresh', lessonId: sql`p.new_id` },
    ...{ title: 'copy', fileId: 'copy', url: 'copy', position: 'copy', hidden: 'copy' },
    publishAt: shifted(sql`m.publish_at`, days),
  });
  await tx.execute(sql`
    insert into materials (${m.columns})
    select ${m.values}
    from materials m join (${pairs}) p on p.old_id = m.content_id
    order by p.new_id, m.position, m.id`);
  const f = copyLists(forums, 'f', {
    ...{ id: 'fresh', createdAt: 'fresh', updatedAt: 'fresh', lessonId: sql`p.new_id`, authorId: author },
    ...{ topic: 'copy', description: 'copy', position: 'copy', hidden: 'copy' },
    publishAt: shifted(sql`f.publish_at`, days),
  });
  await tx.execute(sql`
    insert into forums (${f.columns})
    select ${f.values}
    from forums f join (${pairs}) p on p.old_id = f.content_id
    order by p.new_id, f.position, f.id`);
  const a = copyLists(assignments, 'a', {
    ...{ id: 'fresh', createdAt: 'fresh', updatedAt: 'fresh', lessonId: sql`p.new_id`, announcedAt: 'fresh', authorId: author },
    onlineClassId: classOfContent(sql`p.new_id`),
    ...{ title: 'copy', description: 'copy', position: 'copy', hidden: 'copy', rubricId: 'copy' },
    // The grade category is the target class's own: the copy starts in its first category.
    categoryId: 'fresh',
    deadline: shifted(sql`a.deadline`, days),
    closesAt: shifted(sql`a.closes_at`, days),
    publishAt: shifted(sql`a.publish_at`, days),
  });
  await tx.execute(sql`
    insert into assignments (${a.columns})
    select ${a.values}
    from assignments a join (${pairs}) p on p.old_id = a.content_id
    order by p.new_id, a.position, a.id`);
  await copyQuizzes(tx, pairs, days, author);
}

/**
 * Quizzes with their settings and questions (the same questions of the teacher's bank, or the
 * same draws from its categories); open and close times and the schedule move by `days`. No
 * attempts. Each copy's id is drawn first, so its slots can name it in the same statement.
 */
async function copyQuizzes(tx: Executor, pairs: SQL, days: number, author: SQL): Promise<void> {
  const q = copyLists(quizzes, 'src', {
    ...{
      id: sql`new_quiz_id`,
      createdAt: 'fresh',
      updatedAt: 'fresh',
      announcedAt: 'fresh',
      lessonId: sql`new_content_id`,
      authorId: author,
    },
    ...{ title: 'copy', description: 'copy', timeLimitMinutes: 'copy', attemptsAllowed: 'copy', gradingMethod: 'copy' },
    ...{ shuffleQuestions: 'copy', shuffleOptions: 'copy', onePerPage: 'copy', showResults: 'copy', showReview: 'copy' },
    ...{ position: 'copy', hidden: 'copy', categoryId: 'fresh' },
    // Issue 41: exam mode is copied; the copy gets its own token secret when it is first asked for.
    ...{ examMode: 'copy', examLeaveLimit: 'copy', examSecret: 'fresh' },
    opensAt: shifted(sql`src.opens_at`, days),
    closesAt: shifted(sql`src.closes_at`, days),
    publishAt: shifted(sql`src.publish_at`, days),
  });
  const s = copyLists(quizSlots, 's', {
    ...{ id: 'fresh', quizId: sql`src.new_quiz_id` },
    ...{ position: 'copy', questionId: 'copy', categoryId: 'copy', pickCount: 'copy' },
  });
  await tx.execute(sql`
    with src as materialized (
      select q.*, p.new_id as new_content_id, nextval(pg_get_serial_sequence('quizzes', 'id'))::int as new_quiz_id
      from quizzes q join (${pairs}) p on p.old_id = q.content_id
    ), copied as (
      insert into quizzes (${q.columns})
      select ${q.values}
      from src order by new_quiz_id
    )
    insert into quiz_slots (${s.columns})
    select ${s.values}
    from quiz_slots s join src on src.id = s.quiz_id
    order by src.new_quiz_id, s.position`);
}

export interface CopyOptions {
  /** Days every deadline, closing time and schedule moves (negative: earlier). */
  shiftDays: number;
  /** The teacher who copies: the author of the copied forums and assignments. */
  authorId: number;
}

/**
 * A content copied on its own: insertContent gives it the target class and that class's next
 * number and place; the schedule moves. insertContent writes the copied columns (title,
 * description, hidden): a column copied here must be written there too (test/lesson-copy-columns.test.ts).
 */
export const CONTENT_ALONE = {
  ...{ id: 'fresh', createdAt: 'fresh', updatedAt: 'fresh', onlineClassId: 'set', number: 'set', position: 'set' },
  ...{ title: 'copy', description: 'copy', hidden: 'copy', publishAt: 'set' },
} as const satisfies RowPlan<typeof lessons>;

/**
 * "Salin ke kelas lain": the content with everything under it at the end of the target class,
 * with the target's next "Pembelajaran N". Run inside a transaction.
 */
export async function copyLesson(tx: Executor, source: Content, targetClassId: number, o: CopyOptions): Promise<Content> {
  const publishAt = source.publishAt && new Date(source.publishAt.getTime() + o.shiftDays * 24 * 3600 * 1000);
  const copy = await insertLesson(tx, targetClassId, { ...copiedValues(lessons, CONTENT_ALONE, source), publishAt });
  await copyItems(tx, sql`select ${source.id}::int as old_id, ${copy.id}::int as new_id`, o.shiftDays, o.authorId);
  return copy;
}

export interface ClassCopyValues extends CopyOptions {
  name: string;
  rombelClassId: number;
}

/** A class copied: the new name, rombel and teacher; not archived; in the active semester (the insert's default). */
export const CLASS_COPY = {
  ...{ id: 'fresh', createdAt: 'fresh', updatedAt: 'fresh', archivedAt: 'fresh', semesterId: 'fresh' },
  ...{ name: 'set', rombelClassId: 'set', teacherId: 'set', description: 'copy' },
} as const satisfies RowPlan<typeof onlineClasses>;

/**
 * "Salin kelas": a new class of the teacher for the given rombel with the source's description
 * and every content (same number and place) with everything under it. Six statements whatever
 * the size of the class; run inside a transaction. Announcements stay with their class.
 */
export async function copyClass(tx: Executor, source: OnlineClass, v: ClassCopyValues): Promise<number> {
  const [klass] = await tx
    .insert(onlineClasses)
    .values({ ...copiedValues(onlineClasses, CLASS_COPY, source), name: v.name, rombelClassId: v.rombelClassId, teacherId: v.authorId })
    .returning({ id: onlineClasses.id });
  const id = klass!.id;
  const c = copyLists(lessons, 'c', {
    ...{ id: 'fresh', createdAt: 'fresh', updatedAt: 'fresh', onlineClassId: sql`${id}::int` },
    ...{ number: 'copy', position: 'copy', title: 'copy', description: 'copy', hidden: 'copy' },
    publishAt: shifted(sql`c.publish_at`, v.shiftDays),
  });
  await tx.execute(sql`
    insert into contents (${c.columns})
    select ${c.values}
    from contents c where c.online_class_id = ${source.id}
    order by c.position, c.id`);
  // Old and new contents pair up by their number, unique within a class.
  const pairs = sql`select o.id as old_id, n.id as new_id from contents o
    join contents n on n.online_class_id = ${id}::int and n.number = o.number
    where o.online_class_id = ${source.id}::int`;
  await copyItems(tx, pairs, v.shiftDays, v.authorId);
  return id;
}
