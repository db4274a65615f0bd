import fs from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { expect, test, type Page } from '@playwright/test';
import { toast, signIn } from './fixtures';
import { gradingScene, stamp } from './grading-fixtures';

const DONE = 'Berhasil, Tugasmu berhasil dikumpulkan.';

/** The value cell of a row of the student's "Submission Status" table. */
const statusCell = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

/** A photo of handwritten work as a phone makes it: a real JPEG drawn by the browser. */
async function photo(page: Page, name: string, line: string) {
  const dataUrl = await page.evaluate((text) => {
    const c = document.createElement('canvas');
    c.width = 300;
    c.height = 400;
    const g = c.getContext('2d')!;
    g.fillStyle = '#fdfbf3';
    g.fillRect(0, 0, 300, 400);
    g.fillStyle = '#1d3557';
    g.font = '22px serif';
    g.fillText(text, 20, 60);
    return c.toDataURL('image/jpeg', 0.85);
  }, line);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/**
 * Issue 20 end to end: a student hands in three photos and a text answer on a phone, the teacher
 * previews them, grades with feedback and returns the work, the student hands in again, the teacher
 * grades again, downloads every submission as a ZIP and exports the gradebook as XLSX.
 */
test('the assignment loop: phone hand-in, preview, grade, return, hand in again, ZIP and gradebook', async ({ browser, request }) => {
  const mark = stamp();
  const nis = String(Date.now()).slice(-8);
  const s = await gradingScene(request, [`Dewi Anggraini ${mark}`], '2031-05-20T23:59', { nis });
  const student = s.students[0]!;

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();

  // The student, on a phone, photographs three pages and writes a short answer.
  await signIn(phone, student.username, student.password);
  await phone.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
  const form = phone.getByRole('region', { name: 'Kirim tugas' });
  const photos = [
    await photo(phone, 'halaman-1.jpg', 'Nomor 1: <header>'),
    await photo(phone, 'halaman-2.jpg', 'Nomor 2: flexbox'),
    await photo(phone, 'halaman-3.jpg', 'Nomor 3: media query'),
  ];
  const chooser = phone.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pilih file' }).click();
  await (await chooser).setFiles(photos);
  await expect(form.getByRole('list', { name: 'File baru' }).getByRole('listitem')).toHaveCount(3);
  await form.getByRole('textbox', { name: 'Jawaban' }).fill('Foto halaman 1–3 berisi jawaban nomor 1 sampai 3.');
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(phone, DONE)).toBeVisible();
  await expect(statusCell(phone, 'Grading Status')).toHaveText('Menunggu untuk dinilai');

  // The teacher previews the three photos and the answer in the grading view.
  await signIn(desk, s.teacher.username, s.teacher.password);
  await desk.goto(`${s.page}?tab=penilaian`);
  await desk.getByRole('region', { name: 'Diserahkan', exact: true }).getByRole('link', { name: student.name }).click();
  const work = desk.getByRole('region', { name: 'Kiriman siswa' });
  for (const p of photos) {
    const img = work.getByRole('img', { name: p.name });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(300);
  }
  await expect(work.getByText('Foto halaman 1–3 berisi jawaban nomor 1 sampai 3.')).toBeVisible();

  // Grades with feedback and returns it.
  const grading = desk.getByRole('region', { name: 'Penilaian', exact: true });
  await grading.getByRole('textbox', { name: 'Nilai (0–100)' }).fill('65');
  await grading.getByRole('textbox', { name: 'Masukan' }).fill('Nomor 3 belum memakai media query. Perbaiki lalu kirim lagi.');
  await grading.getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(desk, 'Nilai berhasil disimpan')).toBeVisible();
  await grading.getByRole('button', { name: 'Kembalikan' }).click();
  await expect(toast(desk, 'Tugas dikembalikan ke siswa')).toBeVisible();

  // The student sees the feedback and hands in again.
  await phone.reload();
  await expect(statusCell(phone, 'Grading Status')).toHaveText('Dikembalikan');
  await expect(phone.getByText('Nomor 3 belum memakai media query. Perbaiki lalu kirim lagi.').first()).toBeVisible();
  await phone.getByRole('region', { name: 'Tugasmu' }).getByRole('button', { name: 'Ubah kiriman' }).click();
  const again = phone.getByRole('region', { name: 'Ubah kiriman' });
  await again.getByRole('textbox', { name: 'Jawaban' }).fill('Nomor 3 sudah memakai media query (foto halaman 3).');
  await again.getByRole('button', { name: 'Update Submission' }).click();
  await expect(toast(phone, DONE)).toBeVisible();
  await expect(statusCell(phone, 'Grading Status')).toHaveText('Menunggu untuk dinilai');

  // The teacher sees the new version, the returned one in the history, and grades again.
  await desk.reload();
  await expect(work.getByText('Nomor 3 sudah memakai media query (foto halaman 3).')).toBeVisible();
  const history = desk.getByRole('region', { name: 'Riwayat versi' });
  await expect(history.getByRole('button', { name: 'Versi 1 · Nilai 65' })).toBeVisible();
  await grading.getByRole('textbox', { name: 'Nilai (0–100)' }).fill('90');
  await grading.getByRole('textbox', { name: 'Masukan' }).fill('Sudah benar semua.');
  await grading.getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(desk, 'Nilai berhasil disimpan')).toBeVisible();

  // "Unduh semua (ZIP)": a folder "NIS - Nama" with the three photos and the answer.
  await desk.getByRole('link', { name: 'Kembali ke penilaian' }).click();
  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Unduh semua (ZIP)' }).click();
  const zipFile = await download;
  const zip = await JSZip.loadAsync(fs.readFileSync((await zipFile.path())!));
  const folder = `${nis} - ${student.name}`;
  const names = Object.keys(zip.files).filter((n) => !n.endsWith('/'));
  expect(names.sort()).toEqual([`${folder}/Jawaban.txt`, ...photos.map((p) => `${folder}/${p.name}`)].sort());
  expect(await zip.file(`${folder}/Jawaban.txt`)!.async('string')).toBe('Nomor 3 sudah memakai media query (foto halaman 3).');
  expect(Buffer.from(await zip.file(`${folder}/halaman-2.jpg`)!.async('uint8array')).equals(photos[1]!.buffer)).toBe(true);

  // The gradebook as XLSX: the student's row holds the latest score and the average.
  const token = await desk.evaluate(() => localStorage.getItem('token'));
  const res = await request.get(`/api/teacher/online-classes/${s.classId}/gradebook.xlsx`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.body()) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'No', 'NIS', 'Nama', 'Membuat halaman profil', 'Rata-rata']);
  expect(sheet.getRow(2).values).toEqual([undefined, 1, nis, student.name, 90, 90]);
  // Contexts made here are not closed by Playwright: left open, their pages would live on in the worker's next tests.
  await phone.context().close();
  await desk.context().close();
});
