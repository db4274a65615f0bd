/**
 * Issue 39 — "Penilaian cepat": the teacher grades a whole assignment with the keyboard only (Tab,
 * Enter), each row saved as it is left, a bad score refused with the server's message, "Kembalikan
 * semua yang sudah dinilai" with a message the student reads in their bell with the score; returned
 * work handed in again keeps its last grade, marked "Menunggu nilai baru", in the quick table, the
 * gradebook and the student's pages. Desktop and phone (390 px, rows as cards).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api, login, otherPage, samplePdf, toast, violations, signIn } from './fixtures';
import { quickWorld } from './quick-grading-world';

const SCORE_RANGE = 'Score tidak boleh kurang dari 0 / lebih dari 100';
const SAVED = 'Nilai tersimpan';
const NOT_SUBMITTED = 'Siswa ini belum mengumpulkan, jadi belum bisa dinilai';
const AWAITING = 'Menunggu nilai baru';

/** One student's row: a table row (desktop) or a card (phone). */
const rowOf = (page: Page, name: string, phone: boolean): Locator =>
  phone
    ? page.getByRole('list', { name: 'Daftar penilaian cepat' }).getByRole('listitem', { name })
    : page.getByRole('table', { name: 'Tabel penilaian cepat' }).getByRole('row').filter({ hasText: name });

const focused = (page: Page, name: string) => expect(page.getByRole('textbox', { name })).toBeFocused();

/** The whole keyboard flow, the same at both widths. */
async function gradeWithKeyboard(page: Page, w: Awaited<ReturnType<typeof quickWorld>>, phone: boolean) {
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`${w.page}?tab=penilaian`);
  await page.getByRole('link', { name: 'Penilaian cepat' }).click();
  await expect(page).toHaveURL(new RegExp(`${w.page}/cepat$`));
  await expect(page.getByRole('heading', { name: 'Penilaian cepat: Tugas Jaringan' })).toBeVisible();
  // Dedi handed in nothing: read-only, with why.
  await expect(rowOf(page, w.dedi.name, phone)).toContainText(NOT_SUBMITTED);
  await expect(rowOf(page, w.dedi.name, phone).getByRole('textbox')).toHaveCount(0);

  // Keyboard only from the first score: Tab score → feedback → next score, Enter saves and moves on.
  await page.getByRole('textbox', { name: `Nilai ${w.ani.name}` }).focus();
  expect(await violations(page, 'penilaian cepat')).toEqual([]);
  await page.keyboard.type('80');
  await page.keyboard.press('Tab');
  await focused(page, `Masukan ${w.ani.name}`);
  await page.keyboard.type('Topologi rapi');
  await page.keyboard.press('Tab');
  await focused(page, `Nilai ${w.budi.name}`);
  // Ani's row was left: saved.
  await expect(rowOf(page, w.ani.name, phone)).toContainText(SAVED);
  await page.keyboard.type('101');
  await page.keyboard.press('Enter');
  await focused(page, `Nilai ${w.citra.name}`);
  await expect(rowOf(page, w.budi.name, phone).getByRole('alert')).toHaveText(SCORE_RANGE);
  await page.keyboard.type('95');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Hebat');
  await page.keyboard.press('Enter');
  await expect(rowOf(page, w.citra.name, phone)).toContainText(SAVED);
  // Back to Budi with Shift+Tab only: Citra's score, Budi's feedback, Budi's score.
  await page.getByRole('textbox', { name: `Nilai ${w.citra.name}` }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await focused(page, `Nilai ${w.budi.name}`);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('70');
  await page.keyboard.press('Enter');
  await expect(rowOf(page, w.budi.name, phone)).toContainText(SAVED);
  await expect(rowOf(page, w.budi.name, phone).getByRole('alert')).toHaveCount(0);

  // The scores are the server's after a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: `Nilai ${w.ani.name}` })).toHaveValue('80');
  await expect(page.getByRole('textbox', { name: `Masukan ${w.ani.name}` })).toHaveValue('Topologi rapi');
  await expect(page.getByRole('textbox', { name: `Nilai ${w.budi.name}` })).toHaveValue('70');
  await expect(page.getByRole('textbox', { name: `Nilai ${w.citra.name}` })).toHaveValue('95');
  await expect(rowOf(page, w.citra.name, phone)).toContainText('Dinilai');

  // Return all, with a message.
  await page.getByRole('button', { name: 'Kembalikan semua yang sudah dinilai' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kembalikan semua yang sudah dinilai' });
  await dialog.getByRole('textbox', { name: 'Pesan untuk siswa (opsional)' }).fill('Perbaiki sesuai masukan ya.');
  // Axe reads colours as drawn: wait for the dialog's opening fade to end.
  await expect(dialog).toHaveCSS('opacity', '1');
  expect(await violations(page, 'kembalikan semua')).toEqual([]);
  await dialog.getByRole('button', { name: 'Kembalikan', exact: true }).click();
  await expect(toast(page, '3 tugas dikembalikan kepada siswa')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rowOf(page, w.ani.name, phone)).toContainText('Dikembalikan');
}

test('the teacher grades three students with the keyboard only, returns all with a message; the student reads it with the score', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const w = await quickWorld(request);
  await gradeWithKeyboard(page, w, false);

  // Ani's bell: one notification for the return, with the score and the message.
  const student = await otherPage(browser, baseURL);
  await login(student, w.ani.username, w.ani.password);
  await student
    .getByRole('button', { name: /^Notifikasi, \d+ belum dibaca/ })
    .first()
    .click();
  const list = student.getByRole('dialog', { name: 'Notifikasi' });
  await expect(
    list.getByText('Tugas "Tugas Jaringan" dikembalikan dengan nilai 80. Pesan guru: Perbaiki sesuai masukan ya.'),
  ).toBeVisible();
  await student.context().close();

  // Another teacher's address for this page is Not Found.
  const stranger = await otherPage(browser, baseURL);
  await signIn(stranger, w.stranger.username, w.stranger.password);
  await stranger.goto(`${w.page}/cepat`);
  await expect(stranger.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
  await stranger.context().close();
});

test('@phone the quick table becomes cards with the same keyboard order at 390 px', async ({ page, request }) => {
  const w = await quickWorld(request, 'CepatHp');
  await gradeWithKeyboard(page, w, true);
  await expect(page.getByRole('table', { name: 'Tabel penilaian cepat' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** Ani graded 85 and returned, then she hands in again: the last grade waits for a new one. */
async function regraded(request: APIRequestContext, w: Awaited<ReturnType<typeof quickWorld>>) {
  const detail = await api(request, w.teacher.token, 'GET', `${w.apiBase}/students/${w.ani.id}`);
  const g = await api(request, w.teacher.token, 'POST', `${w.apiBase}/grade`, {
    student_id: w.ani.id,
    score: 85,
    revision: detail.body.data.submission.revision,
  });
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  const r = await api(request, w.teacher.token, 'POST', `${w.apiBase}/return`, { student_id: w.ani.id, message: 'Tambahkan gambar.' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // Handed in again (200: the same submission, a new version).
  const again = await request.post(`/api/student/submissions/${w.assignmentId}`, {
    headers: { Authorization: `Bearer ${w.ani.token}` },
    multipart: { file: samplePdf('jawaban-2.pdf') },
  });
  expect(again.status(), await again.text()).toBe(200);
}

for (const phone of [false, true]) {
  test(`${phone ? '@phone ' : ''}work handed in again keeps its last grade, awaiting a new one, for the teacher and the student`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const w = await quickWorld(request, phone ? 'UlangHp' : 'Ulang');
    await regraded(request, w);

    await signIn(page, w.teacher.username, w.teacher.password);
    await page.goto(`/online-class/${w.classId}?tab=nilai`);
    const cell = page
      .getByRole('table', { name: 'Tabel nilai siswa' })
      .getByRole('row')
      .filter({ hasText: w.ani.name })
      .getByRole('cell')
      .first();
    await expect(cell).toHaveText('85');
    await expect(cell.getByRole('img', { name: AWAITING })).toBeVisible();
    await expect(page.getByText(`${AWAITING}: tugas dikembalikan lalu dikumpulkan lagi.`, { exact: false })).toBeVisible();

    await page.goto(`${w.page}/cepat`);
    await expect(rowOf(page, w.ani.name, phone)).toContainText(`Nilai terakhir 85 · ${AWAITING}`);
    await expect(page.getByRole('textbox', { name: `Nilai ${w.ani.name}` })).toHaveValue('');

    const student = await otherPage(browser, baseURL, phone ? 390 : 1280);
    await signIn(student, w.ani.username, w.ani.password);
    await student.goto('/my-grades');
    const item = student.getByRole('list', { name: 'Tugas Jaringan Dasar' }).getByRole('listitem').filter({ hasText: 'Tugas Jaringan' });
    await expect(item).toContainText(`Nilai 85${AWAITING}`);
    await item.getByRole('link', { name: 'Tugas Jaringan' }).click();
    const score = student.getByRole('row').filter({ has: student.getByRole('rowheader', { name: 'Score', exact: true }) });
    await expect(score.getByRole('cell')).toHaveText(`Nilai 85${AWAITING}`);
    await student.context().close();
  });
}

test('"Kembalikan" on the grading page carries an optional message the student reads with the score', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const w = await quickWorld(request, 'Pesan');
  const detail = await api(request, w.teacher.token, 'GET', `${w.apiBase}/students/${w.budi.id}`);
  const g = await api(request, w.teacher.token, 'POST', `${w.apiBase}/grade`, {
    student_id: w.budi.id,
    score: 65,
    revision: detail.body.data.submission.revision,
  });
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`${w.page}/students/${w.budi.id}`);
  await page.getByRole('textbox', { name: 'Pesan saat dikembalikan (opsional)' }).fill('Lengkapi bagian kesimpulan.');
  await page.getByRole('button', { name: 'Kembalikan', exact: true }).click();
  await expect(toast(page, 'Tugas dikembalikan ke siswa')).toBeVisible();
  await expect(page.getByText('Tugas ini sudah dikembalikan ke siswa.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Pesan saat dikembalikan (opsional)' })).toHaveCount(0);

  const student = await otherPage(browser, baseURL);
  await login(student, w.budi.username, w.budi.password);
  await student
    .getByRole('button', { name: /^Notifikasi, \d+ belum dibaca/ })
    .first()
    .click();
  await expect(
    student
      .getByRole('dialog', { name: 'Notifikasi' })
      .getByText('Tugas "Tugas Jaringan" dikembalikan dengan nilai 65. Pesan guru: Lengkapi bagian kesimpulan.'),
  ).toBeVisible();
  await student.context().close();
});
