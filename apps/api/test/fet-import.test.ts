/**
 * The FET import end to end on a real school's file: Debian's fet-data ships SMK Negeri 1 Arahan
 * (Indramayu)'s timetable; fet-cl (Debian's fet) generates its timetable CSV in beforeAll (~2 s).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TIMETABLE_MSG } from '@kelasku/contract';
import { Client, useTestApp } from './helpers.js';
import { SMK_FET_FILE, generateFetTimetable } from './fet-timetable.js';
import { defaultBell, replaceBell } from '../src/features/timetable/bell.js';
import { insertAssignment } from '../src/features/teaching-assignments/write.js';
import { auditLog, rombelClasses, semesters, subjects, teachingAssignments, timetableSlots, userImports, users } from '../src/db/schema.js';

const t = useTestApp();
let xml: string;
let csv: Buffer;
let out: string;

beforeAll(() => {
  xml = readFileSync(SMK_FET_FILE, 'utf8');
  out = mkdtempSync(join(tmpdir(), 'fet-'));
  csv = readFileSync(generateFetTimetable(out));
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const files = (fet: string | Buffer, withCsv = true) => ({
  fet: { name: 'netura.fet', data: Buffer.isBuffer(fet) ? fet : Buffer.from(fet) },
  ...(withCsv ? { timetable: { name: 'netura_timetable.csv', data: csv, type: 'text/csv' } } : {}),
});
const rows = async (table: Parameters<typeof t.app.db.select>[0] extends never ? never : any) =>
  Number((await t.app.db.select({ n: count() }).from(table))[0]!.n);

describe('FET import: SMK Negeri 1 Arahan (Indramayu)', () => {
  it('previews, imports exactly what the preview said, and a second import changes nothing', async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    const existing = await t.factory.teacher({ name: 'Wahyu Amin, S.Pd.' });
    let started = performance.now();
    const preview = await admin.upload('POST', '/api/admin/imports/fet/preview', {}, files(xml));
    const previewMs = performance.now() - started;
    expect(preview.status).toBe(200);
    const p = preview.body.data;
    expect(p.institution).toBe('SMK NEGERI 1 ARAHAN');
    expect(p.days).toEqual(['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu']);
    expect(p.hours).toBe(10);
    expect(p.errors).toEqual([]);
    expect(p.rombels).toHaveLength(19);
    expect(p.rombels.find((r: { fet_name: string }) => r.fet_name === '12 TKJ 1')).toMatchObject({
      name: 'XII TKJ 1',
      grade: 12,
      department: 'TKJ',
    });
    expect(p.teachers).toHaveLength(47);
    const wahyu = p.teachers.find((x: { fet_name: string }) => x.fet_name === '05 WAHYU AMIN, S.Pd.');
    expect(wahyu).toMatchObject({ name: 'Wahyu Amin, S.Pd.', match: { id: existing.id } });
    expect(p.subjects).toHaveLength(20);
    expect(p.totals.activities).toBe(383);
    expect(p.totals.skipped).toBe(0);
    expect(p.slots).toBe(834);
    expect(p.totals.hours_per_week).toBe(834);

    const before = { users: await rows(users), rombels: await rows(rombelClasses), subjects: await rows(subjects) };
    const choices = p.teachers.map((x: { fet_name: string; match: { id: number } | null }) => ({
      fet_name: x.fet_name,
      user_id: x.match?.id ?? null,
    }));
    started = performance.now();
    const done = await admin.upload('POST', '/api/admin/imports/fet', { teachers: JSON.stringify(choices) }, files(xml));
    const importMs = performance.now() - started;
    expect(done.status).toBe(200);
    const r = done.body.data;
    const [sem] = await t.app.db.select().from(semesters).where(eq(semesters.active, true));
    // The demo school's six TKJ rombels (X/XI/XII TKJ 1–2) are the file's; the other 13 are made.
    const newRombels = p.rombels.filter((x: { exists: boolean }) => !x.exists).length;
    expect(newRombels).toBe(13);
    expect(p.subjects.filter((x: { exists: boolean }) => !x.exists)).toHaveLength(20);
    expect(r).toMatchObject({
      teachers_created: 46,
      rombels_created: newRombels,
      subjects_created: 20,
      assignments: p.assignments,
      slots: 834,
    });
    expect((await rows(users)) - before.users).toBe(46);
    expect((await rows(rombelClasses)) - before.rombels).toBe(13);
    expect((await rows(subjects)) - before.subjects).toBe(20);
    const assignments = await t.app.db.select({ n: count() }).from(teachingAssignments).where(eq(teachingAssignments.semesterId, sem!.id));
    expect(Number(assignments[0]!.n)).toBe(p.assignments);
    const slots = await t.app.db.select({ n: count() }).from(timetableSlots).where(eq(timetableSlots.semesterId, sem!.id));
    expect(Number(slots[0]!.n)).toBe(834);
    const [slips] = await t.app.db.select().from(userImports).where(eq(userImports.id, r.slips_import_id));
    expect((slips!.credentials as unknown[]).length).toBe(46);
    expect((await admin.get(`/api/admin/imports/${r.slips_import_id}`)).body.data.slips.count).toBe(46);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'fet.import'))).toHaveLength(1);
    const week = await admin.get(`/api/admin/timetable?teacher_id=${existing.id}`);
    expect(week.body.data.slots.length).toBeGreaterThan(0);
    expect(week.body.data.bell).toHaveLength(6);
    console.info(`FET Indramayu: preview ${previewMs.toFixed(0)} ms, import ${importMs.toFixed(0)} ms, ${p.assignments} assignments`);

    // Again: everything is matched now; nothing new, the slots replaced, no duplicates.
    const again = await admin.upload('POST', '/api/admin/imports/fet/preview', {}, files(xml));
    expect(again.body.data.teachers.every((x: { match: unknown }) => x.match !== null)).toBe(true);
    expect(again.body.data.rombels.every((x: { exists: boolean }) => x.exists)).toBe(true);
    const second = await admin.upload('POST', '/api/admin/imports/fet', {}, files(xml));
    expect(second.body.data).toMatchObject({
      teachers_created: 0,
      rombels_created: 0,
      subjects_created: 0,
      slots: 834,
      slips_import_id: null,
    });
    expect(
      Number((await t.app.db.select({ n: count() }).from(teachingAssignments).where(eq(teachingAssignments.semesterId, sem!.id)))[0]!.n),
    ).toBe(p.assignments);
    expect(Number((await t.app.db.select({ n: count() }).from(timetableSlots).where(eq(timetableSlots.semesterId, sem!.id)))[0]!.n)).toBe(
      834,
    );
  }, 120_000);

  it('refuses a truncated file (422), writing nothing', async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    const before = await rows(rombelClasses);
    const cut = Buffer.from(xml).subarray(0, 150_000);
    for (const url of ['/api/admin/imports/fet/preview', '/api/admin/imports/fet']) {
      const res = await admin.upload('POST', url, {}, files(cut, false));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(TIMETABLE_MSG.fetUnreadable);
    }
    expect(await rows(rombelClasses)).toBe(before);
  });

  it('skips activities of a whole Year or a subgroup with a warning naming the set', async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    const variant = xml
      .replace('<Name>10 BB</Name>', '<Name>10 BB</Name>\n\t\t<Subgroup><Name>10 BB a</Name></Subgroup>')
      .replace('<Students>12 TKJ 1</Students>', '<Students>12</Students>')
      .replace('<Students>10 BB</Students>', '<Students>10 BB a</Students>');
    const res = await admin.upload('POST', '/api/admin/imports/fet/preview', {}, files(variant, false));
    expect(res.status).toBe(200);
    expect(res.body.data.warnings).toEqual(
      expect.arrayContaining([TIMETABLE_MSG.fetNotRombel('12'), TIMETABLE_MSG.fetNotRombel('10 BB a')]),
    );
    expect(res.body.data.totals.skipped).toBe(2);
    expect(res.body.data.rombels).toHaveLength(19);
  });

  it('takes a teacher written two ways as one teacher, with a warning', async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    // The second activity of "05 WAHYU AMIN, S.Pd." written without the leading zero and with a double space.
    const at = xml.indexOf('<Teacher>05 WAHYU AMIN, S.Pd.</Teacher>', xml.indexOf('<Activities_List>') + 200);
    const variant = `${xml.slice(0, at)}<Teacher>5 WAHYU  AMIN, S.Pd.</Teacher>${xml.slice(at + '<Teacher>05 WAHYU AMIN, S.Pd.</Teacher>'.length)}`;
    const res = await admin.upload('POST', '/api/admin/imports/fet/preview', {}, files(variant, false));
    expect(res.status).toBe(200);
    expect(res.body.data.warnings).toContain(TIMETABLE_MSG.fetTeacherTwice('05 WAHYU AMIN, S.Pd.', '5 WAHYU  AMIN, S.Pd.'));
    expect(res.body.data.teachers).toHaveLength(47);
    expect(res.body.data.teachers.find((x: { fet_name: string }) => x.fet_name === '05 WAHYU AMIN, S.Pd.').also).toEqual([
      '5 WAHYU  AMIN, S.Pd.',
    ]);
  });

  it("replaces the week a rombel of the file already had, with a warning naming it (FET's timetable wins)", async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    const db = t.app.db;
    const [sem] = await db.select().from(semesters).where(eq(semesters.active, true));
    const [rombel] = await db.select().from(rombelClasses).where(eq(rombelClasses.name, 'X TKJ 1'));
    const teacher = await t.factory.teacher();
    const [subject] = await db.insert(subjects).values({ code: 'LAMA', name: 'Mapel Lama', group: 'umum' }).returning();
    await replaceBell(db, defaultBell(6, 10));
    const old = await insertAssignment(db, {
      semesterId: sem!.id,
      rombelId: rombel!.id,
      subjectId: subject!.id,
      teacherIds: [teacher.id],
      hoursPerWeek: 2,
      className: 'Mapel Lama — X TKJ 1',
    });
    // X TKJ 1's week is now only the two periods of a subject the file does not know.
    await db.delete(timetableSlots).where(eq(timetableSlots.rombelClassId, rombel!.id));
    await db
      .insert(timetableSlots)
      .values([1, 2].map((period) => ({ semesterId: sem!.id, assignmentId: old.id, rombelClassId: rombel!.id, day: 1, period })));

    const preview = await admin.upload('POST', '/api/admin/imports/fet/preview', {}, files(xml));
    expect(preview.status).toBe(200);
    expect(preview.body.data.errors).toEqual([]);
    expect(preview.body.data.warnings).toContain(TIMETABLE_MSG.fetSlotsReplaced('X TKJ 1', 2));
    const choices = preview.body.data.teachers.map((x: { fet_name: string; match: { id: number } | null }) => ({
      fet_name: x.fet_name,
      user_id: x.match?.id ?? null,
    }));
    const done = await admin.upload('POST', '/api/admin/imports/fet', { teachers: JSON.stringify(choices) }, files(xml));
    expect(done.status).toBe(200);
    expect(await db.select().from(timetableSlots).where(eq(timetableSlots.assignmentId, old.id))).toEqual([]);
    expect(done.body.data.slots).toBe(834);
  });

  it('refuses a timetable CSV with a clash, naming the row, writing nothing', async () => {
    const admin = new Client(t.app, (await t.factory.admin()).token);
    const lines = csv.toString('utf8').split('\n');
    // Row 3 (activity 1's second hour) moved onto row 2's hour: 12 TKJ 1 twice at once.
    const cols = lines[1]!.split('","');
    lines[2] = lines[2]!
      .split('","')
      .map((c, i) => (i === 1 || i === 2 ? cols[i]! : c))
      .join('","');
    const bad = { fet: files(xml).fet, timetable: { name: 't.csv', data: Buffer.from(lines.join('\n')) } };
    const before = await rows(timetableSlots);
    const preview = await admin.upload('POST', '/api/admin/imports/fet/preview', {}, bad);
    const slot = `${cols[1]} jam ke-${cols[2]!.replace('JP ', '')}`;
    expect(preview.body.data.errors).toEqual([
      `Baris 3 jadwal FET (aktivitas 1): ${TIMETABLE_MSG.rombelClash('XII TKJ 1', slot, 'Bahasa Inggris')}`,
    ]);
    const res = await admin.upload('POST', '/api/admin/imports/fet', {}, bad);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(TIMETABLE_MSG.fetHasErrors);
    expect(await rows(timetableSlots)).toBe(before);
  });
});
