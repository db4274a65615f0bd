import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  api,
  apiIdle,
  classWithLesson,
  freshRombel,
  freshUser,
  openLesson,
  otherPage,
  tapUntil,
  toast,
  violations,
  signIn,
} from './fixtures';
import { stamp } from './grading-fixtures';

/*
 * Issue 25 (docs/features/quizzes.md) in the browser: a teacher's question bank and a quiz, made through the
 * API; a student takes the quiz — on a phone with a dropped connection, a reload and a clock that
 * runs out; on a desktop on one page, handed in with "Kumpulkan" — and the teacher sees the grade in
 * the gradebook and the statistics.
 */

const UNSENT = 'Belum terkirim — akan dikirim saat tersambung';
const TIME_UP = 'Waktu habis — jawaban yang tersimpan sudah dikumpulkan';

/** The questions of the bank: five graded by the key (8 points), and an essay when asked. */
const QUESTIONS = [
  {
    type: 'multiple_choice',
    points: 2,
    text: 'Perangkat yang menghubungkan dua jaringan yang berbeda adalah …',
    data: {
      options: [
        { text: 'Router', correct: true },
        { text: 'Switch', correct: false },
        { text: 'Hub', correct: false },
        { text: 'Repeater', correct: false },
      ],
    },
  },
  {
    type: 'multiple_answer',
    points: 2,
    text: 'Pilih semua nama topologi jaringan.',
    data: {
      options: [
        { text: 'Bintang', correct: true },
        { text: 'Cincin', correct: true },
        { text: 'Segitiga', correct: false },
      ],
    },
  },
  { type: 'true_false', points: 1, text: 'Kabel UTP berisi delapan kawat tembaga.', data: { answer: true } },
  {
    type: 'short_answer',
    points: 1,
    text: 'Perangkat lapisan 3 yang meneruskan paket antarjaringan disebut …',
    data: { answers: ['router'], tolerance: null },
  },
  {
    type: 'matching',
    points: 2,
    text: 'Pasangkan nomor port dengan layanannya.',
    data: {
      pairs: [
        { left: 'Port 80', right: 'HTTP' },
        { left: 'Port 22', right: 'SSH' },
      ],
    },
  },
];
const ESSAY = { type: 'essay', points: 5, text: 'Jelaskan perbedaan topologi bintang dan cincin.', data: {} };

/**
 * A fresh teacher with a category of questions in the bank and a class (for a fresh rombel with one
 * student) holding one content with one quiz of those questions, in their order.
 */
async function quizScene(request: APIRequestContext, quiz: Record<string, unknown>, withEssay = false) {
  const rombel = await freshRombel(request, 'X TKJ KUIS');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: `Jaringan Dasar ${stamp()}`,
    lessonTitle: 'Perangkat Jaringan',
  });
  const category = await api(request, teacher.token, 'POST', '/api/teacher/question-categories', { name: `Jaringan ${stamp()}` });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const questionIds: number[] = [];
  for (const q of withEssay ? [...QUESTIONS, ESSAY] : QUESTIONS) {
    const res = await api(request, teacher.token, 'POST', `/api/teacher/question-categories/${category.body.data.id}/questions`, q);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    questionIds.push(res.body.data.id as number);
  }
  const title = `Kuis Perangkat Jaringan ${stamp()}`;
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/quizzes`;
  const created = await api(request, teacher.token, 'POST', base, {
    title,
    description: 'Kerjakan dengan jujur.',
    slots: questionIds.map((question_id) => ({ question_id })),
    ...quiz,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const quizId = created.body.data.id as number;
  return {
    teacher,
    student,
    classId,
    lessonId,
    quizId,
    title,
    questionIds,
    teacherApi: `${base}/${quizId}`,
    studentApi: `/api/student/my-classes/${classId}/contents/${lessonId}/quizzes/${quizId}`,
    url: `/my-classes/${classId}/contents/${lessonId}/quizzes/${quizId}`,
  };
}

/** One question of the attempt page ("Soal 3 dari 5"). */
const question = (page: Page, n: number, total: number) => page.getByRole('region', { name: `Soal ${n} dari ${total}` });

/** The value cell of a row of the quiz's intro table. */
const infoCell = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

/** The page does not scroll sideways (phone layouts must fit 390 px). */
async function expectNoSideScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test('@phone a student takes a timed quiz: answers survive a dropped connection and a reload, the clock closes it, the teacher sees the grade', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const s = await quizScene(request, { time_limit_minutes: 1, one_per_page: true, show_results: 'after_submit', show_review: true });
  const answersOnServer = async (attemptId: number) =>
    Object.keys((await api(request, s.student.token, 'GET', `${s.studentApi}/attempts/${attemptId}`)).body.data.answers).length;

  // From the class page: the content lists the quiz; its intro gives the times, the limit and the attempts.
  await signIn(page, s.student.username, s.student.password);
  await page.goto(`/my-classes/${s.classId}`);
  await openLesson(page, 1);
  await tapUntil(page, page.getByRole('link', { name: s.title }), new RegExp(`${s.url}$`));
  await expect(page.getByRole('heading', { name: s.title })).toBeVisible();
  await expect(infoCell(page, 'Batas waktu')).toHaveText('1 menit');
  await expect(infoCell(page, 'Soal')).toHaveText('5 soal · 8 poin');
  await expect(infoCell(page, 'Kesempatan')).toHaveText('0 dari 1 kali');
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: 'Mulai mengerjakan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(page).toHaveURL(/\/attempts\/\d+$/);
  const attemptId = Number(/\/attempts\/(\d+)/.exec(page.url())![1]);

  // The clock: under five minutes from the start, so in its warning colour.
  const timer = page.getByRole('timer');
  await expect(timer).toHaveAttribute('data-warning', 'true');
  await expect(timer).toContainText(/00:[0-5]\d/);

  // Online: each answer is saved as it is given.
  await question(page, 1, 5).getByRole('radio', { name: 'Router' }).check();
  await expect(question(page, 1, 5).getByText('Tersimpan')).toBeVisible();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await question(page, 2, 5).getByRole('checkbox', { name: 'Bintang' }).check();
  await question(page, 2, 5).getByRole('checkbox', { name: 'Cincin' }).check();
  await expect(question(page, 2, 5).getByText('Tersimpan')).toBeVisible();
  await expect.poll(() => answersOnServer(attemptId)).toBe(2);
  await expectNoSideScroll(page);

  // The connection drops: the next answers stay on the phone, shown as not sent yet.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await question(page, 3, 5).getByRole('radio', { name: 'Benar' }).check();
  await expect(question(page, 3, 5).getByText(UNSENT)).toBeVisible();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await question(page, 4, 5).getByRole('textbox', { name: 'Jawaban soal 4' }).fill('Router ');
  await expect(question(page, 4, 5).getByText(UNSENT)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 jawaban belum terkirim.' })).toBeVisible();
  expect(await answersOnServer(attemptId)).toBe(2);

  // It returns: the kept answers go by themselves.
  await context.setOffline(false);
  await expect(question(page, 4, 5).getByText('Tersimpan')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: 'belum terkirim' })).toHaveCount(0);
  await expect.poll(() => answersOnServer(attemptId)).toBe(4);

  // A reload resumes the attempt on the same question, with every answer.
  await page.reload();
  await expect(question(page, 4, 5).getByRole('textbox', { name: 'Jawaban soal 4' })).toHaveValue('Router ');
  await page.getByRole('button', { name: '4/5' }).click();
  const numbers = page.getByRole('navigation', { name: 'Daftar soal' });
  await expect(numbers.getByText('4 dari 5 soal dijawab')).toBeVisible();
  for (const n of [1, 2, 3, 4]) await expect(numbers.getByRole('button', { name: `Soal ${n}, sudah dijawab` })).toBeVisible();
  await numbers.getByRole('button', { name: 'Soal 1, sudah dijawab' }).click();
  await expect(question(page, 1, 5).getByRole('radio', { name: 'Router' })).toBeChecked();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(question(page, 2, 5).getByRole('checkbox', { name: 'Cincin' })).toBeChecked();
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(question(page, 3, 5).getByRole('radio', { name: 'Benar' })).toBeChecked();

  // Another phone opens the same attempt with the answers the server holds.
  const other = await otherPage(browser, baseURL, 390);
  await signIn(other, s.student.username, s.student.password);
  await other.goto(`${s.url}/attempts/${attemptId}?soal=2`);
  await expect(question(other, 2, 5).getByRole('checkbox', { name: 'Cincin' })).toBeChecked();
  await expect(question(other, 2, 5).getByRole('checkbox', { name: 'Segitiga' })).not.toBeChecked();
  await other.goto(`${s.url}/attempts/${attemptId}?soal=4`);
  await expect(question(other, 4, 5).getByRole('textbox', { name: 'Jawaban soal 4' })).toHaveValue('Router ');
  await other.context().close();

  // The last one: one pair of two, marked to look at again.
  await page.getByRole('button', { name: '3/5' }).click();
  await numbers.getByRole('button', { name: 'Soal 5, belum dijawab' }).click();
  await question(page, 5, 5).getByLabel('Port 80').selectOption({ label: 'HTTP' });
  await expect(question(page, 5, 5).getByText('Tersimpan')).toBeVisible();
  await question(page, 5, 5).getByRole('button', { name: 'Tandai' }).click();
  await expect(question(page, 5, 5).getByRole('button', { name: 'Ditandai' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSideScroll(page);

  // The clock runs out: the saved answers are handed in and the result opens.
  await expect(page.getByText(TIME_UP)).toBeVisible({ timeout: 75_000 });
  await expect(page).toHaveURL(new RegExp(`/attempts/${attemptId}/result$`), { timeout: 20_000 });
  await expect(page.getByRole('alert').filter({ hasText: TIME_UP })).toBeVisible();
  await expect(page.getByLabel('Nilai 88')).toBeVisible();
  await expect(page.getByText('Skor 7 dari 8 poin')).toBeVisible();
  await expect(page.getByText(/Ditutup otomatis karena waktu habis/)).toBeVisible();
  const review5 = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Soal 5' }) });
  await expect(review5).toContainText('Sebagian benar · 1/2 poin');
  await expect(review5).toContainText('Port 80 → HTTP');
  await expect(review5).toContainText('Port 22 → SSH');
  await expectNoSideScroll(page);
  expect(await violations(page, 'hasil kuis (ponsel)')).toEqual([]);

  // The intro: the attempt with its score, no attempt left.
  await page.getByRole('link', { name: 'Kembali ke kuis' }).first().click();
  await expect(page.getByText('Kesempatan mengerjakan sudah habis.')).toBeVisible();
  await expect(page.getByText('Skor 7 dari 8 · Nilai 88')).toBeVisible();

  // The teacher: the grade in the gradebook, the attempt in the results, the statistics per question.
  const gradebook = await api(request, s.teacher.token, 'GET', `/api/teacher/online-classes/${s.classId}/gradebook`);
  expect(gradebook.status).toBe(200);
  expect(gradebook.body.data.quizzes.map((q: any) => q.id)).toContain(s.quizId);
  const row = gradebook.body.data.students.find((x: any) => x.id === s.student.id);
  expect(row.quiz_cells.find((c: any) => c.quiz_id === s.quizId)).toMatchObject({ state: 'graded', score: 88 });
  const results = await api(request, s.teacher.token, 'GET', `${s.teacherApi}/results`);
  const mine = results.body.data.find((x: any) => x.student.id === s.student.id);
  expect(mine.grade).toBe(88);
  expect(mine.attempts[0]).toMatchObject({ timed_out: true, score: 7, max_score: 8 });
  const stats = await api(request, s.teacher.token, 'GET', `${s.teacherApi}/statistics`);
  expect(stats.status).toBe(200);
  expect(stats.body.data.attempts).toBe(1);
  const facility = Object.fromEntries(stats.body.data.questions.map((q: any) => [q.question_id, q.facility]));
  expect(facility[s.questionIds[0]!]).toBe(100);
  expect(facility[s.questionIds[4]!]).toBe(50);
  const chosen = stats.body.data.questions.find((q: any) => q.question_id === s.questionIds[0]);
  expect(chosen.options.find((o: any) => o.text === 'Router')).toMatchObject({ chosen: 1, correct: true });
});

test('a student takes a quiz on one page and hands it in with questions left; the score waits for the close', async ({ page, request }) => {
  const closesAt = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const s = await quizScene(
    request,
    { time_limit_minutes: null, closes_at: closesAt, one_per_page: false, show_results: 'after_close', show_review: false },
    true,
  );
  // A second quiz of the content, not open until tomorrow.
  const later = await api(request, s.teacher.token, 'POST', `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}/quizzes`, {
    title: 'Ulangan Harian',
    description: '',
    opens_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
    slots: [{ question_id: s.questionIds[0] }],
  });
  expect(later.status, JSON.stringify(later.body)).toBe(201);

  await signIn(page, s.student.username, s.student.password);
  await page.goto(`/my-classes/${s.classId}`);
  await openLesson(page, 1);
  await page.getByRole('link', { name: 'Ulangan Harian' }).click();
  await expect(page.getByText(/^Kuis belum dibuka\. Kuis dibuka .+ WIB\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mulai mengerjakan' })).toHaveCount(0);

  await page.goto(s.url);
  await expect(infoCell(page, 'Batas waktu')).toHaveText('Tanpa batas waktu');
  await expect(infoCell(page, 'Nilai')).toHaveText('Ditampilkan setelah kuis ditutup');
  expect(await violations(page, 'pengantar kuis')).toEqual([]);
  await page.getByRole('button', { name: 'Mulai mengerjakan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(page).toHaveURL(/\/attempts\/\d+$/);
  // No time limit: the clock counts to the quiz's close, two days away.
  await expect(page.getByRole('timer')).toContainText(/1 hari 23:\d\d:\d\d/);
  await expect(page.getByRole('timer')).toHaveAttribute('data-warning', 'false');

  // Every question on one page, the numbers beside them.
  for (const n of [1, 2, 3, 4, 5, 6]) await expect(question(page, n, 6)).toBeVisible();
  const numbers = page.getByRole('navigation', { name: 'Daftar soal' });
  await expect(numbers.getByText('0 dari 6 soal dijawab')).toBeVisible();

  await question(page, 1, 6).getByRole('radio', { name: 'Switch' }).check();
  await question(page, 3, 6).getByRole('radio', { name: 'Salah' }).check();
  await question(page, 6, 6).getByRole('textbox', { name: 'Jawaban soal 6' }).fill('Bintang memakai satu titik pusat; cincin melingkar.');
  await expect(
    question(page, 6, 6)
      .getByText('Menyimpan…')
      .or(question(page, 6, 6).getByText('Tersimpan')),
  ).toBeVisible();
  await expect(question(page, 6, 6).getByText('Tersimpan')).toBeVisible();
  await question(page, 2, 6).getByRole('button', { name: 'Tandai' }).click();
  await expect(numbers.getByText('3 dari 6 soal dijawab')).toBeVisible();
  await expect(numbers.getByRole('button', { name: 'Soal 2, belum dijawab, ditandai' })).toBeVisible();
  await apiIdle(page);
  expect(await violations(page, 'pengerjaan kuis')).toEqual([]);

  // "Kumpulkan" names the questions left.
  await page.getByRole('button', { name: 'Kumpulkan' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Kumpulkan jawaban?' });
  await expect(dialog).toContainText('3 soal belum dijawab:');
  await expect(dialog).toContainText('Soal 2, 4 dan 5');
  await expect(dialog).toContainText('Soal yang kamu tandai: 2.');
  await dialog.getByRole('button', { name: 'Kumpulkan' }).click();
  await expect(toast(page, 'Kuis berhasil dikumpulkan')).toBeVisible();
  await expect(page).toHaveURL(/\/result$/);

  // The score comes after the close; no key is shown.
  await expect(page.getByText('Nilai akan ditampilkan setelah kuis ditutup', { exact: false })).toBeVisible();
  await expect(page.getByText('Guru tidak menampilkan kunci jawaban untuk kuis ini.')).toBeVisible();
  await expect(page.getByText('Jawaban benar')).toHaveCount(0);
  const review = (n: number) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Soal ${n}`, exact: true }) });
  await expect(review(1)).toContainText('Switch');
  await expect(review(2)).toContainText('Tidak dijawab');
  await expect(review(6)).toContainText('Bintang memakai satu titik pusat; cincin melingkar.');
  await expect(toast(page, 'Kuis berhasil dikumpulkan')).toBeHidden({ timeout: 10_000 });
  expect(await violations(page, 'hasil kuis')).toEqual([]);

  // Back on the intro: one attempt, used up, its score hidden.
  await page.getByRole('link', { name: 'Kembali ke kuis' }).first().click();
  await expect(page.getByText('Kesempatan mengerjakan sudah habis.')).toBeVisible();
  await expect(page.getByText('Percobaan ke-1')).toBeVisible();
  await expect(page.getByText('Nilai akan ditampilkan setelah kuis ditutup')).toBeVisible();
});
