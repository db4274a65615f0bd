import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { assignments, lessons, forums, materials, onlineClasses, quizzes } from '../../db/schema.js';
import { visibleNow, type Content } from '../../access/index.js';
import { deleteFilesUnder } from '../online-classes/queries.js';
import { dueOf } from '../submissions/queries.js';

/**
 * Whose view a list is for: the teacher's (everything) or a student's (only what is visible now,
 * each assignment with the student's own work on it).
 */
export type Viewer = 'teacher' | { studentId: number };

type View = 'teacher' | 'student';
type Shown = { hidden: AnyColumn; publishAt: AnyColumn };
type Placed = { position: AnyColumn; id: AnyColumn };

/**
 * Contents with the four lists under them (materials with their stored files, forums, assignments
 * with the student's hand-in and extension in a student's view, quizzes), each in the teacher's
 * order, in ONE statement: drizzle's relational query aggregates each list as JSON beside its
 * content (db/schema/relations.ts). Named prepared statements (db/prepared.ts) of one view and one
 * root: a class's contents (`classId`) or one content (`lessonId`); `studentId` in a student's view.
 */
function contentsStatement(db: Db, view: View, root: 'class' | 'lesson') {
  const student = view === 'student';
  const shown = (t: Shown) => (student ? visibleNow(t) : undefined);
  const inOrder = (t: Placed) => [asc(t.position), asc(t.id)];
  // The teacher's view reads no one's work: the lists of hand-ins and extensions stay empty.
  const own = (t: { studentId: AnyColumn }) => (student ? eq(t.studentId, sql.placeholder('studentId')) : sql`false`);
  const place = { position: true, hidden: true, publishAt: true } as const;
  return db.query.lessons
    .findMany({
      where: (l) =>
        root === 'lesson' ? eq(l.id, sql.placeholder('lessonId')) : and(eq(l.onlineClassId, sql.placeholder('classId')), shown(l)),
      orderBy: inOrder,
      with: {
        materials: { where: shown, orderBy: inOrder, with: { file: true } },
        forums: { columns: { id: true, lessonId: true, topic: true, ...place }, where: shown, orderBy: inOrder },
        assignments: {
          columns: { id: true, lessonId: true, title: true, deadline: true, closesAt: true, ...place },
          where: shown,
          orderBy: inOrder,
          with: {
            submissions: { columns: { submittedAt: true, score: true }, where: own },
            extensions: { columns: { deadline: true, closesAt: true }, where: own },
          },
        },
        quizzes: {
          columns: { id: true, lessonId: true, title: true, opensAt: true, closesAt: true, timeLimitMinutes: true, ...place },
          where: shown,
          orderBy: inOrder,
        },
      },
    })
    .prepare(`contents_of_${root}_${view}`);
}

const statementsFor = (view: View) =>
  preparedFor((db) => ({ ofClass: contentsStatement(db, view, 'class'), ofLesson: contentsStatement(db, view, 'lesson') }));
const teacherStatements = statementsFor('teacher');
const studentStatements = statementsFor('student');
const statementsOf = (db: Db, viewer: Viewer) => (viewer === 'teacher' ? teacherStatements(db) : studentStatements(db));
const studentOf = (viewer: Viewer) => (viewer === 'teacher' ? {} : { studentId: viewer.studentId });

type ContentRow = Awaited<ReturnType<ReturnType<typeof contentsStatement>['execute']>>[number];

/**
 * The lists of the contents as rows, the order kept: each material with its stored file (none for
 * a link), each assignment with the student's hand-in, grade and deadline (an extension's when there
 * is one: dueOf); those three are null in the teacher's view.
 */
function childrenOf(rows: ContentRow[]) {
  return {
    materialRows: rows.flatMap((c) => c.materials.map(({ file, ...m }) => ({ m, f: file }))),
    forumRows: rows.flatMap((c) => c.forums),
    assignmentRows: rows.flatMap((c) =>
      c.assignments.map(({ submissions: [work], extensions: [ext], ...a }) => ({
        ...a,
        submittedAt: work?.submittedAt ?? null,
        score: work?.score ?? null,
        dueAt: dueOf(a, ext ?? null).deadline,
      })),
    ),
    quizRows: rows.flatMap((c) => c.quizzes),
  };
}

export type LessonChildren = ReturnType<typeof childrenOf>;

/**
 * Every content of a class in the teacher's order, with their children's rows (a student's view:
 * only what the student sees now); one statement whatever the size of the class.
 */
export async function lessonsOfClass(
  db: Db,
  classId: number,
  viewer: Viewer = 'teacher',
): Promise<{ rows: Content[]; children: LessonChildren }> {
  const found = await statementsOf(db, viewer).ofClass.execute({ classId, ...studentOf(viewer) });
  const rows = found.map(({ materials: _m, forums: _f, assignments: _a, quizzes: _q, ...content }) => content);
  return { rows, children: childrenOf(found) };
}

/** The children's rows of one content; one statement (the content row comes from the access check). */
export async function childrenOfLesson(db: Db, content: Content, viewer: Viewer = 'teacher'): Promise<LessonChildren> {
  return childrenOf(await statementsOf(db, viewer).ofLesson.execute({ lessonId: content.id, ...studentOf(viewer) }));
}

export interface LessonValues {
  title: string;
  description: string | null;
}

/** A content item list: materials, forums, assignments or quizzes. */
export type ItemTable = typeof materials | typeof forums | typeof assignments | typeof quizzes;

/** The place at the end of a content's list (highest position + 1; a tie under a race is broken by id). */
export const nextPosition = (table: ItemTable, lessonId: number) =>
  sql<number>`(select coalesce(max(${table.position}), 0) + 1 from ${table} where ${table.lessonId} = ${lessonId})`;

/**
 * Adds a content at the end of the class's agenda with the next "Pembelajaran N" (the class's
 * highest number + 1, so a deleted content's number is not given again while a higher one exists).
 * The class row is locked so two contents added at once never get the same number.
 */
export async function insertLesson(
  db: Executor,
  classId: number,
  v: LessonValues & { hidden?: boolean; publishAt?: Date | null },
): Promise<Content> {
  return db.transaction(async (tx) => {
    await tx.select({ id: onlineClasses.id }).from(onlineClasses).where(eq(onlineClasses.id, classId)).for('update');
    const [next] = await tx
      .select({
        number: sql<number>`coalesce(max(${lessons.number}), 0)::int + 1`,
        position: sql<number>`coalesce(max(${lessons.position}), 0)::int + 1`,
      })
      .from(lessons)
      .where(eq(lessons.onlineClassId, classId));
    const [row] = await tx
      .insert(lessons)
      .values({
        onlineClassId: classId,
        number: next!.number,
        position: next!.position,
        title: v.title,
        description: v.description,
        hidden: v.hidden ?? false,
        publishAt: v.publishAt ?? null,
      })
      .returning();
    return row!;
  });
}

export async function updateLesson(db: Db, classId: number, lessonId: number, v: LessonValues): Promise<Content | null> {
  const [row] = await db
    .update(lessons)
    .set({ title: v.title, description: v.description, updatedAt: new Date() })
    .where(and(eq(lessons.id, lessonId), eq(lessons.onlineClassId, classId)))
    .returning();
  return row ?? null;
}

/** Deletes a content with everything under it; returns the stored files to release, or null when it is gone. */
export async function deleteLesson(tx: Executor, classId: number, lessonId: number): Promise<number[] | null> {
  const target = tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.onlineClassId, classId)));
  const fileIds = await deleteFilesUnder(tx, target);
  const gone = await tx
    .delete(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.onlineClassId, classId)))
    .returning({ id: lessons.id });
  return gone.length ? fileIds : null;
}
