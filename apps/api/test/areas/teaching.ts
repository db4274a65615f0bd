/**
 * Issue 37: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 * Subjects and teaching assignments: admin only; no chain object appears in them (no marker).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminOnly, json, type Body, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import type { Db } from '../../src/db/client.js';
import { rombelClasses, semesters, subjects, users } from '../../src/db/schema.js';
import { insertAssignment } from '../../src/features/teaching-assignments/write.js';

const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function freshSubject(db: Db): Promise<{ id: number; code: string }> {
  const t = tag();
  const [row] = await db
    .insert(subjects)
    .values({ code: `S${t}`, name: `Mapel Area ${t}`, group: 'umum' })
    .returning();
  return { id: row!.id, code: row!.code };
}

/** A fresh rombel, subject and teacher, not yet assigned. */
async function freshParts(db: Db) {
  const t = tag();
  const [rombel] = await db
    .insert(rombelClasses)
    .values({ name: `XI TKJ A${t}`, grade: 11, departmentId: 1 })
    .returning();
  const subject = await freshSubject(db);
  const [teacher] = await db
    .insert(users)
    .values({ roleId: 2, name: `Guru Area ${t}`, username: `ga${t.toLowerCase()}`, passwordHash: 'x' })
    .returning();
  return { rombel: rombel!, subject, teacher: teacher! };
}

/** A fresh assignment of the active semester (its class is empty). */
async function freshAssignment(db: Db): Promise<{ id: number; teacherId: number }> {
  const p = await freshParts(db);
  const [sem] = await db.select().from(semesters).where(eq(semesters.active, true));
  const a = await insertAssignment(db, {
    semesterId: sem!.id,
    rombelId: p.rombel.id,
    subjectId: p.subject.id,
    teacherIds: [p.teacher.id],
    hoursPerWeek: 2,
    className: 'Area',
  });
  return { id: a.id, teacherId: p.teacher.id };
}

const csv = (name: string, text: string): Body => ({ form: { fields: {}, files: { file: { name, data: Buffer.from(text) } } } });
const subjectBody = () => ({ code: `B${tag()}`, name: `Mapel Baru ${tag()}`, group: 'kejuruan', grades: [10, 11], department_ids: [1] });

/** What the last `prepare` made (granted cells only; refused cells never reach it). */
let preparedSubject = { id: 1, code: 'NONE' };
let preparedAssignment = { id: 1, teacherId: 1 };
let preparedParts = { rombel: { id: 1, name: 'X TKJ 1' }, subject: { id: 1, code: 'NONE' }, teacher: { id: 1, name: '' } };

export const matrixRows: Record<string, Row> = {
  'GET /api/admin/subjects': { expect: adminOnly(200), noMarker: true },
  'POST /api/admin/subjects': { expect: adminOnly(201), noMarker: true, body: () => json(subjectBody()) },
  'PUT /api/admin/subjects/:id': {
    expect: adminOnly(200),
    noMarker: true,
    prepare: async (c) => {
      preparedSubject = await freshSubject(c.scene.app.db);
    },
    url: () => `/api/admin/subjects/${preparedSubject.id}`,
    body: () => json(subjectBody()),
  },
  'DELETE /api/admin/subjects/:id': {
    expect: adminOnly(200),
    noMarker: true,
    prepare: async (c) => {
      preparedSubject = await freshSubject(c.scene.app.db);
    },
    url: () => `/api/admin/subjects/${preparedSubject.id}`,
  },
  'GET /api/admin/subjects/export': { expect: adminOnly(200), noMarker: true },
  'POST /api/admin/subjects/import/preview': {
    expect: adminOnly(200),
    noMarker: true,
    body: () => csv('mapel.csv', `Kode;Nama;Kelompok;Kelas\nP${tag()};Pratinjau ${tag()};umum;10\n`),
  },
  'POST /api/admin/subjects/import': {
    expect: adminOnly(200),
    noMarker: true,
    body: () => csv('mapel.csv', `Kode;Nama;Kelompok;Kelas;Jurusan\nI${tag()};Impor ${tag()};mulok;10, 11;TKJ\n`),
  },
  'GET /api/admin/teaching-assignments': { expect: adminOnly(200), noMarker: true },
  'POST /api/admin/teaching-assignments': {
    expect: adminOnly(201),
    noMarker: true,
    prepare: async (c) => {
      preparedParts = await freshParts(c.scene.app.db);
    },
    body: () =>
      json({
        rombel_id: preparedParts.rombel.id,
        subject_id: preparedParts.subject.id,
        teacher_ids: [preparedParts.teacher.id],
        hours_per_week: 3,
      }),
  },
  'PUT /api/admin/teaching-assignments/:id': {
    expect: adminOnly(200),
    noMarker: true,
    prepare: async (c) => {
      preparedAssignment = await freshAssignment(c.scene.app.db);
    },
    url: () => `/api/admin/teaching-assignments/${preparedAssignment.id}`,
    body: () => json({ teacher_ids: [preparedAssignment.teacherId], hours_per_week: 5 }),
  },
  'DELETE /api/admin/teaching-assignments/:id': {
    expect: adminOnly(200),
    noMarker: true,
    prepare: async (c) => {
      preparedAssignment = await freshAssignment(c.scene.app.db);
    },
    url: () => `/api/admin/teaching-assignments/${preparedAssignment.id}`,
  },
  'GET /api/admin/teaching-assignments/export': { expect: adminOnly(200), noMarker: true },
  'POST /api/admin/teaching-assignments/import/preview': {
    expect: adminOnly(200),
    noMarker: true,
    body: () => csv('tugas.csv', 'Rombel;Kode Mapel;Guru;Jam per Minggu\nX TKJ 1;NONE;Tidak Ada;2\n'),
  },
  'POST /api/admin/teaching-assignments/import': {
    expect: adminOnly(200),
    noMarker: true,
    prepare: async (c) => {
      preparedParts = await freshParts(c.scene.app.db);
    },
    body: () =>
      csv(
        'tugas.csv',
        `Rombel;Kode Mapel;Guru;Jam per Minggu\n${preparedParts.rombel.name};${preparedParts.subject.code};${preparedParts.teacher.name};2\n`,
      ),
  },
};

/** Its scene: subjectId, assignmentId (with teacherId), rombelId and freeSubjectId (not yet assigned to that rombel). */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const a = await freshAssignment(ctx.db);
    const p = await freshParts(ctx.db);
    return { subjectId: p.subject.id, assignmentId: a.id, teacherId: a.teacherId, rombelId: p.rombel.id, freeSubjectId: p.subject.id };
  },
  endpoints: {
    'POST /api/admin/subjects': { as: 'admin', valid: () => subjectBody() },
    'PUT /api/admin/subjects/:id': { as: 'admin', ids: (x) => ({ id: x.subjectId! }), valid: () => subjectBody() },
    'POST /api/admin/teaching-assignments': {
      as: 'admin',
      valid: (x) => ({ rombel_id: x.rombelId!, subject_id: x.freeSubjectId!, teacher_ids: [x.teacherId!], hours_per_week: 2 }),
    },
    'PUT /api/admin/teaching-assignments/:id': {
      as: 'admin',
      ids: (x) => ({ id: x.assignmentId! }),
      valid: (x) => ({ teacher_ids: [x.teacherId!], hours_per_week: 4 }),
    },
  },
  notJson: [
    'POST /api/admin/subjects/import/preview',
    'POST /api/admin/subjects/import',
    'POST /api/admin/teaching-assignments/import/preview',
    'POST /api/admin/teaching-assignments/import',
  ],
};
