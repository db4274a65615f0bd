/**
 * Issue 40: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row
 * (with the parents' cells where the route is not in another role's area); every POST/PUT/PATCH
 * route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Kelas Perwalian: each chain's teacher is the wali kelas of the chain's rombel this semester (as
 * areas/leave-requests.ts makes them), and each chain's student has a message to the parents that
 * carries the chain's marker. The scene's `parent` follows the own chain's student, `otherParent`
 * the foreign one's, so both students can be written about.
 */
import { and, eq } from 'drizzle-orm';
import { parentMessages } from '../../src/db/schema.js';
import { adminOnly, json, teacherTop, type CallContext, type Chain, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import { makeHomeroom } from './homerooms.js';

/** The chain's wali kelas and its message (made once per chain). */
const made = new Map<string, Promise<void>>();
function chainReady(c: CallContext, chain: Chain): Promise<void> {
  const db = c.scene.app.db;
  let done = made.get(chain.marker);
  if (!done) {
    done = (async () => {
      await makeHomeroom(db, chain.rombelId, chain.teacher.id);
      const body = `Pesan ${chain.marker}`;
      const [found] = await db
        .select({ id: parentMessages.id })
        .from(parentMessages)
        .where(and(eq(parentMessages.studentId, chain.student.id), eq(parentMessages.body, body)));
      if (!found) await db.insert(parentMessages).values({ studentId: chain.student.id, senderId: chain.teacher.id, body });
    })();
    made.set(chain.marker, done);
  }
  return done;
}

async function sceneReady(c: CallContext): Promise<void> {
  await chainReady(c, c.scene.own);
  await chainReady(c, c.scene.foreign);
}

const H = (c: CallContext) => `/api/teacher/homerooms/${c.target.rombelId}`;
const messages = async (c: CallContext) => {
  await sceneReady(c);
  return `${H(c)}/students/${c.target.student.id}/messages`;
};

export const matrixRows: Record<string, Row> = {
  'GET /api/teacher/homerooms/:rombelId/overview': {
    expect: teacherTop(200),
    url: async (c) => {
      await sceneReady(c);
      return `${H(c)}/overview`;
    },
  },
  'GET /api/teacher/homerooms/:rombelId/students/:studentId/messages': { expect: teacherTop(200), url: messages },
  'POST /api/teacher/homerooms/:rombelId/students/:studentId/messages': {
    expect: teacherTop(201),
    url: messages,
    body: (c) => json({ body: `Mohon perhatiannya ${c.target.marker}` }),
  },
  'GET /api/admin/homeroom-settings': { expect: adminOnly(200), noMarker: true },
  'PUT /api/admin/homeroom-settings': { expect: adminOnly(200), noMarker: true, body: () => json({ risk_alpa: 3, risk_missing: 3 }) },
};

/** Its scene: the fuzzer's teacher is wali kelas of the fuzzer's student's rombel (whose parent is the fuzzer's parent). */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const rombel = await ctx.factory.rombel();
    const student = await ctx.factory.student({ rombelId: rombel.id });
    await ctx.factory.parent([student.id]);
    await makeHomeroom(ctx.db, rombel.id, ctx.teacher.id);
    return { rombelId: rombel.id, studentId: student.id };
  },
  endpoints: {
    'POST /api/teacher/homerooms/:rombelId/students/:studentId/messages': {
      as: 'teacher',
      ids: (x) => ({ rombelId: x.rombelId!, studentId: x.studentId! }),
      valid: () => ({ body: 'Mohon Bapak/Ibu hadir di sekolah hari Senin.' }),
    },
    'PUT /api/admin/homeroom-settings': { as: 'admin', valid: () => ({ risk_alpa: 3, risk_missing: 3 }) },
  },
  notJson: [],
};
