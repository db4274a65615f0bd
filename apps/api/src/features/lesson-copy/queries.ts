import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { onlineClasses } from '../../db/schema.js';
import type { Content, OnlineClass } from '../../access/index.js';
import { insertContent } from '../lessons/queries.js';

/** An instant moved by the copy's `shift_days` (null stays null). */
const shifted = (column: SQL, days: number) => sql`${column} + make_interval(days => ${days}::int)`;

/**
 * Copies the materials, forums, assignments and quizzes of contents along `pairs` (a select of
 * old_id, new_id content ids): four insert … select statements whatever their number. Materials keep
 * their stored file (shared, never duplicated) or their link; forums keep topic and description
 * (no comments); assignments keep title and description with deadline, closing time and schedule
 * moved by `days` (no submissions, no extensions). Places and visibility are kept; the copies'
 * author is the teacher who copies.
 */
async function copyItems(tx: Executor, pairs: SQL, days: number, authorId: number): Promise<void> {
  await tx.execute(sql`
    insert into materials (content_id, title, file_id, url, position, hidden, publish_at)
    select p.new_id, m.title, m.file_id, m.url, m.position, m.hidden, ${shifted(sql`m.publish_at`, days)}
    from materials m join (${pairs}) p on p.old_id = m.content_id
    order by p.new_id, m.position, m.id`);
  await tx.execute(sql`
    insert into forums (content_id, author_id, topic, description, position, hidden, publish_at)
    select p.new_id, ${authorId}::int, f.topic, f.description, f.position, f.hidden, ${shifted(sql`f.publish_at`, days)}
    from forums f join (${pairs}) p on p.old_id = f.content_id
    order by p.new_id, f.position, f.id`);
  await tx.execute(sql`
    insert into assignments (content_id, author_id, title, description, deadline, closes_at, position, hidden, publish_at)
    select p.new_id, ${authorId}::int, a.title, a.description, ${shifted(sql`a.deadline`, days)},
      ${shifted(sql`a.closes_at`, days)}, a.position, a.hidden, ${shifted(sql`a.publish_at`, days)}
    from assignments a join (${pairs}) p on p.old_id = a.content_id
    order by p.new_id, a.position, a.id`);
  // Quizzes with their settings and questions (the same questions of the teacher's bank, or the
  // same draws from its categories); open and close times and the schedule move by `days`. No
  // attempts. Each copy's id is drawn first, so its slots can name it in the same statement.
  await tx.execute(sql`
    with src as materialized (
      select q.*, p.new_id as new_content_id, nextval(pg_get_serial_sequence('quizzes', 'id'))::int as new_quiz_id
      from quizzes q join (${pairs}) p on p.old_id = q.content_id
    ), copied as (
      insert into quizzes (id, content_id, author_id, title, description, opens_at, closes_at, time_limit_minutes,
        attempts_allowed, grading_method, shuffle_questions, shuffle_options, one_per_page, show_results, show_review,
        position, hidden, publish_at)
      select new_quiz_id, new_content_id, ${authorId}::int, title, description, ${shifted(sql`opens_at`, days)},
        ${shifted(sql`closes_at`, days)}, time_limit_minutes, attempts_allowed, grading_method, shuffle_questions,
        shuffle_options, one_per_page, show_results, show_review, position, hidden, ${shifted(sql`publish_at`, days)}
      from src order by new_quiz_id
    )
    insert into quiz_slots (quiz_id, position, question_id, category_id, pick_count)
    select src.new_quiz_id, s.position, s.question_id, s.category_id, s.pick_count
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
 * "Salin ke kelas lain": the content with everything under it at the end of the target class,
 * with the target's next "Pembelajaran N". Run inside a transaction.
 */
export async function copyContent(tx: Executor, source: Content, targetClassId: number, o: CopyOptions): Promise<Content> {
  const publishAt = source.publishAt && new Date(source.publishAt.getTime() + o.shiftDays * 24 * 3600 * 1000);
  const copy = await insertContent(tx, targetClassId, {
    title: source.title,
    description: source.description,
    hidden: source.hidden,
    publishAt,
  });
  await copyItems(tx, sql`select ${source.id}::int as old_id, ${copy.id}::int as new_id`, o.shiftDays, o.authorId);
  return copy;
}

export interface ClassCopyValues extends CopyOptions {
  name: string;
  rombelClassId: number;
}

/**
 * "Salin kelas": a new class of the teacher for the given rombel with the source's description
 * and every content (same number and place) with everything under it. Six statements whatever
 * the size of the class; run inside a transaction. Announcements stay with their class.
 */
export async function copyClass(tx: Executor, source: OnlineClass, v: ClassCopyValues): Promise<number> {
  const [klass] = await tx
    .insert(onlineClasses)
    .values({ name: v.name, description: source.description, rombelClassId: v.rombelClassId, teacherId: v.authorId })
    .returning({ id: onlineClasses.id });
  const id = klass!.id;
  await tx.execute(sql`
    insert into contents (online_class_id, number, position, title, description, hidden, publish_at)
    select ${id}::int, c.number, c.position, c.title, c.description, c.hidden, ${shifted(sql`c.publish_at`, v.shiftDays)}
    from contents c where c.online_class_id = ${source.id}
    order by c.position, c.id`);
  // Old and new contents pair up by their number, unique within a class.
  const pairs = sql`select o.id as old_id, n.id as new_id from contents o
    join contents n on n.online_class_id = ${id}::int and n.number = o.number
    where o.online_class_id = ${source.id}::int`;
  await copyItems(tx, pairs, v.shiftDays, v.authorId);
  return id;
}
