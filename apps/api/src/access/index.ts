/**
 * Who may reach what. Every route that takes an id in its path goes through one of these loaders;
 * each checks the whole parent chain in one query and throws 404 (never 403) when the object is
 * outside the caller's reach, so a guessed id reveals nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
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

const contentSelect = (db: Db) =>
  db
    .select({ klass: onlineClasses, content: contents })
    .from(contents)
    .innerJoin(onlineClasses, eq(onlineClasses.id, contents.onlineClassId));

const teacherContent = preparedQuery('access_teacher_content', (db, name) =>
  contentSelect(db)
    .where(and(eq(contents.id, ph('contentId')), eq(onlineClasses.id, ph('classId')), eq(onlineClasses.teacherId, ph('userId'))))
    .limit(1)
    .prepare(name),
);

const studentContent = preparedQuery('access_student_content', (db, name) =>
  contentSelect(db)
    .innerJoin(students, and(eq(students.userId, ph('userId')), eq(students.rombelClassId, onlineClasses.rombelClassId)))
    .where(and(eq(contents.id, ph('contentId')), eq(onlineClasses.id, ph('classId'))))
    .limit(1)
    .prepare(name),
);

/** A content of a class the caller may reach, checked in one query. */
export async function contentFor(
  db: Db,
  user: AuthUser,
  classId: number,
  contentId: number,
): Promise<{ klass: OnlineClass; content: Content }> {
  const q = user.role === 'teacher' ? teacherContent(db) : studentContent(db);
  return one(await q.execute({ contentId, classId, userId: user.id }));
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

const forumOfContent = preparedQuery('access_forum', (db, name) =>
  db
    .select()
    .from(forums)
    .where(and(eq(forums.id, ph('forumId')), eq(forums.contentId, ph('contentId'))))
    .limit(1)
    .prepare(name),
);

export async function forumIn(db: Db, content: Content, forumId: number): Promise<Forum> {
  return one(await forumOfContent(db).execute({ forumId, contentId: content.id }));
}

const assignmentOfContent = preparedQuery('access_assignment', (db, name) =>
  db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, ph('assignmentId')), eq(assignments.contentId, ph('contentId'))))
    .limit(1)
    .prepare(name),
);

export async function assignmentIn(db: Db, content: Content, assignmentId: number): Promise<Assignment> {
  return one(await assignmentOfContent(db).execute({ assignmentId, contentId: content.id }));
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
