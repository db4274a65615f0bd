/**
 * "Log Aktivitas" (issue 35, ASVS V16): an admin changes a user, finds the change in the log with
 * who, when and before → after, filters it and downloads the filtered rows as XLSX; a teacher sees
 * "Riwayat nilai" of a quiz attempt after a regrade. At desktop width and, tagged @phone, at 390 px.
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiIdle, classWithLesson, expectStays, freshRombel, freshUser, holdScript, login, toast, signIn } from './fixtures';
import { stamp } from './grading-fixtures';

/** Nothing on the page is wider than the phone (tables scroll inside their own box). */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Opens Log Aktivitas from the admin menu (the burger menu on a phone). */
async function openLog(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Log Aktivitas' }).click();
  await expect(page).toHaveURL(/\/resources\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Log Aktivitas', level: 2 })).toBeVisible();
}

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`an admin changes a user, finds it in Log Aktivitas, filters it and downloads it as XLSX${tag}`, async ({ page, request }) => {
    // An admin of its own: an expensive call runs one at a time per user, and the demo admin's backup or
    // export in a parallel test would make this export wait its turn (429) instead of downloading.
    const admin = await freshUser(request, 1);
    const student = await freshUser(request, 3);
    const renamed = `${student.name} Baru ${stamp()}`;
    await signIn(page, admin.username, admin.password);
    await page.goto(`/resources/users/${student.id}/edit`);
    await page.getByRole('textbox', { name: 'Nama' }).fill(renamed);
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(toast(page, 'User berhasil diperbarui')).toBeVisible();
    // Saved, the form goes back to the list (opened directly: no page to go back to).
    await expect(page).toHaveURL(/\/resources\/users$/);
    await apiIdle(page);

    await openLog(page, phone);
    await apiIdle(page);
    // The row of this change (other tests' admins write too, in parallel): who, the action in
    // Indonesian, the target and the name before → after.
    const newest = (phone ? page.getByRole('list', { name: 'Log aktivitas' }).getByRole('listitem') : page.locator('tbody tr'))
      .filter({ hasText: renamed })
      .first();
    await expect(newest).toContainText('Mengubah pengguna');
    await expect(newest).toContainText(admin.name);
    await expect(newest).toContainText(`Siswa ${renamed} (${student.username})`);
    await expect(newest).toContainText(`Nama: ${student.name} → ${renamed}`);
    await expect(newest).toContainText(/\d{1,2} \w+ \d{4} \d{2}\.\d{2} WIB/);
    if (phone) await expectNoSideScroll(page);

    // Filter: only user edits by this admin; the filters go into the address.
    await page.getByRole('textbox', { name: 'Pelaku' }).fill(admin.username);
    await page.getByRole('combobox', { name: 'Jenis aktivitas' }).click();
    await page.getByRole('option', { name: 'Mengubah pengguna', exact: true }).click();
    await expect(page).toHaveURL(/action=user\.update/);
    await expect(page).toHaveURL(new RegExp(`actor=${admin.username}`));
    await apiIdle(page);
    const rows = phone ? page.getByRole('list', { name: 'Log aktivitas' }).getByRole('listitem') : page.locator('tbody tr');
    await expect(rows.filter({ hasText: renamed }).first()).toContainText(`Nama: ${student.name} → ${renamed}`);
    // Every row is a user edit once the filtered page has replaced the unfiltered one (a retrying assertion:
    // reading the rows at once could catch the list before its refetch landed).
    await expect(rows.filter({ hasNotText: 'Mengubah pengguna' })).toHaveCount(0);
    // This admin made one user edit (creating the student was the demo admin's): one row.
    await expect(rows).toHaveCount(1);
    // A reload keeps them.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Jenis aktivitas' })).toHaveValue('Mengubah pengguna');

    // "Unduh XLSX": the filtered rows, the newest first.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh XLSX' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('log-aktivitas.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await fs.readFile((await file.path())!)) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Log aktivitas')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Waktu (WIB)',
      'Pelaku',
      'Peran',
      'Alamat IP',
      'Aktivitas',
      'Sasaran',
      'Perubahan',
    ]);
    // This change's row, the only one.
    expect(ws.actualRowCount).toBe(2);
    const first = (ws.getRow(2).values as unknown[]).slice(1);
    expect(first.slice(1, 3)).toEqual([admin.name, 'Admin']);
    expect(first[4]).toBe('Mengubah pengguna');
    expect(first[5]).toBe(`Siswa ${renamed} (${student.username})`);
    expect(first[6]).toContain(`Nama: ${student.name} → ${renamed}`);
    if (phone) {
      await expect(page.getByRole('button', { name: 'Unduh XLSX' })).toBeInViewport();
      await expectNoSideScroll(page);
    }
  });

  test(`a teacher sees "Riwayat nilai" of an attempt after a regrade${tag}`, async ({ page, request }) => {
    const s = await quizScene(request);
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(s.quizUrl);
    await apiIdle(page);
    await page.getByRole('button', { name: 'Nilai ulang' }).click();
    await page.getByRole('dialog', { name: 'Nilai Ulang Kuis' }).getByRole('button', { name: 'Nilai ulang' }).click();
    await expect(toast(page, /dinilai ulang/)).toBeVisible();

    await page.goto(s.attemptUrl);
    await apiIdle(page);
    const history = page.getByRole('button', { name: /Riwayat nilai/ });
    await expect(history).toHaveText('Riwayat nilai (1)');
    await history.click();
    const panel = page.getByRole('region', { name: /Riwayat nilai/ });
    await expect(panel).toContainText('Menilai ulang kuis');
    await expect(panel).toContainText(s.teacher.name);
    await expect(panel).toContainText('Nilai: 0 → 1');
    await expect(panel).toContainText(/WIB/);
    if (phone) await expectNoSideScroll(page);
  });
}

test.describe('without the service worker', () => {
  // The worker would serve the script from its cache, past the test's hold.
  test.use({ serviceWorkers: 'block' });

  test('a menu link followed while the typed name still waits for its pause stays open', async ({ page }) => {
    // Rombel Class's script arrives late (a slow phone): the log still shows while it loads, and the
    // name's pause ends in that time.
    const held = await holdScript(page, 'RombelPage');
    await login(page, DEMO.admin.username, DEMO.admin.password);
    await openLog(page, false);
    await page.getByRole('textbox', { name: 'Pelaku' }).fill('admin');
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Rombel Class' }).click();
    await expectStays(page, /\/resources\/rombel-class$/, page.getByRole('heading', { name: 'Kelola Rombel' }));
    expect(held()).toBe(1);
  });

  test('@phone the menu opened while the page after a save still loads stays open', async ({ page, request }) => {
    // The list's script arrives late (a slow phone): "Simpan Perubahan" has changed the address at
    // once, the form still shows, and the admin opens the menu meanwhile. The list's arrival must not
    // close it again (it did: the menu closed on every change of the page shown).
    const admin = await freshUser(request, 1);
    const student = await freshUser(request, 3);
    const held = await holdScript(page, 'UsersPage');
    await signIn(page, admin.username, admin.password);
    await page.goto(`/resources/users/${student.id}/edit`);
    await page.getByRole('textbox', { name: 'Nama' }).fill(`${student.name} Baru`);
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(toast(page, 'User berhasil diperbarui')).toBeVisible();
    await page.getByRole('button', { name: 'Buka menu' }).click();
    // The list has come (its search field is in the held script).
    await expect(page.getByRole('textbox', { name: 'Cari user' })).toBeVisible();
    expect(held()).toBe(1);
    const logLink = page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Log Aktivitas' });
    await expect(logLink).toBeInViewport();
    await logLink.click({ timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Log Aktivitas', level: 2 })).toBeVisible();
  });
});

/**
 * A fresh teacher's quiz of one short answer (key "22") that a student answered "23" and finished;
 * then the teacher fixes the key to accept "23" too (the regrade's reason).
 */
async function quizScene(request: APIRequestContext) {
  const rombelId = (await freshRombel(request, 'X LOG')).id;
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombelId });
  const t = teacher.token;
  const { classId, lessonId } = await classWithLesson(request, t, { rombelId, name: `Jaringan ${stamp()}`, lessonTitle: 'Port' });
  const category = await api(request, t, 'POST', '/api/teacher/question-categories', { name: `Port ${stamp()}` });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const question = { type: 'short_answer', text: 'Nomor port bawaan SSH adalah', points: 1, data: { answers: ['22'], tolerance: null } };
  const made = await api(request, t, 'POST', `/api/teacher/question-categories/${category.body.data.id}/questions`, question);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const questionId = made.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/quizzes`;
  const quiz = await api(request, t, 'POST', base, { title: 'Kuis Port', attempts_allowed: 1, slots: [{ question_id: questionId }] });
  expect(quiz.status, JSON.stringify(quiz.body)).toBe(201);
  const quizId = quiz.body.data.id as number;
  const studentBase = `/api/student/my-classes/${classId}/contents/${lessonId}/quizzes/${quizId}/attempts`;
  const started = await api(request, student.token, 'POST', studentBase);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const attemptId = started.body.data.id as number;
  const saved = await api(request, student.token, 'PUT', `${studentBase}/${attemptId}/answers/${questionId}`, { answer: { text: '23' } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await api(request, student.token, 'POST', `${studentBase}/${attemptId}/submit`)).status).toBe(200);
  const fixed = await api(request, t, 'PUT', `/api/teacher/questions/${questionId}`, {
    ...question,
    data: { answers: ['22', '23'], tolerance: null },
  });
  expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
  const page = `/online-class/${classId}/contents/${lessonId}/quizzes/${quizId}`;
  return { teacher, quizUrl: page, attemptUrl: `${page}/attempts/${attemptId}` };
}
