/**
 * Tujuan pembelajaran (issue 39), at desktop and on a 390 px phone: the teacher of a subject types
 * TPs (bad input answered with the contract's exact messages), puts them in order with the up/down
 * buttons, imports a sheet (preview first, then "Simpan"), tags an assignment with a grade category
 * and TPs, and cannot delete a TP in use. Another teacher has no subject to pick; a student cannot
 * reach the API; the admin reads and adds the same subject's TPs under /school.
 */
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { GRADE_MSG, TP_MSG } from '@kelasku/contract';
import { DEMO, api, apiToken, freshRombel, freshUser, login, toast, violations, signIn } from './fixtures';
import { stamp } from './grading-fixtures';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ok = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);

/** A subject of grade 10 taught by a fresh teacher to a fresh rombel (the teaching assignment makes the class), one assignment in it. */
async function scene(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const k = stamp();
  const rombel = await freshRombel(request, 'X TP', 10);
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const subjectName = `Jaringan Dasar ${k}`;
  const subj = await api(request, admin, 'POST', '/api/admin/subjects', {
    code: `JD-${k}`.toUpperCase(),
    name: subjectName,
    group: 'kejuruan',
    grades: [10],
    department_ids: [],
  });
  ok(subj, 201);
  const ta = await api(request, admin, 'POST', '/api/admin/teaching-assignments', {
    rombel_id: rombel.id,
    subject_id: subj.body.data.id,
    teacher_ids: [teacher.id],
    class_name: `Kelas TP ${k}`,
    hours_per_week: 2,
  });
  ok(ta, 201);
  const classId = ta.body.data.online_class.id as number;
  const content = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, {
    title: 'Topologi',
    description: '',
  });
  ok(content, 201);
  const lessonId = content.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`;
  const made = await api(request, teacher.token, 'POST', base, {
    title: `Laporan topologi ${k}`,
    description: 'Gambar topologi jaringan sekolah.',
    deadline: '2031-06-30T23:59',
  });
  ok(made, 201);
  const assignmentId = made.body.data.id as number;
  return {
    admin,
    k,
    teacher,
    student,
    subjectId: subj.body.data.id as number,
    subjectName,
    classId,
    lessonId,
    assignmentApi: `${base}/${assignmentId}`,
    assignmentPage: `/online-class/${classId}/contents/${lessonId}/assignment/${assignmentId}`,
  };
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

const row = (page: Page, code: string) => page.getByLabel(`TP ${code}`, { exact: true });

async function tpSheet(rows: Array<[string, string]>) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('TP');
  sheet.addRow(['Kode', 'Tujuan Pembelajaran']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function typeObjectives(page: Page) {
  const add = page.getByRole('form', { name: 'Tambah TP' });
  // Nothing typed: the contract's messages, nothing sent.
  await add.getByRole('button', { name: 'Tambah TP' }).click();
  await expect(add.getByText(TP_MSG.codeFormat)).toBeVisible();
  await expect(add.getByText(TP_MSG.description)).toBeVisible();

  await add.getByLabel('Kode TP').fill('TP1');
  await add.getByLabel('Deskripsi TP').fill('Menjelaskan topologi jaringan');
  await add.getByRole('button', { name: 'Tambah TP' }).click();
  await expect(toast(page, TP_MSG.created)).toBeVisible();
  await expect(row(page, 'TP1')).toContainText('dipakai di 0 tugas/kuis');

  // The same code again: the server's message under the code.
  await add.getByLabel('Kode TP').fill('TP1');
  await add.getByLabel('Deskripsi TP').fill('Lagi');
  await add.getByRole('button', { name: 'Tambah TP' }).click();
  await expect(add.getByText(TP_MSG.codeTaken('TP1'))).toBeVisible();

  await add.getByLabel('Kode TP').fill('TP2');
  await add.getByLabel('Deskripsi TP').fill('Memasang kabel UTP');
  await add.getByRole('button', { name: 'Tambah TP' }).click();
  await expect(row(page, 'TP2')).toBeVisible();

  // Put TP2 first with the keyboard: focus "Naikkan", press Enter.
  await page.getByRole('button', { name: 'Naikkan TP TP2' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, TP_MSG.reordered)).toBeVisible();
  await expect(page.getByLabel(/^TP TP\d$/).first()).toHaveAttribute('aria-label', 'TP TP2');
  // The toast goes by itself. Until then it lies over "Impor dari Excel" at 1280 px, and a pointer
  // resting on a toast keeps it there (Mantine pauses toasts on hover): a click at once would wait for ever.
  await expect(toast(page, TP_MSG.reordered)).toHaveCount(0);
}

async function importSheet(page: Page) {
  await page.getByRole('button', { name: 'Impor dari Excel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Unduh template kosong' })).toBeVisible();
  await dialog.getByLabel('File TP').setInputFiles({
    name: 'tp.xlsx',
    mimeType: XLSX,
    buffer: await tpSheet([
      ['TP2', 'Memasang dan menguji kabel UTP'],
      ['TP3', 'Mengonfigurasi alamat IP'],
      ['TP4', ''],
    ]),
  });
  const summary = dialog.getByRole('group', { name: 'Ringkasan pratinjau' });
  await expect(summary).toContainText('1 baru');
  await expect(summary).toContainText('1 diperbarui');
  await expect(summary).toContainText('1 dilewati');
  const preview = dialog.getByRole('table', { name: 'Pratinjau impor TP' });
  await expect(preview).toContainText('Sebelumnya: Memasang kabel UTP');
  await expect(preview).toContainText(TP_MSG.description);
  // The dry run wrote nothing yet.
  await expect(row(page, 'TP3')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, TP_MSG.imported(1, 1))).toBeVisible();
  await expect(row(page, 'TP3')).toContainText('Mengonfigurasi alamat IP');
  expect(await violations(page, 'tujuan pembelajaran')).toEqual([]);
  await expect(row(page, 'TP2')).toContainText('Memasang dan menguji kabel UTP');

  // Not an XLSX: the server's message.
  await page.getByRole('button', { name: 'Impor dari Excel' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('File TP')
    .setInputFiles({ name: 'tp.xlsx', mimeType: XLSX, buffer: Buffer.from('bukan excel') });
  await expect(page.getByRole('dialog').getByText(TP_MSG.notXlsx)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Batal' }).click();
}

async function tagAssignment(page: Page, s: Awaited<ReturnType<typeof scene>>, request: APIRequestContext) {
  const scheme = await api(request, s.teacher.token, 'GET', `/api/teacher/online-classes/${s.classId}/grade-scheme`);
  ok(scheme);
  const category = (scheme.body.data.categories as Array<{ id: number; name: string; weight: number }>).at(-1)!;
  await page.goto(s.assignmentPage);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Assignment' });
  await dialog.getByRole('combobox', { name: 'Kategori nilai' }).click();
  await page.getByRole('option', { name: `${category.name} (${category.weight}%)` }).click();
  await dialog.getByRole('combobox', { name: 'Tujuan pembelajaran' }).click();
  await page.getByRole('option', { name: /^TP1 — / }).click();
  await page.getByRole('option', { name: /^TP3 — / }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  const saved = await api(request, s.teacher.token, 'GET', s.assignmentApi);
  expect(saved.body.data.category_id).toBe(category.id);
  expect([...(saved.body.data.objective_ids as number[])].length).toBe(2);
}

for (const tag of ['', ' @phone']) {
  test(`the teacher types, orders and imports TPs, tags an assignment, cannot delete a TP in use${tag}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const s = await scene(request);
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto('/tujuan-pembelajaran');
    await expect(page.getByRole('heading', { name: 'Tujuan Pembelajaran', level: 2 })).toBeVisible();
    await pick(page, 'Mata pelajaran', s.subjectName);
    await pick(page, 'Tingkat', 'Kelas 10');
    await expect(page.getByText(`Belum ada TP untuk ${s.subjectName} kelas 10.`)).toBeVisible();

    await typeObjectives(page);
    await importSheet(page);
    await tagAssignment(page, s, request);

    await page.goto('/tujuan-pembelajaran');
    await pick(page, 'Mata pelajaran', s.subjectName);
    await pick(page, 'Tingkat', 'Kelas 10');
    await expect(row(page, 'TP1')).toContainText('dipakai di 1 tugas/kuis');
    await page.getByRole('button', { name: 'Hapus TP TP1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, TP_MSG.inUse(1))).toBeVisible();
    await expect(row(page, 'TP1')).toBeVisible();
    // Not in use: gone.
    await page.getByRole('button', { name: 'Hapus TP TP2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, TP_MSG.deleted)).toBeVisible();
    await expect(row(page, 'TP2')).toHaveCount(0);

    // A TP of another subject on the assignment is refused.
    const other = await api(request, s.admin, 'POST', '/api/admin/subjects', {
      code: `LN-${s.k}`.toUpperCase(),
      name: `Lain ${s.k}`,
      group: 'kejuruan',
      grades: [10],
      department_ids: [],
    });
    ok(other, 201);
    const foreign = await api(request, s.admin, 'POST', '/api/admin/learning-objectives', {
      subject_id: other.body.data.id,
      grade: 10,
      code: 'X1',
      description: 'TP mapel lain',
    });
    ok(foreign, 201);
    const put = await api(request, s.teacher.token, 'PUT', `${s.assignmentApi}/grading`, { objective_ids: [foreign.body.data.id] });
    expect(put.status).toBe(422);
    expect(JSON.stringify(put.body)).toContain(GRADE_MSG.objectiveNotInClass);
  });

  test(`another teacher has no subject here, a student is refused, the admin manages the same TPs${tag}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const s = await scene(request);
    ok(
      await api(request, s.teacher.token, 'POST', '/api/teacher/learning-objectives', {
        subject_id: s.subjectId,
        grade: 10,
        code: 'TP1',
        description: 'Menjelaskan topologi jaringan',
      }),
      201,
    );
    const stranger = await freshUser(request, 2);
    const refused = await api(request, stranger.token, 'POST', '/api/teacher/learning-objectives', {
      subject_id: s.subjectId,
      grade: 10,
      code: 'TP9',
      description: 'Bukan mapel saya',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TP_MSG.notYourSubject);
    const byStudent = await api(request, s.student.token, 'GET', `/api/teacher/learning-objectives?subject_id=${s.subjectId}&grade=10`);
    expect(byStudent.status).toBe(403);
    const foreignClass = await api(request, stranger.token, 'GET', `/api/teacher/online-classes/${s.classId}/learning-objectives`);
    expect(foreignClass.status).toBe(404);

    await signIn(page, stranger.username, stranger.password);
    await page.goto('/tujuan-pembelajaran');
    await expect(page.getByText('Anda belum punya kelas dengan mata pelajaran.', { exact: false })).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await login(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/school/tujuan-pembelajaran');
    await pick(page, 'Mata pelajaran', s.subjectName);
    await pick(page, 'Tingkat', 'Kelas 10');
    await expect(row(page, 'TP1')).toContainText('Menjelaskan topologi jaringan');
    const add = page.getByRole('form', { name: 'Tambah TP' });
    await add.getByLabel('Kode TP').fill('TP2');
    await add.getByLabel('Deskripsi TP').fill('x'.repeat(10));
    await add.getByRole('button', { name: 'Tambah TP' }).click();
    await expect(row(page, 'TP2')).toBeVisible();
    await page.getByRole('button', { name: 'Ubah TP TP2' }).click();
    const edit = page.getByRole('dialog', { name: 'Ubah TP TP2' });
    await edit.getByLabel('Deskripsi TP').fill('Merancang jaringan kecil');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, TP_MSG.updated)).toBeVisible();
    await expect(row(page, 'TP2')).toContainText('Merancang jaringan kecil');
  });
}

/** Two TPs of the scene's subject through the API: their ids. */
async function twoObjectives(request: APIRequestContext, s: Awaited<ReturnType<typeof scene>>) {
  const ids: number[] = [];
  for (const [code, description] of [
    ['TP1', 'Menjelaskan topologi jaringan'],
    ['TP2', 'Memasang kabel UTP'],
  ]) {
    const res = await api(request, s.teacher.token, 'POST', '/api/teacher/learning-objectives', {
      subject_id: s.subjectId,
      grade: 10,
      code,
      description,
    });
    ok(res, 201);
    ids.push(res.body.data.id as number);
  }
  return ids;
}

/** A quiz of one fixed question in the scene's content: its API path and page. */
async function oneQuestionQuiz(request: APIRequestContext, s: Awaited<ReturnType<typeof scene>>) {
  const t = s.teacher.token;
  const category = await api(request, t, 'POST', '/api/teacher/question-categories', { name: `Topologi ${s.k}` });
  ok(category, 201);
  const question = await api(request, t, 'POST', `/api/teacher/question-categories/${category.body.data.id}/questions`, {
    type: 'true_false',
    text: 'Topologi star memakai perangkat pusat.',
    points: 1,
    data: { answer: true },
  });
  ok(question, 201);
  const path = `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}/quizzes`;
  const quiz = await api(request, t, 'POST', path, {
    title: `Kuis topologi ${s.k}`,
    description: '',
    attempts_allowed: 1,
    slots: [{ question_id: question.body.data.id }],
  });
  ok(quiz, 201);
  const id = quiz.body.data.id as number;
  return { api: `${path}/${id}`, page: `/online-class/${s.classId}/contents/${s.lessonId}/quizzes/${id}` };
}

for (const tag of ['', ' @phone']) {
  test(`a quiz takes a category and TPs, and its question a TP of its own${tag}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const s = await scene(request);
    const [tp1, tp2] = await twoObjectives(request, s);
    const quiz = await oneQuestionQuiz(request, s);
    const scheme = await api(request, s.teacher.token, 'GET', `/api/teacher/online-classes/${s.classId}/grade-scheme`);
    const category = (scheme.body.data.categories as Array<{ id: number; name: string; weight: number }>).at(-1)!;

    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(`${quiz.page}/edit`);
    const grading = page.getByRole('region', { name: 'Penilaian' });
    await grading.getByRole('combobox', { name: 'Kategori nilai' }).click();
    await page.getByRole('option', { name: `${category.name} (${category.weight}%)` }).click();
    await grading.getByRole('combobox', { name: 'Tujuan pembelajaran' }).click();
    await page.getByRole('option', { name: /^TP1 — / }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Simpan kuis' }).click();
    await expect(page).toHaveURL(new RegExp(`${quiz.page}$`));
    const saved = await api(request, s.teacher.token, 'GET', quiz.api);
    expect(saved.body.data.category_id).toBe(category.id);
    expect(saved.body.data.objective_ids).toEqual([tp1]);

    // The question list ("Soal dan TP"): the fixed question tagged with TP2.
    await page.getByRole('tab', { name: 'Soal dan TP' }).click();
    const first = page.getByRole('listitem', { name: 'Soal 1' });
    await expect(first).toContainText('Topologi star memakai perangkat pusat.');
    await first.getByRole('combobox', { name: 'TP soal 1' }).click();
    await page.getByRole('option', { name: /^TP2 — / }).click();
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: 'Simpan TP soal 1' }).click();
    await expect(toast(page, GRADE_MSG.tagsSaved)).toBeVisible();
    const tagged = await api(request, s.teacher.token, 'GET', quiz.api);
    expect(tagged.body.data.slots[0].objective_ids).toEqual([tp2]);

    await page.goto('/tujuan-pembelajaran');
    await pick(page, 'Mata pelajaran', s.subjectName);
    await pick(page, 'Tingkat', 'Kelas 10');
    await expect(row(page, 'TP1')).toContainText('dipakai di 1 tugas/kuis');
    await expect(row(page, 'TP2')).toContainText('dipakai di 1 tugas/kuis');
  });
}
