/**
 * Issue 37: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row; every
 * POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminOnly, json, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import type { Db } from '../../src/db/client.js';
import { bellPeriods, rombelClasses, semesters, subjects, timetableSlots, users } from '../../src/db/schema.js';
import { insertAssignment } from '../../src/features/teaching-assignments/write.js';

const SMALL_FET = readFileSync(new URL('../fixtures/fet/small.fet', import.meta.url));
const tag = () => randomBytes(3).toString('hex');

/** Saturday's jam ke-1 and ke-2 in the bell (what the slot rows place). */
async function saturdayBell(db: Db): Promise<void> {
  await db.delete(bellPeriods).where(eq(bellPeriods.day, 6));
  await db.insert(bellPeriods).values([
    { day: 6, period: 1, startsAt: '07:00:00', endsAt: '07:45:00' },
    { day: 6, period: 2, startsAt: '07:45:00', endsAt: '08:30:00' },
  ]);
}

/** A fresh rombel, subject and teacher with an assignment of the active semester; no slot yet. */
async function freshAssignment(db: Db): Promise<{ id: number; rombel: string; code: string }> {
  const t = tag();
  const [sem] = await db.select().from(semesters).where(eq(semesters.active, true));
  const [rombel] = await db
    .insert(rombelClasses)
    .values({ name: `XII TKJ M${t}`, grade: 12, departmentId: 1 })
    .returning();
  const [subject] = await db
    .insert(subjects)
    .values({ code: `M${t}`, name: `Mapel Matriks ${t}`, group: 'umum' })
    .returning();
  const [teacher] = await db
    .insert(users)
    .values({ roleId: 2, name: `Guru Jadwal ${t}`, username: `gj${t}`, passwordHash: 'x' })
    .returning();
  await saturdayBell(db);
  const a = await insertAssignment(db, {
    semesterId: sem!.id,
    rombelId: rombel!.id,
    subjectId: subject!.id,
    teacherIds: [teacher!.id],
    hoursPerWeek: 2,
    className: 'Matriks',
  });
  return { id: a.id, rombel: rombel!.name, code: subject!.code };
}

/** The assignment the last `prepare` made (granted cells only; refused cells never read the body). */
let prepared = { id: 1, rombel: 'X TKJ 1', code: 'NONE' };
let preparedSlot = 1;

const bellBody = {
  days: [
    {
      day: 1,
      periods: [
        { period: 1, starts_at: '07.00', ends_at: '07.45' },
        { period: null, starts_at: '07.45', ends_at: '08.00' },
      ],
    },
    {
      day: 6,
      periods: [
        { period: 1, starts_at: '07.00', ends_at: '07.45' },
        { period: 2, starts_at: '07.45', ends_at: '08.30' },
      ],
    },
  ],
};

/** Admin only: bell times, the timetable, its imports and the FET import (no chain object appears: no marker). */
export const matrixRows: Record<string, Row> = {
  'GET /api/admin/bell-times': { expect: adminOnly(200), noMarker: true },
  'PUT /api/admin/bell-times': { expect: adminOnly(200), noMarker: true, body: () => json(bellBody) },
  'GET /api/admin/timetable': { expect: adminOnly(200), noMarker: true },
  'POST /api/admin/timetable/slots': {
    expect: adminOnly(201),
    noMarker: true,
    prepare: async (c) => {
      prepared = await freshAssignment(c.scene.app.db);
    },
    body: () => json({ assignment_id: prepared.id, day: 6, period: 1 }),
  },
  'DELETE /api/admin/timetable/slots/:id': {
    expect: adminOnly(200),
    noMarker: true,
    prepare: async (c) => {
      const db = c.scene.app.db;
      const a = await freshAssignment(db);
      const [sem] = await db.select().from(semesters).where(eq(semesters.active, true));
      const [owner] = await db.select({ r: rombelClasses.id }).from(rombelClasses).where(eq(rombelClasses.name, a.rombel));
      const [slot] = await db
        .insert(timetableSlots)
        .values({ semesterId: sem!.id, assignmentId: a.id, rombelClassId: owner!.r, day: 6, period: 2 })
        .returning();
      preparedSlot = slot!.id;
    },
    url: () => `/api/admin/timetable/slots/${preparedSlot}`,
  },
  'POST /api/admin/timetable/import/preview': {
    expect: adminOnly(200),
    noMarker: true,
    body: () => ({
      form: {
        fields: {},
        files: { file: { name: 'jadwal.csv', data: Buffer.from('Hari;Jam ke;Rombel;Kode Mapel\nSabtu;1;X TKJ 1;NONE\n') } },
      },
    }),
  },
  'POST /api/admin/timetable/import': {
    expect: adminOnly(200),
    noMarker: true,
    prepare: async (c) => {
      prepared = await freshAssignment(c.scene.app.db);
    },
    body: () => ({
      form: {
        fields: {},
        files: {
          file: { name: 'jadwal.csv', data: Buffer.from(`Hari;Jam ke;Rombel;Kode Mapel\nSabtu;2;${prepared.rombel};${prepared.code}\n`) },
        },
      },
    }),
  },
  'POST /api/admin/imports/fet/preview': {
    expect: adminOnly(200),
    noMarker: true,
    body: () => ({ form: { fields: {}, files: { fet: { name: 'kecil.fet', data: SMALL_FET } } } }),
  },
  'POST /api/admin/imports/fet': {
    expect: adminOnly(200),
    noMarker: true,
    body: () => ({ form: { fields: { teachers: '[]' }, files: { fet: { name: 'kecil.fet', data: SMALL_FET } } } }),
  },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => ({ assignmentId: (await freshAssignment(ctx.db)).id }),
  endpoints: {
    'PUT /api/admin/bell-times': { as: 'admin', valid: () => bellBody },
    'POST /api/admin/timetable/slots': { as: 'admin', valid: (x) => ({ assignment_id: x.assignmentId!, day: 6, period: 1 }) },
  },
  notJson: [
    'POST /api/admin/timetable/import/preview',
    'POST /api/admin/timetable/import',
    'POST /api/admin/imports/fet/preview',
    'POST /api/admin/imports/fet',
  ],
};
