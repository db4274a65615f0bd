/**
 * Issue 38: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Recaps of a class: its teacher (the foreign variant: the other teacher's class) and the admin.
 * Recaps of a rombel: its wali kelas (made so just before a granted cell: the caller becomes wali
 * kelas of the target chain's rombel) and the admin. A granted recap of a rombel lists its students,
 * the chain's marked student among them; the XLSX files are binary (no marker to find).
 */
import { eq } from 'drizzle-orm';
import { adminOnly, json, studentList, teacherTop, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import { homerooms, semesters } from '../../src/db/schema.js';

const T = '/api/teacher';
const A = '/api/admin';
const MONTH = '?month=2026-03';

/** The caller becomes the wali kelas of the target chain's rombel in the active semester. */
async function makeHomeroom(c: CallContext): Promise<void> {
  const db = c.scene.app.db;
  const [active] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  await db
    .insert(homerooms)
    .values({ semesterId: active!.id, rombelClassId: c.target.rombelId, teacherId: c.user.id })
    .onConflictDoUpdate({ target: [homerooms.semesterId, homerooms.rombelClassId], set: { teacherId: c.user.id } });
}

/** A wali kelas route of the target chain's rombel. */
const homeroomRow = (rest: string, binary = false): Row => ({
  expect: teacherTop(200),
  prepare: makeHomeroom,
  url: (c) => `${T}/homerooms/${c.target.rombelId}/attendance${rest}`,
  ...(binary ? { noMarker: true as const } : {}),
});

/** An admin route of the target chain's rombel. */
const adminRombelRow = (rest: string, binary = false): Row => ({
  expect: adminOnly(200),
  url: (c) => `${A}/attendance/rombels/${c.target.rombelId}/attendance${rest}`,
  ...(binary ? { noMarker: true as const } : {}),
});

export const matrixRows: Record<string, Row> = {
  [`GET ${T}/online-classes/:classId/attendance-recap`]: { expect: teacherTop(200) },
  [`GET ${T}/online-classes/:classId/attendance-recap.xlsx`]: { expect: teacherTop(200), noMarker: true },
  [`GET ${T}/homerooms/:rombelId/attendance`]: homeroomRow(MONTH),
  [`GET ${T}/homerooms/:rombelId/attendance.xlsx`]: homeroomRow(`.xlsx${MONTH}`, true),
  [`GET ${T}/homerooms/:rombelId/attendance/semester`]: homeroomRow('/semester'),
  [`GET ${T}/homerooms/:rombelId/attendance/semester.xlsx`]: homeroomRow('/semester.xlsx', true),
  [`GET ${A}/online-classes/:classId/attendance-recap`]: { expect: adminOnly(200) },
  [`GET ${A}/online-classes/:classId/attendance-recap.xlsx`]: { expect: adminOnly(200), noMarker: true },
  [`GET ${A}/attendance/rombels/:rombelId/attendance`]: adminRombelRow(MONTH),
  [`GET ${A}/attendance/rombels/:rombelId/attendance.xlsx`]: adminRombelRow(`.xlsx${MONTH}`, true),
  [`GET ${A}/attendance/rombels/:rombelId/attendance/semester`]: adminRombelRow('/semester'),
  [`GET ${A}/attendance/rombels/:rombelId/attendance/semester.xlsx`]: adminRombelRow('/semester.xlsx', true),
  [`GET ${A}/attendance/settings`]: { expect: adminOnly(200), noMarker: true },
  [`PUT ${A}/attendance/settings`]: { expect: adminOnly(200), noMarker: true, body: () => json({ alpa_alert_days: 3 }) },
  'GET /api/student/attendance': { expect: studentList(200), noMarker: true },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {
    [`PUT ${A}/attendance/settings`]: { as: 'admin', valid: () => ({ alpa_alert_days: 3 }) },
  },
  notJson: [],
};
