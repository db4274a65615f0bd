import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { QUESTION_MSG } from '@kelasku/contract';
import { api, apiIdle, classWithLesson, expectStays, freshRombel, freshUser, holdScript, toast, violations, signIn } from './fixtures';
import { stamp } from './grading-fixtures';

/*
 * Issue 41 "GIFT as Moodle reads it" on the screens: a teacher imports Moodle's own GIFT examples
 * (apps/api/test/fixtures/moodle-gift, copied from moodle/moodle) and sees in the preview each
 * question's title, category and what Kelasku could not keep, and the question Moodle would not
 * import named; a question with partial credit opens with its credits and feedback; a student
 * answers a quiz of those questions on a phone and reads the feedback of the answer and of the
 * question in the review.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../apps/api/test/fixtures/moodle-gift');

/** One question of a Moodle fixture file, verbatim: from `start` to the blank line after it. */
function moodleQuestion(file: string, start: string): string {
  const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const at = text.indexOf(start);
  if (at < 0) throw new Error(`${start} not found in ${file}`);
  const end = text.indexOf('\n\n', at);
  // questions.gift.txt ends two of its questions with a stray `";` (left from a PHP string).
  return text.slice(at, end < 0 ? undefined : end).replace(/";\s*$/, '');
}

/**
 * The file the teacher brings: a description (no answers: not a question, so skipped), Moodle's
 * partial-credit example, its true/false with per-answer and general feedback, its [markdown]
 * example, then all of questions_in_category.gift.txt (a `$CATEGORY:` and four [html] questions).
 */
const GIFT = [
  '// Soal dari Moodle',
  '::Petunjuk::Bacalah setiap soal dengan teliti sebelum menjawab.',
  moodleQuestion('examples.txt', "::Jesus' hometown::Jesus Christ was from {"),
  moodleQuestion('questions.gift.txt', '::Q1:: 42 is the Absolute Answer'),
  moodleQuestion('examples.txt', "[markdown]Who's buried in **Grant's tomb**?"),
  fs.readFileSync(path.join(FIXTURES, 'questions_in_category.gift.txt'), 'utf8'),
].join('\n\n');

const giftFile = () => ({ name: 'moodle.gift', mimeType: 'text/plain', buffer: Buffer.from(GIFT, 'utf8') });

/** A fresh teacher with an empty category, and a class for a fresh rombel with one student. */
async function scene(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'X TKJ GIFT');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: `Sejarah Moodle ${stamp()}`,
    lessonTitle: 'Soal dari Moodle',
  });
  const name = `Impor Moodle ${stamp()}`;
  const category = await api(request, teacher.token, 'POST', '/api/teacher/question-categories', { name });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  return { teacher, student, classId, lessonId, category: { id: category.body.data.id as number, name } };
}

/** The page does not scroll sideways (tables scroll inside their own box). */
async function expectNoSideScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test('a teacher imports Moodle’s GIFT examples: titles, categories and notes in the preview, credits and feedback in the bank', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await scene(request);
  await signIn(page, s.teacher.username, s.teacher.password);
  await page.goto(`/bank-soal/${s.category.id}/impor`);
  await page.getByLabel('File soal').setInputFiles(giftFile());

  const preview = page.getByRole('region', { name: 'Pratinjau impor' });
  await expect(
    preview.getByText(
      `7 soal siap disimpan. Soal di bawah $CATEGORY masuk ke kategori Default for New Features; soal lainnya ke ${s.category.name}.`,
    ),
  ).toBeVisible();
  await expect(preview.getByLabel('Pakai kategori dari file (Default for New Features)')).toBeChecked();
  // The description is no question: named with its line, and it blocks nothing.
  const skipped = preview.getByRole('list', { name: 'Soal yang dilewati' });
  await expect(skipped).toContainText(`Baris 3: ${QUESTION_MSG.giftSkipDescription}`);

  const rows = preview.getByRole('table', { name: 'Soal dalam file' }).locator('tbody tr');
  await expect(rows).toHaveCount(7);
  const row = (title: string) => rows.filter({ hasText: title });
  // Partial credit stays on a single-choice question: one right answer and two with part of the points.
  await expect(row("Jesus' hometown")).toContainText('Pilihan ganda');
  await expect(row("Jesus' hometown")).toContainText('4 pilihan · kunci D · sebagian B (25 %), C (50 %)');
  await expect(row("Jesus' hometown")).not.toContainText('kompleks');
  await expect(row('Q1')).toContainText('Kunci: Salah');
  // What Kelasku could not keep, in orange under its question.
  await expect(row("Grant's tomb").getByRole('list', { name: /^Catatan soal/ })).toContainText(QUESTION_MSG.giftNoteMarkdown);
  await expect(row('Greeting').getByRole('list', { name: /^Catatan soal/ })).toContainText(QUESTION_MSG.giftNoteHtml);
  await expect(row('Greeting')).toContainText('What language is being spoken?');
  await expect(row('Greeting')).not.toContainText('<a href');
  // $CATEGORY: the questions after it go to a category of their own.
  await expect(row('Greeting')).toContainText('Kategori: Default for New Features');
  await expect(row("Jesus' hometown")).not.toContainText('Kategori:');
  await expect(row('Moodle activities')).toContainText('4 pasangan · 1 pengecoh');
  await expect(preview.getByText(/soal dengan catatan/)).toBeVisible();
  expect(await violations(page, 'pratinjau impor GIFT')).toEqual([]);

  await preview.getByRole('button', { name: 'Simpan 7 soal' }).click();
  await expect(toast(page, QUESTION_MSG.importedSkipped(7, 1))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bank-soal/${s.category.id}$`));

  // The bank: three questions here (the others went to "Default for New Features"), each with its title.
  const list = page.getByRole('list', { name: 'Daftar soal' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const hometown = list.getByRole('listitem').filter({ hasText: "Jesus' hometown" });
  await expect(hometown).toContainText('sebagian B (25 %), C (50 %)');
  await hometown.getByRole('button', { name: /Jesus' hometown/ }).click();
  await expect(hometown.getByText('25 %', { exact: true })).toBeVisible();
  await expect(hometown.getByText('50 %', { exact: true })).toBeVisible();
  await expect(hometown).toContainText('He was born here, but not raised here.');
  const q1 = list.getByRole('listitem').filter({ hasText: 'Q1' });
  await q1.getByRole('button', { name: /Q1/ }).click();
  await expect(q1).toContainText('Umpan balik umum: This is, of course, a Hitchiker');
  await expect(q1).toContainText('Bila menjawab Salah: You gave the right answer.');

  // The editor opens it with "Pengaturan lanjutan" shown: the title, each option's credit and feedback.
  await hometown.getByRole('button', { name: /^Aksi soal/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Soal' });
  await expect(dialog.getByRole('button', { name: 'Pengaturan lanjutan' })).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByLabel('Judul soal (opsional)')).toHaveValue("Jesus' hometown");
  await expect(dialog.getByLabel('Nilai pilihan A')).toHaveValue('0 %');
  await expect(dialog.getByLabel('Nilai pilihan B')).toHaveValue('25 %');
  await expect(dialog.getByLabel('Nilai pilihan C')).toHaveValue('50 %');
  await expect(dialog.getByText('100 % (benar)')).toBeVisible();
  await expect(dialog.getByLabel('Nilai pilihan D')).toHaveCount(0);
  await expect(dialog.getByLabel('Umpan balik pilihan D')).toHaveValue("Yes! That's right!");
  // (the import's toast, dimmed behind the dialog, gone first)
  await expect(toast(page, QUESTION_MSG.importedSkipped(7, 1))).toBeHidden({ timeout: 10_000 });
  expect(await violations(page, 'editor soal, pengaturan lanjutan')).toEqual([]);

  // The teacher gives Jerusalem 10 % and saves: the key shown in the bank says so.
  await dialog.getByLabel('Nilai pilihan A').click();
  await page.getByRole('option', { name: '10 %', exact: true }).click();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, QUESTION_MSG.questionUpdated)).toBeVisible();
  await expect(hometown.getByText('10 %', { exact: true })).toBeVisible();
  await hometown.getByRole('button', { name: /Jesus' hometown/ }).click();
  await expect(hometown).toContainText('sebagian A (10 %), B (25 %), C (50 %)');

  // A new question is today's simple form: no title or credits until "Pengaturan lanjutan" is opened.
  await page.getByRole('button', { name: 'Tambah soal' }).click();
  const create = page.getByRole('dialog', { name: 'Tambah Soal' });
  await expect(create.getByRole('button', { name: 'Pengaturan lanjutan' })).toHaveAttribute('aria-expanded', 'false');
  await expect(create.getByLabel('Judul soal (opsional)')).toHaveCount(0);
  await expect(create.getByLabel('Nilai pilihan B')).toHaveCount(0);
  await create.getByRole('button', { name: 'Pengaturan lanjutan' }).click();
  await expect(create.getByLabel('Judul soal (opsional)')).toBeVisible();
  await expect(create.getByLabel('Umpan balik umum')).toBeVisible();
  await expect(create.getByLabel('Umpan balik pilihan B')).toBeVisible();
});

test('@phone a student answers a quiz of Moodle questions and reads the feedback of the answer and the question', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await scene(request);
  const imported = await request.post(`/api/teacher/question-categories/${s.category.id}/import`, {
    headers: { Authorization: `Bearer ${s.teacher.token}` },
    multipart: { file: giftFile() },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const bank = await api(request, s.teacher.token, 'GET', `/api/teacher/question-categories/${s.category.id}/questions?per_page=100`);
  const byTitle = (title: string) => (bank.body.data.items as { id: number; title: string | null }[]).find((q) => q.title === title)!.id;
  const base = `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}/quizzes`;
  const title = `Kuis Moodle ${stamp()}`;
  const quiz = await api(request, s.teacher.token, 'POST', base, {
    title,
    description: 'Soal contoh dari Moodle.',
    slots: [{ question_id: byTitle("Jesus' hometown") }, { question_id: byTitle('Q1') }],
    one_per_page: false,
    show_results: 'after_submit',
    show_review: true,
  });
  expect(quiz.status, JSON.stringify(quiz.body)).toBe(201);

  await signIn(page, s.student.username, s.student.password);
  await page.goto(`/my-classes/${s.classId}/contents/${s.lessonId}/quizzes/${quiz.body.data.id}`);
  await page.getByRole('button', { name: 'Mulai mengerjakan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai', exact: true }).click();
  await expect(page).toHaveURL(/\/attempts\/\d+$/);
  const question = (n: number) => page.getByRole('region', { name: `Soal ${n} dari 2` });
  // Galilee earns half the points; the right answer of the true/false question is Salah.
  await question(1).getByRole('radio', { name: 'Galilee' }).check();
  await question(2).getByRole('radio', { name: 'Salah' }).check();
  await apiIdle(page);
  await page.getByRole('button', { name: 'Kumpulkan' }).first().click();
  await page.getByRole('dialog', { name: 'Kumpulkan jawaban?' }).getByRole('button', { name: 'Kumpulkan' }).click();
  await expect(page).toHaveURL(/\/result$/);

  const review = (n: number) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Soal ${n}`, exact: true }) });
  await expect(review(1)).toContainText('Sebagian benar');
  await expect(review(1)).toContainText('Galilee');
  await expect(review(1)).toContainText('Umpan balik: You need to be more specific.');
  await expect(review(1)).not.toContainText("Yes! That's right!");
  await expect(review(2)).toContainText('Benar · 1/1 poin');
  await expect(review(2)).toContainText('Umpan balik: You gave the right answer.');
  await expect(review(2)).not.toContainText('42 is the Ultimate Answer.');
  const general = review(2).getByRole('alert').filter({ hasText: 'Umpan balik umum' });
  await expect(general).toContainText("This is, of course, a Hitchiker's Guide to the Galaxy reference.");
  await expectNoSideScroll(page);
  await expect(toast(page, 'Kuis berhasil dikumpulkan')).toBeHidden({ timeout: 10_000 });
  expect(await violations(page, 'tinjauan dengan umpan balik')).toEqual([]);
});

test.describe('without the service worker', () => {
  // The worker would serve the script from its cache, past the test's hold.
  test.use({ serviceWorkers: 'block' });

  test('"Impor soal" pressed while the search still waits for its pause stays open', async ({ page, request }) => {
    // The import page's script arrives late (a slow phone): the category still shows while it
    // loads, and the search's pause ends in that time.
    const s = await scene(request);
    const held = await holdScript(page, 'QuestionImportPage');
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(`/bank-soal/${s.category.id}`);
    await page.getByRole('textbox', { name: 'Cari soal' }).fill('port');
    await page.getByRole('button', { name: 'Impor soal' }).click();
    const heading = page.getByRole('heading', { name: `Impor Soal ke ${s.category.name}` });
    await expectStays(page, new RegExp(`/bank-soal/${s.category.id}/impor$`), heading);
    expect(held()).toBe(1);
  });
});
