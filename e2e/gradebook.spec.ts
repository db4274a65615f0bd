/**
 * The teacher's gradebook ("Nilai" tab): the waiting count on the dashboard's class card, the
 * table of scores with its marks, and the XLSX and CSV downloads read back.
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, freshRombel, freshUser, handIn, login, signIn } from './fixtures';

const DAY = 86_400_000;

/**
 * A class of two students and two assignments: "Tugas Topologi" (due yesterday: Ani handed in
 * late and is graded 88, Budi handed in nothing) and "Tugas Subnetting" (due in three days: Budi
 * handed in, not graded yet; Ani nothing).
 */
async function gradebookWorld(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'Nilai');
  const mark = Date.now().toString(36).slice(-4);
  const teacher = await freshUser(request, 2);
  const student = async (name: string, nis: string) => ({
    ...(await freshUser(request, 3, { rombel_id: rombel.id, name, nis })),
    name,
  });
  const ani = await student(`Ani ${mark}`, '1001');
  const budi = await student(`Budi ${mark}`, '1002');
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: 'Jaringan Dasar',
    rombel_class_id: rombel.id,
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}`;
  const content = await api(request, teacher.token, 'POST', `${base}/contents`, { title: 'Bab 1' });
  const lessonId = content.body.data.id as number;
  const assignment = async (title: string, deadline: number) => {
    const res = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments`, {
      title,
      description: 'Kerjakan.',
      deadline: new Date(deadline).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const topologi = await assignment('Tugas Topologi', Date.now() - DAY);
  const subnetting = await assignment('Tugas Subnetting', Date.now() + 3 * DAY);
  await handIn(request, ani.token, topologi);
  await handIn(request, budi.token, subnetting);
  const graded = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments/${topologi}/grade`, {
    student_id: ani.id,
    score: 88,
  });
  expect(graded.status, JSON.stringify(graded.body)).toBe(200);
  return { teacher, ani, budi, classId };
}

/** The row of the table for a student. */
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Tabel nilai siswa' }).getByRole('row').filter({ hasText: name });

test('the teacher sees the waiting count, opens the Nilai tab and downloads the XLSX and CSV', async ({ page, request }) => {
  const w = await gradebookWorld(request);
  await login(page, w.teacher.username, w.teacher.password);
  const card = page.getByRole('article', { name: 'Jaringan Dasar' });
  await expect(card.getByText('1 menunggu dinilai')).toBeVisible();
  await card.getByText('1 menunggu dinilai').click();

  await expect(page).toHaveURL(new RegExp(`/online-class/${w.classId}\\?tab=nilai$`));
  await expect(page.getByRole('tab', { name: 'Nilai' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Tabel nilai siswa' });
  await expect(table.getByRole('columnheader', { name: /Tugas Topologi/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Tugas Subnetting/ })).toBeVisible();
  const ani = rowOf(page, w.ani.name);
  await expect(ani.getByRole('cell').nth(0)).toHaveText(/88\s*Terlambat/);
  await expect(ani.getByRole('cell').nth(1)).toHaveText('–');
  await expect(ani.getByRole('cell').nth(2)).toHaveText('88');
  const budi = rowOf(page, w.budi.name);
  await expect(budi.getByRole('cell').nth(0)).toHaveText('Tidak mengumpulkan');
  await expect(budi.getByRole('cell').nth(1)).toHaveText('Belum dinilai');
  await expect(budi.getByRole('cell').nth(2)).toHaveText('–');
  await expect(rowOf(page, 'Rata-rata kelas').getByRole('cell').nth(0)).toHaveText('88');

  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh XLSX' }).click();
  expect((await xlsx).suggestedFilename()).toBe('Nilai - Jaringan Dasar.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await fs.readFile((await (await xlsx).path())!)) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Jaringan Dasar')!;
  const row = (r: number) => Array.from({ length: 6 }, (_, i) => ws.getRow(r).getCell(i + 1).value ?? null);
  expect(row(1)).toEqual(['No', 'NIS', 'Nama', 'Tugas Topologi', 'Tugas Subnetting', 'Rata-rata']);
  expect(row(2)).toEqual([1, '1001', w.ani.name, 88, null, 88]);
  expect(row(3)).toEqual([2, '1002', w.budi.name, null, null, null]);
  expect(row(4)).toEqual([null, null, 'Rata-rata kelas', 88, null, null]);

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh CSV' }).click();
  expect((await csv).suggestedFilename()).toBe('Nilai - Jaringan Dasar.csv');
  const text = await fs.readFile((await (await csv).path())!, 'utf8');
  expect(text.split('\r\n').slice(0, 3)).toEqual([
    '\uFEFFNo;NIS;Nama;Tugas Topologi;Tugas Subnetting;Rata-rata',
    `1;1001;${w.ani.name};88;;88`,
    `2;1002;${w.budi.name};;;`,
  ]);

  // All the teacher's classes in one workbook, from the dashboard.
  await page.goto('/dashboard');
  const all = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh nilai semua kelas' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await fs.readFile((await (await all).path())!)) as unknown as ArrayBuffer);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Jaringan Dasar']);
  expect(book.worksheets[0]!.getRow(2).getCell(4).value).toBe(88);
});

test('@phone the gradebook scrolls sideways with the names kept in view', async ({ page, request }) => {
  const w = await gradebookWorld(request);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.classId}?tab=nilai`);
  const name = rowOf(page, w.ani.name).getByRole('rowheader');
  await expect(name).toBeVisible();
  await expect(rowOf(page, w.ani.name).getByRole('cell').first()).toHaveText(/88/);
  // The table is wider than the phone; the page itself is not.
  // The nearest box around the table that scrolls sideways.
  const scroller = page
    .getByRole('table', { name: 'Tabel nilai siswa' })
    .locator(`xpath=ancestor::div[contains(concat(' ', @class, ' '), ' mantine-TableScrollContainer-scrollContainer ')][1]`);
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const before = (await name.boundingBox())!;
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(rowOf(page, w.ani.name).getByRole('cell').last()).toBeInViewport();
  const after = (await name.boundingBox())!;
  expect(Math.abs(after.x - before.x)).toBeLessThan(2);
  await expect(name).toBeInViewport();
});
