/**
 * Issue 39: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * The Nilai Akhir of a class and its descriptions: the chain's class and its student. The leger:
 * each chain's teacher is made wali kelas of the chain's rombel this semester (homerooms, a table
 * the matrix's fingerprint does not watch), the first time a leger row asks for it; the leger lists
 * the rombel's students, among them the chain's student named with its marker.
 */
import { adminOnly, json, studentList, teacherChain, teacherTop, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import { makeHomeroom } from './homerooms.js';

const NO_SUCH_ID = 2_147_483_000;

/** Both chains' teachers are wali kelas of their chain's rombel; the URL of the target chain's leger. */
async function homeroomLeger(c: CallContext, suffix: string): Promise<string> {
  const db = c.scene.app.db;
  for (const chain of [c.scene.own, c.scene.foreign]) await makeHomeroom(db, chain.rombelId, chain.teacher.id);
  return `/api/teacher/homerooms/${c.target.rombelId}/leger${suffix}`;
}

const adminLeger = (c: CallContext, suffix: string) =>
  `/api/admin/rombels/${c.variant === 'own' ? c.own.rombelId : NO_SUCH_ID}/leger${suffix}`;

export const matrixRows: Record<string, Row> = {
  'GET /api/teacher/online-classes/:classId/report-grades': { expect: teacherTop(200) },
  'GET /api/teacher/online-classes/:classId/report-grades.xlsx': { expect: teacherTop(200), noMarker: true },
  // The class from the own chain, the student from the target chain: another rombel's student is 404.
  'PUT /api/teacher/online-classes/:classId/report-grades/students/:studentId/description': {
    expect: teacherChain(200),
    body: () => json({ achieved: 'Aktif dalam praktik', to_improve: null }),
  },
  'GET /api/teacher/homerooms/:rombelId/leger': { expect: teacherTop(200), url: (c) => homeroomLeger(c, '') },
  'GET /api/teacher/homerooms/:rombelId/leger.xlsx': { expect: teacherTop(200), noMarker: true, url: (c) => homeroomLeger(c, '.xlsx') },
  // Admins reach every rombel: the foreign variant is an id that does not exist.
  'GET /api/admin/rombels/:rombelId/leger': { expect: adminOnly([200, 404]), url: (c) => adminLeger(c, '') },
  'GET /api/admin/rombels/:rombelId/leger.xlsx': { expect: adminOnly([200, 404]), noMarker: true, url: (c) => adminLeger(c, '.xlsx') },
  // One card per class of the student's rombel: their own chain's class, never the other's.
  'GET /api/student/report-grades': { expect: studentList(200), mine: true },
};

/** Its scene: a class of the fuzzer's teacher with a student of its rombel. */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const rombel = await ctx.factory.rombel();
    const student = await ctx.factory.student({ rombelId: rombel.id });
    const klass = await ctx.factory.onlineClass(ctx.teacher.id, { rombelId: rombel.id });
    return { classId: klass.id, studentId: student.id };
  },
  endpoints: {
    'PUT /api/teacher/online-classes/:classId/report-grades/students/:studentId/description': {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, studentId: x.studentId! }),
      valid: () => ({ achieved: 'Aktif dalam praktik', to_improve: 'Perlu latihan membaca' }),
    },
  },
  notJson: [],
};
