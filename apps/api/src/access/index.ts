/**
 * Who may reach what. Every route that takes an id in its path goes through one of these loaders;
 * each checks the whole parent chain in one query and throws 404 (never 403) when the object is
 * outside the caller's reach, so a guessed id reveals nothing.
 *
 * The class loaders also take what the route means to do with the class (`'read'` or `'write'`):
 * an archived class (archived_at set by the year-end promotion) stays readable for its teacher and
 * refuses every write under it with 409; its rombel's students no longer reach it at all (404).
 */
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { preparedFor } from '../db/prepared.js';
import { assignments, comments, lessons, forums, materials, onlineClasses, students, users } from '../db/schema.js';
import { CLASS_MSG, ROLE_BY_ID } from '@kelasku/contract';
import { conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../types.js';

import { aliased, visibleNow } from './visibility.js';
import { teachesClass } from './teaching.js';

export * from './policies.js';
export * from './visibility.js';
export * from './teaching.js';
export * from './grade-lock.js';

export type OnlineClass = typeof onlineClasses.$inferSelect;
export type Content = typeof lessons.$inferSelect;
export type Forum = typeof forums.$inferSelect;
export type Assignment = typeof assignments.$inferSelect;
export type Material = typeof materials.$inferSelect;
export type Comment = typeof comments.$inferSelect;

function one<T>(rows: T[]): T {
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** What a route does with the class it reaches: only reads, or writes under it. */
export type Intent = 'read' | 'write';

/**
 * The archive rule, applied by every class loader after the reach is settled: an archived class
 * is out of a student's reach (404) and read-only for its teacher (409 on a write).
 */
function open<T extends { klass: OnlineClass }>(found: T, user: AuthUser, intent: Intent): T {
  if (found.klass.archivedAt === null) return found;
  if (user.role !== 'teacher') throw notFound();
  if (intent === 'write') throw conflict(CLASS_MSG.classArchived);
  return found;
}

/** The student (by id, or a placeholder of a prepared statement) is of the class's rombel (a join condition). */
export const inStudentsRombel = (student: { id: number | Placeholder }) =>
  and(eq(students.userId, student.id), eq(students.rombelClassId, onlineClasses.rombelClassId));

/** A class the user teaches; an archived one only to read. */
export async function classForTeacher(db: Db, user: AuthUser, classId: number, intent: Intent): Promise<OnlineClass> {
  const klass = one(
    await db
      .select()
      .from(onlineClasses)
      .where(and(eq(onlineClasses.id, classId), teachesClass(user.id)))
      .limit(1),
  );
  return open({ klass }, user, intent).klass;
}

/** A class of the student's own rombel that is not archived. */
export async function classForStudent(db: Db, user: AuthUser, classId: number): Promise<OnlineClass> {
  const row = one(await studentsClass(db).execute({ classId, studentId: user.id }));
  return open(row, user, 'read').klass;
}

/** The class page's check, run by each of its reads: a named prepared statement (db/prepared.ts). */
const studentsClass = preparedFor((db) =>
  db
    .select({ klass: onlineClasses })
    .from(onlineClasses)
    .innerJoin(students, inStudentsRombel({ id: sql.placeholder('studentId') }))
    .where(eq(onlineClasses.id, sql.placeholder('classId')))
    .limit(1)
    .prepare('class_for_student'),
);

/** Who reaches: a teacher (their own classes) or a student (their rombel's), by id or by placeholder. */
interface Reacher {
  teacher: boolean;
  id: number | Placeholder;
}

/** The ids of a content's path, as values or placeholders. */
interface ReachPath {
  classId: number | Placeholder;
  lessonId: number | Placeholder;
}

/**
 * Narrows a select over contents and their class to the path's content and class, within the
 * caller's reach: the teacher's own class, or a class of the student's rombel whose content (and
 * `child`, the path's forum or assignment) the student may see now.
 */
function inReach<T extends PgSelect>(
  q: T,
  who: Reacher,
  path: ReachPath,
  child?: { table: typeof forums | typeof assignments; id: Placeholder },
): T {
  const joined = who.teacher ? q : q.innerJoin(students, inStudentsRombel(who));
  return joined
    .where(
      and(
        eq(lessons.id, path.lessonId),
        eq(onlineClasses.id, path.classId),
        child ? eq(child.table.id, child.id) : undefined,
        who.teacher ? teachesClass(who.id) : visibleNow(lessons, ...(child ? [child.table] : [])),
      ),
    )
    .limit(1) as T;
}

/**
 * The reach checks of a content, a forum and an assignment, for a teacher or a student: named
 * prepared statements (db/prepared.ts), since every page under a class runs one of them first.
 * Placeholders: userId, classId, lessonId and childId.
 */
function reachStatements(db: Db, teacher: boolean) {
  const view = teacher ? 'teacher' : 'student';
  const who: Reacher = { teacher, id: sql.placeholder('userId') };
  const path: ReachPath = { classId: sql.placeholder('classId'), lessonId: sql.placeholder('lessonId') };
  return {
    lesson: inReach(
      db
        .select({ klass: onlineClasses, content: lessons })
        .from(lessons)
        .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
        .$dynamic(),
      who,
      path,
    ).prepare(`lesson_for_${view}`),
    forum: inReach(
      db
        .select({ klass: onlineClasses, content: lessons, child: forums })
        .from(forums)
        .innerJoin(lessons, eq(lessons.id, forums.lessonId))
        .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
        .$dynamic(),
      who,
      path,
      { table: forums, id: sql.placeholder('childId') },
    ).prepare(`forum_for_${view}`),
    assignment: inReach(
      db
        .select({ klass: onlineClasses, content: lessons, child: assignments })
        .from(assignments)
        .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
        .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
        .$dynamic(),
      who,
      path,
      { table: assignments, id: sql.placeholder('childId') },
    ).prepare(`assignment_for_${view}`),
  };
}

const teacherReach = preparedFor((db) => reachStatements(db, true));
const studentReach = preparedFor((db) => reachStatements(db, false));
/** A teacher reaches their own classes; anyone else (a student) only through their rombel. */
const reachOf = (db: Db, user: AuthUser) => (user.role === 'teacher' ? teacherReach(db) : studentReach(db));

/** A content of a class the caller may reach, with its class, checked in one query. */
export async function lessonFor(
  db: Db,
  user: AuthUser,
  classId: number,
  lessonId: number,
  intent: Intent,
): Promise<{ klass: OnlineClass; content: Content }> {
  return open(one(await reachOf(db, user).lesson.execute({ userId: user.id, classId, lessonId })), user, intent);
}

/** A forum of a content of a class the caller may reach, with its content and class, checked in one query. */
export async function forumFor(db: Db, user: AuthUser, path: { classId: number; lessonId: number; forumId: number }, intent: Intent) {
  const values = { userId: user.id, classId: path.classId, lessonId: path.lessonId, childId: path.forumId };
  const { klass, content, child } = open(one(await reachOf(db, user).forum.execute(values)), user, intent);
  return { klass, content, forum: child };
}

/** An assignment of a content of a class the caller may reach, with its content and class, checked in one query. */
export async function assignmentFor(db: Db, user: AuthUser, path: { classId: number; lessonId: number; id: number }, intent: Intent) {
  const values = { userId: user.id, classId: path.classId, lessonId: path.lessonId, childId: path.id };
  const { klass, content, child } = open(one(await reachOf(db, user).assignment.execute(values)), user, intent);
  return { klass, content, assignment: child };
}

export async function materialIn(db: Db, content: Content, materialId: number): Promise<Material> {
  return one(
    await db
      .select()
      .from(materials)
      .where(and(eq(materials.id, materialId), eq(materials.lessonId, content.id)))
      .limit(1),
  );
}

export async function commentIn(db: Db, forum: Forum, commentId: number): Promise<Comment> {
  return one(
    await db
      .select()
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.forumId, forum.id)))
      .limit(1),
  );
}

/** An assignment of a class of the student's rombel that the student may see now, with its content and class (submission pages). */
export async function assignmentForStudent(
  db: Db,
  user: AuthUser,
  assignmentId: number,
): Promise<{ assignment: Assignment; content: Content; klass: OnlineClass }> {
  const found = one(
    await db
      .select({ assignment: assignments, content: lessons, klass: onlineClasses })
      .from(assignments)
      .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
      .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
      .innerJoin(students, inStudentsRombel(user))
      .where(and(eq(assignments.id, assignmentId), visibleNow(lessons, assignments)))
      .limit(1),
  );
  return open(found, user, 'read');
}

/**
 * Whether the user may open a stored file, decided by its parent object in one statement (404 when
 * not): an avatar, for any logged-in user; a material, for the teacher of its class and the
 * students of the class's rombel while they may see it and its content; a submission, for the
 * student who handed it in and the teacher of the assignment's class; a question's image, for the
 * teacher whose bank holds the question and a student with an attempt showing it, while its quiz
 * is shown to them. An admin reaches no class, so avatars only. A student no longer reaches the
 * materials or quizzes of an archived class (their own submissions stay theirs).
 */
export async function fileFor(db: Db, user: Pick<AuthUser, 'id' | 'role'>, fileId: number): Promise<void> {
  const teacher = user.role === 'teacher';
  const student = user.role === 'student';
  const classReach = teacher
    ? teachesClass(user.id, 'oc')
    : student
      ? sql`oc.rombel_class_id = (select rombel_class_id from students where user_id = ${user.id}) and oc.archived_at is null`
      : sql`false`;
  const { rows } = await db.execute(sql`
    select 1 as ok where
      exists (select 1 from users where avatar_file_id = ${fileId})
      or exists (
        select 1 from materials m
          join contents c on c.id = m.content_id
          join online_classes oc on oc.id = c.online_class_id
        where m.file_id = ${fileId} and ${classReach} and ${student ? visibleNow(aliased('c'), aliased('m')) : sql`true`})
      or exists (
        select 1 from submission_files sf
          join submissions s on s.id = sf.submission_id
          join assignments a on a.id = s.assignment_id
          join contents c on c.id = a.content_id
          join online_classes oc on oc.id = c.online_class_id
        where sf.file_id = ${fileId} and (${student ? sql`s.student_id = ${user.id}` : sql`false`} or ${teacher ? classReach : sql`false`}))
      or exists (
        select 1 from questions q
        where q.image_file_id = ${fileId} and ${teacher ? sql`q.teacher_id = ${user.id}` : sql`false`})
      or exists (
        select 1 from questions q
          join quiz_attempts qa on qa.student_id = ${user.id}
            and qa.layout @> jsonb_build_array(jsonb_build_object('question_id', q.id))
          join quizzes z on z.id = qa.quiz_id
          join contents c on c.id = z.content_id
          join online_classes oc on oc.id = c.online_class_id
        where q.image_file_id = ${fileId} and ${student ? sql`${classReach} and ${visibleNow(aliased('c'), aliased('z'))}` : sql`false`})`);
  if (rows.length === 0) throw notFound();
}

/**
 * The check of a signed file link when it is opened: the user it was minted for (`userId`) must
 * still be active and still see the file's parent ({@link fileFor}); a link that names no user
 * opens avatars only. 404 otherwise.
 */
export async function fileOfLink(db: Db, userId: number | null, fileId: number): Promise<void> {
  if (userId === null) {
    const { rows } = await db.execute(sql`select 1 as ok from users where avatar_file_id = ${fileId} limit 1`);
    if (rows.length === 0) throw notFound();
    return;
  }
  const [found] = await db
    .select({ roleId: users.roleId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 1)))
    .limit(1);
  const role = found ? ROLE_BY_ID[found.roleId] : undefined;
  if (!role) throw notFound();
  await fileFor(db, { id: userId, role }, fileId);
}
