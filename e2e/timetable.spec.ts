import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiToken, freshRombel, freshUser, login, toast } from './fixtures';

/** A school day of five lessons and a break, as most SMKs ring it. */
const STANDARD_DAY = [
  { period: 1, starts_at: '07.00', ends_at: '07.45' },
  { period: 2, starts_at: '07.45', ends_at: '08.30' },
  { period: 3, starts_at: '08.30', ends_at: '09.15' },
  { period: null, starts_at: '09.15', ends_at: '09.30' },
  { period: 4, starts_at: '09.30', ends_at: '10.15' },
  { period: 5, starts_at: '10.15', ends_at: '11.00' },
];

/** Bell times with Senin jam ke-1 and ke-2 at least: the school's own when set (another test may have set them), else a standard week. */
async function ensureBellTimes(request: APIRequestContext, admin: string) {
  const bell = await api(request, admin, 'GET', '/api/admin/bell-times');
  expect(bell.status, JSON.stringify(bell.body)).toBe(200);
  const monday = (bell.body.data as { day: number; periods: { period: number | null }[] }[]).find((d) => d.day === 1);
  const has = (n: number) => monday?.periods.some((p) => p.period === n) ?? false;
  if (has(1) && has(2)) return;
  const days = [1, 2, 3, 4, 5, 6].map((day) => ({ day, periods: STANDARD_DAY }));
  const res = await api(request, admin, 'PUT', '/api/admin/bell-times', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

let seq = 0;
/** One teacher teaching one subject to two fresh rombels (two teaching assignments), made through the API. */
async function clashWorld(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  await ensureBellTimes(request, admin);
  const teacher = await freshUser(request, 2);
  const a = await freshRombel(request, 'X JDW A');
  const b = await freshRombel(request, 'X JDW B');
  const mark = `${Date.now().toString(36).slice(-5)}${++seq}`.toUpperCase();
  const subject = await api(request, admin, 'POST', '/api/admin/subjects', {
    code: `J${mark}`,
    name: `Jaringan ${mark}`,
    group: 'kejuruan',
    grades: [10],
  });
  expect(subject.status, JSON.stringify(subject.body)).toBe(201);
  const assign = async (rombelId: number) => {
    const res = await api(request, admin, 'POST', '/api/admin/teaching-assignments', {
      rombel_id: rombelId,
      subject_id: subject.body.data.id,
      teacher_ids: [teacher.id],
      hours_per_week: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const inA = await assign(a.id);
  await assign(b.id);
  // The teacher already teaches rombel A on Senin jam ke-1.
  const slot = await api(request, admin, 'POST', '/api/admin/timetable/slots', { assignment_id: inA, day: 1, period: 1 });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  return { teacher, a, b, subject: { code: `J${mark}`, name: `Jaringan ${mark}` } };
}

async function openTab(page: Page, tab: 'Jadwal' | 'Jam pelajaran') {
  await page.goto('/school/timetable');
  await expect(page.getByRole('heading', { name: 'Jadwal Pelajaran' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

async function chooseRombel(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Rombel' }).fill(name);
  await page.getByRole('option', { name }).click();
}

test.describe('bell times', () => {
  for (const phone of [false, true]) {
    test(`${phone ? '@phone ' : ''}a bad time is named under its field, an overlap is refused by the server`, async ({ page, request }) => {
      const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
      await ensureBellTimes(request, admin);
      await login(page, DEMO.admin.username, DEMO.admin.password);
      await openTab(page, 'Jam pelajaran');
      await page.getByRole('tab', { name: 'Senin' }).click();
      const start = page.getByRole('textbox', { name: 'Senin Jam ke-1 mulai' });
      const end = page.getByRole('textbox', { name: 'Senin Jam ke-1 selesai' });
      await expect(start).toBeVisible();
      const before = await end.inputValue();

      await start.fill('7.0');
      await page.getByRole('button', { name: 'Simpan jam pelajaran' }).click();
      await expect(page.getByText('Jam ditulis seperti 07.00').first()).toBeVisible();
      await expect(start).toHaveAttribute('aria-invalid', 'true');

      // Jam ke-1 now ends after jam ke-2 has started: the server names the day and the time.
      await start.fill('07.00');
      await end.fill('23.00');
      await page.getByRole('button', { name: 'Simpan jam pelajaran' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /^Senin .*(bertumpang tindih|setelah jam mulai)/ })).toBeVisible();
      // Nothing was saved.
      await page.reload();
      await page.getByRole('tab', { name: 'Jam pelajaran' }).click();
      await expect(page.getByRole('textbox', { name: 'Senin Jam ke-1 selesai' })).toHaveValue(before);
    });
  }
  // Saving is tested by fet-import.spec.ts (ten lessons a day for the FET school): the set is replaced whole, so
  // a second saving test running beside it could undo its bell times.
});

test.describe('weekly timetable', () => {
  for (const phone of [false, true]) {
    test(`${phone ? '@phone ' : ''}a slot is placed, a clash names the slot, a slot is removed`, async ({ page, request }) => {
      const w = await clashWorld(request);
      await login(page, DEMO.admin.username, DEMO.admin.password);
      await openTab(page, 'Jadwal');

      // Rombel A: the lesson placed on Senin jam ke-1, with its teacher.
      await chooseRombel(page, w.a.name);
      const slots = page.getByTestId('slot');
      await expect(slots.filter({ hasText: w.subject.code })).toHaveCount(1);
      await expect(slots.filter({ hasText: w.teacher.name })).toHaveCount(1);
      if (!phone) await expect(page.getByRole('table', { name: 'Jadwal mingguan' })).toBeVisible();
      else await expect(page.getByText(/^Jam ke-1 \d\d\.\d\d–/)).toBeVisible();

      // Rombel B on Senin jam ke-1: the same teacher is already in rombel A.
      await chooseRombel(page, w.b.name);
      await expect(page.getByRole('button', { name: 'Tambah jadwal Senin jam ke-2' })).toBeVisible();
      await page.getByRole('button', { name: 'Tambah jadwal Senin jam ke-1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tambah jadwal Senin jam ke-1' });
      await dialog.getByRole('button', { name: `${w.subject.name} — ${w.b.name}` }).click();
      await expect(dialog.getByRole('alert')).toHaveText(`${w.teacher.name} sudah mengajar ${w.a.name} pada Senin jam ke-1`);
      await page.keyboard.press('Escape');

      // Jam ke-2 is free for both: placed.
      await page.getByRole('button', { name: 'Tambah jadwal Senin jam ke-2' }).click();
      await page
        .getByRole('dialog', { name: 'Tambah jadwal Senin jam ke-2' })
        .getByRole('button', { name: `${w.subject.name} — ${w.b.name}` })
        .click();
      await expect(toast(page, 'Jadwal berhasil disimpan')).toBeVisible();
      await expect(page.getByRole('button', { name: `Hapus jadwal Senin jam ke-2 ${w.subject.code}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Tambah jadwal Senin jam ke-2' })).toHaveCount(0);

      // Removed again: the "+" is back.
      await page.getByRole('button', { name: `Hapus jadwal Senin jam ke-2 ${w.subject.code}` }).click();
      await page.getByRole('dialog', { name: 'Hapus jadwal' }).getByRole('button', { name: 'Hapus', exact: true }).click();
      await expect(toast(page, 'Jadwal dihapus')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Tambah jadwal Senin jam ke-2' })).toBeVisible();

      // The teacher's week shows the rombel A lesson (once the toast over the top of a phone's screen has gone).
      // (A toast under the pointer stays: the pointer leaves it.)
      await page.mouse.move(5, 500);
      await expect(toast(page, 'Jadwal dihapus')).toHaveCount(0, { timeout: 15_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('radiogroup', { name: 'Jadwal menurut' }).getByText('Guru', { exact: true }).click();
      await page.getByRole('combobox', { name: 'Guru' }).fill(w.teacher.name);
      await page.getByRole('option', { name: w.teacher.name }).click();
      await expect(slots.filter({ hasText: w.a.name })).toHaveCount(1);
    });
  }

  test('an XLSX names its wrong row in the preview; the right file is imported', async ({ page, request }) => {
    const w = await clashWorld(request);
    const sheet = async (rows: (string | number)[][]) => {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('Jadwal');
      ws.addRow(['Hari', 'Jam ke', 'Rombel', 'Kode Mapel']);
      for (const r of rows) ws.addRow(r);
      return {
        name: 'jadwal.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await book.xlsx.writeBuffer()),
      };
    };
    await login(page, DEMO.admin.username, DEMO.admin.password);
    await openTab(page, 'Jadwal');
    await chooseRombel(page, w.b.name);
    await page.getByRole('button', { name: 'Impor XLSX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor jadwal dari XLSX' });
    await dialog.getByLabel('File jadwal').setInputFiles(
      await sheet([
        ['Selasa', 1, w.b.name, w.subject.code],
        ['Rabu', 1, w.b.name, 'ZZNOPE'],
      ]),
    );
    const summary = dialog.getByRole('group', { name: 'Ringkasan pratinjau' });
    await expect(summary).toContainText('1 jadwal');
    await expect(summary).toContainText('1 salah');
    await expect(dialog.getByText(/^Baris 3: .*"ZZNOPE"/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Impor 1 jadwal' })).toBeDisabled();

    await dialog.getByLabel('File jadwal').setInputFiles(await sheet([['Selasa', 1, w.b.name, w.subject.code]]));
    await expect(summary).toContainText('0 salah');
    await dialog.getByRole('button', { name: 'Impor 1 jadwal' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Hapus jadwal Selasa jam ke-1 ${w.subject.code}` })).toBeVisible();
  });
});
