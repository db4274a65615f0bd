import { expect, test, type Page } from '@playwright/test';
import { classWithLesson, freshRombel, freshUser, login, pickDate, toast, signIn } from './fixtures';

/** The value cell of a row of the student's "Submission Status" table. */
const statusCell = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

/**
 * Issue 5 end to end, both roles in their own browser: the teacher creates the assignment on the
 * class page, the student hands in and replaces a file, the teacher grades it, the student sees the
 * grade and can no longer replace the file.
 */
test('a teacher assigns, a student hands in and replaces, the teacher grades, the student sees the grade', async ({ browser, request }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const rombel = await freshRombel(request, 'XI ALUR', 11);
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const { classId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: `Administrasi Server ${stamp}`,
    lessonTitle: 'Layanan DNS',
  });
  const title = `Konfigurasi DNS ${stamp}`;

  const teacherPage = await (await browser.newContext()).newPage();
  const studentPage = await (await browser.newContext()).newPage();

  // The teacher creates the assignment through Sub konten → Add Assignment.
  await signIn(teacherPage, teacher.username, teacher.password);
  await teacherPage.goto(`/online-class/${classId}`);
  await teacherPage.getByRole('button', { name: 'Sub konten' }).first().click();
  await teacherPage.getByRole('menuitem', { name: 'Add Assignment' }).click();
  const modal = teacherPage.getByRole('dialog', { name: 'Buat Assignment' });
  await modal.getByRole('textbox', { name: 'Judul' }).fill(title);
  await modal.getByRole('textbox', { name: 'Deskripsi' }).fill('Konfigurasikan DNS server untuk domain sekolah.');
  await pickDate(teacherPage, modal.getByLabel('Tenggat (WIB)'), '2031-01-15', '23:59');
  await modal.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(teacherPage, 'Tugas berhasil ditambahkan')).toBeVisible();
  await teacherPage.getByRole('link', { name: title }).click();
  await expect(teacherPage.getByRole('heading', { name: title })).toBeVisible();

  // The student sees it under Upcoming Assignments and opens it with "lihat".
  await login(studentPage, student.username, student.password);
  const upcoming = studentPage.getByRole('region', { name: 'Upcoming Assignments' });
  await expect(upcoming).toContainText(title);
  await expect(upcoming).toContainText('15 Januari 2031 23.59 WIB');
  await upcoming.getByRole('link', { name: `lihat ${title}` }).click();
  await expect(studentPage.getByRole('heading', { name: 'Submission Detail' })).toBeVisible();
  await expect(statusCell(studentPage, 'Grading Status')).toHaveText('Belum Mengumpulkan');

  // Hands in a file, then replaces it while it is still ungraded ("Ubah kiriman", the old file removed).
  const mine = studentPage.getByRole('region', { name: 'Tugasmu' });
  let previous: string | null = null;
  for (const name of ['dns-draf.txt', 'dns-final.txt']) {
    if (previous) await mine.getByRole('button', { name: 'Ubah kiriman' }).click();
    const form = studentPage.getByRole('region', { name: previous ? 'Ubah kiriman' : 'Kirim tugas' });
    if (previous) await form.getByRole('button', { name: `Hapus ${previous}` }).click();
    await form
      .getByLabel('File jawaban')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`zone "smk.sch.id" — ${name}`) });
    // "Upload Submission" before anything was handed in, "Update Submission" when replacing.
    await form.getByRole('button', { name: previous ? 'Update Submission' : 'Upload Submission' }).click();
    await expect(mine.getByRole('link', { name })).toBeVisible();
    previous = name;
  }
  await expect(mine.getByRole('link', { name: 'dns-draf.txt' })).toHaveCount(0);
  await expect(statusCell(studentPage, 'Status')).toHaveText('Sudah Mengumpulkan');
  await expect(statusCell(studentPage, 'Grading Status')).toHaveText('Menunggu untuk dinilai');

  // The teacher finds the work under Diserahkan — the replaced file, not the draft — previews it and grades it.
  await teacherPage.getByRole('tab', { name: 'Penilaian Tugas' }).click();
  await teacherPage.getByRole('region', { name: 'Diserahkan', exact: true }).getByRole('link', { name: student.name }).click();
  const shown = teacherPage.getByRole('region', { name: 'Kiriman siswa' });
  await expect(shown.getByLabel('Isi dns-final.txt')).toHaveText('zone "smk.sch.id" — dns-final.txt');
  await expect(shown.getByRole('figure', { name: 'dns-draf.txt' })).toHaveCount(0);
  const work = teacherPage.getByRole('region', { name: 'Penilaian', exact: true });
  await expect(work.getByText('Belum dinilai')).toBeVisible();
  await work.getByRole('textbox', { name: 'Nilai (0–100)' }).fill('90');
  await work.getByRole('textbox', { name: 'Masukan' }).fill('Konfigurasi zona sudah benar.');
  await work.getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(teacherPage, 'Nilai berhasil disimpan')).toBeVisible();
  await teacherPage.getByRole('link', { name: 'Kembali ke penilaian' }).click();
  await expect(teacherPage.getByRole('region', { name: 'Dinilai', exact: true }).getByRole('link', { name: student.name })).toContainText(
    '90',
  );

  // The student sees the grade, and the submission is locked.
  await studentPage.reload();
  await expect(statusCell(studentPage, 'Grading Status')).toHaveText('Sudah dinilai');
  await expect(statusCell(studentPage, 'Score')).toHaveText('90');
  await expect(mine).toContainText('Tugas yang sudah dinilai tidak dapat diganti lagi.');
  await expect(studentPage.getByRole('button', { name: 'Ubah kiriman' })).toHaveCount(0);
  // Contexts made here are not closed by Playwright: left open, their pages would live on in the worker's next tests.
  await teacherPage.context().close();
  await studentPage.context().close();
});
