/**
 * Parents from the user import (issue 40): Dapodik's "Data Ayah / Data Ibu / Data Wali" and the
 * template's "Nama Ayah", "HP Ayah"… columns become parent accounts linked to the child — one
 * account per NIK (siblings share it), at most three parents a child (a fourth is a warning that
 * does not block the file), no duplicates when the file comes again, first passwords on the slips.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG, MAX_PARENTS_PER_CHILD, ROLE_IDS } from '@kelasku/contract';
import { auditLog, parentLinks, parents, students, userImports, users } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { FIXTURE_PATH, FIXTURE_STUDENTS, SIBLINGS_FATHER_NIK, dapodikWorkbook, type DapodikStudent } from './dapodik-fixture.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await t.factory.admin();
});

type Upload = { name: string; data: Buffer; type?: string };
const xlsx = (data: Buffer): Upload => ({
  name: 'daftar-pd.xlsx',
  data,
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});
const csv = (...lines: string[]): Upload => ({ name: 'siswa.csv', data: Buffer.from(lines.join('\r\n'), 'utf8'), type: 'text/csv' });
const preview = (file: Upload) => t.as(admin.token).upload('POST', '/api/admin/imports/users/preview', {}, { file });

/** Starts the import and waits for its job. */
async function importFile(file: Upload) {
  const started = await t.as(admin.token).upload('POST', '/api/admin/imports/users', {}, { file });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (let i = 0; i < 300; i++) {
    const res = await t.as(admin.token).get(`/api/admin/imports/${started.body.data.id}`);
    if (res.body.data.status === 'done' || res.body.data.status === 'failed') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not finish');
}

/** The parents linked to the student of this NISN or NIS: name, username, relation, source, NIK, phone. */
async function parentsOf(number: string) {
  const [child] = await t.db
    .select({ id: students.userId })
    .from(students)
    .where(number.length === 10 && /^\d+$/.test(number) ? eq(students.nisn, number) : eq(students.nis, number));
  return t.db
    .select({
      name: users.name,
      username: users.username,
      relation: parentLinks.relation,
      source: parentLinks.source,
      nik: parents.nik,
      telpon: users.telpon,
    })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.parentId))
    .innerJoin(parents, eq(parents.userId, parentLinks.parentId))
    .where(eq(parentLinks.studentId, child!.id))
    .orderBy(asc(parentLinks.id));
}

const parentCount = async () => (await t.db.select({ n: count() }).from(users).where(eq(users.roleId, ROLE_IDS.parent)))[0]!.n;

async function slipRows(importId: number) {
  const res = await t.as(admin.token).get(`/api/admin/imports/${importId}/slips.xlsx`);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
  return (wb.getWorksheet('Akun')!.getSheetValues().slice(2) as string[][]).map((r) => r.slice(1));
}

describe('a Dapodik export as downloaded', () => {
  let importId: number;

  it('previews the parent accounts: siblings’ father once, Cahya’s guardian too', async () => {
    const res = await preview(xlsx(fs.readFileSync(FIXTURE_PATH)));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.summary).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    // Budi, Siti; Hadi (Bunga's and Cahya's father), Ani; Rina, Slamet (guardian): six accounts, seven links.
    expect(res.body.data.parents).toEqual({ create: 6, existing: 0, links: 7, skipped: 0 });
    expect(IMPORT_MSG.parentsPreview(6, 0)).toBe('6 akun orang tua baru, 0 ditautkan ke akun yang sudah ada');
    expect(res.body.data.rows.every((r: object) => !('warnings' in r))).toBe(true);
    expect(await parentCount()).toBe(0);
  });

  it('imports them: role 4, the NIK, the home phone for father and mother, one account for the siblings', async () => {
    const job = await importFile(xlsx(fs.readFileSync(FIXTURE_PATH)));
    expect(job).toMatchObject({ status: 'done', summary: { create: 3, update: 0, unchanged: 0 }, slips: { count: 9 } });
    importId = job.id;
    const [agus, bunga, cahya] = FIXTURE_STUDENTS.map((s) => s.nisn);
    const home = '0274-1234-56'; // Dapodik's "Telepon" 0274-123456, the only number a parent has there
    expect(await parentsOf(agus!)).toEqual([
      { name: 'Budi Salim', username: 'ayah.0081234501', relation: 'ayah', source: 'import', nik: '3404234501750001', telpon: home },
      { name: 'Siti Salimah', username: 'ibu.0081234501', relation: 'ibu', source: 'import', nik: '3404234501780002', telpon: home },
    ]);
    const hadi = {
      name: 'Hadi Lestari',
      username: 'ayah.0081234502',
      relation: 'ayah',
      source: 'import',
      nik: SIBLINGS_FATHER_NIK,
      telpon: home,
    };
    expect(await parentsOf(bunga!)).toEqual([
      hadi,
      { name: 'Ani Lestari', username: 'ibu.0081234502', relation: 'ibu', source: 'import', nik: '3404234502780002', telpon: home },
    ]);
    expect(await parentsOf(cahya!)).toEqual([
      hadi,
      { name: 'Rina Nugraha', username: 'ibu.0081234503', relation: 'ibu', source: 'import', nik: '3404234503780002', telpon: home },
      // The guardian gets no home number: it is the family's, not theirs.
      { name: 'Slamet Riyadi', username: 'wali.0081234503', relation: 'wali', source: 'import', nik: '3404012002650004', telpon: null },
    ]);
    const accounts = await t.db
      .select({ role: users.roleId, must: users.mustChangePassword, status: users.status })
      .from(users)
      .where(eq(users.roleId, ROLE_IDS.parent));
    expect(accounts).toHaveLength(6);
    expect(accounts.every((a) => a.must && a.status === 1)).toBe(true);
  });

  it('audits every link as parent.link by the admin who imported', async () => {
    const rows = await t.db
      .select({ actor: auditLog.actorId, type: auditLog.targetType, summary: auditLog.summary, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'parent.link'))
      .orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.actor === admin.id && r.type === 'parent_link')).toBe(true);
    expect(rows.map((r) => r.summary)).toContain('Ayah Hadi Lestari ditautkan ke siswa Cahya Nugraha (impor)');
    expect(rows[0]!.after).toMatchObject({ relation: 'ayah', source: 'import' });
  });

  it('puts the parents on the slips, marked Orang Tua with their children, and a parent signs in and must change the password', async () => {
    const slips = await slipRows(importId);
    expect(slips).toHaveLength(9);
    const hadi = slips.find((r) => r[3] === 'ayah.0081234502')!;
    expect([hadi[0], hadi[1], hadi[2], hadi[5]]).toEqual([
      'Hadi Lestari',
      'Orang Tua',
      'X TKJ 1',
      'Ayah dari Bunga Lestari (X TKJ 1), Cahya Nugraha (X TKJ 1)',
    ]);
    expect(hadi[4]).toMatch(/^[a-km-np-z2-9]{8}$/);
    const pdf = await t.as(admin.token).get(`/api/admin/imports/${importId}/slips.pdf`);
    expect([pdf.status, pdf.raw.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);

    const login = await t.as(null).post('/api/login', { username: 'ayah.0081234502', password: hadi[4] });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.user.must_change_password).toBe(true);
    // Signed in: his first password is erased from the slips like a student's; the others stay.
    const [stored] = await t.db.select({ credentials: userImports.credentials }).from(userImports).where(eq(userImports.id, importId));
    const left = (stored!.credentials as { username: string }[]).map((c) => c.username);
    expect([left.length, left.includes('ayah.0081234502')]).toEqual([8, false]);
    expect(JSON.stringify(stored!.credentials)).not.toContain(hadi[4]);
  });

  it('the same file again creates and links no one', async () => {
    const before = await parentCount();
    const res = await preview(xlsx(fs.readFileSync(FIXTURE_PATH)));
    expect(res.body.data.summary).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(res.body.data.parents).toEqual({ create: 0, existing: 0, links: 0, skipped: 0 });
    const again = await t.as(admin.token).upload('POST', '/api/admin/imports/users', {}, { file: xlsx(fs.readFileSync(FIXTURE_PATH)) });
    expect([again.status, again.body.message]).toEqual([422, IMPORT_MSG.nothingToDo]);
    expect(await parentCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(parentLinks))[0]!.n).toBe(7);
  });
});

describe('limits and matches', () => {
  const base = FIXTURE_STUDENTS[0]!;
  const dapodik = (over: Partial<DapodikStudent>): DapodikStudent => ({ ...base, rombel: 'X TKJ 1', ...over });

  it('a fourth parent is a warning in the preview, does not block the file, and is not created', async () => {
    const child = await t.factory.student({ name: 'Dimas Pratama', nis: '5100001', nisn: '0095100001', rombelId: 1 });
    for (const relation of ['ayah', 'ibu', 'wali'] as const) await t.factory.parent([child.id], { relation });
    const file = xlsx(
      await dapodikWorkbook([
        dapodik({ name: 'Dimas Pratama', nipd: '5100001', nisn: '0095100001', father: 'Bambang Pratama', mother: '-' }),
        dapodik({ name: 'Eka Wijaya', nipd: '5100002', nisn: '0095100002', father: 'Wawan Wijaya', mother: '0' }),
      ]),
    );
    const res = await preview(file);
    expect(res.status).toBe(200);
    expect(res.body.data.summary.error).toBe(0);
    expect(res.body.data.parents).toEqual({ create: 1, existing: 0, links: 1, skipped: 1 });
    expect(res.body.data.rows[0].warnings).toEqual([
      {
        column: 'Nama Ayah',
        message: `Ayah (Bambang Pratama) tidak dibuat: satu siswa paling banyak punya ${MAX_PARENTS_PER_CHILD} orang tua/wali`,
      },
    ]);
    expect(res.body.data.rows[1]).not.toHaveProperty('warnings');

    const job = await importFile(file);
    expect(job.status).toBe('done');
    expect(await parentsOf('0095100001')).toHaveLength(3);
    expect((await parentsOf('0095100002')).map((p) => [p.name, p.username])).toEqual([['Wawan Wijaya', 'ayah.0095100002']]);
    expect((await t.db.select({ n: count() }).from(users).where(eq(users.name, 'Bambang Pratama')))[0]!.n).toBe(0);
  });

  it('a NIK already in Kelasku is that parent’s account: linked, not created', async () => {
    const known = await t.factory.parent([], { relation: 'ibu', nik: '3404016606800005', name: 'Sri Handayani' });
    const before = await parentCount();
    const file = xlsx(
      await dapodikWorkbook([
        dapodik({
          name: 'Fajar Hidayat',
          nipd: '5100003',
          nisn: '0095100003',
          father: '-',
          mother: 'Sri Handayani',
          motherNik: '3404016606800005',
        }),
      ]),
    );
    expect((await preview(file)).body.data.parents).toEqual({ create: 0, existing: 1, links: 1, skipped: 0 });
    expect((await importFile(file)).status).toBe('done');
    expect(await parentCount()).toBe(before);
    expect((await parentsOf('0095100003')).map((p) => p.username)).toEqual([known.username]);
  });
});

describe('the template’s parent columns', () => {
  it('has "Nama Ayah", "HP Ayah", "Nama Ibu", "HP Ibu", "Nama Wali", "HP Wali" after the old columns', async () => {
    const res = await t.as(admin.token).get('/api/admin/imports/users/template');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const header = (wb.getWorksheet('Data')!.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 14)).toEqual([
      'Nama',
      'Peran',
      'NIS',
      'NISN',
      'JK',
      'Tanggal Lahir',
      'Agama',
      'Rombel',
      'Email',
      'Username',
      'Password',
      'Telepon',
      'NIP',
      'NIK',
    ]);
    expect(header.slice(14)).toEqual(['Nama Ayah', 'HP Ayah', 'Nama Ibu', 'HP Ibu', 'Nama Wali', 'HP Wali']);
  });

  it('creates parents with their HP (the student’s Telepon is not theirs), names the NIS when there is no NISN, and numbers a taken username', async () => {
    await t.factory.user(ROLE_IDS.parent, { username: 'ayah.5200001' });
    const file = csv(
      'Nama;NIS;Rombel;Telepon;Nama Ayah;HP Ayah;Nama Ibu;HP Ibu;Nama Wali;HP Wali',
      'Gita Permata;5200001;X TKJ 1;0812-9999-0001;Joko Permata;0812-5555-0001;Wati Permata;;;',
      'Hana Safitri;5200002;X TKJ 1;;Tidak ada;;Lilis Safitri;12345;-;',
    );
    const res = await preview(file);
    expect(res.body.data.parents).toEqual({ create: 3, existing: 0, links: 3, skipped: 0 });
    expect(res.body.data.rows[1].warnings).toEqual([{ column: 'HP Ibu', message: IMPORT_MSG.parentPhoneInvalid('Ibu') }]);
    expect(IMPORT_MSG.parentPhoneInvalid('Ibu')).toBe('Nomor HP ibu tidak valid; akun dibuat tanpa nomor HP');
    expect((await importFile(file)).status).toBe('done');
    expect((await parentsOf('5200001')).map((p) => [p.name, p.username, p.relation, p.telpon, p.nik])).toEqual([
      ['Joko Permata', 'ayah.5200001-2', 'ayah', '0812-5555-0001', null],
      ['Wati Permata', 'ibu.5200001', 'ibu', null, null],
    ]);
    expect((await parentsOf('5200002')).map((p) => [p.name, p.telpon])).toEqual([['Lilis Safitri', null]]);

    // Again, with no NIK: the child's linked parents are matched by name and relation.
    const again = await preview(file);
    expect([again.body.data.summary.unchanged, again.body.data.parents]).toEqual([2, { create: 0, existing: 0, links: 0, skipped: 0 }]);
  });

  it('a file of the old template (no parent columns) creates no parent', async () => {
    const before = await parentCount();
    const res = await preview(csv('Nama;NIS;Rombel;Telepon', 'Indah Sari;5300001;X TKJ 1;0812-9999-0003'));
    expect([res.body.data.summary.create, res.body.data.parents]).toEqual([1, { create: 0, existing: 0, links: 0, skipped: 0 }]);
    expect((await importFile(csv('Nama;NIS;Rombel;Telepon', 'Indah Sari;5300001;X TKJ 1;0812-9999-0003'))).status).toBe('done');
    expect(await parentCount()).toBe(before);
    const [made] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.name, 'Indah Sari'), inArray(users.roleId, [ROLE_IDS.student])));
    expect(made).toBeDefined();
  });
});
