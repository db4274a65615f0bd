/**
 * The user import (issue "School-year onboarding"): template, preview (nothing written), and every
 * bad input the issue lists, each answered in Indonesian naming the row and the column.
 */
import net from 'node:net';
import ExcelJS from 'exceljs';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG, MSG } from '@kelasku/contract';
import { students, userImports, users } from '../src/db/schema.js';
import { buildApp } from '../src/app.js';
import { runImport } from '../src/features/imports/job.js';
import { useTestApp } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
let admin: TestUser;
let rombel: { id: number; name: string };

beforeAll(async () => {
  admin = await t.factory.admin();
  rombel = await t.factory.rombel({ name: 'X IMPOR 1' });
});

const csv = (...lines: string[]) => ({ name: 'siswa.csv', data: Buffer.from(lines.join('\r\n'), 'utf8'), type: 'text/csv' });
const preview = (file: { name: string; data: Buffer; type?: string }) =>
  t.as(admin.token).upload('POST', '/api/admin/imports/users/preview', {}, { file });
const startImport = (file: { name: string; data: Buffer; type?: string }) =>
  t.as(admin.token).upload('POST', '/api/admin/imports/users', {}, { file });

/** Polls the import until the background job has finished it. */
async function finished(id: number) {
  for (let i = 0; i < 200; i++) {
    const res = await t.as(admin.token).get(`/api/admin/imports/${id}`);
    if (res.body.data.status === 'done' || res.body.data.status === 'failed') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not finish');
}

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('the template', () => {
  it('is an XLSX with the columns, an example row, and the rombels and allowed values', async () => {
    const res = await t.as(admin.token).get('/api/admin/imports/users/template');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Data', 'Pilihan']);
    const header = (wb.getWorksheet('Data')!.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Nama', 'Peran', 'NIS', 'NISN', 'JK', 'Tanggal Lahir', 'Agama', 'Rombel', 'Username']));
    const rombels = wb.getWorksheet('Pilihan')!.getColumn(1).values.slice(2);
    expect(rombels).toContain('X IMPOR 1');
  });
});

describe('the preview', () => {
  it('tells for each row what the import would do and writes nothing', async () => {
    const teacher = await t.factory.teacher({ nip: '197001012000011001' });
    const before = await userCount();
    const res = await preview(
      csv(
        'Nama;Peran;NIS;JK;Tanggal Lahir;Rombel;Username;NIP',
        `Siti Aminah;Siswa;91000001;P;17/05/2008;x  impor 1;;`,
        `Rizky Ramadhan;;91000002;L;2008-01-05;${rombel.name};;`,
        `Guru Baru;Guru;;L;;;;`,
        `${teacher.name} S.Pd;Guru;;L;;;;197001012000011001`,
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.rows;
    expect(res.body.data.summary).toEqual({ create: 3, update: 1, unchanged: 0, error: 0 });
    expect(rows[0]).toEqual({
      line: 2,
      action: 'create',
      role: 'student',
      name: 'Siti Aminah',
      username: 'siti.aminah',
      changes: [],
      errors: [],
    });
    expect(rows[1]).toMatchObject({ action: 'create', role: 'student', username: 'rizky.ramadhan' });
    expect(rows[2]).toMatchObject({ action: 'create', role: 'teacher', username: 'guru.baru' });
    // Matched by NIP: only the name changes; the username stays the teacher's.
    expect(rows[3]).toMatchObject({ action: 'update', role: 'teacher', username: teacher.username, changes: ['Nama'] });
    expect(await userCount()).toBe(before);
  });

  it('names the row and the column of every bad value, and the rows it clashes with', async () => {
    const other = await t.factory.student({ nis: '92000001', username: 'pemilik.nis' });
    const res = await preview(
      csv(
        'Nama;Username;NIS;NISN;JK;Tanggal Lahir;Rombel;Agama;Telepon;Peran',
        'Ani;ani.baru;92000010;;P;31/02/2010;X IMPOR 1;Islam;;Siswa',
        'Budi;ani.baru;92000011;;L;;X IMPOR 1;;;',
        'Cici;cici.baru;92000001;;P;;X IMPOR 1;;;',
        'Dedi;dedi.baru;92000012;;X;;Rombel Hantu;Jedi;12345;',
        '12345;;abc;;L;;;;;Kepala Sekolah',
      ),
    );
    expect(res.status).toBe(200);
    const errs = (line: number) => res.body.data.rows.find((r: { line: number }) => r.line === line).errors;
    expect(errs(2)).toEqual([{ column: 'Tanggal Lahir', message: IMPORT_MSG.dateInvalid }]);
    expect(errs(3)).toEqual([{ column: 'Username', message: IMPORT_MSG.duplicateInFile(2) }]);
    expect(errs(4)).toEqual([{ column: 'NIS', message: IMPORT_MSG.numberTaken(other.name, other.username) }]);
    expect(errs(5)).toEqual([
      { column: 'JK', message: MSG.genderInvalid },
      { column: 'Agama', message: MSG.religionInvalid },
      { column: 'Telepon', message: MSG.telponFormat },
      { column: 'Rombel', message: IMPORT_MSG.rombelUnknown('Rombel Hantu') },
    ]);
    expect(errs(6)).toEqual([
      { column: 'Peran', message: IMPORT_MSG.roleInvalid },
      { column: 'Nama', message: MSG.nameNumeric },
    ]);
    expect(res.body.data.summary.error).toBe(5);
  });

  it('takes phone numbers as schools write them (Dapodik HP of 11 and 13 digits, +62) and keeps them as 0812-3456-7890', async () => {
    const known = await t.factory.student({ username: 'hp.lama' });
    await t.db.update(users).set({ telpon: '0812-3456-7890' }).where(eq(users.id, known.id));
    const typed = ['081234567890', '08123456789', '0812345678901', '+62 812-3456-7890', '62812345678', '0812 3456 789'];
    const res = await preview(
      csv(
        'Nama;Username;Telepon',
        ...typed.map((hp, i) => `Siswa HP ${'ABCDEF'[i]};hp.siswa${i};${hp}`),
        `${known.name};hp.lama;+62 812 3456 7890`,
        'Siswa HP G;hp.salah1;12345',
        'Siswa HP H;hp.salah2;0812abc',
        'Siswa HP I;hp.salah3;0812345678901234',
      ),
    );
    expect(res.status).toBe(200);
    const rows: { line: number; action: string; errors: unknown[]; changes: string[] }[] = res.body.data.rows;
    expect(rows.slice(0, 6).map((r) => [r.action, r.errors])).toEqual(typed.map(() => ['create', []]));
    // The stored 0812-3456-7890 is the same number: nothing to change.
    expect(rows[6]).toMatchObject({ action: 'unchanged', changes: [], errors: [] });
    for (const r of rows.slice(7)) expect(r.errors).toEqual([{ column: 'Telepon', message: MSG.telponFormat }]);
    expect(MSG.telponFormat).toBe('Nomor telepon harus 10 sampai 14 angka, diawali 0 atau +62');

    const started = await startImport(csv('Nama;Username;Telepon', ...typed.map((hp, i) => `Siswa HP ${'ABCDEF'[i]};hp.siswa${i};${hp}`)));
    expect(started.status).toBe(202);
    expect((await finished(started.body.data.id)).status).toBe('done');
    const usernames = typed.map((_, i) => `hp.siswa${i}`);
    const made = await t.db
      .select({ username: users.username, telpon: users.telpon })
      .from(users)
      .where(inArray(users.username, usernames));
    expect(made.sort((a, b) => a.username.localeCompare(b.username)).map((u) => u.telpon)).toEqual([
      '0812-3456-7890',
      '0812-3456-789',
      '0812-3456-78901',
      '0812-3456-7890',
      '0812-3456-78',
      '0812-3456-789',
    ]);
  });

  it('does not guess between students who share a NIS: the row needs its username', async () => {
    const a = await t.factory.student({ nis: '99000001', username: 'kembar.satu' });
    await t.factory.student({ nis: '99000001', username: 'kembar.dua' });
    const without = await preview(csv('Nama;Username;NIS', 'Kembar Tanpa Username;;99000001'));
    expect(without.body.data.rows[0].errors).toEqual([{ column: 'NIS', message: IMPORT_MSG.numberShared }]);
    const named = await preview(csv('Nama;Username;NIS', `Kembar Satu;${a.username};99000001`));
    expect(named.body.data.rows[0]).toMatchObject({ action: 'update', username: a.username, changes: ['Nama'], errors: [] });
  });

  it('names the rows written with the other separator when ; and , are mixed', async () => {
    const res = await preview(csv('Nama;NIS;Rombel', 'Ani Mix;98000001;X IMPOR 1', 'Budi Mix,98000002,X IMPOR 1'));
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((r: { action: string }) => r.action)).toEqual(['create', 'error']);
    expect(res.body.data.rows[1].errors).toEqual([{ column: 'Pemisah', message: IMPORT_MSG.otherSeparator }]);
  });

  it('reads Excel formulas as their values and never runs them', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Nama', 'NIS', 'Rombel']);
    ws.addRow([{ formula: 'CONCATENATE("Eka ","Putri")', result: 'Eka Putri' }, { formula: '93000000+1', result: 93000001 }, 'X IMPOR 1']);
    const res = await preview({ name: 'data.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) });
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({ action: 'create', name: 'Eka Putri', username: 'eka.putri' });
  });

  it('refuses a file that is not a spreadsheet, too big, too long, empty or header-only', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const cases: [{ name: string; data: Buffer }, number, string][] = [
      [{ name: 'foto.xlsx', data: png }, 422, IMPORT_MSG.notSpreadsheet],
      [{ name: 'kosong.csv', data: Buffer.alloc(0) }, 422, IMPORT_MSG.empty],
      [csv('Nama;NIS;Rombel'), 422, IMPORT_MSG.noRows],
      [csv('Nama', ...Array.from({ length: 5_001 }, (_, i) => `Siswa ${i}`)), 422, IMPORT_MSG.tooManyRows],
      [{ name: 'besar.csv', data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') }, 413, IMPORT_MSG.tooLarge],
    ];
    const before = await userCount();
    for (const [file, status, message] of cases) {
      const res = await preview(file);
      expect([res.status, res.body.message], file.name).toEqual([status, message]);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('who may import', () => {
  it('only an admin', async () => {
    await expectAdminOnly(t, [
      ['GET', '/api/admin/imports/users/template'],
      ['GET', '/api/admin/imports/users/export'],
      ['POST', '/api/admin/imports/users/preview', {}],
      ['POST', '/api/admin/imports/users', {}],
      ['GET', '/api/admin/imports/1'],
      ['GET', '/api/admin/imports/1/slips.pdf'],
    ]);
  });
});

describe('the import', () => {
  const file = () =>
    csv(
      'Nama;NIS;NISN;JK;Rombel;Password',
      'Fajar Nugroho;94000001;0094000001;L;X IMPOR 1;',
      'Gita Lestari;94000002;;P;X IMPOR 1;',
      'Hana Pertiwi;94000003;;P;X IMPOR 1;pilihan1',
    );

  it('writes every row by a background job, then hands out the slips until each first sign-in', async () => {
    const res = await startImport(file());
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.message).toBe(IMPORT_MSG.started);
    const job = await finished(res.body.data.id);
    expect(job).toMatchObject({
      status: 'done',
      total: 3,
      done: 3,
      summary: { create: 3, update: 0, unchanged: 0 },
      slips: { pdf: true, xlsx: true, count: 3 },
    });

    const made = await t.db
      .select({ username: users.username, must: users.mustChangePassword, rombel: students.rombelClassId, nis: students.nis })
      .from(users)
      .innerJoin(students, eq(students.userId, users.id))
      .where(inArray(users.username, ['fajar.nugroho', 'gita.lestari', 'hana.pertiwi']));
    expect(made.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
      { username: 'fajar.nugroho', must: true, rombel: rombel.id, nis: '94000001' },
      { username: 'gita.lestari', must: true, rombel: rombel.id, nis: '94000002' },
      // A password the file gives is the school's choice: no forced change.
      { username: 'hana.pertiwi', must: false, rombel: rombel.id, nis: '94000003' },
    ]);

    // The XLSX slips: the generated passwords (8 characters, none of l 1 I o 0 O) work once, then the change is forced.
    const xlsx = await t.as(admin.token).get(`/api/admin/imports/${job.id}/slips.xlsx`);
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const rows = wb.getWorksheet('Akun')!.getSheetValues().slice(2) as string[][];
    const fajar = rows.find((r) => r[4] === 'fajar.nugroho')!;
    expect(fajar.slice(1, 5)).toEqual(['Fajar Nugroho', 'Siswa', 'X IMPOR 1', 'fajar.nugroho']);
    expect(fajar[5]).toMatch(/^[a-km-np-z2-9]{8}$/);
    expect(rows.find((r) => r[4] === 'hana.pertiwi')![5]).toBe('pilihan1');
    const login = await t.as(null).post('/api/login', { username: 'fajar.nugroho', password: fajar[5] });
    expect(login.status).toBe(200);
    expect(login.body.data.user.must_change_password).toBe(true);

    const pdf = await t.as(admin.token).get(`/api/admin/imports/${job.id}/slips.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Fajar signed in: his first password is off the slips (and out of the database); the others stay.
    const [stored] = await t.db.select({ credentials: userImports.credentials }).from(userImports).where(eq(userImports.id, job.id));
    expect((stored!.credentials as { username: string }[]).map((c) => c.username).sort()).toEqual(['gita.lestari', 'hana.pertiwi']);
    expect(JSON.stringify(stored!.credentials)).not.toContain(fajar[5]);
    expect((await t.as(admin.token).get(`/api/admin/imports/${job.id}`)).body.data.slips).toMatchObject({
      pdf: true,
      xlsx: true,
      count: 2,
    });
  });

  it('the same file again changes nothing', async () => {
    const before = await userCount();
    const res = await preview(file());
    expect(res.body.data.summary).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    const again = await startImport(file());
    expect([again.status, again.body.message]).toEqual([422, IMPORT_MSG.nothingToDo]);
    expect(await userCount()).toBe(before);
  });

  it('an export, filtered to one rombel, imports back unchanged', async () => {
    const res = await t.as(admin.token).get(`/api/admin/imports/users/export?rombel_id=${rombel.id}&status=active`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const names = wb.getWorksheet('Data')!.getColumn(1).values.slice(2);
    expect(names).toEqual(['Fajar Nugroho', 'Gita Lestari', 'Hana Pertiwi']);
    const back = await preview({ name: 'data-user.xlsx', data: res.raw.rawPayload });
    expect(back.body.data.summary).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
  });

  it('a file with any bad row imports nothing', async () => {
    const before = await userCount();
    const res = await startImport(csv('Nama;NIS;Rombel', 'Indra Jaya;95000001;X IMPOR 1', 'Joko;95000002;Rombel Hantu'));
    expect([res.status, res.body.message]).toEqual([422, IMPORT_MSG.hasErrors]);
    expect(await userCount()).toBe(before);
  });

  it('runs once when two instances take the same import, and all or nothing when it is refused', async () => {
    // A second instance on the same database, with its own job worker.
    const second = await buildApp(t.config, { database: t.database });
    await second.ready();
    try {
      const [row] = await t.db
        .insert(userImports)
        .values({ total: 1, summary: { create: 1, update: 0, unchanged: 0 }, plan: [] })
        .returning();
      const rows = await (
        await import('../src/features/imports/plan.js')
      ).planImport(
        [{ line: 2, values: { name: 'Kiki Amalia', nis: '96000001', rombel: 'X IMPOR 1' } }],
        await (await import('../src/features/imports/queries.js')).loadSchoolData(t.db),
      );
      await t.db.update(userImports).set({ plan: rows }).where(eq(userImports.id, row!.id));
      await Promise.all([runImport(t.app as never, row!.id), runImport(second as never, row!.id)]);
      expect((await t.db.select({ n: count() }).from(users).where(eq(users.username, 'kiki.amalia')))[0]!.n).toBe(1);

      // A username taken since the preview: the job fails and writes none of its rows.
      const plan = await (
        await import('../src/features/imports/plan.js')
      ).planImport(
        [
          { line: 2, values: { name: 'Lina Marlina', nis: '96000002', rombel: 'X IMPOR 1' } },
          { line: 3, values: { name: 'Mira Santika', nis: '96000003', rombel: 'X IMPOR 1' } },
        ],
        await (await import('../src/features/imports/queries.js')).loadSchoolData(t.db),
      );
      await t.factory.student({ username: 'mira.santika', nis: '96000099' });
      const [late] = await t.db
        .insert(userImports)
        .values({ createdBy: admin.id, total: 2, summary: { create: 2, update: 0, unchanged: 0 }, plan })
        .returning();
      await runImport(t.app as never, late!.id);
      const failed = (await t.as(admin.token).get(`/api/admin/imports/${late!.id}`)).body.data;
      expect([failed.status, failed.error]).toEqual(['failed', IMPORT_MSG.changedSincePreview]);
      expect((await t.db.select({ n: count() }).from(users).where(eq(users.username, 'lina.marlina')))[0]!.n).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe('an upload cut off', () => {
  it('writes nothing: no import, no user', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const before = { users: await userCount(), imports: (await t.db.select({ n: count() }).from(userImports))[0]!.n };
    const boundary = 'kelaskuabort';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="siswa.csv"\r\nContent-Type: text/csv\r\n\r\nNama;NIS\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `POST /api/admin/imports/users HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n${head}Siti;97000001\r\n`,
    );
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect(await userCount()).toBe(before.users);
    expect((await t.db.select({ n: count() }).from(userImports))[0]!.n).toBe(before.imports);
  });
});
