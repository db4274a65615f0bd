/**
 * Who may reach what. Every route that takes an id in its path goes through one of these loaders;
 * each checks the whole parent chain in one query and throws 404 (never 403) when the object is
 * outside the caller's reach, so a guessed id reveals nothing.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { preparedQuery, type Db } from '../db/client.js';
import { assignments, comments, contents, forums, materials, onlineClasses, students } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../types.js';

export type OnlineClass = typeof onlineClasses.$inferSelect;
export type Content = typeof contents.$inferSelect;
export type Forum = typeof forums.$inferSelect;
export type Assignment = typeof assignments.$inferSelect;
export type Material = typeof materials.$inferSelect;
export type Comment = typeof comments.$inferSelect;

function one<T>(rows: T[]): T {
  if (!rows[0]) throw notFound();
  return rows[0];
}

const ph = sql.placeholder;

const teacherClass = preparedQuery('access_teacher_class', (db, name) =>
  db
    .select()
    .from(onlineClasses)
    .where(and(eq(onlineClasses.id, ph('classId')), eq(onlineClasses.teacherId, ph('userId'))))
    .limit(1)
    .prepare(name),
);

const studentClass = preparedQuery('access_student_class', (db, name) =>
  db
    .select({ c: onlineClasses })
    .from(onlineClasses)
    .innerJoin(students, and(eq(students.userId, ph('userId')), eq(students.rombelClassId, onlineClasses.rombelClassId)))
    .where(eq(onlineClasses.id, ph('classId')))
    .limit(1)
    .prepare(name),
);

/** A class the user teaches. */
export async function classForTeacher(db: Db, user: AuthUser, classId: number): Promise<OnlineClass> {
  return one(await teacherClass(db).execute({ classId, userId: user.id }));
}

/** A class of the student's own rombel. */
export async function classForStudent(db: Db, user: AuthUser, classId: number): Promise<OnlineClass> {
  return one(await studentClass(db).execute({ classId, userId: user.id })).c;
}

/** The class the caller may reach, by role: the teacher's own, or the student's rombel's. */
export function classFor(db: Db, user: AuthUser, classId: number): Promise<OnlineClass> {
  return user.role === 'teacher' ? classForTeacher(db, user, classId) : classForStudent(db, user, classId);
}

type Role = 'teacher' | 'student';
const roleOf = (user: AuthUser): Role => (user.role === 'teacher' ? 'teacher' : 'student');

/**
 * Narrows a select over contents and their class to the path's content and class, within the
 * caller's reach: the teacher's own class, or a class of the student's rombel. `extra` adds the
 * child of the path (a forum, an assignment).
 */
function inReach<T extends PgSelect>(q: T, role: Role, extra?: SQL): T {
  const joined = role === 'teacher' ? q : q.innerJoin(students, and(eq(students.userId, ph('userId')), eq(students.rombelClassId, onlineClasses.rombelClassId)));
  return joined
    .where(
      and(
        eq(contents.id, ph('contentId')),
        eq(onlineClasses.id, ph('classId')),
        role === 'teacher' ? eq(onlineClasses.teacherId, ph('userId')) : undefined,
        extra,
      ),
    )
    .limit(1) as T;
}

const byRole = <Q>(make: (role: Role) => (db: Db) => Q) => ({ teacher: make('teacher'), student: make('student') });

const contentReach = byRole((role) =>
  preparedQuery(`access_${role}_content`, (db, name) =>
    inReach(
      db.select({ klass: onlineClasses, content: contents }).from(contents).innerJoin(onlineClasses, eq(onlineClasses.id, contents.onlineClassId)).$dynamic(),
      role,
    ).prepare(name),
  ),
);

/** A content of a class the caller may reach, checked in one query. */
export async function contentFor(
  db: Db,
  user: AuthUser,
  classId: number,
  contentId: number,
): Promise<{ klass: OnlineClass; content: Content }> {
  return one(await contentReach[roleOf(user)](db).execute({ contentId, classId, userId: user.id }));
}

/** A select of a forum or an assignment with its content and class, within the caller's reach. */
function childReach<T extends typeof forums | typeof assignments>(label: string, table: T) {
  return byRole((role) =>
    preparedQuery(`access_${role}_${label}`, (db, name) =>
      inReach(
        db
          .select({ klass: onlineClasses, content: contents, child: table as typeof forums | typeof assignments })
          .from(table as typeof forums)
          .innerJoin(contents, eq(contents.id, table.contentId))
          .innerJoin(onlineClasses, eq(onlineClasses.id, contents.onlineClassId))
          .$dynamic(),
        role,
        eq(table.id, ph('childId')),
      ).prepare(name),
    ),
  );
}

const forumReach = childReach('forum', forums);
const assignmentReach = childReach('assignment', assignments);

/** The path's child, its content and class, within the caller's reach; 404 otherwise. */
async function reach<C>(
  q: typeof forumReach | typeof assignmentReach,
  db: Db,
  user: AuthUser,
  path: { classId: number; contentId: number },
  childId: number,
): Promise<{ klass: OnlineClass; content: Content; child: C }> {
  const row = one(await q[roleOf(user)](db).execute({ childId, contentId: path.contentId, classId: path.classId, userId: user.id }));
  return row as { klass: OnlineClass; content: Content; child: C };
}

/** A forum of a content of a class the caller may reach, with its content and class, checked in one query. */
export async function forumFor(db: Db, user: AuthUser, path: { classId: number; contentId: number; forumId: number }) {
  const { klass, content, child } = await reach<Forum>(forumReach, db, user, path, path.forumId);
  return { klass, content, forum: child };
}

/** An assignment of a content of a class the caller may reach, with its content and class, checked in one query. */
export async function assignmentFor(db: Db, user: AuthUser, path: { classId: number; contentId: number; id: number }) {
  const { klass, content, child } = await reach<Assignment>(assignmentReach, db, user, path, path.id);
  return { klass, content, assignment: child };
}

export async function materialIn(db: Db, content: Content, materialId: number): Promise<Material> {
  return one(
    await db
      .select()
      .from(materials)
      .where(and(eq(materials.id, materialId), eq(materials.contentId, content.id)))
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

/** An assignment of a class of the student's rombel, with its content and class (submission pages). */
export async function assignmentForStudent(
  db: Db,
  user: AuthUser,
  assignmentId: number,
): Promise<{ assignment: Assignment; content: Content; klass: OnlineClass }> {
  return one(
    await db
      .select({ assignment: assignments, content: contents, klass: onlineClasses })
      .from(assignments)
      .innerJoin(contents, eq(contents.id, assignments.contentId))
      .innerJoin(onlineClasses, eq(onlineClasses.id, contents.onlineClassId))
      .innerJoin(students, and(eq(students.userId, user.id), eq(students.rombelClassId, onlineClasses.rombelClassId)))
      .where(eq(assignments.id, assignmentId))
      .limit(1),
  );
}
