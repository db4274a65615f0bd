/**
 * Resumable uploads in the browser (issue 23): a student's 20 MB hand-in on a phone survives a
 * network cut at about half and goes on from there; an upload survives a reload of the tab when the
 * same file is picked again; a refused file shows a failure that stays, with "Coba lagi"; the
 * submission page's wording ("Upload Submission" / "Update Submission", a neutral 50 MB hint); a
 * teacher's material survives a cut too. The network is slowed with Chromium's emulation so the
 * bytes take real time, and cut with the browser context's offline switch.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { api, login, throttleUploads, toast } from './fixtures';
import { gradingScene, stamp } from './grading-fixtures';

const MB = 1024 * 1024;
const DONE = 'Berhasil, Tugasmu berhasil dikumpulkan.';
const FAILED = 'Gagal mengunggah — tugas BELUM terkirim';

/**
 * A valid PDF of `bytes` bytes written to a temporary file (a real file on disk keeps its name,
 * size and date when it is picked twice, as a phone's gallery does): a small document whose
 * comment lines pad it out, with varied bytes so nothing on the way could shrink it.
 */
function pdfFile(name: string, bytes: number): { path: string; sha256: string; size: number } {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const line = Buffer.from(`%${'0123456789abcdefghijklmnopqrstuvwxyz'.repeat(2)}\n`);
  const body = Buffer.alloc(bytes - head.length - tail.length);
  for (let i = 0; i < body.length; i += line.length) line.copy(body, i);
  const data = Buffer.concat([head, body, tail]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-tus-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return { path: file, sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
}

/** The percentage shown by the file's progress bar, or null when there is none. */
const shownPercent = (bar: Locator) =>
  bar.getAttribute('aria-valuenow', { timeout: 1000 }).then(
    (v) => (v === null ? null : Number(v)),
    () => null,
  );

/**
 * Records, in the page, every percentage the file's bar shows (sampled every 50 ms) from now on:
 * what the student saw, including a drop back towards 0 % if the upload restarted.
 */
async function recordPercentages(page: Page, name: string) {
  await page.evaluate((label) => {
    const w = window as unknown as { seen: number[]; recorder?: number };
    w.seen = [];
    if (w.recorder) window.clearInterval(w.recorder);
    w.recorder = window.setInterval(() => {
      const bar = [...document.querySelectorAll('[role="progressbar"]')].find((b) => b.getAttribute('aria-label') === `Progres ${label}`);
      const v = bar?.getAttribute('aria-valuenow');
      if (v != null) w.seen.push(Number(v));
    }, 50);
  }, name);
  return () => page.evaluate(() => (window as unknown as { seen: number[] }).seen);
}

/** The tus requests of the page: creations (POST) and the offsets the PATCHes start from. */
function watchTus(page: Page) {
  const log = { creations: 0, patchOffsets: [] as number[] };
  page.on('request', (r: Request) => {
    if (!new URL(r.url()).pathname.startsWith('/api/uploads')) return;
    if (r.method() === 'POST') log.creations++;
    if (r.method() === 'PATCH') log.patchOffsets.push(Number(r.headers()['upload-offset']));
  });
  return log;
}

/** Picks files with "Pilih file" of the form. */
async function pick(page: Page, form: Locator, files: string | string[] | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pilih file' }).click();
  await (await chooser).setFiles(files);
}

/** The text's colour is a grey (no channel stands out), not a red warning. */
async function expectNeutral(text: Locator) {
  const rgb = await text.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  expect(Math.max(r, g, b) - Math.min(r, g, b), `colour ${rgb}`).toBeLessThan(40);
}

/** The student's handed-in files as the teacher's grading API has them. */
async function teacherSees(request: APIRequestContext, s: Awaited<ReturnType<typeof gradingScene>>, studentId: number) {
  const res = await api(request, s.teacher.token, 'GET', `${s.api}/students/${studentId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.submission.files as Array<{ filename: string; size: number; file: string }>;
}

test('@phone a 20 MB hand-in cut off at about half waits for the signal, resumes from there and is handed in', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await gradingScene(request, [`Rina Lestari ${stamp()}`]);
  const student = s.students[0]!;
  const big = pdfFile('laporan-praktikum.pdf', 20 * MB);
  await login(page, student.username, student.password);
  await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
  const form = page.getByRole('region', { name: 'Kirim tugas' });

  // The wording before anything is handed in, and the limit as a neutral hint.
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Update Submission' })).toHaveCount(0);
  const hint = form.getByText(/paling besar 50 MB per file/);
  await expect(hint).toBeVisible();
  await expectNeutral(hint);

  // About 1 MB/s up: 20 MB take some 20 seconds.
  await throttleUploads(page, MB);
  const tus = watchTus(page);
  await pick(page, form, big.path);
  const row = form.getByRole('list', { name: 'File baru' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('laporan-praktikum.pdf');
  await expect(row).toContainText('20,0 MB');
  const bar = row.getByRole('progressbar', { name: 'Progres laporan-praktikum.pdf' });
  // While sending: bytes sent of the whole, the time left; the button waits and says why.
  await expect(row).toContainText(/\d+,\d MB dari 20,0 MB/);
  await expect(row).toContainText(/(sekitar \d+ (detik|menit) lagi|beberapa detik lagi)/);
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeDisabled();
  await expect(form).toContainText('Tunggu sampai semua file selesai diunggah (0 dari 1 selesai).');
  // The row fits the phone's 390 px (a long name wraps, nothing scrolls sideways).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Cut the network once the bar passes half.
  await expect.poll(() => shownPercent(bar), { timeout: 60_000, intervals: [200] }).toBeGreaterThanOrEqual(50);
  await page.context().setOffline(true);
  const atCut = (await shownPercent(bar))!;
  expect(atCut).toBeLessThan(90);
  const seen = await recordPercentages(page, 'laporan-praktikum.pdf');
  await expect(row.getByRole('status')).toHaveText('Menunggu sinyal… Unggahan dilanjutkan otomatis saat internet kembali.');
  // It waits (no failure, no reset) for as long as the network is gone.
  await page.waitForTimeout(3000);
  await expect(row.getByRole('status')).toContainText('Menunggu sinyal…');
  await expect(row.getByRole('alert')).toHaveCount(0);
  expect(await shownPercent(bar)).toBeGreaterThanOrEqual(atCut);
  const patchesBeforeCut = tus.patchOffsets.length;

  // The signal returns: the upload goes on from the server's offset, not from 0.
  await page.context().setOffline(false);
  await throttleUploads(page, MB);
  await expect(row).toContainText('Selesai diunggah, siap diserahkan', { timeout: 60_000 });
  expect(tus.creations, 'one upload, never a new one').toBe(1);
  const resumedAt = tus.patchOffsets.slice(patchesBeforeCut);
  expect(resumedAt.length).toBeGreaterThan(0);
  expect(resumedAt[0]!, 'the first PATCH after the cut starts at about half').toBeGreaterThan(0.4 * big.size);
  const shown = await seen();
  expect(shown.length).toBeGreaterThan(0);
  expect(Math.min(...shown), `percentages shown after the cut: ${shown.join(',')}`).toBeGreaterThanOrEqual(40);
  await throttleUploads(page, -1);

  // Handed in: "Terkirim" with the time, the file with its size.
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(page, DONE)).toBeVisible();
  const work = page.getByRole('region', { name: 'Tugasmu' });
  await expect(work.getByRole('status')).toHaveText(/^Terkirim pukul \d{2}\.\d{2} WIB$/);
  const files = work.getByRole('list', { name: 'File tugasmu' }).getByRole('listitem');
  await expect(files).toHaveCount(1);
  await expect(files.first()).toContainText('laporan-praktikum.pdf');
  await expect(files.first()).toContainText('20,0 MB');

  // The teacher has the very same bytes.
  const stored = await teacherSees(request, s, student.id);
  expect(stored.map((f) => [f.filename, f.size])).toEqual([['laporan-praktikum.pdf', big.size]]);
  const download = await request.get(stored[0]!.file, { headers: { Authorization: `Bearer ${s.teacher.token}` } });
  expect(download.status()).toBe(200);
  expect(
    createHash('sha256')
      .update(await download.body())
      .digest('hex'),
  ).toBe(big.sha256);

  // Changing the work: the button now reads "Update Submission".
  await work.getByRole('button', { name: 'Ubah kiriman' }).click();
  const again = page.getByRole('region', { name: 'Ubah kiriman' });
  await expect(again.getByRole('button', { name: 'Update Submission' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Upload Submission' })).toHaveCount(0);
});

test('@phone an upload stopped by a reload goes on from where it was when the same file is picked again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await gradingScene(request, [`Dewi Anggraini ${stamp()}`]);
  const student = s.students[0]!;
  const file = pdfFile('tugas-video.pdf', 8 * MB);
  await login(page, student.username, student.password);
  const url = `/my-classes/${s.classId}/submissions/${s.assignmentId}`;
  await page.goto(url);
  let form = page.getByRole('region', { name: 'Kirim tugas' });
  await throttleUploads(page, 500 * 1024);
  const tus = watchTus(page);
  await pick(page, form, file.path);
  const bar = () => form.getByRole('progressbar', { name: 'Progres tugas-video.pdf' });
  await expect.poll(() => shownPercent(bar()), { timeout: 60_000, intervals: [200] }).toBeGreaterThanOrEqual(35);

  // The tab is reloaded mid-upload (the phone's browser dropped it); the student picks the same file.
  await page.reload();
  form = page.getByRole('region', { name: 'Kirim tugas' });
  await expect(form.getByRole('list', { name: 'File baru' })).toHaveCount(0);
  const creations = tus.creations;
  const patches = tus.patchOffsets.length;
  await throttleUploads(page, 500 * 1024);
  const seen = await recordPercentages(page, 'tugas-video.pdf');
  await pick(page, form, file.path);
  await expect(form).toContainText('Selesai diunggah, siap diserahkan', { timeout: 60_000 });
  expect(tus.creations, 'no new upload after the reload').toBe(creations);
  expect(tus.patchOffsets[patches]!, 'the first PATCH after the reload').toBeGreaterThan(0.3 * file.size);
  // Before the server's answer the new row shows 0 % ("Menyiapkan unggahan…"); from its first progress on, never near 0 again.
  const all = await seen();
  const shown = all.slice(all.findIndex((v) => v > 0));
  expect(shown.length, `percentages shown after the reload: ${all.join(',')}`).toBeGreaterThan(0);
  expect(Math.min(...shown), `percentages shown after the reload: ${all.join(',')}`).toBeGreaterThanOrEqual(30);
  await throttleUploads(page, -1);

  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(page, DONE)).toBeVisible();
  const stored = await teacherSees(request, s, student.id);
  expect(stored.map((f) => [f.filename, f.size])).toEqual([['tugas-video.pdf', file.size]]);
});

test('a file the server refuses shows a failure that stays, with "Coba lagi"; nothing is handed in', async ({ page, request }) => {
  const s = await gradingScene(request, [`Bayu Saputra ${stamp()}`]);
  const student = s.students[0]!;
  await login(page, student.username, student.password);
  await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
  const form = page.getByRole('region', { name: 'Kirim tugas' });
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeVisible();
  await expectNeutral(form.getByText(/paling besar 50 MB per file/));

  // A program named like a PDF: its first bytes give it away (415 from the server).
  const fake = {
    name: 'laporan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(64 * 1024, 7)]),
  };
  await pick(page, form, fake);
  const row = form.getByRole('list', { name: 'File baru' }).getByRole('listitem');
  const failure = row.getByRole('alert');
  await expect(failure).toContainText(FAILED);
  await expect(failure).toContainText('Tipe file tidak didukung');
  await expect(failure.getByRole('button', { name: 'Coba lagi laporan.pdf' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeDisabled();
  await expect(form).toContainText('Ada file yang gagal diunggah. Tekan "Coba lagi" pada file itu atau hapus file itu dulu.');

  // It stays: no silent retry or reset while the student does nothing.
  await page.waitForTimeout(4000);
  await expect(failure).toContainText(FAILED);
  await expect(row.getByRole('progressbar')).toHaveCount(0);

  // "Coba lagi" sends it again; the server refuses again, and the failure is back.
  const retried = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/uploads') && r.method() === 'PATCH');
  await failure.getByRole('button', { name: 'Coba lagi laporan.pdf' }).click();
  await retried;
  await expect(row.getByRole('alert')).toContainText(FAILED);

  // Removing the file frees the button; nothing was handed in.
  await row.getByRole('button', { name: 'Hapus laporan.pdf' }).click();
  await expect(form.getByRole('list', { name: 'File baru' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeEnabled();
  const work = await api(request, student.token, 'GET', `/api/student/submissions/${s.assignmentId}`);
  expect(work.body.data.submission.submitted_at).toBeNull();
});

test("a teacher's material cut off mid-upload waits for the signal and is saved whole", async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await gradingScene(request, []);
  const material = pdfFile('Modul Subnetting.pdf', 4 * MB);
  await login(page, s.teacher.username, s.teacher.password);
  await page.goto(`/online-class/${s.classId}`);
  const card = page.getByRole('region', { name: 'Pembelajaran 1' });
  await card.getByRole('button', { name: 'Sub konten Pembelajaran 1' }).click();
  await page.getByRole('menuitem', { name: 'Add Material' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Materi' });
  await dialog.getByLabel('File materi', { exact: true }).setInputFiles(material.path);
  await throttleUploads(page, 400 * 1024);
  const tus = watchTus(page);
  await dialog.getByRole('button', { name: 'Unggah' }).click();
  const row = dialog.getByRole('listitem', { name: 'Modul Subnetting.pdf' });
  const bar = row.getByRole('progressbar', { name: 'Progres Modul Subnetting.pdf' });
  await expect(row).toContainText(/MB dari 4,0 MB/);
  await expect.poll(() => shownPercent(bar), { timeout: 30_000, intervals: [200] }).toBeGreaterThanOrEqual(30);

  await page.context().setOffline(true);
  await expect(row.getByRole('status')).toContainText('Menunggu sinyal…');
  await page.waitForTimeout(2000);
  await expect(row.getByRole('alert')).toHaveCount(0);
  const patches = tus.patchOffsets.length;
  await page.context().setOffline(false);
  await throttleUploads(page, -1);

  await expect(toast(page, '1 materi berhasil ditambahkan')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  expect(tus.creations).toBe(1);
  expect(tus.patchOffsets[patches]!).toBeGreaterThan(0.2 * material.size);
  await expect(card.getByRole('link', { name: 'Modul Subnetting' })).toBeVisible();
  const content = await api(request, s.teacher.token, 'GET', `/api/teacher/online-classes/${s.classId}/contents/${s.contentId}`);
  const stored = (content.body.data.materials as Array<{ title: string; filename: string | null }>).map((m) => [m.title, m.filename]);
  expect(stored).toEqual([['Modul Subnetting', 'Modul Subnetting.pdf']]);
});
