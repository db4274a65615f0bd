/**
 * Issue 37: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 */
import { studentList, teacherList, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

/**
 * "Hari ini" and "Jadwal": every teacher and student reads their own (the chain has no timetable, so
 * no marker is promised; test/schedule.test.ts proves whose lessons are listed).
 */
export const matrixRows: Record<string, Row> = {
  'GET /api/teacher/today': { expect: teacherList(200) },
  'GET /api/teacher/timetable': { expect: teacherList(200) },
  'GET /api/student/today': { expect: studentList(200) },
  'GET /api/student/timetable': { expect: studentList(200) },
};

/** GET routes only: nothing to fuzz. */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  notJson: [],
};
