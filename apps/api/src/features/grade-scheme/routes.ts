import {
  GRADE_MSG,
  classGradeScheme,
  classSchemeBody,
  classSchemeParams,
  errorEnvelope,
  gradeSchemeDefaults,
  ok,
  quizSlotParams,
  releaseBody,
  schemeDefaultsBody,
  semester,
  semesterLabel,
  semesterLockParams,
  slotObjectives,
  slotObjectivesBody,
  workGrading,
  workGradingBody,
  workParams,
} from '@kelasku/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { assertGradesOpen, assignmentFor, classForTeacher } from '../../access/index.js';
import { quizForTeacher } from '../../access/quizzes.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { recordAudit } from '../../audit/record.js';
import { findSemester, setGradeLock } from '../semesters/queries.js';
import { toSemester } from '../semesters/present.js';
import {
  bumpSettings,
  classContext,
  listDefaults,
  loadScheme,
  lockSettings,
  replaceClassCategories,
  replaceDefaults,
  setReleased,
  workCounts,
} from './queries.js';
import { schemeAudit, toCategory, toClassScheme } from './present.js';
import { checkObjectives, checkTags, slotTagsOf, tagsOf, writeSlotTags, writeTags } from './tags.js';
import { slotsOf } from '../quizzes/queries.js';

const adminTags = ['admin: grade scheme'];
const teacherTags = ['teacher: grade scheme'];

/** /api/admin: the school's default grade scheme and the semester's lock (issue 39; contract schemas/grade-scheme.ts). */
export async function adminRoutes(app: App): Promise<void> {
  app.get(
    '/grade-scheme',
    {
      schema: {
        tags: adminTags,
        summary: "The school's default categories, copied into a class on its first read",
        response: { 200: ok(gradeSchemeDefaults) },
      },
    },
    async () => ({ success: true as const, data: { categories: (await listDefaults(app.db)).map(toCategory) } }),
  );

  app.put(
    '/grade-scheme',
    {
      schema: {
        tags: adminTags,
        summary:
          "Replace the school's default categories (1–10; weights total 100; names unique; each e-Rapor column at most once). " +
          'Classes that have their scheme already keep it',
        body: schemeDefaultsBody,
        response: { 200: ok(gradeSchemeDefaults), 422: errorEnvelope },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const before = await listDefaults(tx);
        await replaceDefaults(tx, request.body.categories);
        await recordAudit(tx, request, {
          action: 'grade.scheme_defaults',
          targetType: 'grade_scheme',
          summary: 'Skema nilai bawaan sekolah',
          before: { categories: schemeAudit(before) },
          after: { categories: schemeAudit(request.body.categories) },
        });
      });
      return {
        success: true as const,
        message: GRADE_MSG.defaultsSaved,
        data: { categories: (await listDefaults(app.db)).map(toCategory) },
      };
    },
  );

  lockRoutes(app);
}

function lockRoutes(app: App): void {
  const lockSchema = (summary: string) => ({
    tags: ['admin: school year'],
    summary,
    params: semesterLockParams,
    response: { 200: ok(semester), 404: errorEnvelope, 409: errorEnvelope },
  });
  const toggle = async (request: FastifyRequest<{ Params: z.infer<typeof semesterLockParams> }>, lock: boolean) => {
    const id = request.params.id;
    const label = await app.db.transaction(async (tx) => {
      const done = await setGradeLock(tx, id, lock, request.user.id);
      if (done === null) throw notFound();
      if (done === 'same') throw conflict(lock ? GRADE_MSG.alreadyLocked : GRADE_MSG.notLocked);
      const row = (await findSemester(tx, id))!;
      const label = semesterLabel(row);
      await recordAudit(tx, request, {
        action: lock ? 'grade.lock' : 'grade.unlock',
        targetType: 'semester',
        targetId: id,
        summary: label,
        before: { locked: !lock },
        after: { locked: lock },
      });
      return label;
    });
    const row = await findSemester(app.db, id);
    if (!row) throw notFound();
    return { success: true as const, message: lock ? GRADE_MSG.lockedNow(label) : GRADE_MSG.unlockedNow(label), data: toSemester(row) };
  };
  app.post(
    '/semesters/:id/grade-lock',
    {
      schema: lockSchema(
        '"Kunci nilai": every grade write of the semester\'s classes is refused (409) until unlocked; 409 when locked already',
      ),
    },
    async (request) => toggle(request, true),
  );
  app.delete(
    '/semesters/:id/grade-lock',
    { schema: lockSchema("Open the semester's grades again; 409 when they are not locked") },
    async (request) => toggle(request, false),
  );
}

/** The class's scheme as the teacher sees it (`db`: the pool, or the write's transaction). */
async function schemeReply(db: Executor, classId: number) {
  const scheme = await loadScheme(db, classId);
  const [ctx, counts] = [await classContext(db, classId), await workCounts(db, classId, scheme.categories[0]?.id ?? null)];
  return toClassScheme(classId, scheme, ctx, counts);
}

/** /api/teacher: a class's grade scheme, its release, and the category and TPs of its work. */
export async function teacherRoutes(app: App): Promise<void> {
  const one = '/online-classes/:classId/grade-scheme';
  app.get(
    one,
    {
      schema: {
        tags: teacherTags,
        summary:
          "The class's categories (the school's default copied on the first read) with the work in each (work without a category " +
          'counts in the first), KKTP, release, revision, whether its semester is locked, and the subject and grade of its TPs',
        params: classSchemeParams,
        response: { 200: ok(classGradeScheme), 404: errorEnvelope },
      },
    },
    async (request) => {
      await classForTeacher(app.db, request.user, request.params.classId, 'read');
      return { success: true as const, data: await schemeReply(app.db, request.params.classId) };
    },
  );

  app.put(
    one,
    {
      schema: {
        tags: teacherTags,
        summary:
          'Replace the scheme: categories with an id are changed, without an id added, left out deleted (409 while one holds work). ' +
          '`revision` must be the current one (409: another teacher of the class saved first); 409 while the semester is locked',
        params: classSchemeParams,
        body: classSchemeBody,
        response: { 200: ok(classGradeScheme), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const classId = request.params.classId;
      await classForTeacher(app.db, request.user, classId, 'write');
      const data = await app.db
        .transaction(async (tx) => {
          await assertGradesOpen(tx, classId);
          await loadScheme(tx, classId);
          const settings = await lockSettings(tx, classId);
          if (settings.revision !== request.body.revision) throw conflict(GRADE_MSG.schemeChanged, 'revision');
          const before = await loadScheme(tx, classId);
          await saveCategories(tx, classId, before, request.body.categories);
          await bumpSettings(tx, classId, request.body.kktp, request.user.id);
          await recordAudit(tx, request, {
            action: 'grade.scheme',
            targetType: 'grade_scheme',
            targetId: classId,
            summary: `Skema nilai kelas #${classId}`,
            before: { categories: schemeAudit(before.categories), kktp: before.kktp },
            after: { categories: schemeAudit(request.body.categories), kktp: request.body.kktp },
          });
          return schemeReply(tx, classId);
        })
        .catch((err) => {
          // Work moved into a category being deleted meanwhile: the schema refuses the delete.
          if (isForeignKeyViolation(err)) throw conflict(GRADE_MSG.schemeChanged);
          throw err;
        });
      return { success: true as const, message: GRADE_MSG.schemeSaved, data };
    },
  );

  app.post(
    `${one}/release`,
    {
      schema: {
        tags: teacherTags,
        summary:
          'Show (`released: true`) or hide the final grades and report descriptions to the students; 409 while the semester is locked',
        params: classSchemeParams,
        body: releaseBody,
        response: { 200: ok(classGradeScheme), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const classId = request.params.classId;
      await classForTeacher(app.db, request.user, classId, 'write');
      const released = request.body.released;
      const data = await app.db.transaction(async (tx) => {
        await assertGradesOpen(tx, classId);
        await loadScheme(tx, classId);
        await setReleased(tx, classId, released, request.user.id);
        await recordAudit(tx, request, {
          action: 'grade.release',
          targetType: 'grade_scheme',
          targetId: classId,
          summary: `Nilai akhir kelas #${classId}`,
          after: { released },
        });
        return schemeReply(tx, classId);
      });
      return { success: true as const, message: released ? GRADE_MSG.released : GRADE_MSG.unreleased, data };
    },
  );

  workRoutes(app);
}

/** Checks the body's categories against the class's and writes them (ids of the class only; left-out ones must hold no work). */
async function saveCategories(
  tx: Executor,
  classId: number,
  before: Awaited<ReturnType<typeof loadScheme>>,
  next: z.output<typeof classSchemeBody>['categories'],
): Promise<void> {
  const ids = new Set(before.categories.map((c) => c.id));
  next.forEach((c, i) => {
    if (c.id !== undefined && !ids.has(c.id)) throw invalidField(`categories.${i}.id`, GRADE_MSG.categoryNotInClass);
  });
  const kept = new Set(next.map((c) => c.id));
  const counts = await workCounts(tx, classId, before.categories[0]?.id ?? null);
  for (const c of before.categories) {
    const n = counts.get(c.id) ?? 0;
    if (!kept.has(c.id) && n > 0) throw conflict(GRADE_MSG.categoryHoldsWork(c.name, n), 'categories');
  }
  await replaceClassCategories(tx, classId, before.categories, next);
}

function workRoutes(app: App): void {
  const base = '/online-classes/:classId/contents/:lessonId';
  const summary = (what: string) =>
    `The grade category (null: the class's first) and TPs of ${what}; absent fields unchanged. 422 for a category of another ` +
    "class or a TP not of the class's subject and grade; 409 while the semester is locked";
  app.put(
    `${base}/assignments/:id/grading`,
    {
      schema: {
        tags: teacherTags,
        summary: summary('an assignment'),
        params: workParams,
        body: workGradingBody,
        response: { 200: ok(workGrading), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment } = await assignmentFor(app.db, request.user, request.params, 'write');
      await assertGradesOpen(app.db, klass.id);
      await checkTags(app.db, klass.id, request.body);
      await app.db.transaction((tx) => writeTags(tx, 'assignment', assignment.id, request.body)).catch(tagRace);
      const data = (await tagsOf(app.db, 'assignment', [assignment.id])).get(assignment.id);
      if (!data) throw notFound();
      return { success: true as const, message: GRADE_MSG.tagsSaved, data };
    },
  );

  app.put(
    `${base}/quizzes/:id/grading`,
    {
      schema: {
        tags: teacherTags,
        summary: summary('a quiz'),
        params: workParams,
        body: workGradingBody,
        response: { 200: ok(workGrading), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { classId, lessonId, id } = request.params;
      const { klass, quiz } = await quizForTeacher(app.db, request.user, { classId, lessonId, quizId: id }, 'write');
      await assertGradesOpen(app.db, klass.id);
      await checkTags(app.db, klass.id, request.body);
      await app.db.transaction((tx) => writeTags(tx, 'quiz', quiz.id, request.body)).catch(tagRace);
      const data = (await tagsOf(app.db, 'quiz', [quiz.id])).get(quiz.id);
      if (!data) throw notFound();
      return { success: true as const, message: GRADE_MSG.tagsSaved, data };
    },
  );

  app.put(
    `${base}/quizzes/:id/slots/:slotId/objectives`,
    {
      schema: {
        tags: teacherTags,
        summary:
          "The TPs of one question (slot) of a quiz: they take that question's points. 422 for a TP not of the class's subject and " +
          'grade; 409 while the semester is locked',
        params: quizSlotParams,
        body: slotObjectivesBody,
        response: { 200: ok(slotObjectives), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { classId, lessonId, id, slotId } = request.params;
      const { klass, quiz } = await quizForTeacher(app.db, request.user, { classId, lessonId, quizId: id }, 'write');
      if (!(await slotsOf(app.db, [quiz.id])).some((s) => s.id === slotId)) throw notFound();
      await assertGradesOpen(app.db, klass.id);
      await checkObjectives(app.db, klass.id, request.body.objective_ids);
      await app.db.transaction((tx) => writeSlotTags(tx, slotId, request.body.objective_ids)).catch(tagRace);
      const data = { slot_id: slotId, objective_ids: (await slotTagsOf(app.db, [slotId])).get(slotId) ?? [] };
      return { success: true as const, message: GRADE_MSG.tagsSaved, data };
    },
  );
}

/** A TP or category removed while the tags were written: answered as the check would have. */
function tagRace(err: unknown): never {
  if (isForeignKeyViolation(err)) throw invalidField('objective_ids', GRADE_MSG.objectiveNotInClass);
  throw err;
}
