/**
 * Issue 39: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 *
 * Quick grading works on the chain's assignment and its student's hand-in (a grade, never locked:
 * the chain's class has no teaching assignment); the gradebook import gets a sheet with the heading
 * row and no student (nothing to change: a granted call answers an empty preview).
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { students } from '../../src/db/schema.js';
import { json, teacherChain, teacherTop, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

const T = '/api/teacher/online-classes/:classId/contents/:lessonId';

/** A gradebook sheet with its heading row only. */
const headingOnly = async () => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Nilai').addRow(['No', 'NIS', 'Nama', 'Rata-rata']);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
const SHEET = await headingOnly();

export const matrixRows: Record<string, Row> = {
  // The table lists the rombel's students (no marker in their names).
  [`GET ${T}/assignments/:id/quick-grading`]: { id: 'assignmentId', expect: teacherChain(200), noMarker: true },
  // The foreign variant names a student of another rombel under the owner's assignment.
  [`PUT ${T}/assignments/:id/quick-grading/:studentId`]: {
    id: 'assignmentId',
    expect: teacherChain(200),
    noMarker: true,
    body: (c) => json({ score: 81, feedback: 'Cepat', revision: c.own.revision }),
  },
  [`POST ${T}/assignments/:id/return-all`]: {
    id: 'assignmentId',
    expect: teacherChain(200),
    noMarker: true,
    body: () => json({ message: 'Sudah diperiksa' }),
  },
  'POST /api/teacher/online-classes/:classId/gradebook/import': {
    expect: teacherTop(200),
    noMarker: true,
    url: (c) => `/api/teacher/online-classes/${c.target.classId}/gradebook/import?apply=1`,
    body: () => ({ form: { fields: {}, files: { file: { name: 'Nilai.xlsx', data: SHEET } } } }),
  },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const [me] = await ctx.db.select({ rombelId: students.rombelClassId }).from(students).where(eq(students.userId, ctx.student.id));
    const klass = await ctx.factory.onlineClass(ctx.teacher.id, { rombelId: me?.rombelId ?? undefined, name: 'Kelas Nilai Cepat Fuzz' });
    const lesson = await ctx.factory.content(klass.id);
    const assignment = await ctx.factory.assignment(lesson.id, ctx.teacher.id, { title: 'Tugas Nilai Cepat' });
    const work = await ctx.factory.submission(assignment.id, ctx.student.id);
    return { classId: klass.id, lessonId: lesson.id, id: assignment.id, studentId: ctx.student.id, revision: work.revision };
  },
  endpoints: {
    [`PUT ${T}/assignments/:id/quick-grading/:studentId`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, id: x.id!, studentId: x.studentId! }),
      valid: (x) => ({ score: 85, feedback: 'Bagus', revision: x.revision!, and_return: false }),
    },
    [`POST ${T}/assignments/:id/return-all`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, id: x.id! }),
      valid: () => ({ message: 'Sudah diperiksa' }),
    },
  },
  notJson: ['POST /api/teacher/online-classes/:classId/gradebook/import'],
};
