import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, freshRombel, freshUser, login, pickDate, toast, signIn } from './fixtures';

/** A PDF the upload accepts (its type is checked by content). */
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);

/**
 * A fresh teacher with a class for a fresh rombel (so its grading lists hold only this test's
 * students), one content, and `students` fresh students of that rombel.
 */
async function scene(request: APIRequestContext, students = 1) {
  const rombelId = (await freshRombel(request, 'X E2E')).id;
  const teacher = await freshUser(request, 2);
  const pupils = [];
  for (let i = 0; i < students; i++) pupils.push(await freshUser(request, 3, { rombel_id: rombelId }));
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: 'Jaringan Dasar E2E',
    description: 'Kelas uji',
    rombel_class_id: rombelId,
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  const content = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, {
    title: 'Topologi Jaringan',
    description: 'Pengenalan topologi',
  });
  expect(content.status, JSON.stringify(content.body)).toBe(201);
  const lessonId = content.body.data.id as number;
  return {
    teacher,
    students: pupils,
    classId,
    lessonId,
    base: `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`,
  };
}

type Scene = Awaited<ReturnType<typeof scene>>;

async function createAssignment(request: APIRequestContext, s: Scene, title = 'Tugas Topologi') {
  const res = await api(request, s.teacher.token, 'POST', s.base, {
    title,
    description: 'Gambar topologi star.',
    deadline: '2030-12-01T10:00',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** The student hands in a file the way the submission screen does (multipart POST with _method PUT). */
async function submitFile(request: APIRequestContext, token: string, assignmentId: number, filename: string) {
  const res = await request.post(`/api/student/submissions/${assignmentId}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { _method: 'PUT', file: { name: filename, mimeType: 'application/pdf', buffer: pdf('jawaban') } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const column = (page: Page, name: 'Diserahkan' | 'Ditugaskan' | 'Dinilai') => page.getByRole('region', { name, exact: true });
const studentWork = (page: Page) => page.getByRole('region', { name: 'Penilaian', exact: true });

test('a teacher creates an assignment from Sub konten, edits it, grades a submission and deletes it', async ({ page, request }) => {
  const s = await scene(request);
  const student = s.students[0]!;
  await signIn(page, s.teacher.username, s.teacher.password);

  // Create through the Buat Assignment modal of the class page.
  await page.goto(`/online-class/${s.classId}`);
  await page.getByRole('button', { name: 'Sub konten' }).first().click();
  await page.getByRole('menuitem', { name: 'Add Assignment' }).click();
  const modal = page.getByRole('dialog', { name: 'Buat Assignment' });
  const save = modal.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();
  await modal.getByRole('textbox', { name: 'Judul' }).fill('Tugas Topologi Star');
  await modal.getByRole('textbox', { name: 'Deskripsi' }).fill('Gambarkan topologi star\nlengkap dengan keterangan.');
  await expect(save).toBeDisabled();
  await pickDate(page, modal.getByLabel('Tenggat (WIB)'), '2030-12-01', '10:00');
  await expect(modal.getByLabel('Tenggat (WIB)')).toHaveText('01/12/2030 10.00');
  await save.click();
  await expect(modal).toBeHidden();
  await expect(toast(page, 'Tugas berhasil ditambahkan')).toBeVisible();

  // Open it from the Tugas list (refreshed without a reload).
  await page.getByRole('link', { name: 'Tugas Topologi Star' }).click();
  await expect(page).toHaveURL(new RegExp(`/online-class/${s.classId}/contents/${s.lessonId}/assignment/\\d+$`));
  const assignmentId = Number(/assignment\/(\d+)$/.exec(page.url())![1]);

  // Instruksi Tugas is the default tab.
  await expect(page.getByRole('tab', { name: 'Instruksi Tugas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Tugas Topologi Star' })).toBeVisible();
  await expect(page.getByText(`${s.teacher.name} · Dibuat`)).toBeVisible();
  await expect(page.getByText('100 poin')).toBeVisible();
  await expect(page.getByText('Tenggat: 1 Desember 2030 10.00 WIB')).toBeVisible();
  await expect(page.getByText('lengkap dengan keterangan.')).toBeVisible();

  // Edit: the modal opens filled, in WIB.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Assignment' });
  await expect(edit.getByRole('textbox', { name: 'Judul' })).toHaveValue('Tugas Topologi Star');
  await expect(edit.getByLabel('Tenggat (WIB)')).toHaveText('01/12/2030 10.00');
  await edit.getByRole('textbox', { name: 'Judul' }).fill('Tugas Topologi Star (revisi)');
  await pickDate(page, edit.getByLabel('Tenggat (WIB)'), '2030-12-02', '08:30');
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Tugas Topologi Star (revisi)' })).toBeVisible();
  await expect(page.getByText('Tenggat: 2 Desember 2030 08.30 WIB')).toBeVisible();

  // The student hands in a file.
  const filename = 'Jawaban Tugas Topologi Star Kelas X Teknik Komputer dan Jaringan.pdf';
  await submitFile(request, student.token, assignmentId, filename);

  // Penilaian Tugas: the student is under Diserahkan, not graded yet; the grading view shows the file.
  await page.getByRole('tab', { name: 'Penilaian Tugas' }).click();
  const summary = page.getByLabel('Ringkasan pengumpulan');
  await expect(summary).toContainText('1Diserahkan');
  await expect(summary).toContainText('1Diberikan');
  await expect(summary).toContainText('0Dinilai');
  await column(page, 'Diserahkan').getByRole('link', { name: student.name }).click();
  await expect(page).toHaveURL(new RegExp(`/assignment/${assignmentId}/students/${student.id}$`));
  await expect(page.getByRole('heading', { name: student.name })).toBeVisible();
  const file = page.getByRole('figure', { name: filename });
  await expect(file.getByText(`${filename.slice(0, 48)}...`)).toBeVisible();
  const link = file.getByRole('link', { name: 'Buka' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', /\/api\/files\//);
  const work = studentWork(page);
  await expect(work.getByText('Belum dinilai')).toBeVisible();

  // Out of range: a red toast, nothing sent.
  const grades: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/grade')) grades.push(req.postData() ?? '');
  });
  const score = work.getByRole('textbox', { name: 'Nilai (0–100)' });
  await score.fill('101');
  await work.getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(page, 'Score tidak boleh kurang dari 0 / lebih dari 100 please try again!')).toBeVisible();
  expect(grades).toEqual([]);
  await expect(work.getByText('Belum dinilai')).toBeVisible();

  // A valid grade: the green toast, the score, and back on the lists the student is under Dinilai.
  await score.fill('85');
  await work.getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(page, 'Nilai berhasil disimpan')).toBeVisible();
  expect(grades).toHaveLength(1);
  await expect(work.getByTestId('score')).toHaveText('85');
  await page.getByRole('link', { name: 'Kembali ke penilaian' }).click();
  await expect(column(page, 'Dinilai').getByRole('link', { name: student.name })).toContainText('85');
  await expect(column(page, 'Diserahkan').getByRole('link', { name: student.name })).toHaveCount(0);
  await expect(summary).toContainText('1Dinilai');
  await expect(summary).toContainText('0Diserahkan');

  // Delete from the instructions tab: confirmation, back on the class page, gone from the Tugas list.
  await page.getByRole('tab', { name: 'Instruksi Tugas' }).click();
  await page.getByRole('button', { name: 'Hapus' }).click();
  await page.getByRole('dialog', { name: 'Hapus Assignment' }).getByRole('button', { name: 'Hapus' }).click();
  await expect(page).toHaveURL(new RegExp(`/online-class/${s.classId}$`));
  await expect(toast(page, 'Tugas berhasil dihapus')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tugas Topologi Star (revisi)' })).toHaveCount(0);
  expect((await api(request, s.teacher.token, 'GET', `${s.base}/${assignmentId}`)).status).toBe(404);
});

test('the assignment page loads by id, a student without a submission has no grading form, another teacher gets Not Found', async ({
  page,
  request,
}) => {
  const s = await scene(request, 2);
  const [submitter, idle] = s.students as [Scene['students'][0], Scene['students'][0]];
  const assignmentId = await createAssignment(request, s);
  await submitFile(request, submitter.token, assignmentId, 'jawaban.pdf');
  const url = `/online-class/${s.classId}/contents/${s.lessonId}/assignment/${assignmentId}`;

  await signIn(page, s.teacher.username, s.teacher.password);
  await page.goto(`${url}?tab=penilaian`);
  await expect(page.getByRole('tab', { name: 'Penilaian Tugas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Ringkasan pengumpulan')).toContainText('2Diberikan');
  await expect(column(page, 'Diserahkan').getByRole('link', { name: submitter.name })).toBeVisible();
  await column(page, 'Ditugaskan').getByRole('link', { name: idle.name }).click();
  await expect(page.getByText('Siswa ini belum mengumpulkan tugas.')).toBeVisible();
  await expect(studentWork(page).getByRole('textbox', { name: 'Nilai (0–100)' })).toHaveCount(0);

  // The grading view and the lists are still there after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: idle.name })).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke penilaian' }).click();
  await page.reload();
  await expect(column(page, 'Ditugaskan').getByRole('link', { name: idle.name })).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke kelas' }).click();
  await expect(page).toHaveURL(new RegExp(`/online-class/${s.classId}$`));

  // Another teacher cannot reach it.
  const other = await freshUser(request, 2);
  await page.evaluate(() => localStorage.clear());
  await login(page, other.username, other.password);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
  await page.goto(`${url}/students/${submitter.id}`);
  await expect(page.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
});

/** Opens "Buat Assignment" from the first content's Sub konten menu and fills the title and description. */
async function openNewAssignment(page: Page, s: Scene, title: string) {
  await page.goto(`/online-class/${s.classId}`);
  await page.getByRole('button', { name: 'Sub konten' }).first().click();
  await page.getByRole('menuitem', { name: 'Add Assignment' }).click();
  const modal = page.getByRole('dialog', { name: 'Buat Assignment' });
  await modal.getByRole('textbox', { name: 'Judul' }).fill(title);
  await modal.getByRole('textbox', { name: 'Deskripsi' }).fill('Kerjakan di buku tulis.');
  return modal;
}

test('@phone a teacher fills and submits the assignment form with the date-time picker at 390 px', async ({ page, request }) => {
  const s = await scene(request);
  await login(page, s.teacher.username, s.teacher.password);
  const modal = await openNewAssignment(page, s, 'Tugas dari ponsel');
  const deadline = modal.getByLabel('Tenggat (WIB)');
  // The field and its calendar fit the phone's width.
  const box = (await deadline.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await pickDate(page, deadline, '2031-02-20', '07:45');
  await expect(deadline).toHaveText('20/02/2031 07.45');
  const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(s.base));
  await modal.getByRole('button', { name: 'Simpan' }).click();
  // 07.45 WIB is 00.45 UTC: the API gets the instant, as before the picker.
  expect((await post).postDataJSON()).toMatchObject({ title: 'Tugas dari ponsel', deadline: '2031-02-20T00:45:00.000Z' });
  await expect(toast(page, 'Tugas berhasil ditambahkan')).toBeVisible();
  await expect(modal).toBeHidden();
  await page.getByRole('link', { name: 'Tugas dari ponsel' }).click();
  await expect(page.getByText('Tenggat: 20 Februari 2031 07.45 WIB')).toBeVisible();
});

test('a deadline in the past is saved only after the teacher acknowledges the warning', async ({ page, request }) => {
  const s = await scene(request);
  await login(page, s.teacher.username, s.teacher.password);
  const modal = await openNewAssignment(page, s, 'Tugas susulan');
  const save = modal.getByRole('button', { name: 'Simpan' });
  await pickDate(page, modal.getByLabel('Tenggat (WIB)'), '2024-01-10', '08:00');
  await expect(modal.getByText('Tenggat sudah lewat. Siswa akan langsung tercatat terlambat.')).toBeVisible();
  await expect(save).toBeDisabled();
  const understood = modal.getByRole('checkbox', { name: 'Saya mengerti, tetap simpan' });
  await understood.check();
  await expect(save).toBeEnabled();
  // A new deadline asks again; a future one needs no warning.
  await pickDate(page, modal.getByLabel('Tenggat (WIB)'), '2024-01-11', '08:00');
  await expect(understood).not.toBeChecked();
  await expect(save).toBeDisabled();
  await understood.check();
  await save.click();
  await expect(toast(page, 'Tugas berhasil ditambahkan')).toBeVisible();
  await page.getByRole('link', { name: 'Tugas susulan' }).click();
  await expect(page.getByText('Tenggat: 11 Januari 2024 08.00 WIB')).toBeVisible();
});

test('a closing time before the deadline is refused with its message; a valid one shows on the assignment', async ({ page, request }) => {
  const s = await scene(request);
  await login(page, s.teacher.username, s.teacher.password);
  const modal = await openNewAssignment(page, s, 'Tugas dengan penutupan');
  await pickDate(page, modal.getByLabel('Tenggat (WIB)'), '2031-03-10', '23:59');
  await pickDate(page, modal.getByLabel('Waktu penutupan (WIB)'), '2031-03-09', '12:00');
  await modal.getByRole('button', { name: 'Simpan' }).click();
  await expect(modal.getByText('Waktu penutupan tidak boleh sebelum tenggat')).toBeVisible();
  await pickDate(page, modal.getByLabel('Waktu penutupan (WIB)'), '2031-03-12', '07:00');
  await modal.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Tugas berhasil ditambahkan')).toBeVisible();
  await page.getByRole('link', { name: 'Tugas dengan penutupan' }).click();
  await expect(page.getByText('Tenggat: 10 Maret 2031 23.59 WIB')).toBeVisible();
  await expect(page.getByText('Ditutup: 12 Maret 2031 07.00 WIB')).toBeVisible();

  // Editing keeps it, and clearing it removes it.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Assignment' });
  await expect(edit.getByLabel('Waktu penutupan (WIB)')).toHaveText('12/03/2031 07.00');
  await edit.getByRole('button', { name: 'Kosongkan waktu penutupan' }).click();
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(/^Ditutup:/)).toHaveCount(0);
});
