import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { TIMETABLE_MSG } from '@kelasku/contract';
import { Client, useTestApp } from './helpers.js';
import { semesters, subjects, timetableSlots } from '../src/db/schema.js';
import { insertAssignment } from '../src/features/teaching-assignments/write.js';

const t = useTestApp();

const bell = {
  days: [
    {
      day: 1,
      periods: [
        { period: 1, starts_at: '07.00', ends_at: '07.45' },
        { period: 2, starts_at: '07.45', ends_at: '08.30' },
        { period: null, starts_at: '08.30', ends_at: '08.45' },
        { period: 3, starts_at: '08.45', ends_at: '09.30' },
      ],
    },
    { day: 5, periods: [{ period: 1, starts_at: '07.00', ends_at: '07.35' }] },
  ],
};

async function setup() {
  const admin = new Client(t.app, (await t.factory.admin()).token);
  const [sem] = await t.app.db.select().from(semesters).where(eq(semesters.active, true));
  const code = `MTK${Math.random().toString(36).slice(2, 6)}`;
  const [subject] = await t.app.db
    .insert(subjects)
    .values({ code, name: `Matematika ${code}`, group: 'umum' })
    .returning();
  const [other] = await t.app.db
    .insert(subjects)
    .values({ code: `B${code}`, name: `Bahasa ${code}`, group: 'umum' })
    .returning();
  const guru = await t.factory.teacher({ name: 'Bu Sari' });
  const r1 = await t.factory.rombel();
  const r2 = await t.factory.rombel();
  const mk = (rombelId: number, subjectId: number, name: string) =>
    insertAssignment(t.app.db, { semesterId: sem!.id, rombelId, subjectId, teacherIds: [guru.id], hoursPerWeek: 2, className: name });
  const a1 = await mk(r1.id, subject!.id, 'A1');
  const a2 = await mk(r1.id, other!.id, 'A2');
  const a3 = await mk(r2.id, subject!.id, 'A3');
  expect((await admin.put('/api/admin/bell-times', bell)).status).toBe(200);
  return { admin, sem: sem!, subject: subject!, r1, r2, a1, a2, a3 };
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Jadwal');
  ws.addRow(['Hari', 'Jam ke', 'Rombel', 'Kode Mapel']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('bell times', () => {
  it('saves a whole set, Friday shorter, and reads it back', async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    const res = await admin.put('/api/admin/bell-times', bell);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TIMETABLE_MSG.bellSaved);
    const got = await admin.get('/api/admin/bell-times');
    expect(got.body.data).toHaveLength(2);
    expect(got.body.data[0].periods[2]).toEqual({ period: null, starts_at: '08.30', ends_at: '08.45' });
    expect(got.body.data[1].periods).toEqual([{ period: 1, starts_at: '07.00', ends_at: '07.35' }]);
  });

  it('refuses an overlap, an end before the start and a period twice, naming day and time; nothing changes', async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    await admin.put('/api/admin/bell-times', bell);
    const day = (periods: object[]) => ({ days: [{ day: 2, periods }] });
    const overlap = await admin.put(
      '/api/admin/bell-times',
      day([
        { period: 1, starts_at: '07.00', ends_at: '07.45' },
        { period: 2, starts_at: '07.30', ends_at: '08.15' },
      ]),
    );
    expect(overlap.status).toBe(422);
    expect(overlap.body.message).toBe(TIMETABLE_MSG.bellOverlap('Selasa', '07.30'));
    const backwards = await admin.put('/api/admin/bell-times', day([{ period: 1, starts_at: '08.00', ends_at: '07.45' }]));
    expect(backwards.body.message).toBe(TIMETABLE_MSG.bellEndsBeforeStart('Selasa', '08.00'));
    const twice = await admin.put(
      '/api/admin/bell-times',
      day([
        { period: 1, starts_at: '07.00', ends_at: '07.45' },
        { period: 1, starts_at: '08.00', ends_at: '08.45' },
      ]),
    );
    expect(twice.body.message).toBe(TIMETABLE_MSG.bellPeriodTwice('Selasa', 1));
    expect((await admin.get('/api/admin/bell-times')).body.data.map((d: { day: number }) => d.day)).toEqual([1, 5]);
  });
});

describe('timetable slots', () => {
  it('places a slot and refuses a rombel clash and a teacher clash naming "Senin jam ke-3"', async () => {
    const s = await setup();
    const first = await s.admin.post('/api/admin/timetable/slots', { assignment_id: s.a1.id, day: 1, period: 3 });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ day: 1, period: 3, starts_at: '08.45', rombel: { id: s.r1.id } });
    const rombel = await s.admin.post('/api/admin/timetable/slots', { assignment_id: s.a2.id, day: 1, period: 3 });
    expect(rombel.status).toBe(409);
    expect(rombel.body.message).toBe(TIMETABLE_MSG.rombelClash(s.r1.name, 'Senin jam ke-3', s.subject.name));
    const teacher = await s.admin.post('/api/admin/timetable/slots', { assignment_id: s.a3.id, day: 1, period: 3 });
    expect(teacher.status).toBe(409);
    expect(teacher.body.message).toBe(TIMETABLE_MSG.teacherClash('Bu Sari', 'Senin jam ke-3', s.r1.name));
    const unknown = await s.admin.post('/api/admin/timetable/slots', { assignment_id: s.a3.id, day: 5, period: 4 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(TIMETABLE_MSG.periodUnknown('Jumat', 4));
    const slots = await t.app.db.select().from(timetableSlots).where(eq(timetableSlots.semesterId, s.sem.id));
    expect(slots.filter((x) => x.day === 1 && x.period === 3)).toHaveLength(1);
    const week = await s.admin.get(`/api/admin/timetable?rombel_id=${s.r1.id}`);
    expect(week.body.data.slots).toHaveLength(1);
    expect((await s.admin.delete(`/api/admin/timetable/slots/${first.body.data.id}`)).status).toBe(200);
    expect((await s.admin.delete(`/api/admin/timetable/slots/${first.body.data.id}`)).status).toBe(404);
  });

  it('imports an XLSX all or nothing: a row naming a missing subject is an error naming the row', async () => {
    const s = await setup();
    const file = await xlsx([
      ['Senin', 1, s.r1.name, s.subject.code],
      ['Senin', 2, s.r1.name, 'NOPE'],
    ]);
    const preview = await s.admin.upload('POST', '/api/admin/timetable/import/preview', {}, { file: { name: 'jadwal.xlsx', data: file } });
    expect(preview.status).toBe(200);
    expect(preview.body.data.totals).toEqual({ slots: 1, error: 1 });
    expect(preview.body.data.rows[1].errors).toEqual([TIMETABLE_MSG.rowSubject(3, 'NOPE')]);
    const refused = await s.admin.upload('POST', '/api/admin/timetable/import', {}, { file: { name: 'jadwal.xlsx', data: file } });
    expect(refused.status).toBe(422);
    expect((await s.admin.get(`/api/admin/timetable?rombel_id=${s.r1.id}`)).body.data.slots).toHaveLength(0);
    const good = await s.admin.upload(
      'POST',
      '/api/admin/timetable/import',
      {},
      { file: { name: 'jadwal.xlsx', data: await xlsx([['Senin', 1, s.r1.name, s.subject.code]]) } },
    );
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({ slots: 1 });
  });
});
