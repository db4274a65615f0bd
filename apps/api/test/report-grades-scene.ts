/**
 * Issue 39 tests: a class of a teaching assignment (grade 10) with four students who have NISNs, a
 * wali kelas, another teacher and an outsider; the class's categories (the school's default, copied
 * straight into the table), three TPs of its subject and grade, and helpers that put graded work
 * into the database. Every report-grade test starts from `reportScene`.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  assignmentObjectives,
  assignments,
  classGradeSettings,
  gradeCategories,
  gradeCategoryDefaults,
  homerooms,
  learningObjectives,
  quizObjectives,
  submissions,
  teachingAssignments,
  teachingAssignmentTeachers,
} from '../src/db/schema.js';
import type { TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import { activeSemester, makeSubject } from './teaching-helpers.js';

export interface ReportScene {
  semesterId: number;
  rombelId: number;
  rombelName: string;
  teacher: TestUser;
  /** A second teacher of the same class (team teaching). */
  coTeacher: TestUser;
  homeroom: TestUser;
  otherTeacher: TestUser;
  students: TestUser[];
  outsider: TestUser;
  outsiderRombelId: number;
  /** The outsider rombel's class, taught by otherTeacher, same subject. */
  outsiderClassId: number;
  classId: number;
  className: string;
  lessonId: number;
  subjectId: number;
  subjectName: string;
  teachingAssignmentId: number;
  /** The class's categories in order: Sumatif Lingkup Materi 60, Sumatif Akhir Semester 40, Formatif 0. */
  categories: Array<{ id: number; name: string; weight: number }>;
  /** TP 1…3 of the subject, grade 10, in order. */
  objectives: Array<{ id: number; code: string; description: string }>;
  /** A TP of another subject (for the "TP of another subject" cases). */
  foreignObjectiveId: number;
}

/** Copies the school's default categories into the class (as the first read of its scheme does). */
export async function copyDefaultCategories(t: Pick<TestContext, 'db'>, classId: number) {
  const defaults = await t.db.select().from(gradeCategoryDefaults).orderBy(asc(gradeCategoryDefaults.position));
  const rows = await t.db
    .insert(gradeCategories)
    .values(defaults.map(({ id: _id, ...d }) => ({ ...d, onlineClassId: classId })))
    .returning();
  await t.db.insert(classGradeSettings).values({ onlineClassId: classId }).onConflictDoNothing();
  return rows.sort((a, b) => a.position - b.position);
}

export async function reportScene(t: TestContext, size = 4): Promise<ReportScene> {
  const f = t.factory;
  const semesterId = await activeSemester(t);
  const rombel = await f.rombel({ grade: 10 });
  const teacher = await f.teacher({ name: `Guru Mapel ${rombel.id}` });
  const coTeacher = await f.teacher({ name: `Guru Tim ${rombel.id}` });
  const homeroom = await f.teacher({ name: `Wali Kelas ${rombel.id}` });
  const otherTeacher = await f.teacher({ name: `Guru Lain ${rombel.id}` });
  const students: TestUser[] = [];
  for (let i = 0; i < size; i++)
    students.push(await f.student({ rombelId: rombel.id, name: `Siswa ${String(i + 1).padStart(2, '0')} ${rombel.id}` }));
  const outsiderRombel = await f.rombel({ grade: 10 });
  const outsider = await f.student({ rombelId: outsiderRombel.id, name: `Siswa Luar ${outsiderRombel.id}` });
  const subject = await makeSubject(t);
  const klass = await f.onlineClass(teacher.id, { rombelId: rombel.id, name: `${subject.name} ${rombel.name}` });
  const [ta] = await t.db
    .insert(teachingAssignments)
    .values({ semesterId, rombelClassId: rombel.id, subjectId: subject.id, onlineClassId: klass.id, hoursPerWeek: 4 })
    .returning();
  await t.db.insert(teachingAssignmentTeachers).values([
    { assignmentId: ta!.id, teacherId: teacher.id, position: 0 },
    { assignmentId: ta!.id, teacherId: coTeacher.id, position: 1 },
  ]);
  const outsiderClass = await f.onlineClass(otherTeacher.id, {
    rombelId: outsiderRombel.id,
    name: `${subject.name} ${outsiderRombel.name}`,
  });
  const [ota] = await t.db
    .insert(teachingAssignments)
    .values({ semesterId, rombelClassId: outsiderRombel.id, subjectId: subject.id, onlineClassId: outsiderClass.id, hoursPerWeek: 4 })
    .returning();
  await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: ota!.id, teacherId: otherTeacher.id, position: 0 });
  await t.db.insert(homerooms).values({ semesterId, rombelClassId: rombel.id, teacherId: homeroom.id });
  const lesson = await f.content(klass.id, { title: 'Pembelajaran 1' });
  const categories = await copyDefaultCategories(t, klass.id);
  const objectives = await t.db
    .insert(learningObjectives)
    .values([
      { subjectId: subject.id, grade: 10, code: 'TP 1', description: 'Menjelaskan konsep dasar jaringan komputer', position: 0 },
      { subjectId: subject.id, grade: 10, code: 'TP 2', description: 'Membuat kabel UTP straight dan cross', position: 1 },
      { subjectId: subject.id, grade: 10, code: 'TP 3', description: 'Mengonfigurasi alamat IP pada perangkat', position: 2 },
    ])
    .returning();
  const other = await makeSubject(t);
  const [foreign] = await t.db
    .insert(learningObjectives)
    .values({ subjectId: other.id, grade: 10, code: 'TP 1', description: 'Tujuan mapel lain', position: 0 })
    .returning();
  return {
    semesterId,
    rombelId: rombel.id,
    rombelName: rombel.name,
    teacher,
    coTeacher,
    homeroom,
    otherTeacher,
    students,
    outsider,
    outsiderRombelId: outsiderRombel.id,
    outsiderClassId: outsiderClass.id,
    classId: klass.id,
    className: klass.name,
    lessonId: lesson.id,
    subjectId: subject.id,
    subjectName: subject.name,
    teachingAssignmentId: ta!.id,
    categories: categories.map((c) => ({ id: c.id, name: c.name, weight: c.weight })),
    objectives: objectives.map((o) => ({ id: o.id, code: o.code, description: o.description })),
    foreignObjectiveId: foreign!.id,
  };
}

/** A score, "missing" (nothing handed in; pass a past deadline), or "waiting" (handed in, not graded). */
export type SceneScore = number | 'missing' | 'waiting';

/**
 * An assignment of the scene's class in a category with TPs, and each student's work straight into
 * the database: `scores[i]` is students[i]'s (absent: nothing handed in). A past `deadline` makes
 * nothing-handed-in "missing".
 */
export async function gradedAssignment(
  t: TestContext,
  s: ReportScene,
  o: { categoryId: number | null; objectiveIds?: number[]; scores: SceneScore[]; title?: string; deadline?: Date },
) {
  const a = await t.factory.assignment(s.lessonId, s.teacher.id, {
    title: o.title,
    deadline: o.deadline ?? new Date(Date.now() - 24 * 3600_000),
  });
  await t.db.update(assignments).set({ categoryId: o.categoryId }).where(eq(assignments.id, a.id));
  if (o.objectiveIds?.length)
    await t.db.insert(assignmentObjectives).values(o.objectiveIds.map((objectiveId) => ({ assignmentId: a.id, objectiveId })));
  for (const [i, score] of o.scores.entries()) {
    if (score === 'missing' || score === undefined) continue;
    await t.factory.submission(a.id, s.students[i]!.id, { score: score === 'waiting' ? null : score });
  }
  return a;
}

/** Tags a quiz with TPs straight in the database. */
export async function tagQuiz(t: Pick<TestContext, 'db'>, quizId: number, objectiveIds: number[]) {
  if (objectiveIds.length) await t.db.insert(quizObjectives).values(objectiveIds.map((objectiveId) => ({ quizId, objectiveId })));
}

/** Returned work handed in again, waiting for a new grade (its last grade kept), straight in the database. */
export async function handedInAgain(t: Pick<TestContext, 'db'>, assignmentId: number, studentId: number) {
  const [row] = await t.db
    .update(submissions)
    .set({ score: null, feedback: null, gradedAt: null, returnedAt: null, submittedAt: new Date(), version: 2 })
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)))
    .returning();
  return row!;
}
