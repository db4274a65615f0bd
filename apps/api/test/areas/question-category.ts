/**
 * Issue 41: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts): the class's question category that "Tambah soal" inside
 * the quiz form saves into (a teacher of the class; made on first use).
 *
 * The one route is a GET under the class: the chain's teacher reaches their own class (the category
 * is made on the granted call and named after the class, so it shows the chain's marker); another
 * teacher's class is a 404; admins, students and parents get the teacher area's 403.
 */
import { teacherTop, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

export const matrixRows: Record<string, Row> = {
  'GET /api/teacher/classes/:classId/question-category': { expect: teacherTop(200) },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  notJson: [],
};
