/**
 * Issue 40: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row
 * (with the parents' cells where the route is not in another role's area); every POST/PUT/PATCH
 * route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Parent accounts: the public code check and sign-up answer every caller alike (no session is
 * read). A granted write runs on fresh objects: each sign-up or pairing cell's `prepare` makes a
 * new student (a child has at most three parents) and a code of theirs; each unlink cell a new link.
 * Each chain's teacher is wali kelas of the chain's rombel this semester (made the first time a row
 * asks, in tables the matrix's fingerprint does not watch: homerooms, pairing_codes, user_imports).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { parentLinks, userImports } from '../../src/db/schema.js';
import { issueCode } from '../../src/features/parent-accounts/codes.js';
import { adminOnly, all, json, parentList, studentList, teacherTop, uniq, type CallContext, type Row } from '../authz-shape.js';
import { Factory } from '../factory.js';
import type { AreaFuzz } from './types.js';
import { makeHomeroom } from './homerooms.js';

const NO_SUCH_ID = 2_147_483_000;

/** A new code of the student, as shown. */
const codeOf = (db: Db, studentId: number) => db.transaction(async (tx) => (await issueCode(tx, studentId)).code);

/** A fresh student with a code of theirs (a sign-up or a pairing adds a parent to nobody else). */
async function freshCode(c: CallContext): Promise<string> {
  const app = c.scene.app as unknown as FastifyInstance;
  const child = await new Factory(app.db, app).student({ rombelId: c.own.rombelId });
  return codeOf(app.db, child.id);
}

/** The code the last `prepare` made (refused cells come first and send this placeholder). */
let prepared = 'ABCD-EFGH';
let preparedLink = NO_SUCH_ID;

const signupBody = (code: string, username: string) => ({
  code,
  relation: 'ibu',
  name: 'Siti Aminah',
  username,
  password: 'rahasia123',
  confirm_password: 'rahasia123',
  telpon: '0812-3456-7890',
});

/** Both chains' teachers are wali kelas of their rombels; answers the path's rombel and student. */
async function homeroomPath(c: CallContext): Promise<string> {
  const db = c.scene.app.db;
  await makeHomeroom(db, c.scene.own.rombelId, c.scene.own.teacher.id);
  await makeHomeroom(db, c.scene.foreign.rombelId, c.scene.foreign.teacher.id);
  return `/api/teacher/homerooms/${c.target.rombelId}/students/${c.target.student.id}/parents`;
}

const P = '/api/teacher/homerooms/:rombelId/students/:studentId/parents';

export const matrixRows: Record<string, Row> = {
  'POST /api/pairing-codes/check': {
    expect: all(200),
    prepare: async (c) => {
      prepared = await freshCode(c);
    },
    body: () => json({ code: prepared }),
  },
  'POST /api/parent-signup': {
    expect: all(201),
    prepare: async (c) => {
      prepared = await freshCode(c);
    },
    body: () => json(signupBody(prepared, `ortu.${uniq()}`)),
  },
  'GET /api/student/pairing': { expect: studentList(200) },
  'POST /api/student/pairing-code': { expect: studentList(201) },
  'POST /api/parent/children': {
    expect: parentList(201),
    prepare: async (c) => {
      prepared = await freshCode(c);
    },
    body: () => json({ code: prepared, relation: 'ayah' }),
  },
  'GET /api/parent/privacy': { expect: parentList(200) },
  'POST /api/parent/privacy/accept': { expect: parentList(200) },
  [`GET ${P}`]: { expect: teacherTop(200), noMarker: true, url: homeroomPath },
  [`POST ${P}`]: {
    expect: teacherTop(201),
    url: homeroomPath,
    body: () => json({ name: 'Budi Santoso', relation: 'ayah', telpon: '081234567890' }),
  },
  'GET /api/teacher/homerooms/:rombelId/parent-slips': {
    expect: teacherTop(200),
    noMarker: true,
    // The caller's kept slip of a parent made for the rombel.
    prepare: async (c) => {
      const app = c.scene.app as unknown as FastifyInstance;
      const parent = await new Factory(app.db, app).parent([], { mustChangePassword: true });
      await app.db.insert(userImports).values({
        createdBy: c.user.id,
        status: 'done',
        total: 1,
        done: 1,
        summary: { create: 1, update: 0, unchanged: 0, source: 'homeroom', rombel_id: c.target.rombelId },
        credentials: [
          { userId: parent.id, line: 0, name: parent.name, role: 'parent', rombel: null, username: parent.username, password: 'awal1234' },
        ],
        finishedAt: new Date(),
      });
    },
    url: async (c) => {
      await homeroomPath(c);
      return `/api/teacher/homerooms/${c.target.rombelId}/parent-slips`;
    },
  },
  // Admins reach every student: the foreign variant is an id that does not exist.
  'GET /api/admin/students/:studentId/parents': {
    expect: adminOnly([200, 404]),
    noMarker: true,
    url: (c) => `/api/admin/students/${c.variant === 'own' ? c.own.student.id : NO_SUCH_ID}/parents`,
  },
  'DELETE /api/admin/parent-links/:linkId': {
    expect: adminOnly([200, 404]),
    // A new parent of the chain's student, unlinked by the granted cell; refused cells name the scene parent's link.
    prepare: async (c) => {
      const app = c.scene.app as unknown as FastifyInstance;
      const parent = await new Factory(app.db, app).parent([c.own.student.id], { relation: 'wali' });
      const [link] = await app.db.select({ id: parentLinks.id }).from(parentLinks).where(eq(parentLinks.parentId, parent.id));
      preparedLink = link!.id;
    },
    url: async (c) => {
      if (c.variant === 'foreign') return `/api/admin/parent-links/${NO_SUCH_ID}`;
      if (c.caller === 'admin') return `/api/admin/parent-links/${preparedLink}`;
      const [link] = await c.scene.app.db
        .select({ id: parentLinks.id })
        .from(parentLinks)
        .where(and(eq(parentLinks.parentId, c.scene.parent.id), eq(parentLinks.studentId, c.scene.student.id)));
      return `/api/admin/parent-links/${link?.id ?? NO_SUCH_ID}`;
    },
  },
};

/**
 * Its scene: the fuzzer's teacher is wali kelas of a fresh rombel with a student (`studentId`), who
 * made a code for the sign-up (`signup`) and another child a code for the parent's pairing (`pair`).
 */
export const fuzz: AreaFuzz<Record<string, number | string>> = {
  scene: async (ctx) => {
    const rombel = await ctx.factory.rombel();
    const student = await ctx.factory.student({ rombelId: rombel.id });
    await makeHomeroom(ctx.db, rombel.id, ctx.teacher.id);
    const sibling = await ctx.factory.student({ rombelId: rombel.id });
    return {
      rombelId: rombel.id,
      studentId: student.id,
      signup: await codeOf(ctx.db, student.id),
      pair: await codeOf(ctx.db, sibling.id),
    };
  },
  endpoints: {
    'POST /api/pairing-codes/check': { as: 'parent', valid: (x) => ({ code: x.signup }) },
    'POST /api/parent-signup': { as: 'parent', valid: (x) => signupBody(String(x.signup), `ortu.fuzz.${uniq()}`) },
    'POST /api/parent/children': { as: 'parent', valid: (x) => ({ code: x.pair, relation: 'ayah' }) },
    [`POST ${P}`]: {
      as: 'teacher',
      ids: (x) => ({ rombelId: x.rombelId!, studentId: x.studentId! }),
      valid: () => ({ name: 'Budi Santoso', relation: 'ayah', telpon: '081234567890' }),
    },
  },
  // No body: a new code, accepting the notice.
  notJson: ['POST /api/student/pairing-code', 'POST /api/parent/privacy/accept'],
};
