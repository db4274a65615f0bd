/**
 * Issue 38: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Self check-in: the teacher's three routes are under a meeting of the class (the matrix's chains
 * have none: a granted cell's `prepare` makes today's meeting of its class, and the first one makes
 * the foreign chain's too, so later refused cells name a real meeting of another class). The
 * student's check-in has no id: the chain's student checks in with the open check-in's code of
 * their class; a student of another rombel typing that code finds no open check-in (422).
 */
import { eq } from 'drizzle-orm';
import { json, studentArea, teacherChain, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import type { Db } from '../../src/db/client.js';
import { meetings, students } from '../../src/db/schema.js';
import { currentCode, newCheckinSecret } from '../../src/features/checkin/code.js';
import { insertMeeting, wibDate } from '../attendance-scene.js';

const NO_SUCH_ID = 2_147_483_000;

/** Today's meeting of each class made so far (by class id). */
const meetingOf = new Map<number, number>();

/** A new meeting of today outside the timetable (no period: any number of them per day). */
async function todaysMeeting(db: Db, classId: number): Promise<number> {
  const m = await insertMeeting({ db }, classId, wibDate(), { periodFrom: null, source: 'extra' });
  meetingOf.set(classId, m.id);
  return m.id;
}

/** Opens the meeting's check-in for 15 minutes; returns its code now. */
async function openNow(db: Db, meetingId: number): Promise<string> {
  const secret = newCheckinSecret();
  const now = Date.now();
  await db
    .update(meetings)
    .set({
      checkinSecret: secret,
      checkinOpensAt: new Date(now - 1000),
      checkinClosesAt: new Date(now + 15 * 60_000),
      checkinLateAt: new Date(now + 10 * 60_000),
    })
    .where(eq(meetings.id, meetingId));
  return currentCode(secret, meetingId, now);
}

const teacherPath = (c: CallContext) =>
  `/api/teacher/online-classes/${c.own.classId}/meetings/${meetingOf.get(c.target.classId) ?? NO_SUCH_ID}/checkin`;

const teacherRow = (extra: Partial<Row> = {}): Row => ({
  expect: teacherChain(200),
  noMarker: true,
  prepare: async (c) => {
    const db = c.scene.app.db;
    await todaysMeeting(db, c.own.classId);
    if (!meetingOf.has(c.scene.foreign.classId)) await todaysMeeting(db, c.scene.foreign.classId);
  },
  url: teacherPath,
  ...extra,
});

/** The code of the check-in the last `prepare` opened (refused cells come first and send this placeholder). */
let preparedCode = '000000';

const T = '/api/teacher/online-classes/:classId/meetings/:meetingId/checkin';

export const matrixRows: Record<string, Row> = {
  [`GET ${T}`]: teacherRow(),
  [`POST ${T}`]: teacherRow({ body: () => json({ minutes: 15, late_after_minutes: 10 }) }),
  [`DELETE ${T}`]: teacherRow(),
  'POST /api/student/checkin': {
    expect: studentArea(200, 422),
    noMarker: true,
    prepare: async (c) => {
      const db = c.scene.app.db;
      preparedCode = await openNow(db, await todaysMeeting(db, c.own.classId));
    },
    body: () => json({ code: preparedCode }),
  },
};

/** Its scene: classId and meetingId (today's, of the fuzzer's teacher, for the fuzzer's student's rombel, check-in open). */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const [me] = await ctx.db.select({ rombelId: students.rombelClassId }).from(students).where(eq(students.userId, ctx.student.id));
    const klass = await ctx.factory.onlineClass(ctx.teacher.id, { rombelId: me?.rombelId ?? undefined, name: 'Kelas Presensi Fuzz' });
    const meetingId = await todaysMeeting(ctx.db, klass.id);
    await openNow(ctx.db, meetingId);
    return { classId: klass.id, meetingId };
  },
  endpoints: {
    [`POST ${T}`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, meetingId: x.meetingId! }),
      valid: () => ({ minutes: 15, late_after_minutes: 10 }),
    },
    'POST /api/student/checkin': { as: 'student', valid: (x) => ({ code: '123456', meeting_id: x.meetingId! }) },
  },
  notJson: [],
};
