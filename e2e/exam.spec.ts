import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiIdle, classWithLesson, freshRombel, freshUser, otherPage, toast, violations, signIn } from './fixtures';
import { stamp } from './grading-fixtures';

/*
 * Issue 41, exam mode in the browser: a student starts with the token the proctor shows, leaves the
 * page twice (the proctor board shows it live), gets more time from the proctor, finishes and reads
 * the feedback with its formula; a wrong token is refused with the server's words; the teacher's
 * quiz page holds the exam settings, the per-student overrides and the way to the board.
 */

const EXAM_BANNER = 'Mode ujian — jangan tinggalkan halaman ini';
const TOKEN_WRONG = 'Token salah. Periksa lagi token yang ditampilkan pengawas.';
const AUTO_SUBMITTED = 'Kamu terlalu sering keluar dari halaman ujian. Jawabanmu sudah dikumpulkan.';
const OVERRIDE_EMPTY = 'Isi minimal satu: waktu buka, waktu tutup, batas waktu, atau tambahan kesempatan.';

/** A fresh teacher, a rombel with one student, and an exam-mode quiz of two questions (one with a formula in its feedback). */
async function examScene(request: APIRequestContext, leaveLimit = 5) {
  const rombel = await freshRombel(request, 'XI TKJ UJIAN');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: `Matematika ${stamp()}`,
    lessonTitle: 'Bangun Datar',
  });
  const category = await api(request, teacher.token, 'POST', '/api/teacher/question-categories', { name: `Ulangan ${stamp()}` });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const questions = [
    {
      type: 'multiple_choice',
      points: 2,
      text: 'Luas persegi dengan sisi x adalah …',
      general_feedback: 'Luas persegi = sisi × sisi, yaitu \\(x^2\\).',
      data: {
        options: [
          { text: 'x kuadrat', correct: true },
          { text: '2x', correct: false },
          { text: '4x', correct: false },
        ],
      },
    },
    { type: 'true_false', points: 1, text: 'Persegi memiliki empat sisi sama panjang.', data: { answer: true } },
  ];
  const ids: number[] = [];
  for (const q of questions) {
    const res = await api(request, teacher.token, 'POST', `/api/teacher/question-categories/${category.body.data.id}/questions`, q);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.id as number);
  }
  const title = `Ulangan Harian ${stamp()}`;
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/quizzes`;
  const created = await api(request, teacher.token, 'POST', base, {
    title,
    description: 'Kerjakan sendiri.',
    time_limit_minutes: 10,
    show_results: 'after_submit',
    show_review: true,
    one_per_page: false,
    exam_mode: true,
    exam_leave_limit: leaveLimit,
    slots: ids.map((question_id) => ({ question_id })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const quizId = created.body.data.id as number;
  const teacherUrl = `/online-class/${classId}/contents/${lessonId}/quizzes/${quizId}`;
  return {
    teacher,
    student,
    title,
    teacherApi: `${base}/${quizId}`,
    teacherUrl,
    proctorUrl: `${teacherUrl}/pengawas`,
    url: `/my-classes/${classId}/contents/${lessonId}/quizzes/${quizId}`,
  };
}

/** Leaving the page as a phone does when the student switches apps (hidden), or coming back (visible). */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  const reply = page.waitForResponse((r) => r.url().endsWith('/events') && r.request().method() === 'POST');
  await page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => v === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
  expect((await reply).status()).toBe(200);
}

/** Seconds on the attempt's countdown ("09:41", "1:02:03"). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  const m = /(?:(\d+):)?(\d{1,2}):(\d{2})/.exec(text);
  expect(m, text).not.toBeNull();
  return Number(m![1] ?? 0) * 3600 + Number(m![2]) * 60 + Number(m![3]);
}

/** The page does not scroll sideways (phone layouts must fit 390 px). */
async function expectNoSideScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test('@phone a student starts with the token, leaves twice (the proctor sees it live), gets more time, finishes and reads the formula', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const s = await examScene(request);

  // The proctor, at a desktop in the classroom, opens the board: the token, very large.
  const proctor = await otherPage(browser, baseURL);
  await signIn(proctor, s.teacher.username, s.teacher.password);
  await proctor.goto(s.teacherUrl);
  await proctor.getByRole('link', { name: 'Pengawas ujian' }).click();
  await expect(proctor).toHaveURL(new RegExp(`${s.proctorUrl}$`));
  await expect(proctor.getByRole('heading', { name: 'Pengawas Ujian' })).toBeVisible();
  await expect(proctor.getByText(/Berganti dalam \d+:\d\d/)).toBeVisible();
  const token = (await proctor.getByTestId('exam-token').getAttribute('data-token'))!;
  expect(token).toMatch(/^\d{6}$/);
  const row = proctor.getByRole('row').filter({ hasText: s.student.name });
  await expect(row).toContainText('Belum mulai');

  // The student, on a phone, types the token the proctor announces.
  await signIn(page, s.student.username, s.student.password);
  await page.goto(s.url);
  await expect(page.getByText('Minta token ujian ke pengawas.', { exact: false })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Token ujian' });
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await field.fill(token);
  await page.getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(page).toHaveURL(/\/attempts\/\d+$/);
  await expect(page.getByText(EXAM_BANNER)).toBeVisible();
  await apiIdle(page);
  await expect(row).toContainText('Mengerjakan', { timeout: 15_000 });
  await expect(row).toContainText('0/2 dijawab');

  await page.getByRole('radio', { name: 'x kuadrat' }).check();
  await expect(page.getByText('Tersimpan').first()).toBeVisible();

  // Two leaves (more than the 2-second debounce apart); the second one the student stays away.
  await setVisibility(page, 'hidden');
  await setVisibility(page, 'visible');
  await expect(page.getByText('Kamu sudah keluar 1× dari halaman ujian.', { exact: false })).toBeVisible();
  await page.waitForTimeout(2_500);
  // The board is fetched again on the live event, not on its 30-second fallback.
  const boardRefetched = proctor.waitForResponse((r) => r.url().endsWith('/proctor') && r.status() === 200, { timeout: 5_000 });
  await setVisibility(page, 'hidden');
  await boardRefetched;
  await expect(page.getByText('Kamu sudah keluar 2× dari halaman ujian.', { exact: false })).toBeVisible();

  // The board shows it live (sooner than its 30-second fallback), the student away now.
  await expect(row).toContainText(/keluar 2× — terakhir \d{2}\.\d{2}/, { timeout: 15_000 });
  await expect(row).toContainText('Sedang keluar');
  await expect(row).toContainText('1/2 dijawab');
  expect(await violations(proctor, 'papan pengawas')).toEqual([]);

  // The proctor adds 15 minutes.
  const before = await secondsLeft(page);
  await row.getByRole('button', { name: `Aksi untuk ${s.student.name}` }).click();
  await proctor.getByRole('menuitem', { name: 'Tambah waktu' }).click();
  const dialog = proctor.getByRole('dialog', { name: `Tambah waktu — ${s.student.name}` });
  await dialog.getByRole('textbox', { name: 'Tambahan waktu (menit)' }).fill('15');
  await dialog.getByRole('button', { name: 'Tambah waktu' }).click();
  await expect(toast(proctor, 'Waktu ditambah 15 menit.')).toBeVisible();
  await expect(row).toContainText('(+15 mnt)');

  // The student comes back: the clock has grown, and the board sees them back.
  await setVisibility(page, 'visible');
  await expect.poll(() => secondsLeft(page), { timeout: 15_000 }).toBeGreaterThan(before + 14 * 60);
  await expect(row).not.toContainText('Sedang keluar', { timeout: 15_000 });
  await expectNoSideScroll(page);
  expect(await violations(page, 'ujian (ponsel)')).toEqual([]);

  // The student finishes and reads the feedback, its formula typeset.
  await page.getByRole('radio', { name: 'Benar' }).check();
  await expect(page.getByText('Tersimpan', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Kumpulkan' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Kumpulkan' }).click();
  await expect(page).toHaveURL(/\/result$/);
  const review1 = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Soal 1' }) });
  await expect(review1).toContainText('Luas persegi = sisi × sisi');
  await expect(review1.locator('.katex').first()).toBeVisible();
  await expectNoSideScroll(page);

  await expect(row).toContainText('Selesai', { timeout: 15_000 });
  await proctor.context().close();
});

test('a wrong token is refused, one leave too many submits; the teacher sets exam mode, an override, and watches the board on a phone', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const s = await examScene(request, 1);

  // A wrong token: the server's words under the field, and no attempt.
  const student = await otherPage(browser, baseURL);
  await signIn(student, s.student.username, s.student.password);
  await student.goto(s.url);
  const real = await api(request, s.teacher.token, 'GET', `${s.teacherApi}/exam-token`);
  expect(real.status, JSON.stringify(real.body)).toBe(200);
  const wrong = String((Number(real.body.data.token) + 500_000) % 1_000_000).padStart(6, '0');
  await student.getByRole('textbox', { name: 'Token ujian' }).fill(wrong);
  await student.getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(student.getByText(TOKEN_WRONG)).toBeVisible();
  await expect(student).toHaveURL(new RegExp(`${s.url}$`));
  await student.getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(student.getByText('Masukkan token ujian dari pengawas.')).toBeVisible();

  // The right token starts it; with a limit of one leave, leaving once submits it and says why.
  await student.getByRole('textbox', { name: 'Token ujian' }).fill(real.body.data.token as string);
  await student.getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(student).toHaveURL(/\/attempts\/\d+$/);
  await expect(student.getByText('Sekali lagi keluar, jawabanmu otomatis dikumpulkan.')).toBeVisible();
  await setVisibility(student, 'hidden');
  await expect(student).toHaveURL(/\/result$/);
  await expect(toast(student, AUTO_SUBMITTED)).toBeVisible();
  await student.context().close();

  // The form holds exam mode and its leave limit.
  await signIn(page, s.teacher.username, s.teacher.password);
  await page.goto(`${s.teacherUrl}/edit`);
  await expect(page.getByRole('switch', { name: 'Mode ujian' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Kumpulkan otomatis setelah keluar … kali' })).toHaveValue('1');

  // "Pengecualian siswa": an empty one is refused with the contract's words; one extra attempt is kept.
  await page.goto(s.teacherUrl);
  await page.getByRole('tab', { name: 'Pengecualian siswa' }).click();
  await page.getByRole('button', { name: 'Tambah pengecualian' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengecualian' });
  await dialog.getByRole('combobox', { name: 'Siswa' }).click();
  await page.getByRole('option', { name: new RegExp(s.student.name) }).click();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText(OVERRIDE_EMPTY)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Tambahan kesempatan' }).fill('1');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Pengecualian disimpan.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: s.student.name })).toContainText('+1 kesempatan');
  expect(await violations(page, 'pengecualian siswa')).toEqual([]);

  // The board on a phone: the token and one card per student.
  const phone = await otherPage(browser, baseURL, 390);
  await signIn(phone, s.teacher.username, s.teacher.password);
  await phone.goto(s.proctorUrl);
  await expect(phone.getByTestId('exam-token')).toHaveAttribute('data-token', /^\d{6}$/);
  const card = phone.getByRole('listitem', { name: s.student.name });
  await expect(card).toContainText('Selesai');
  await expect(card).toContainText(/keluar 1× — terakhir \d{2}\.\d{2}/);
  await expectNoSideScroll(phone);
  expect(await violations(phone, 'papan pengawas (ponsel)')).toEqual([]);
  await phone.context().close();
});
