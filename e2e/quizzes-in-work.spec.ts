import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, classWithLesson, freshRombel, freshUser, login } from './fixtures';
import { stamp } from './grading-fixtures';

/*
 * Issue 41, "quizzes where students and teachers look", in the browser (desktop and a 390 px phone):
 * a student finds an open quiz in "Tugas Saya" and on the dashboard with its closing time, takes it
 * and reads its grade in "Nilai Saya" (a quiz whose results are hidden shows none); a teacher sees an
 * essay waiting in "menunggu dinilai" and reaches the grading page of the attempt from it.
 */

const MC = {
  type: 'multiple_choice',
  points: 2,
  text: 'Perangkat yang menghubungkan dua jaringan yang berbeda adalah …',
  data: {
    options: [
      { text: 'Router', correct: true },
      { text: 'Switch', correct: false },
    ],
  },
};
const ESSAY = { type: 'essay', points: 5, text: 'Jelaskan fungsi router pada jaringan.', data: {} };

const WIB_DATE = /Ditutup \d{1,2} \S+ \d{4} \d{2}\.\d{2} WIB/;

/** A fresh rombel with one student, a teacher's class with one content, and a bank question of each given kind. */
async function scene(request: APIRequestContext, questions: Array<typeof MC | typeof ESSAY>) {
  const rombel = await freshRombel(request, 'X TKJ TUGAS');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const className = `Jaringan Dasar ${stamp()}`;
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: className,
    lessonTitle: 'Router',
  });
  const category = await api(request, teacher.token, 'POST', '/api/teacher/question-categories', { name: `Jaringan ${stamp()}` });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const questionIds: number[] = [];
  for (const q of questions) {
    const res = await api(request, teacher.token, 'POST', `/api/teacher/question-categories/${category.body.data.id}/questions`, q);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    questionIds.push(res.body.data.id as number);
  }
  const quiz = async (title: string, settings: Record<string, unknown>) => {
    const res = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents/${lessonId}/quizzes`, {
      title,
      description: '',
      slots: questionIds.map((question_id) => ({ question_id })),
      ...settings,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id as number;
    return { id, title, studentApi: `/api/student/my-classes/${classId}/contents/${lessonId}/quizzes/${id}` };
  };
  return { teacher, student, classId, lessonId, className, questionIds, quiz };
}

/** The student takes a quiz through the API: starts it, answers each question, hands it in. */
async function takeByApi(request: APIRequestContext, token: string, studentApi: string, answers: Record<number, unknown>) {
  const started = await api(request, token, 'POST', `${studentApi}/attempts`, {});
  expect([200, 201], JSON.stringify(started.body)).toContain(started.status);
  const attemptId = started.body.data.id as number;
  for (const [questionId, answer] of Object.entries(answers)) {
    const saved = await api(request, token, 'PUT', `${studentApi}/attempts/${attemptId}/answers/${questionId}`, { answer });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const submitted = await api(request, token, 'POST', `${studentApi}/attempts/${attemptId}/submit`, {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return attemptId;
}

async function expectNoSideScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

async function studentSeesQuizzes(page: Page, request: APIRequestContext) {
  const s = await scene(request, [MC]);
  const closesAt = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const open = await s.quiz(`Kuis Router ${stamp()}`, { closes_at: closesAt, show_results: 'after_submit' });
  const hidden = await s.quiz(`Kuis Rahasia ${stamp()}`, { show_results: 'never' });
  await takeByApi(request, s.student.token, hidden.studentApi, {});

  await login(page, s.student.username, s.student.password);
  // The dashboard's work list: the quiz with its closing time.
  const upcoming = page.getByRole('list', { name: 'Tugas dan kuis yang harus dikerjakan' });
  const dueCard = upcoming.getByRole('listitem').filter({ hasText: open.title });
  await expect(dueCard).toContainText('Kuis');
  await expect(dueCard).toContainText(WIB_DATE);

  // Tugas Saya, "Belum dikerjakan": the quiz with its close as deadline.
  await page.goto('/my-work');
  const todo = page.getByRole('list', { name: 'Belum dikerjakan' }).getByRole('listitem').filter({ hasText: open.title });
  await expect(todo).toContainText('Kuis');
  await expect(todo).toContainText(/Ditutup (lusa|besok|\d+ hari lagi)/);
  await expect(todo).toContainText(WIB_DATE);
  await expectNoSideScroll(page);

  // Taken from there.
  await todo.getByRole('link', { name: open.title }).click();
  await expect(page).toHaveURL(new RegExp(`/quizzes/${open.id}$`));
  await page.getByRole('button', { name: 'Mulai mengerjakan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(page).toHaveURL(/\/attempts\/\d+$/);
  const question = page.getByRole('region', { name: 'Soal 1 dari 1' });
  await question.getByRole('radio', { name: 'Router' }).check();
  await expect(question.getByText('Tersimpan')).toBeVisible();
  await page.getByRole('button', { name: 'Kumpulkan' }).first().click();
  await page.getByRole('dialog', { name: 'Kumpulkan jawaban?' }).getByRole('button', { name: 'Kumpulkan' }).click();
  await expect(page).toHaveURL(/\/result$/);

  // Done, with its grade; the hidden one done without a grade.
  await page.goto('/my-work?tab=done');
  const done = page.getByRole('list', { name: 'Selesai' });
  await expect(done.getByRole('listitem').filter({ hasText: open.title })).toContainText('Nilai 100');
  await expect(done.getByRole('listitem').filter({ hasText: open.title })).toContainText('Dikerjakan');
  await expect(done.getByRole('listitem').filter({ hasText: hidden.title })).toContainText('Selesai');
  await expect(done.getByRole('listitem').filter({ hasText: hidden.title })).not.toContainText('Nilai');
  await page.goto('/my-work');
  await expect(page.getByRole('list', { name: 'Belum dikerjakan' }).getByText(open.title)).toHaveCount(0);

  // Nilai Saya: the grade where show_results allows it.
  await page.goto('/my-grades');
  const grades = page.getByRole('list', { name: `Tugas ${s.className}` });
  await expect(grades.getByRole('listitem').filter({ hasText: open.title })).toContainText('Nilai 100');
  await expect(grades.getByRole('listitem').filter({ hasText: hidden.title })).toContainText('Selesai');
  await expectNoSideScroll(page);
}

async function teacherGradesWaitingEssay(page: Page, request: APIRequestContext) {
  const s = await scene(request, [ESSAY]);
  const quiz = await s.quiz(`Kuis Uraian ${stamp()}`, { show_results: 'after_submit' });
  const attemptId = await takeByApi(request, s.student.token, quiz.studentApi, {
    [s.questionIds[0]!]: { text: 'Router meneruskan paket.' },
  });

  await login(page, s.teacher.username, s.teacher.password);
  const card = page.getByRole('article', { name: s.className });
  await card.getByRole('link', { name: '1 menunggu dinilai' }).click();
  await expect(page).toHaveURL(new RegExp(`/online-class/${s.classId}\\?tab=nilai`));
  await page.getByRole('link', { name: `Nilai kuis ${quiz.title} ${s.student.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/quizzes/${quiz.id}$`));
  await page.getByRole('link', { name: `Percobaan ke-1 ${s.student.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/attempts/${attemptId}$`));
  await expect(page.getByText('Perlu dinilai').first()).toBeVisible();
  await expect(page.getByText('Router meneruskan paket.')).toBeVisible();
}

test('a student finds an open quiz in Tugas Saya and on the dashboard, takes it and reads its grade in Nilai Saya', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await studentSeesQuizzes(page, request);
});

test('@phone a student finds an open quiz in Tugas Saya and on the dashboard, takes it and reads its grade in Nilai Saya', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await studentSeesQuizzes(page, request);
});

test('a teacher reaches the grading of an essay waiting in "menunggu dinilai"', async ({ page, request }) => {
  test.setTimeout(120_000);
  await teacherGradesWaitingEssay(page, request);
});

test('@phone a teacher reaches the grading of an essay waiting in "menunggu dinilai"', async ({ page, request }) => {
  test.setTimeout(120_000);
  await teacherGradesWaitingEssay(page, request);
});
