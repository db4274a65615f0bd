import { and, asc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { anyOf } from '../../db/lookups.js';
import { preparedFor } from '../../db/prepared.js';
import {
  assignmentExtensions,
  assignments,
  lessons,
  forums,
  materials,
  onlineClasses,
  quizzes,
  storedFiles,
  submissions,
} from '../../db/schema.js';
import { visibleNow, type Content } from '../../access/index.js';
import { deleteFilesUnder } from '../online-classes/queries.js';
import { studentDeadline } from '../submissions/queries.js';

/** The columns every content item has for its place and visibility. */
const placeOf = (t: typeof forums | typeof assignments | typeof quizzes) => ({
  position: t.position,
  hidden: t.hidden,
  publishAt: t.publishAt,
});

/**
 * Whose view a list is for: the teacher's (everything) or a student's (only what is visible now,
 * each assignment with the student's own work on it).
 */
export type Viewer = 'teacher' | { studentId: number };

/** The student's view keeps only what is visible now; the teacher's keeps everything. */
const seen = (viewer: StatementViewer, t: ItemTable | typeof lessons) => (viewer === 'teacher' ? undefined : visibleNow(t));

/**
 * A student's hand-in, grade and deadline (an extension's when there is one: dueOf) beside each
 * assignment, read in the same query as the assignments (the state badges of a student's content
 * list); null in the teacher's view, which does not join them.
 */
const workColumns = (viewer: StatementViewer) =>
  viewer === 'teacher'
    ? { submittedAt: sql<Date | null>`null`, score: sql<number | null>`null`, dueAt: sql<Date | null>`null` }
    : {
        submittedAt: sql<Date | null>`${submissions.submittedAt}`.mapWith(submissions.submittedAt),
        score: sql<number | null>`${submissions.score}`,
        dueAt: sql<Date | null>`${studentDeadline}`.mapWith(assignments.deadline),
      };

/** The view a prepared statement is made for: the teacher's, or a student's by placeholder. */
type StatementViewer = 'teacher' | { studentId: Placeholder };

/** The assignments of the contents `ofLessons` selects, with the student's work on each in a student's view. */
function assignmentsOf(db: Db, ofLessons: SQL, viewer: StatementViewer) {
  const q = db
    .select({
      id: assignments.id,
      lessonId: assignments.lessonId,
      title: assignments.title,
      ...placeOf(assignments),
      ...workColumns(viewer),
    })
    .from(assignments)
    .$dynamic();
  const withWork =
    viewer === 'teacher'
      ? q
      : q
          .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.studentId, viewer.studentId)))
          .leftJoin(
            assignmentExtensions,
            and(eq(assignmentExtensions.assignmentId, assignments.id), eq(assignmentExtensions.studentId, viewer.studentId)),
          );
  return withWork.where(and(ofLessons, seen(viewer, assignments))).orderBy(asc(assignments.position), asc(assignments.id));
}

/**
 * The four lists under contents (materials with their stored files, forums, assignments, quizzes),
 * each in the teacher's order, as named prepared statements of one view (db/prepared.ts): every
 * class page and content page runs them. `lessonIds` (an array) and, in a student's view,
 * `studentId` are their placeholders.
 */
function childStatements(db: Db, view: 'teacher' | 'student') {
  const viewer: StatementViewer = view === 'teacher' ? 'teacher' : { studentId: sql.placeholder('studentId') };
  const ofLessons = (column: AnyColumn) => anyOf(column, sql.placeholder('lessonIds'));
  return {
    materials: db
      .select({ m: materials, f: storedFiles })
      .from(materials)
      .leftJoin(storedFiles, eq(storedFiles.id, materials.fileId))
      .where(and(ofLessons(materials.lessonId), seen(viewer, materials)))
      .orderBy(asc(materials.position), asc(materials.id))
      .prepare(`lesson_materials_${view}`),
    forums: db
      .select({ id: forums.id, lessonId: forums.lessonId, topic: forums.topic, ...placeOf(forums) })
      .from(forums)
      .where(and(ofLessons(forums.lessonId), seen(viewer, forums)))
      .orderBy(asc(forums.position), asc(forums.id))
      .prepare(`lesson_forums_${view}`),
    assignments: assignmentsOf(db, ofLessons(assignments.lessonId), viewer).prepare(`lesson_assignments_${view}`),
    quizzes: db
      .select({
        id: quizzes.id,
        lessonId: quizzes.lessonId,
        title: quizzes.title,
        opensAt: quizzes.opensAt,
        closesAt: quizzes.closesAt,
        timeLimitMinutes: quizzes.timeLimitMinutes,
        ...placeOf(quizzes),
      })
      .from(quizzes)
      .where(and(ofLessons(quizzes.lessonId), seen(viewer, quizzes)))
      .orderBy(asc(quizzes.position), asc(quizzes.id))
      .prepare(`lesson_quizzes_${view}`),
    lessons: db
      .select()
      .from(lessons)
      .where(and(eq(lessons.onlineClassId, sql.placeholder('classId')), seen(viewer, lessons)))
      .orderBy(asc(lessons.position), asc(lessons.id))
      .prepare(`class_lessons_${view}`),
  };
}

const teacherStatements = preparedFor((db) => childStatements(db, 'teacher'));
const studentStatements = preparedFor((db) => childStatements(db, 'student'));
const statementsOf = (db: Db, viewer: Viewer) => (viewer === 'teacher' ? teacherStatements(db) : studentStatements(db));
const studentOf = (viewer: Viewer) => (viewer === 'teacher' ? {} : { studentId: viewer.studentId });

/** Materials (with their stored files; none for a link), forums, assignments and quizzes of the given contents: four queries at once. */
async function childrenOf(db: Db, lessonIds: number[], viewer: Viewer) {
  if (lessonIds.length === 0) return { materialRows: [], forumRows: [], assignmentRows: [], quizRows: [] };
  const s = statementsOf(db, viewer);
  const values = { lessonIds, ...studentOf(viewer) };
  const [materialRows, forumRows, assignmentRows, quizRows] = await Promise.all([
    s.materials.execute(values),
    s.forums.execute(values),
    s.assignments.execute(values),
    s.quizzes.execute(values),
  ]);
  return { materialRows, forumRows, assignmentRows, quizRows };
}

export type LessonChildren = Awaited<ReturnType<typeof childrenOf>>;

/**
 * Every content of a class in the teacher's order, with their children's rows (a student's view:
 * only what the student sees now); five queries whatever the size of the class.
 */
export async function lessonsOfClass(
  db: Db,
  classId: number,
  viewer: Viewer = 'teacher',
): Promise<{ rows: Content[]; children: LessonChildren }> {
  const rows = await statementsOf(db, viewer).lessons.execute({ classId, ...studentOf(viewer) });
  return {
    rows,
    children: await childrenOf(
      db,
      rows.map((c) => c.id),
      viewer,
    ),
  };
}

/** The children's rows of one content; four queries (the content row comes from the access check). */
export const childrenOfLesson = (db: Db, content: Content, viewer: Viewer = 'teacher'): Promise<LessonChildren> =>
  childrenOf(db, [content.id], viewer);

export interface LessonValues {
  title: string;
  description: string | null;
}

/** A content item list: materials, forums, assignments or quizzes. */
export type ItemTable = typeof materials | typeof forums | typeof assignments | typeof quizzes;

/**
 * For an insert that knows only the content (an id, or an expression such as a copy's new content
 * id): its class, read in the same statement (assignments.online_class_id).
 */
export const classOfContent = (lessonId: number | SQL): SQL<number> =>
  sql<number>`(select ${lessons.onlineClassId} from ${lessons} where ${lessons.id} = ${lessonId})`;

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
