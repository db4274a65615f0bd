import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import {
  assignmentObjectives,
  assignments,
  classGradeSettings,
  gradeCategories,
  homerooms,
  learningObjectives,
  lessons,
  onlineClasses,
  questions,
  quizAnswers,
  quizAttempts,
  quizObjectives,
  quizSlotObjectives,
  quizSlots,
  quizzes,
  reportDescriptions,
  rombelClasses,
  semesters,
  students,
  subjects,
  teachingAssignments,
  teachingAssignmentTeachers,
  users,
} from '../../db/schema.js';
import { loadScheme, type ClassScheme } from '../grade-scheme/queries.js';

/**
 * The schemes of the classes: two queries (categories, settings); a class read for the first time
 * (no category or no settings row yet) goes through loadScheme, which copies the school's default.
 */
export async function schemesOf(db: Executor, classIds: number[]): Promise<Map<number, ClassScheme>> {
  const categories = await db
    .select()
    .from(gradeCategories)
    .where(inArray(gradeCategories.onlineClassId, classIds))
    .orderBy(asc(gradeCategories.position), asc(gradeCategories.id));
  const settings = await db.select().from(classGradeSettings).where(inArray(classGradeSettings.onlineClassId, classIds));
  const out = new Map<number, ClassScheme>();
  for (const id of classIds) {
    const own = categories.filter((c) => c.onlineClassId === id);
    const s = settings.find((r) => r.onlineClassId === id);
    out.set(
      id,
      own.length && s ? { categories: own, kktp: s.kktp, releasedAt: s.releasedAt, revision: s.revision } : await loadScheme(db, id),
    );
  }
  return out;
}

/** Per class: its subject (via its teaching assignment), the TPs of that subject and the rombel's grade in order, and its lock. One query. */
export async function classContextOf(db: Executor, classIds: number[]) {
  const rows = await db
    .select({
      classId: teachingAssignments.onlineClassId,
      subject: subjects.name,
      locked: sql<boolean>`${semesters.gradesLockedAt} is not null`,
      objective: {
        id: learningObjectives.id,
        code: learningObjectives.code,
        description: learningObjectives.description,
        position: learningObjectives.position,
      },
    })
    .from(teachingAssignments)
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(semesters, eq(semesters.id, teachingAssignments.semesterId))
    .innerJoin(rombelClasses, eq(rombelClasses.id, teachingAssignments.rombelClassId))
    .leftJoin(
      learningObjectives,
      and(eq(learningObjectives.subjectId, teachingAssignments.subjectId), eq(learningObjectives.grade, rombelClasses.grade)),
    )
    .where(inArray(teachingAssignments.onlineClassId, classIds))
    .orderBy(asc(learningObjectives.position), asc(learningObjectives.id));
  const out = new Map<number, { subject: string; locked: boolean; objectives: Array<NonNullable<(typeof rows)[number]['objective']>> }>();
  for (const r of rows) {
    const c = out.get(r.classId) ?? { subject: r.subject, locked: r.locked, objectives: [] };
    if (r.objective) c.objectives.push(r.objective);
    out.set(r.classId, c);
  }
  return out;
}

/** The TP tags of the classes' work: on assignments, on quizzes, and on fixed-question quiz slots (with the question and its points). Three queries. */
export async function tagsOf(db: Executor, classIds: number[]) {
  const assignmentTags = await db
    .select({ assignmentId: assignmentObjectives.assignmentId, objectiveId: assignmentObjectives.objectiveId })
    .from(assignmentObjectives)
    .innerJoin(assignments, eq(assignments.id, assignmentObjectives.assignmentId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(inArray(lessons.onlineClassId, classIds));
  const quizTags = await db
    .select({ quizId: quizObjectives.quizId, objectiveId: quizObjectives.objectiveId })
    .from(quizObjectives)
    .innerJoin(quizzes, eq(quizzes.id, quizObjectives.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(inArray(lessons.onlineClassId, classIds));
  const slotTags = await db
    .select({ quizId: quizSlots.quizId, questionId: questions.id, points: questions.points, objectiveId: quizSlotObjectives.objectiveId })
    .from(quizSlotObjectives)
    .innerJoin(quizSlots, eq(quizSlots.id, quizSlotObjectives.slotId))
    .innerJoin(questions, eq(questions.id, quizSlots.questionId))
    .innerJoin(quizzes, eq(quizzes.id, quizSlots.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(inArray(lessons.onlineClassId, classIds));
  return { assignmentTags, quizTags, slotTags };
}
export type SlotTagRow = Awaited<ReturnType<typeof tagsOf>>['slotTags'][number];

/** The points earned on the tagged questions in the finished attempts of those quizzes (hand grade over key). One query. */
export async function slotAnswersOf(db: Executor, quizIds: number[], questionIds: number[]) {
  if (!quizIds.length || !questionIds.length) return [];
  return db
    .select({
      attemptId: quizAnswers.attemptId,
      questionId: quizAnswers.questionId,
      points: sql<number | null>`coalesce(${quizAnswers.manualPoints}, ${quizAnswers.autoPoints})`,
    })
    .from(quizAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
    .where(and(inArray(quizAttempts.quizId, quizIds), isNotNull(quizAttempts.finishedAt), inArray(quizAnswers.questionId, questionIds)));
}

/** The NISN of the students and their report descriptions in the classes (the edited ones). Two queries. */
export async function studentExtrasOf(db: Executor, classIds: number[], studentIds: number[]) {
  const nisn = studentIds.length
    ? await db.select({ id: students.userId, nisn: students.nisn }).from(students).where(inArray(students.userId, studentIds))
    : [];
  const descriptions = await db.select().from(reportDescriptions).where(inArray(reportDescriptions.onlineClassId, classIds));
  return { nisn: new Map(nisn.map((r) => [r.id, r.nisn])), descriptions };
}

/** Writes (or clears, when both parts are null) a student's report description in a class. */
export async function saveDescription(
  db: Executor,
  v: { classId: number; studentId: number; achieved: string | null; toImprove: string | null; by: number },
) {
  if (v.achieved === null && v.toImprove === null) {
    await db
      .delete(reportDescriptions)
      .where(and(eq(reportDescriptions.onlineClassId, v.classId), eq(reportDescriptions.studentId, v.studentId)));
    return;
  }
  const set = { achieved: v.achieved, toImprove: v.toImprove, updatedBy: v.by, updatedAt: new Date() };
  await db
    .insert(reportDescriptions)
    .values({ onlineClassId: v.classId, studentId: v.studentId, ...set })
    .onConflictDoUpdate({ target: [reportDescriptions.onlineClassId, reportDescriptions.studentId], set });
}

/** A student of the class's rombel (404 otherwise is the caller's), with their name. */
export async function studentOfRombel(db: Db, rombelId: number, studentId: number) {
  const [row] = await db
    .select({ id: students.userId })
    .from(students)
    .where(and(eq(students.userId, studentId), eq(students.rombelClassId, rombelId)))
    .limit(1);
  return row ?? null;
}

/** The student's rombel and its current (not archived) classes with their subject. One query. */
export async function classesOfStudent(db: Db, studentId: number) {
  return db
    .select({ klass: onlineClasses, subject: subjects.name })
    .from(students)
    .innerJoin(onlineClasses, eq(onlineClasses.rombelClassId, students.rombelClassId))
    .leftJoin(teachingAssignments, eq(teachingAssignments.onlineClassId, onlineClasses.id))
    .leftJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .where(and(eq(students.userId, studentId), sql`${onlineClasses.archivedAt} is null`))
    .orderBy(asc(sql`lower(coalesce(${subjects.name}, ${onlineClasses.name}))`), asc(onlineClasses.id));
}

/** The active semester and the rombel, with the wali kelas of the rombel in it (null: none). One query; null without a rombel or active semester. */
export async function rombelInActiveSemester(db: Db, rombelId: number) {
  const [row] = await db
    .select({
      rombel: { id: rombelClasses.id, name: rombelClasses.name },
      semester: { id: semesters.id, schoolYear: semesters.schoolYear, term: semesters.term },
      homeroomTeacherId: homerooms.teacherId,
    })
    .from(rombelClasses)
    .innerJoin(semesters, eq(semesters.active, true))
    .leftJoin(homerooms, and(eq(homerooms.semesterId, semesters.id), eq(homerooms.rombelClassId, rombelClasses.id)))
    .where(eq(rombelClasses.id, rombelId))
    .limit(1);
  return row ?? null;
}

/** The rombel's teaching assignments of the semester: their online classes, subjects and teachers, by subject name. One query. */
export async function legerSubjectsOf(db: Db, semesterId: number, rombelId: number) {
  const rows = await db
    .select({
      klass: onlineClasses,
      subject: subjects.name,
      teachers: sql<string[]>`coalesce((
        select array_agg(u.name order by tat.position, u.id)
        from ${teachingAssignmentTeachers} tat join ${users} u on u.id = tat.teacher_id
        where tat.assignment_id = ${teachingAssignments.id}), '{}')`,
    })
    .from(teachingAssignments)
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, teachingAssignments.onlineClassId))
    .where(and(eq(teachingAssignments.semesterId, semesterId), eq(teachingAssignments.rombelClassId, rombelId)))
    .orderBy(asc(subjects.name), asc(teachingAssignments.id));
  return rows;
}

/** The students of a rombel by name, with their NISN. One query. */
export async function rosterOf(db: Db, rombelId: number) {
  return db
    .select({ id: users.id, name: users.name, nisn: students.nisn })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.rombelClassId, rombelId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}
