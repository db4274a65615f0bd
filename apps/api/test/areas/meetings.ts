/**
 * Issue 38: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Meetings, taking attendance and the teaching journal: the class's teachers only (404 for another
 * teacher's class or a meeting of another class under the path). The chains have no timetable:
 * each chain's class gets one meeting added by hand (today, its topic the chain's marker), made the
 * first time a row needs it.
 */
import { eq } from 'drizzle-orm';
import { json, teacherChain, teacherList, teacherTop, type CallContext, type Chain, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import type { Db } from '../../src/db/client.js';
import { meetings } from '../../src/db/schema.js';
import { insertMeeting, wibDate } from '../attendance-scene.js';

/** The meeting of each chain's class (class id → meeting id). */
const made = new Map<number, number>();

/** The chain's meeting: added by hand today, its topic the chain's marker. */
async function meetingOf(db: Db, chain: Chain): Promise<number> {
  const known = made.get(chain.classId);
  if (known) return known;
  const m = await insertMeeting({ db }, chain.classId, wibDate(0), { source: 'extra' });
  await db
    .update(meetings)
    .set({ topic: `Topik ${chain.marker}` })
    .where(eq(meetings.id, m.id));
  made.set(chain.classId, m.id);
  return m.id;
}

const T = '/api/teacher/online-classes/:classId/meetings';
/** The own chain's class with the target chain's meeting (the foreign variant: a meeting of another class). */
const meetingUrl =
  (suffix = '') =>
  async (c: CallContext) =>
    `/api/teacher/online-classes/${c.own.classId}/meetings/${await meetingOf(c.scene.app.db, c.target)}${suffix}`;
const month = () => wibDate(0).slice(0, 7);

export const matrixRows: Record<string, Row> = {
  [`GET ${T}`]: {
    expect: teacherTop(200),
    prepare: async (c) => {
      await meetingOf(c.scene.app.db, c.target);
    },
  },
  [`POST ${T}`]: { expect: teacherTop(201), body: () => json({ date: wibDate(0), starts_at: '15.00', ends_at: '15.45' }) },
  [`GET ${T}/:meetingId`]: { expect: teacherChain(200), url: meetingUrl() },
  [`PATCH ${T}/:meetingId`]: { expect: teacherChain(200), url: meetingUrl(), body: () => json({ notes: 'Catatan matriks' }) },
  [`POST ${T}/:meetingId/cancel`]: { expect: teacherChain(200), url: meetingUrl('/cancel'), body: () => json({ reason: 'Libur' }) },
  [`POST ${T}/:meetingId/restore`]: { expect: teacherChain(200), url: meetingUrl('/restore') },
  [`DELETE ${T}/:meetingId`]: { expect: teacherChain(200), url: meetingUrl() },
  [`PUT ${T}/:meetingId/attendance`]: {
    expect: teacherChain(200),
    url: meetingUrl('/attendance'),
    body: (c) => json({ entries: [{ student_id: c.own.studentId, status: 'H', revision: 0 }] }),
  },
  'GET /api/teacher/journal': {
    expect: teacherList(200),
    mine: true,
    prepare: async (c) => {
      await meetingOf(c.scene.app.db, c.scene.own);
      await meetingOf(c.scene.app.db, c.scene.foreign);
    },
    url: () => `/api/teacher/journal?month=${month()}`,
  },
  'GET /api/teacher/journal.xlsx': { expect: teacherList(200), url: () => `/api/teacher/journal.xlsx?month=${month()}` },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const klass = await ctx.factory.onlineClass(ctx.teacher.id, { rombelId: 1 });
    const one = async (periodFrom: number) => (await insertMeeting(ctx, klass.id, wibDate(0), { periodFrom, source: 'extra' })).id;
    return { classId: klass.id, journal: await one(1), cancel: await one(2), attendance: await one(3), studentId: ctx.student.id };
  },
  endpoints: {
    [`POST ${T}`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId! }),
      valid: () => ({ date: wibDate(0), starts_at: '15.00', ends_at: '15.45', topic: 'Remedial' }),
    },
    [`PATCH ${T}/:meetingId`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, meetingId: x.journal! }),
      valid: () => ({ topic: 'Topik', activities: 'Kegiatan', notes: 'Catatan', lesson_id: null }),
    },
    [`POST ${T}/:meetingId/cancel`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, meetingId: x.cancel! }),
      valid: () => ({ reason: 'Libur nasional' }),
    },
    [`PUT ${T}/:meetingId/attendance`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, meetingId: x.attendance! }),
      valid: (x) => ({ entries: [{ student_id: x.studentId!, status: 'S', note: 'Demam', revision: 0 }] }),
    },
  },
  notJson: [`POST ${T}/:meetingId/restore`],
};
