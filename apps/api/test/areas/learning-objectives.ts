/**
 * Issue 39: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Two subjects of the matrix, each with TPs of grade 10 (one of them is the TP an `:id` route names):
 * the owner teaches the first this semester (a teaching assignment of a class of their own, made by
 * the first granted cell's `prepare`, as it writes watched tables), nobody teaches the second. So a
 * teacher writes the first subject's TPs and is refused (403) the second's, and the other teacher is
 * refused both. The admin writes any; the foreign variant of an admin `:id` is an id that does not
 * exist. Grade 11 holds the TPs the order routes reorder; grade 12 takes the imports.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../src/db/client.js';
import {
  learningObjectives,
  onlineClasses,
  rombelClasses,
  semesters,
  subjects,
  teachingAssignments,
  teachingAssignmentTeachers,
} from '../../src/db/schema.js';
import { adminOnly, json, teacherArea, teacherTop, uniq, type Body, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

const NO_SUCH_ID = 2_147_483_000;
const A = '/api/admin/learning-objectives';
const T = '/api/teacher/learning-objectives';

async function newSubject(db: Db, name: string) {
  const [row] = await db
    .insert(subjects)
    .values({ code: `TP${uniq()}`.toUpperCase(), name: `${name} ${uniq()}`, group: 'umum' })
    .returning({ id: subjects.id });
  return row!.id;
}

async function newObjective(db: Db, subjectId: number, grade = 10) {
  const [row] = await db
    .insert(learningObjectives)
    .values({ subjectId, grade, code: `TP ${uniq()}`, description: 'Tujuan pembelajaran matriks' })
    .returning({ id: learningObjectives.id });
  return row!.id;
}

let subjectsMade: Promise<{ taught: number; untaught: number }> | null = null;
/** The matrix's two subjects (not watched by the fingerprint: made by any cell). */
const matrixSubjects = (db: Db) =>
  (subjectsMade ??= (async () => {
    const taught = await newSubject(db, 'Mapel Diampu');
    const untaught = await newSubject(db, 'Mapel Lain');
    for (const s of [taught, untaught]) for (let i = 0; i < 2; i++) await newObjective(db, s, 11);
    return { taught, untaught };
  })());

const teaching = new Set<number>();
/** The teacher teaches the first subject this semester (a class of their own with its teaching assignment). */
async function teachTaught(c: CallContext): Promise<void> {
  if (c.user !== c.scene.owner || teaching.has(c.user.id)) return;
  teaching.add(c.user.id);
  const db = c.scene.app.db;
  const { taught } = await matrixSubjects(db);
  const [sem] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  const [rombel] = await db
    .insert(rombelClasses)
    .values({ name: `X Matriks TP ${uniq()}`, grade: 10, departmentId: 1 })
    .returning();
  const [klass] = await db
    .insert(onlineClasses)
    .values({ name: `Kelas TP ${uniq()}`, rombelClassId: rombel!.id, teacherId: c.user.id })
    .returning();
  const [ta] = await db
    .insert(teachingAssignments)
    .values({ semesterId: sem!.id, rombelClassId: rombel!.id, subjectId: taught, onlineClassId: klass!.id })
    .returning();
  await db.insert(teachingAssignmentTeachers).values({ assignmentId: ta!.id, teacherId: c.user.id });
}

/** The grade-11 TPs of the subject, for a granted reorder (a refused one sends any ids). */
let orderIds: number[] = [1];
async function orderUrl(c: CallContext, base: string): Promise<string> {
  const db = c.scene.app.db;
  const { taught } = await matrixSubjects(db);
  orderIds = (
    await db
      .select({ id: learningObjectives.id })
      .from(learningObjectives)
      .where(and(eq(learningObjectives.subjectId, taught), eq(learningObjectives.grade, 11)))
  )
    .map((r) => r.id)
    .reverse();
  return `${base}/order`;
}

/** A Kelasku TP sheet (built before the cell's body is asked for). */
let sheet: Buffer = Buffer.alloc(0);
async function importUrl(c: CallContext, base: string): Promise<string> {
  const { taught } = await matrixSubjects(c.scene.app.db);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('TP');
  ws.addRow(['Kode', 'Tujuan Pembelajaran']);
  ws.addRow([`TP ${uniq()}`, 'Tujuan dari berkas']);
  sheet = Buffer.from(await wb.xlsx.writeBuffer());
  return `${base}/import?subject_id=${taught}&grade=12`;
}
const importBody = (): Body => ({ form: { fields: {}, files: { file: { name: 'tp.xlsx', data: sheet } } } });

const listUrl = async (c: CallContext, base: string) => `${base}?subject_id=${(await matrixSubjects(c.scene.app.db)).taught}&grade=10`;
const createBody = (taught: () => number) => () =>
  json({ subject_id: taught(), grade: 10, code: `TP ${uniq()}`, description: 'Tujuan baru' });
let taughtId = 0;
const rememberTaught = async (c: CallContext) => {
  taughtId = (await matrixSubjects(c.scene.app.db)).taught;
};

/** Admin `:id`: a fresh TP of the first subject, or an id that does not exist. */
const adminIdUrl = async (c: CallContext) =>
  `${A}/${c.variant === 'own' ? await newObjective(c.scene.app.db, (await matrixSubjects(c.scene.app.db)).taught) : NO_SUCH_ID}`;
/** Teacher `:id`: a fresh TP of the taught subject, or of the untaught one. */
async function teacherIdUrl(c: CallContext) {
  const s = await matrixSubjects(c.scene.app.db);
  return `${T}/${await newObjective(c.scene.app.db, c.variant === 'own' ? s.taught : s.untaught)}`;
}

/** The owner writes the taught subject's TPs, nobody the other's. */
const teacherWrite = (ok: number) => teacherArea(ok, 403);
const teacherWriteId = teacherArea([200, 403], 403);

export const matrixRows: Record<string, Row> = {
  [`GET ${A}`]: { expect: adminOnly(200), url: (c) => listUrl(c, A) },
  [`GET ${A}/template.xlsx`]: { expect: adminOnly(200), noMarker: true },
  [`POST ${A}`]: {
    expect: adminOnly(201),
    url: async (c) => {
      await rememberTaught(c);
      return A;
    },
    body: createBody(() => taughtId),
  },
  [`PUT ${A}/order`]: {
    expect: adminOnly(200),
    url: (c) => orderUrl(c, A),
    body: () => json({ subject_id: taughtId, grade: 11, ids: orderIds }),
    prepare: rememberTaught,
  },
  [`PUT ${A}/:id`]: { expect: adminOnly([200, 404]), url: adminIdUrl, body: () => json({ code: `TP ${uniq()}`, description: 'Diubah' }) },
  [`DELETE ${A}/:id`]: { expect: adminOnly([200, 404]), url: adminIdUrl },
  [`POST ${A}/import`]: { expect: adminOnly(200), noMarker: true, url: (c) => importUrl(c, A), body: importBody },
  [`GET ${T}`]: { expect: teacherArea(200, 200), url: (c) => listUrl(c, T) },
  [`GET ${T}/template.xlsx`]: { expect: teacherArea(200, 200), noMarker: true },
  [`POST ${T}`]: {
    expect: teacherWrite(201),
    url: async (c) => {
      await rememberTaught(c);
      return T;
    },
    prepare: teachTaught,
    body: createBody(() => taughtId),
  },
  [`PUT ${T}/order`]: {
    expect: teacherWrite(200),
    url: (c) => orderUrl(c, T),
    prepare: async (c) => {
      await rememberTaught(c);
      await teachTaught(c);
    },
    body: () => json({ subject_id: taughtId, grade: 11, ids: orderIds }),
  },
  [`PUT ${T}/:id`]: {
    expect: teacherWriteId,
    url: teacherIdUrl,
    prepare: teachTaught,
    body: () => json({ code: `TP ${uniq()}`, description: 'Diubah guru' }),
  },
  [`DELETE ${T}/:id`]: { expect: teacherWriteId, url: teacherIdUrl, prepare: teachTaught },
  [`POST ${T}/import`]: { expect: teacherWrite(200), noMarker: true, url: (c) => importUrl(c, T), prepare: teachTaught, body: importBody },
  'GET /api/teacher/online-classes/:classId/learning-objectives': { expect: teacherTop(200), noMarker: true },
};

/** Its scene: a subject with one TP of grade 10 (the fuzzer's teacher teaches nothing: their writes are refused). */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const subjectId = await newSubject(ctx.db, 'Mapel Fuzz');
    const objectiveId = await newObjective(ctx.db, subjectId);
    return { subjectId, objectiveId };
  },
  endpoints: {
    [`POST ${A}`]: { as: 'admin', valid: (x) => ({ subject_id: x.subjectId, grade: 10, code: 'TP F', description: 'Tujuan fuzz' }) },
    [`PUT ${A}/order`]: { as: 'admin', valid: (x) => ({ subject_id: x.subjectId, grade: 10, ids: [x.objectiveId] }) },
    [`PUT ${A}/:id`]: { as: 'admin', ids: (x) => ({ id: x.objectiveId! }), valid: () => ({ code: 'TP 1', description: 'Tujuan fuzz' }) },
    [`POST ${T}`]: { as: 'teacher', valid: (x) => ({ subject_id: x.subjectId, grade: 10, code: 'TP G', description: 'Tujuan fuzz' }) },
    [`PUT ${T}/order`]: { as: 'teacher', valid: (x) => ({ subject_id: x.subjectId, grade: 10, ids: [x.objectiveId] }) },
    [`PUT ${T}/:id`]: { as: 'teacher', ids: (x) => ({ id: x.objectiveId! }), valid: () => ({ code: 'TP 1', description: 'Tujuan fuzz' }) },
  },
  // The imports are multipart (their hostile files: learning-objectives.test.ts).
  notJson: [`POST ${A}/import`, `POST ${T}/import`],
};
