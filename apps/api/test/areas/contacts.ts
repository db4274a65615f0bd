/**
 * Issue 42: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts): contacting a student or parent on WhatsApp (the numbers a teacher or wali kelas may see).
 *
 * The class's list: the teacher of the chain's class (the foreign variant: another teacher's class).
 * The rombel's list: each chain's teacher is wali kelas of the chain's rombel (as areas/homerooms.ts
 * makes them). Both show the chain's rombel student named with the marker. Reads only: no fuzz endpoints.
 */
import { teacherTop, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import { makeHomeroom } from './homerooms.js';

const homeroomContacts = async (c: CallContext) => {
  await makeHomeroom(c.scene.app.db, c.scene.own.rombelId, c.scene.own.teacher.id);
  await makeHomeroom(c.scene.app.db, c.scene.foreign.rombelId, c.scene.foreign.teacher.id);
  return `/api/teacher/homerooms/${c.target.rombelId}/student-contacts`;
};

export const matrixRows: Record<string, Row> = {
  'GET /api/teacher/online-classes/:classId/student-contacts': { expect: teacherTop(200) },
  'GET /api/teacher/homerooms/:rombelId/student-contacts': { expect: teacherTop(200), url: homeroomContacts },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  notJson: [],
};
