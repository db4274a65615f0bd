import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api, classWithLesson, freshRombel, freshUser, handIn, login, samplePdf } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WIB = 7 * HOUR;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

/** An instant given as a WIB wall clock `days` calendar days from today (WIB), e.g. tomorrow 23.59. */
function wibDayAt(days: number, hours: number, minutes: number): number {
  const today = new Date(Date.now() + WIB);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, hours, minutes) - WIB;
}

/**
 * A student in a rombel of their own with one class and six assignments: late by three hours but
 * still open, due in two and a half hours, due tomorrow 23.59, due in five days, late and closed,
 * and one already handed in. Only the first four are due. Beside them two quizzes of the teacher's
 * bank: one closing in five hours (30 minutes to work), one that never closes; and a draft quiz,
 * which the student does not see.
 */
async function dueScene(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'XII TENGGAT', 12);
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const className = `Basis Data ${unique()}`;
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: className,
    lessonTitle: 'Normalisasi',
  });
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`;
  const assign = async (title: string, deadline: number, closes?: number) => {
    const res = await api(request, teacher.token, 'POST', base, {
      title,
      description: `Kerjakan ${title}.`,
      deadline: new Date(deadline).toISOString(),
      ...(closes ? { closes_at: new Date(closes).toISOString() } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id as number, title };
  };
  const now = Date.now();
  // Made in an order unlike their deadlines, so the list's order is the page's doing.
  const week = await assign(`Rancangan ERD ${unique()}`, wibDayAt(5, 12, 0));
  const late = await assign(`Laporan Normalisasi ${unique()}`, now - 3 * HOUR - 10 * MINUTE);
  const tomorrow = await assign(`Kuis Relasi ${unique()}`, wibDayAt(1, 23, 59));
  const soon = await assign(`Query SELECT ${unique()}`, now + 2 * HOUR + 30 * MINUTE);
  const closed = await assign(`Tugas Lama ${unique()}`, now - 2 * 24 * HOUR, now - 24 * HOUR);
  const done = await assign(`Sudah Dikirim ${unique()}`, now + 4 * HOUR);
  await handIn(request, student.token, done.id, samplePdf('jawaban.pdf'));

  const category = await api(request, teacher.token, 'POST', '/api/teacher/question-categories', { name: `Relasi ${unique()}` });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const question = await api(request, teacher.token, 'POST', `/api/teacher/question-categories/${category.body.data.id}/questions`, {
    type: 'true_false',
    text: 'Kunci primer boleh bernilai NULL.',
    points: 1,
    data: { answer: false },
  });
  expect(question.status, JSON.stringify(question.body)).toBe(201);
  const quizBase = `/api/teacher/online-classes/${classId}/contents/${lessonId}/quizzes`;
  const quiz = async (title: string, settings: Record<string, unknown>) => {
    const res = await api(request, teacher.token, 'POST', quizBase, {
      title,
      description: 'Kerjakan sendiri.',
      slots: [{ question_id: question.body.data.id }],
      ...settings,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id as number, title, url: `/my-classes/${classId}/contents/${lessonId}/quizzes/${res.body.data.id}` };
  };
  const quizSoon = await quiz(`Kuis Kunci Primer ${unique()}`, {
    closes_at: new Date(now + 5 * HOUR + 30 * MINUTE).toISOString(),
    time_limit_minutes: 30,
  });
  const quizAnytime = await quiz(`Latihan Join ${unique()}`, { attempts_allowed: 0 });
  const quizDraft = await quiz(`Kuis Draf ${unique()}`, { closes_at: new Date(now + HOUR).toISOString(), hidden: true });
  return { student, className, classId, late, soon, tomorrow, week, closed, done, quizSoon, quizAnytime, quizDraft };
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
};

/** The motivational quote, or the card that stands in when no word is active. */
const quoteOf = (page: Page) => page.getByLabel('Kata motivasi').or(page.getByText('Belum ada kata motivasi'));

test('@phone the dashboard opens with the work due and the quizzes, nearest deadline first in words, then the quote and the classes', async ({
  page,
  request,
}) => {
  const s = await dueScene(request);
  await login(page, s.student.username, s.student.password);

  const due = page.getByRole('region', { name: 'Upcoming Assignments' });
  const items = due.getByRole('listitem');
  await expect(items).toHaveCount(6);
  // Late but still open first, then the soonest deadline; each with its time in words and the WIB date.
  // The quiz sits by its closing time among the assignments, marked "Kuis"; one that never closes comes last.
  await expect(items.nth(0)).toContainText(s.late.title);
  await expect(items.nth(0)).toContainText('Tenggat sudah lewat 3 jam');
  await expect(items.nth(0)).toContainText('Terlambat');
  await expect(items.nth(1)).toContainText(s.soon.title);
  await expect(items.nth(1)).toContainText('Tenggat 2 jam lagi');
  await expect(items.nth(1)).not.toContainText('Kuis');
  await expect(items.nth(2)).toContainText(`Kuis${s.quizSoon.title}`);
  await expect(items.nth(2)).toContainText('Ditutup 5 jam lagi');
  await expect(items.nth(2)).toContainText(/Ditutup \d{1,2} [A-Z][a-z]+ \d{4} \d{2}\.\d{2} WIB · waktu 30 menit · sisa 1 kesempatan/);
  await expect(items.nth(3)).toContainText(s.tomorrow.title);
  await expect(items.nth(3)).toContainText('Tenggat besok 23.59');
  await expect(items.nth(3)).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4} 23\.59 WIB/);
  await expect(items.nth(4)).toContainText(s.week.title);
  await expect(items.nth(4)).toContainText('Tenggat 5 hari lagi');
  await expect(items.nth(5)).toContainText(`Kuis${s.quizAnytime.title}`);
  await expect(items.nth(5)).toContainText('Bisa dikerjakan kapan saja');
  await expect(due).not.toContainText(s.closed.title);
  await expect(due).not.toContainText(s.done.title);
  await expect(due).not.toContainText(s.quizDraft.title);

  // The first thing under the header is "Hari ini" (issue 37), then the work due; the quote follows, then the class search and grid.
  const quote = quoteOf(page);
  const search = page.getByRole('textbox', { name: 'Cari kelas' });
  const card = page.getByRole('article', { name: s.className });
  await expect(quote).toBeVisible();
  await expect(card).toBeVisible();
  const header = await box(page.getByRole('banner'));
  const today = page.getByRole('region', { name: /^Hari ini/ });
  await expect(today).toContainText('Tidak ada pelajaran hari ini.');
  const todayBox = await box(today);
  const dueBox = await box(due);
  const gap = todayBox.y - (header.y + header.height);
  expect(gap, 'space between the header and "Hari ini", in px').toBeGreaterThanOrEqual(0);
  expect(gap, 'space between the header and "Hari ini", in px').toBeLessThanOrEqual(24);
  expect(dueBox.y).toBeGreaterThanOrEqual(todayBox.y + todayBox.height);
  const quoteBox = await box(quote);
  expect(quoteBox.y).toBeGreaterThanOrEqual(dueBox.y + dueBox.height);
  const searchBox = await box(search);
  expect(searchBox.y).toBeGreaterThanOrEqual(quoteBox.y + quoteBox.height);
  expect((await box(card)).y).toBeGreaterThan(searchBox.y);
  await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeAttached();
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);

  // The whole card is the tap target: a tap on its title opens the assignment.
  const title = await box(items.nth(1).getByText(s.soon.title));
  const cardBox = await box(items.nth(1));
  await items.nth(1).click({ position: { x: title.x - cardBox.x + 4, y: title.y - cardBox.y + title.height / 2 } });
  await expect(page).toHaveURL(new RegExp(`/my-classes/${s.classId}/submissions/${s.soon.id}$`));
  await expect(page.getByRole('heading', { name: 'Submission Detail' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Instruksi Tugas' })).toContainText(s.soon.title);

  // Back on the dashboard, a tap on the quiz's card opens the quiz, ready to start.
  await page.goBack();
  const quizCard = items.nth(2);
  await expect(quizCard).toContainText(s.quizSoon.title);
  const quizTitle = await box(quizCard.getByText(s.quizSoon.title));
  const quizBox = await box(quizCard);
  await quizCard.click({ position: { x: quizTitle.x - quizBox.x + 4, y: quizTitle.y - quizBox.y + quizTitle.height / 2 } });
  await expect(page).toHaveURL(new RegExp(`${s.quizSoon.url}$`));
  await expect(page.getByRole('heading', { name: s.quizSoon.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mulai mengerjakan' })).toBeVisible();
});

test('on a desktop the class grid keeps its place and the work due is a side card', async ({ page, request }) => {
  const s = await dueScene(request);
  await login(page, s.student.username, s.student.password);

  await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();
  const card = page.getByRole('article', { name: s.className });
  const due = page.getByRole('region', { name: 'Upcoming Assignments' });
  await expect(card).toBeVisible();
  await expect(due.getByRole('listitem')).toHaveCount(6);
  await expect(due.getByRole('listitem').first()).toContainText('Tenggat sudah lewat 3 jam');
  await expect(due.getByRole('listitem').nth(1)).toContainText('Tenggat 2 jam lagi');
  // The quiz closing in five hours, third in the side card; its link opens the quiz.
  const quiz = due.getByRole('listitem').nth(2);
  await expect(quiz).toContainText(`Kuis${s.quizSoon.title}`);
  await expect(quiz).toContainText('Ditutup 5 jam lagi');
  await expect(due.getByRole('listitem').last()).toContainText(s.quizAnytime.title);
  await expect(quiz.getByRole('link', { name: `kerjakan ${s.quizSoon.title}` })).toHaveAttribute('href', s.quizSoon.url);

  // Quote across the top; below it the classes on the left and the work due beside them.
  const quoteBox = await box(quoteOf(page));
  const cardBox = await box(card);
  const dueBox = await box(due);
  expect(cardBox.y).toBeGreaterThanOrEqual(quoteBox.y + quoteBox.height);
  expect(dueBox.y).toBeGreaterThanOrEqual(quoteBox.y + quoteBox.height);
  expect(dueBox.x).toBeGreaterThanOrEqual(cardBox.x + cardBox.width);
});
