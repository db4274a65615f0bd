/**
 * Issue 38: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Izin/sakit requests: each chain's student has a pending request (its reason carries the chain's
 * marker, its letter is the chain's material file, whose bytes carry it too), and each chain's
 * teacher is the wali kelas of the chain's rombel this semester. They are written the first time a
 * row asks for them, into tables the matrix's fingerprint does not watch (leave_requests, homerooms).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { leaveRequests } from '../../src/db/schema.js';
import {
  adminOnly,
  json,
  studentList,
  studentTop,
  teacherList,
  teacherTop,
  type CallContext,
  type Chain,
  type Row,
} from '../authz-shape.js';
import { samples } from '../helpers.js';
import { wibDate } from '../attendance-scene.js';
import type { AreaFuzz } from './types.js';
import { activeSemesterId, makeHomeroom } from './homerooms.js';

const NO_SUCH_ID = 2_147_483_000;

/** A pending request of the student (`daysAgo` days ago), straight into the database. */
async function pendingRequest(
  db: Db,
  studentId: number,
  rombelId: number,
  reason: string,
  fileId: number | null,
  daysAgo = 1,
): Promise<number> {
  const [row] = await db
    .insert(leaveRequests)
    .values({
      studentId,
      semesterId: await activeSemesterId(db),
      rombelClassId: rombelId,
      kind: 'S',
      startsOn: wibDate(-daysAgo),
      endsOn: wibDate(-daysAgo),
      reason,
      fileId,
      requestedBy: studentId,
    })
    .returning({ id: leaveRequests.id });
  return row!.id;
}

/** The chain's request (made once per chain) and its wali kelas. */
const made = new Map<string, Promise<number>>();
function leaveOf(c: CallContext, chain: Chain): Promise<number> {
  const db = c.scene.app.db;
  let id = made.get(chain.marker);
  if (!id) {
    id = (async () => {
      await makeHomeroom(db, chain.rombelId, chain.teacher.id);
      const [found] = await db
        .select({ id: leaveRequests.id })
        .from(leaveRequests)
        .where(and(eq(leaveRequests.studentId, chain.student.id), eq(leaveRequests.reason, `Sakit ${chain.marker}`)));
      return found?.id ?? pendingRequest(db, chain.student.id, chain.rombelId, `Sakit ${chain.marker}`, chain.fileId);
    })();
    made.set(chain.marker, id);
  }
  return id;
}

/** Both chains of the scene have their request and wali kelas. */
async function sceneReady(c: CallContext): Promise<void> {
  await leaveOf(c, c.scene.own);
  await leaveOf(c, c.scene.foreign);
}

const S = '/api/student/leave-requests';
const T = (c: CallContext, id: number) => `/api/teacher/homerooms/${c.target.rombelId}/leave-requests/${id}`;

export const matrixRows: Record<string, Row> = {
  'GET /api/student/leave-requests': {
    expect: studentList(200),
    mine: true,
    url: async (c) => {
      await sceneReady(c);
      return S;
    },
  },
  // A request for today with a PNG letter (the chain's request is for yesterday: no overlap).
  'POST /api/student/leave-requests': {
    expect: studentList(201),
    url: async (c) => {
      await sceneReady(c);
      return S;
    },
    body: () => ({
      form: {
        fields: { kind: 'I', starts_on: wibDate(0), ends_on: wibDate(0), reason: 'Acara keluarga' },
        files: { file: { name: 'surat.png', data: samples.png() } },
      },
    }),
  },
  'POST /api/student/leave-requests/:id/withdraw': {
    expect: studentTop(200),
    url: async (c) => `${S}/${await leaveOf(c, c.target)}/withdraw`,
    body: () => json({}),
  },
  'GET /api/student/leave-requests/:id/file': {
    expect: studentTop(200),
    url: async (c) => `${S}/${await leaveOf(c, c.target)}/file`,
  },
  'GET /api/teacher/homerooms': {
    expect: teacherList(200),
    url: async (c) => {
      await sceneReady(c);
      return '/api/teacher/homerooms';
    },
  },
  'GET /api/teacher/homerooms/:rombelId/leave-requests': {
    expect: teacherTop(200),
    url: async (c) => {
      await sceneReady(c);
      return `/api/teacher/homerooms/${c.target.rombelId}/leave-requests`;
    },
  },
  'POST /api/teacher/homerooms/:rombelId/leave-requests/:id/approve': {
    expect: teacherTop(200),
    url: async (c) => `${T(c, await leaveOf(c, c.target))}/approve`,
    body: () => json({ note: 'Semoga lekas sembuh' }),
  },
  'POST /api/teacher/homerooms/:rombelId/leave-requests/:id/refuse': {
    expect: teacherTop(200),
    url: async (c) => `${T(c, await leaveOf(c, c.target))}/refuse`,
    body: () => json({ note: 'Surat tidak terbaca' }),
  },
  'GET /api/teacher/homerooms/:rombelId/leave-requests/:id/file': {
    expect: teacherTop(200),
    url: async (c) => `${T(c, await leaveOf(c, c.target))}/file`,
  },
  'GET /api/admin/leave-requests': {
    expect: adminOnly(200),
    url: async (c) => {
      await sceneReady(c);
      return '/api/admin/leave-requests';
    },
  },
  // Admins reach every request: the foreign variant is an id that does not exist.
  'GET /api/admin/leave-requests/:id/file': {
    expect: adminOnly([200, 404]),
    url: async (c) => `/api/admin/leave-requests/${c.variant === 'own' ? await leaveOf(c, c.own) : NO_SUCH_ID}/file`,
  },
};

/**
 * Its scene: the fuzzer's teacher is wali kelas of a fresh rombel whose student has two pending
 * requests (`approveId`, `refuseId`).
 */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const rombel = await ctx.factory.rombel();
    const student = await ctx.factory.student({ rombelId: rombel.id });
    await makeHomeroom(ctx.db, rombel.id, ctx.teacher.id);
    const approveId = await pendingRequest(ctx.db, student.id, rombel.id, 'Sakit', null);
    // Another day for the refusal (the first may be approved meanwhile).
    const refuseId = await pendingRequest(ctx.db, student.id, rombel.id, 'Sakit', null, 2);
    return { rombelId: rombel.id, approveId, refuseId };
  },
  endpoints: {
    'POST /api/teacher/homerooms/:rombelId/leave-requests/:id/approve': {
      as: 'teacher',
      ids: (x) => ({ rombelId: x.rombelId!, id: x.approveId! }),
      valid: () => ({ note: 'Semoga lekas sembuh' }),
    },
    'POST /api/teacher/homerooms/:rombelId/leave-requests/:id/refuse': {
      as: 'teacher',
      ids: (x) => ({ rombelId: x.rombelId!, id: x.refuseId! }),
      valid: () => ({ note: 'Surat tidak terbaca' }),
    },
  },
  // The request form is multipart (its hostile files: leave-requests.test.ts); a withdrawal takes no body.
  notJson: ['POST /api/student/leave-requests', 'POST /api/student/leave-requests/:id/withdraw'],
};
