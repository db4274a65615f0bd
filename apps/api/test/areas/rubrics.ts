/**
 * Issue 39: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Rubrics: each chain's teacher has a rubric titled with the chain's marker, written the first time
 * a row asks for it into a table the matrix's fingerprint does not watch (rubrics). Another
 * teacher's rubric is a 404, like another teacher's class. The attach row sends the target chain's
 * teacher's rubric, so the one granted cell per variant reaches its own class and rubric.
 */
import type { Db } from '../../src/db/client.js';
import { rubrics } from '../../src/db/schema.js';
import { json, teacherChain, teacherList, teacherTop, uniq, type CallContext, type Chain, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

const NO_SUCH_ID = 2_147_483_000;

/** A small valid rubric body (two criteria). */
export const matrixRubric = (title: string) => ({
  title,
  criteria: [
    {
      title: 'Isi',
      description: 'Kelengkapan isi',
      max_points: 10,
      levels: [
        { title: 'Lengkap', description: null, points: 10 },
        { title: 'Kurang', description: null, points: 4 },
      ],
    },
    {
      title: 'Kerapian',
      description: null,
      max_points: 5,
      levels: [
        { title: 'Rapi', description: null, points: 5 },
        { title: 'Kurang rapi', description: null, points: 2 },
      ],
    },
  ],
});

async function insertRubric(db: Db, teacherId: number, title: string): Promise<number> {
  const body = matrixRubric(title);
  const [row] = await db.insert(rubrics).values({ teacherId, title, criteria: body.criteria }).returning({ id: rubrics.id });
  return row!.id;
}

/** The chain's rubric (made once per chain). */
const made = new Map<string, Promise<number>>();
function rubricOf(c: CallContext, chain: Chain): Promise<number> {
  let id = made.get(chain.marker);
  if (!id) {
    id = insertRubric(c.scene.app.db, chain.teacher.id, `Rubrik ${chain.marker}`);
    made.set(chain.marker, id);
  }
  return id;
}

/** The chains' rubrics exist (lists show the caller's own). */
async function sceneReady(c: CallContext): Promise<void> {
  await rubricOf(c, c.scene.own);
  await rubricOf(c, c.scene.foreign);
}

const R = '/api/teacher/rubrics';
const byId = (suffix = '') => ({ url: async (c: CallContext) => `${R}/${await rubricOf(c, c.target)}${suffix}` });

/** The rubric the attach row sends: the target chain teacher's (made by `prepare` before a granted cell). */
const attachRubric = new Map<string, number>();

export const matrixRows: Record<string, Row> = {
  'GET /api/teacher/rubrics': {
    expect: teacherList(200),
    mine: true,
    url: async (c) => {
      await sceneReady(c);
      return R;
    },
  },
  'POST /api/teacher/rubrics': { expect: teacherList(201), body: () => json(matrixRubric(`Rubrik Matriks ${uniq()}`)) },
  'GET /api/teacher/rubrics/:id': { expect: teacherTop(200), ...byId() },
  'PUT /api/teacher/rubrics/:id': { expect: teacherTop(200), ...byId(), body: () => json(matrixRubric(`Rubrik Diubah ${uniq()}`)) },
  'DELETE /api/teacher/rubrics/:id': { expect: teacherTop(200), ...byId() },
  'POST /api/teacher/rubrics/:id/copy': { expect: teacherTop(201), ...byId('/copy') },
  'PUT /api/teacher/online-classes/:classId/contents/:lessonId/assignments/:id/rubric': {
    expect: teacherChain(200),
    id: 'assignmentId',
    prepare: async (c) => {
      attachRubric.set(c.target.marker, await rubricOf(c, c.target));
    },
    body: (c) => json({ rubric_id: attachRubric.get(c.target.marker) ?? NO_SUCH_ID }),
  },
};

/** Its scene: a rubric of the fuzzer's teacher, and an assignment of a class of theirs. */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const rubricId = await insertRubric(ctx.db, ctx.teacher.id, 'Rubrik Fuzz');
    const rombel = await ctx.factory.rombel();
    const klass = await ctx.factory.onlineClass(ctx.teacher.id, { rombelId: rombel.id });
    const lesson = await ctx.factory.content(klass.id);
    const assignment = await ctx.factory.assignment(lesson.id, ctx.teacher.id);
    return { rubricId, classId: klass.id, lessonId: lesson.id, assignmentId: assignment.id };
  },
  endpoints: {
    'POST /api/teacher/rubrics': { as: 'teacher', valid: () => matrixRubric('Rubrik Baru') },
    'PUT /api/teacher/rubrics/:id': { as: 'teacher', ids: (x) => ({ id: x.rubricId! }), valid: () => matrixRubric('Rubrik Fuzz') },
    'PUT /api/teacher/online-classes/:classId/contents/:lessonId/assignments/:id/rubric': {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, id: x.assignmentId! }),
      valid: (x) => ({ rubric_id: x.rubricId! }),
    },
  },
  // "Salin" takes no body.
  notJson: ['POST /api/teacher/rubrics/:id/copy'],
};
