/**
 * Issue 39: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * A class's scheme: the chains' classes read theirs (the school's default copied on the first read);
 * a granted save sends the fresh class's scheme back with its ids and revision (read in `prepare`).
 * The tags go on the chain's assignment and quiz (and the quiz's first slot). The semester's lock
 * works on the active semester: the chains' classes have no teaching assignment, so no row of theirs
 * is ever locked; the lock row leaves it locked and the unlock row, next in the route table, opens it.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { quizSlots, semesters } from '../../src/db/schema.js';
import { loadScheme } from '../../src/features/grade-scheme/queries.js';
import { adminOnly, json, teacherChain, teacherTop, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import { activeSemesterId } from './homerooms.js';

const NO_SUCH_ID = 2_147_483_000;
const T = '/api/teacher/online-classes/:classId';
const L = `${T}/contents/:lessonId`;

/** The class's scheme as a save sends it back (its ids and revision), for the granted save. */
async function schemeBodyOf(db: Db, classId: number) {
  const s = await loadScheme(db, classId);
  return {
    revision: s.revision,
    kktp: 70,
    categories: s.categories.map((c) => ({
      id: c.id,
      name: c.name,
      weight: c.weight,
      drop_lowest: c.dropLowest,
      missing_counts_zero: c.missingCountsZero,
      erapor_part: c.eraporPart,
    })),
  };
}
/** A valid body for the refused cells (they are refused before it is looked at). */
const placeholder = { revision: 1, kktp: 75, categories: [{ name: 'Nilai', weight: 100 }] };
let prepared: Record<string, unknown> = placeholder;

async function firstSlot(db: Db, quizId: number): Promise<number> {
  const [row] = await db.select({ id: quizSlots.id }).from(quizSlots).where(eq(quizSlots.quizId, quizId)).orderBy(asc(quizSlots.position));
  return row?.id ?? NO_SUCH_ID;
}

const lockUrl = async (c: CallContext) =>
  `/api/admin/semesters/${c.variant === 'own' ? await activeSemesterId(c.scene.app.db) : NO_SUCH_ID}/grade-lock`;
async function setLock(c: CallContext, locked: boolean): Promise<void> {
  await c.scene.app.db
    .update(semesters)
    .set({ gradesLockedAt: locked ? new Date() : null })
    .where(eq(semesters.id, await activeSemesterId(c.scene.app.db)));
}

export const matrixRows: Record<string, Row> = {
  'GET /api/admin/grade-scheme': { expect: adminOnly(200) },
  'PUT /api/admin/grade-scheme': {
    expect: adminOnly(200),
    body: () =>
      json({
        categories: [
          { name: 'Sumatif Lingkup Materi', weight: 60, erapor_part: 'lingkup_materi' },
          { name: 'Sumatif Akhir Semester', weight: 40, erapor_part: 'akhir_tes' },
          { name: 'Formatif', weight: 0, missing_counts_zero: false },
        ],
      }),
  },
  'POST /api/admin/semesters/:id/grade-lock': { expect: adminOnly([200, 404]), url: lockUrl, prepare: (c) => setLock(c, false) },
  'DELETE /api/admin/semesters/:id/grade-lock': { expect: adminOnly([200, 404]), url: lockUrl, prepare: (c) => setLock(c, true) },
  [`GET ${T}/grade-scheme`]: { expect: teacherTop(200), noMarker: true },
  [`PUT ${T}/grade-scheme`]: {
    expect: teacherTop(200),
    noMarker: true,
    prepare: async (c) => {
      prepared = await schemeBodyOf(c.scene.app.db, c.target.classId);
    },
    body: (c) => json(c.caller === 'owner' || c.caller === 'otherTeacher' ? prepared : placeholder),
  },
  [`POST ${T}/grade-scheme/release`]: { expect: teacherTop(200), noMarker: true, body: () => json({ released: true }) },
  [`PUT ${L}/assignments/:id/grading`]: {
    id: 'assignmentId',
    expect: teacherChain(200),
    noMarker: true,
    body: () => json({ category_id: null, objective_ids: [] }),
  },
  [`PUT ${L}/quizzes/:id/grading`]: { id: 'quizId', expect: teacherChain(200), noMarker: true, body: () => json({ category_id: null }) },
  [`PUT ${L}/quizzes/:id/slots/:slotId/objectives`]: {
    expect: teacherChain(200),
    noMarker: true,
    url: async (c) =>
      `/api/teacher/online-classes/${c.own.classId}/contents/${c.own.lessonId}/quizzes/${c.target.quizId}/slots/${await firstSlot(
        c.scene.app.db,
        c.target.quizId,
      )}/objectives`,
    body: () => json({ objective_ids: [] }),
  },
};

/** Its scene: a class of the fuzzer's teacher with a content, an assignment and a quiz of one question. */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const klass = await ctx.factory.onlineClass(ctx.teacher.id);
    const lesson = await ctx.factory.content(klass.id);
    const assignment = await ctx.factory.assignment(lesson.id, ctx.teacher.id);
    const category = await ctx.factory.questionCategory(ctx.teacher.id);
    const question = await ctx.factory.question(category.id, ctx.teacher.id);
    const quiz = await ctx.factory.quiz(lesson.id, ctx.teacher.id, [question.id]);
    const slotId = await firstSlot(ctx.db, quiz.id);
    const scheme = await loadScheme(ctx.db, klass.id);
    return {
      classId: klass.id,
      lessonId: lesson.id,
      assignmentId: assignment.id,
      quizId: quiz.id,
      slotId,
      categoryId: scheme.categories[1]!.id,
    };
  },
  endpoints: {
    'PUT /api/admin/grade-scheme': {
      as: 'admin',
      valid: () => ({
        categories: [
          { name: 'Sumatif Lingkup Materi', weight: 60, erapor_part: 'lingkup_materi' },
          { name: 'Sumatif Akhir Semester', weight: 40, erapor_part: 'akhir_tes' },
          { name: 'Formatif', weight: 0, missing_counts_zero: false },
        ],
      }),
    },
    [`PUT ${T}/grade-scheme`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId! }),
      valid: () => ({ revision: 1, kktp: 75, categories: [{ name: 'Nilai', weight: 100, drop_lowest: 0 }] }),
    },
    [`POST ${T}/grade-scheme/release`]: { as: 'teacher', ids: (x) => ({ classId: x.classId! }), valid: () => ({ released: true }) },
    [`PUT ${L}/assignments/:id/grading`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, id: x.assignmentId! }),
      valid: (x) => ({ category_id: x.categoryId, objective_ids: [] }),
    },
    [`PUT ${L}/quizzes/:id/grading`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, id: x.quizId! }),
      valid: (x) => ({ category_id: x.categoryId, objective_ids: [] }),
    },
    [`PUT ${L}/quizzes/:id/slots/:slotId/objectives`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, id: x.quizId!, slotId: x.slotId! }),
      valid: () => ({ objective_ids: [] }),
    },
  },
  // The lock takes no body (its refusals: grade-scheme.test.ts).
  notJson: ['POST /api/admin/semesters/:id/grade-lock'],
};
