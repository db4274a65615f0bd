import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, apiToken, freshUser, login, toast, signIn } from './fixtures';
import { SMK_FET_FILE, generateFetTimetable } from '../apps/api/test/fet-timetable';

/**
 * The timetable FET generates for Debian's SMK file (SMK Negeri 1 Arahan, Indramayu, 2016/2017):
 * its CSV, made by Debian's fet-cl with fixed seeds as the API's tests make it
 * (apps/api/test/fet-timetable.ts); without fet-cl the file is imported without slots.
 */
let csvFile: string | undefined;
function makeTimetableCsv(): string | undefined {
  if (!fs.existsSync('/usr/bin/fet-cl')) return undefined;
  const csv = generateFetTimetable(fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-e2e-fet-')));
  return fs.existsSync(csv) ? csv : undefined;
}

const DAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];

/**
 * The school rings ten lessons a day, Senin to Sabtu, as its FET file plans: on the "Jam pelajaran"
 * tab each day gets lessons added up to jam ke-10 (Sabtu, empty in the demo, copies Senin), then saved.
 */
async function ringTenLessons(page: Page) {
  await page.goto('/school/timetable?tab=jam');
  for (const day of DAYS) {
    await page.getByRole('tab', { name: day, exact: true }).click();
    const lessons = page.getByRole('textbox', { name: new RegExp(`^${day} Jam ke-\\d+ mulai$`) });
    const panel = page.getByRole('tabpanel', { name: day });
    if ((await lessons.count()) === 0 && day !== 'Senin') await panel.getByRole('button', { name: 'Salin dari Senin' }).click();
    for (let n = await lessons.count(); n < 10; n++) {
      await panel.getByRole('button', { name: 'Tambah jam' }).click();
      await expect(lessons).toHaveCount(n + 1);
    }
  }
  await page.getByRole('button', { name: 'Simpan jam pelajaran' }).click();
  await expect(toast(page, 'Jam pelajaran berhasil disimpan')).toBeVisible();
}

async function chooseFiles(page: Page) {
  await page.goto('/school/fet-import');
  await expect(page.getByRole('heading', { name: 'Impor dari FET' })).toBeVisible();
  if (csvFile) await page.getByLabel('Jadwal dari FET (CSV)').setInputFiles(csvFile);
  await page.getByLabel('Berkas FET').setInputFiles(SMK_FET_FILE);
  await expect(page.getByRole('heading', { name: 'Pratinjau' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('SMK NEGERI 1 ARAHAN')).toBeVisible();
  await expect(page.getByText(/^6 hari \(Senin, Selasa, Rabu, Kamis, Jumat, Sabtu\), 10 jam pelajaran per hari$/)).toBeVisible();
}

/** A number the preview's summary shows above its label ("49" over "guru"). */
async function stat(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('group', { name: 'Ringkasan FET' }).innerText();
  const m = new RegExp(`([\\d.]+)\\s*\\n\\s*${label}\\b`).exec(text);
  expect(m, `${label} in ${text}`).not.toBeNull();
  return Number(m![1]!.replace(/\./g, ''));
}

// The import writes the school year of the whole server: one test after the other, after every
// other browser test (@school-wide: a project of its own in playwright.config.ts).
test.describe.serial('FET import @school-wide', () => {
  let slips: { name: string; username: string; password: string }[] = [];

  test.beforeAll(() => {
    test.setTimeout(120_000);
    csvFile = makeTimetableCsv();
  });

  test('the admin sets up the semester from the SMK file: bell times, preview, teachers, import, slips', async ({ page, request }) => {
    test.setTimeout(240_000);
    const own = await freshUser(request, 2);
    await login(page, DEMO.admin.username, DEMO.admin.password);
    await ringTenLessons(page);
    await chooseFiles(page);
    // The file imports as it is: no error stops it (the first ten are shown when one does).
    const errors = page.getByRole('list', { name: 'Kesalahan impor FET' });
    if ((await errors.count()) > 0) expect(await errors.innerText(), 'errors of the preview').toBe('');
    const teachers = await stat(page, 'guru');
    expect(teachers).toBeGreaterThan(30);
    expect(await stat(page, 'rombel')).toBeGreaterThan(5);
    expect(await stat(page, 'mata pelajaran')).toBeGreaterThan(10);
    expect(await stat(page, 'tugas mengajar')).toBeGreaterThan(50);
    if (csvFile) expect(await stat(page, 'jam pelajaran terjadwal')).toBeGreaterThan(100);

    // One select per FET teacher, "Buat akun baru" where no account matched (none does in the demo school).
    const selects = page.getByRole('textbox', { name: /^Akun untuk / }).or(page.getByRole('combobox', { name: /^Akun untuk / }));
    await expect(selects).toHaveCount(teachers);
    await expect(selects.first()).toHaveValue('Buat akun baru');

    // A teacher who already has an account takes the first FET teacher's lessons: no new account for that one.
    await selects.first().click();
    await selects.first().fill(own.name);
    await page.getByRole('option', { name: own.name }).click();
    await expect(selects.first()).toHaveValue(own.name);
    const importButton = page.getByRole('button', { name: `Impor (${teachers - 1} akun guru baru)` });
    await importButton.click();
    await expect(page.getByRole('heading', { name: 'Impor selesai' })).toBeVisible({ timeout: 180_000 });
    const result = page.getByRole('group', { name: 'Hasil impor FET' });
    await expect(result).toContainText(`${teachers - 1} guru baru`);
    await expect(result).toContainText(/[1-9]\d* tugas mengajar/);

    // The new teachers' slips: a PDF to print and an Excel file.
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh slip PDF (untuk dicetak)' }).click();
    expect(
      fs
        .readFileSync((await (await pdfDownload).path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh slip Excel' }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await (await xlsxDownload).path())!) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Akun')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const rows = (sheet.getSheetValues().slice(2) as string[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows).toHaveLength(teachers - 1);
    const col = (name: string) => header.indexOf(name);
    expect(rows.every((r) => r[col('Peran')] === 'Guru')).toBe(true);
    slips = rows.map((r) => ({ name: r[col('Nama')]!, username: r[col('Username')]!, password: r[col('Password awal')]! }));
  });

  test('a teacher made by the import signs in, changes the password and finds their classes', async ({ page, request }) => {
    test.skip(slips.length === 0, 'the import did not run');
    // A new teacher's classes as the admin's teaching assignments name them: "<Mapel> — <Rombel>".
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    const grid = await api(request, admin, 'GET', '/api/admin/teaching-assignments');
    expect(grid.status).toBe(200);
    const assignments = grid.body.data.assignments as { teachers: { name: string }[]; online_class: { name: string } }[];
    const classesOf = (name: string) => assignments.filter((a) => a.teachers[0]?.name === name).map((a) => a.online_class.name);
    const t = slips.find((x) => classesOf(x.name).length > 0)!;
    expect(t, 'a new teacher with classes').toBeDefined();
    const classes = classesOf(t.name);
    expect(classes[0]).toMatch(/ — /);

    await page.goto('/login');
    await page.getByLabel('Username atau email').fill(t.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(t.password);
    await page.getByRole('button', { name: 'Masuk' }).click();
    await expect(page.getByRole('heading', { name: 'Ganti password' })).toBeVisible();
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await field('Password lama').fill(t.password);
    await field('Password baru').fill('jadwal123');
    await field('Konfirmasi password baru').fill('jadwal123');
    await page.getByRole('button', { name: 'Simpan password baru' }).click();
    await expect(toast(page, 'Password berhasil diubah. Silakan masuk kembali.')).toBeVisible();
    await login(page, t.username, 'jadwal123');
    // On the dashboard itself (the sidebar lists them too).
    const main = page.getByRole('main');
    for (const name of classes.slice(0, 3)) await expect(main.getByText(name, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  });

  test("the admin's timetable shows a FET rombel's week", async ({ page, request }) => {
    test.skip(slips.length === 0, 'the import did not run');
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    const grid = await api(request, admin, 'GET', '/api/admin/teaching-assignments');
    const assignments = grid.body.data.assignments as { rombel: { id: number; name: string }; subject: { code: string }; slots: number }[];
    const placed = assignments.find((a) => a.slots > 0) ?? assignments[0]!;
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/school/timetable');
    await page.getByRole('combobox', { name: 'Rombel' }).fill(placed.rombel.name);
    await page.getByRole('option', { name: placed.rombel.name, exact: true }).click();
    const week = page.getByRole('table', { name: 'Jadwal mingguan' });
    await expect(week).toBeVisible();
    for (const day of ['Senin', 'Sabtu']) await expect(week.getByRole('columnheader', { name: day })).toBeVisible();
    if (placed.slots > 0) await expect(page.getByTestId('slot').filter({ hasText: placed.subject.code }).first()).toBeVisible();
  });
});

// A preview writes nothing: it runs among the other phone tests (without the timetable CSV).
test('@phone the preview reads on a phone: the counts and each teacher a select', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.admin.username, DEMO.admin.password);
  await chooseFiles(page);
  const teachers = await stat(page, 'guru');
  const selects = page.getByRole('textbox', { name: /^Akun untuk / }).or(page.getByRole('combobox', { name: /^Akun untuk / }));
  await expect(selects).toHaveCount(teachers);
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
