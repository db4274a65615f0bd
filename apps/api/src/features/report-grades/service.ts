/**
 * The Nilai Akhir of classes (issue 39): gathers the scheme, the work with its TP tags, the students
 * and their marks, and turns them into the contract's ClassReportGrades with compute.ts. A fixed
 * number of queries whatever the number of classes, students and pieces of work (see
 * reportGradesOfClasses); the first read of a class's scheme copies the school's default.
 */
import type { ClassReportGrades, StudentReportCard, StudentReportGrade } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import type { OnlineClass } from '../../access/index.js';
import { gradebookRows, type GradebookExtensionRow, type GradebookQuizAttemptRow, type GradebookWorkRow } from '../gradebook/queries.js';
import { cellOf, quizCellOf } from '../gradebook/present.js';
import { countingAttempt, gradeOf } from '../quizzes/grading.js';
import type { ClassScheme } from '../grade-scheme/queries.js';
import { computeStudentGrades, describeObjectives, type SchemeCategory, type WorkItem, type WorkMark } from './compute.js';
import { classContextOf, classesOfStudent, schemesOf, slotAnswersOf, studentExtrasOf, tagsOf, type SlotTagRow } from './queries.js';
import { toStudentCard } from './present.js';
import { toCategory } from '../grade-scheme/present.js';

const pair = (a: number, b: number) => `${a}:${b}`;

const groupBy = <T>(rows: T[], keyOf: (r: T) => string): Map<string, T[]> => Map.groupBy(rows, keyOf);

/** When an assignment closes for a student: the extension's closing time else its deadline, or the assignment's closing time else its deadline. */
export const closingOf = (
  a: { deadline: Date; closesAt: Date | null },
  ext: Pick<GradebookExtensionRow, 'deadline' | 'closesAt'> | undefined,
) => (ext ? (ext.closesAt ?? ext.deadline) : (a.closesAt ?? a.deadline));

/**
 * A student's mark on an assignment for the final grade: the gradebook's cell, except that work not
 * handed in is missing only once it has closed (between the deadline and the close it is left out),
 * and work waiting for a new grade keeps its last grade.
 */
export function assignmentMark(
  a: { id: number; deadline: Date; closesAt: Date | null },
  work: GradebookWorkRow | undefined,
  ext: GradebookExtensionRow | undefined,
  now: Date,
): WorkMark {
  const cell = cellOf(a, work, ext, now);
  if (cell.awaiting_regrade) return { state: 'waiting', score: cell.score };
  if (cell.state === 'missing' && closingOf(a, ext).getTime() > now.getTime()) return { state: 'todo', score: null };
  return { state: cell.state, score: cell.score };
}

/**
 * The parts of a quiz per slot-tagged TP for one student: points earned on the tagged questions in
 * the counting attempt over their points × 100. Empty without a counting grade.
 */
function slotParts(
  quiz: { gradingMethod: string },
  attempts: GradebookQuizAttemptRow[],
  tags: SlotTagRow[],
  answers: Map<string, number | null>,
): Record<number, number> | undefined {
  if (!tags.length) return undefined;
  const counting = countingAttempt(attempts, quiz.gradingMethod);
  if (!counting || gradeOf(counting.score, counting.maxScore) === null) return undefined;
  const parts: Record<number, number> = {};
  for (const [objectiveId, rows] of groupBy(tags, (t) => String(t.objectiveId))) {
    const max = rows.reduce((s, r) => s + r.points, 0);
    const earned = rows.reduce((s, r) => s + (answers.get(pair(counting.id, r.questionId)) ?? 0), 0);
    if (max > 0) parts[Number(objectiveId)] = (earned / max) * 100;
  }
  return parts;
}

const toSchemeCategory = (c: ClassScheme['categories'][number]): SchemeCategory => ({
  id: c.id,
  weight: c.weight,
  dropLowest: c.dropLowest,
  missingCountsZero: c.missingCountsZero,
});

/**
 * The Nilai Akhir of each class (same order). Queries: the schemes 2 (more on a class's first read),
 * the gradebook's rows up to 7, the TPs and lock 1, the tags 3, the tagged quiz answers 1 (only with
 * tagged questions), NISN and descriptions 2: at most 16, whatever the number of classes. With
 * `student`, each class holds only that student's row.
 */
export async function reportGradesOfClasses(
  db: Executor,
  classes: OnlineClass[],
  { now = new Date(), student }: { now?: Date; student?: number } = {},
): Promise<ClassReportGrades[]> {
  if (!classes.length) return [];
  const ids = classes.map((c) => c.id);
  const schemes = await schemesOf(db, ids);
  const rows = await gradebookRows(db as Db, classes, student);
  const context = await classContextOf(db, ids);
  const tags = await tagsOf(db, ids);
  const answers = await slotAnswersOf(
    db,
    [...new Set(tags.slotTags.map((t) => t.quizId))],
    [...new Set(tags.slotTags.map((t) => t.questionId))],
  );
  const studentIds = [...new Set(classes.flatMap((c) => rows.studentsOf(c).map((s) => s.id)))];
  const extras = await studentExtrasOf(db, ids, studentIds);

  const workBy = new Map(rows.work.map((w) => [pair(w.assignmentId, w.studentId), w]));
  const extBy = new Map(rows.extensions.map((e) => [pair(e.assignmentId, e.studentId), e]));
  const attemptsBy = groupBy(rows.quizAttempts, (a) => pair(a.quizId, a.studentId));
  const answerBy = new Map(answers.map((a) => [pair(a.attemptId, a.questionId), a.points]));
  const slotTagsBy = groupBy(tags.slotTags, (t) => String(t.quizId));
  const assignmentTagsBy = groupBy(tags.assignmentTags, (t) => String(t.assignmentId));
  const quizTagsBy = groupBy(tags.quizTags, (t) => String(t.quizId));
  const descriptionBy = new Map(extras.descriptions.map((d) => [pair(d.onlineClassId, d.studentId), d]));

  return classes.map((klass) => {
    const scheme = schemes.get(klass.id)!;
    const ctx = context.get(klass.id) ?? { subject: null, locked: false, objectives: [] };
    const firstCategory = scheme.categories[0]?.id ?? 0;
    const own = rows.columns.filter((a) => a.classId === klass.id);
    const ownQuizzes = rows.quizColumns.filter((q) => q.classId === klass.id);
    const quizObjectiveIds = (quizId: number) => [
      ...new Set([
        ...(quizTagsBy.get(String(quizId)) ?? []).map((t) => t.objectiveId),
        ...(slotTagsBy.get(String(quizId)) ?? []).map((t) => t.objectiveId),
      ]),
    ];
    const items = [
      ...own.map((a) => ({
        key: `a${a.id}`,
        kind: 'assignment' as const,
        id: a.id,
        title: a.title,
        categoryId: a.categoryId,
        objectiveIds: (assignmentTagsBy.get(String(a.id)) ?? []).map((t) => t.objectiveId),
      })),
      ...ownQuizzes.map((q) => ({
        key: `q${q.id}`,
        kind: 'quiz' as const,
        id: q.id,
        title: q.title,
        categoryId: q.categoryId,
        objectiveIds: quizObjectiveIds(q.id),
      })),
    ];
    const workItems: WorkItem[] = items.map((it) => ({ key: it.key, categoryId: it.categoryId, objectiveIds: it.objectiveIds }));
    const categories = scheme.categories.map(toSchemeCategory);
    const objectives = ctx.objectives.map((o) => ({ id: o.id, description: o.description }));

    const students = rows.studentsOf(klass).map((s): StudentReportGrade => {
      const marks = new Map<string, WorkMark>();
      for (const a of own) {
        marks.set(`a${a.id}`, assignmentMark(a, workBy.get(pair(a.id, s.id)), extBy.get(pair(a.id, s.id)), now));
      }
      for (const q of ownQuizzes) {
        const attempts = attemptsBy.get(pair(q.id, s.id)) ?? [];
        const cell = quizCellOf(q, attempts, now);
        const parts = slotParts(q, attempts, slotTagsBy.get(String(q.id)) ?? [], answerBy);
        marks.set(`q${q.id}`, { state: cell.state, score: cell.score, ...(parts ? { objectiveScores: parts } : {}) });
      }
      const g = computeStudentGrades(categories, workItems, objectives, scheme.kktp, marks);
      const written = describeObjectives(objectives, g.objectives);
      const edited = descriptionBy.get(pair(klass.id, s.id));
      return {
        student: { id: s.id, name: s.name, nis: s.nis, nisn: extras.nisn.get(s.id) ?? null },
        final: g.final,
        final_exact: g.finalExact,
        categories: g.categories.map((c) => ({ category_id: c.categoryId, average: c.average, counted: c.counted, dropped: c.dropped })),
        objectives: g.objectives.map((o) => ({ objective_id: o.objectiveId, score: o.score, reached: o.reached })),
        description: {
          achieved: edited?.achieved ?? written.achieved,
          to_improve: edited?.toImprove ?? written.toImprove,
          edited: !!edited && (edited.achieved !== null || edited.toImprove !== null),
        },
        awaiting_regrade: g.awaitingRegrade,
      };
    });

    return {
      online_class: { id: klass.id, name: klass.name },
      categories: scheme.categories.map(toCategory),
      kktp: scheme.kktp,
      released_at: scheme.releasedAt?.toISOString() ?? null,
      locked: ctx.locked,
      items: items.map((it) => ({
        key: it.key,
        kind: it.kind,
        id: it.id,
        title: it.title,
        category_id: it.categoryId ?? firstCategory,
        objective_ids: it.objectiveIds,
      })),
      objectives: ctx.objectives.map((o) => ({ id: o.id, code: o.code, description: o.description, position: o.position })),
      students,
    };
  });
}

/** The Nilai Akhir of one class (what the e-Rapor templates are filled from). */
export async function reportGradesOf(db: Executor, klass: OnlineClass, now = new Date()): Promise<ClassReportGrades> {
  const [one] = await reportGradesOfClasses(db, [klass], { now });
  return one!;
}

/**
 * The student's "Nilai Saya" report part per (not archived) class of their rombel, the final grade
 * and description only once released; the student's own page and a parent's of their child (issue 40).
 */
export async function reportCardsOfStudent(db: Db, studentId: number): Promise<StudentReportCard[]> {
  const rows = await classesOfStudent(db, studentId);
  // Only this student's row of each class is computed (the classmates' are not read at all).
  const reports = await reportGradesOfClasses(
    db,
    rows.map((r) => r.klass),
    { student: studentId },
  );
  return reports.map((r, i) => toStudentCard(r, studentId, rows[i]!.subject));
}
