/**
 * Resumable uploads in the browser (issue 23): a student's 20 MB hand-in on a phone survives a
 * network cut at about half and goes on from there; a connection to the server that breaks while the
 * phone stays online is retried by itself with back-off, from the server's offset; an upload survives
 * a reload of the tab when the same file is picked again; a refused file shows a failure that stays,
 * with "Coba lagi"; the submission page's wording ("Upload Submission" / "Update Submission", a
 * neutral 50 MB hint); a teacher's material survives a cut too. The network is slowed with Chromium's
 * emulation so the bytes take real time, and cut with the browser context's offline switch (or, for
 * the server's connection alone, by resetting the upload's requests).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api, login, throttleUploads, toast, signIn } from './fixtures';
import { gradingScene, stamp } from './grading-fixtures';
import { MB, pdfFile, recordPercentages, shownPercent, watchTus } from './upload-fixtures';
const DONE = 'Berhasil, Tugasmu berhasil dikumpulkan.';
const FAILED = 'Gagal mengunggah — tugas BELUM terkirim';

/**
 * What a connection that breaks in the middle of a PATCH leaves: the request's headers and the first
 * `bytes` of its body (`file` from the request's Upload-Offset) reach the real server, then the
 * connection is cut before the rest. Resolves once the connection is gone.
 */
async function sendPartOfPatch(url: string, headers: Record<string, string>, file: string, bytes: number) {
  const offset = Number(headers['upload-offset']);
  const rest = fs.readFileSync(file).subarray(offset);
  const sent = ['authorization', 'tus-resumable', 'upload-offset', 'content-type'].filter((h) => headers[h] !== undefined);
  await new Promise<void>((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      agent: false,
      headers: { ...Object.fromEntries(sent.map((h) => [h, headers[h]!])), 'content-length': String(rest.length) },
    });
    req.on('close', () => resolve());
    req.on('error', () => undefined);
    // Written out to the server's socket; a moment for it to read them, then the cut.
    req.write(rest.subarray(0, bytes), () => setTimeout(() => req.destroy(), 500));
  });
}

/** A fresh student (`name`) of a fresh class, signed in on the assignment's page: its "Kirim tugas" form. */
async function studentAtHandIn(page: Page, request: APIRequestContext, name: string) {
  const s = await gradingScene(request, [`${name} ${stamp()}`]);
  const student = s.students[0]!;
  await login(page, student.username, student.password);
  const url = `/my-classes/${s.classId}/submissions/${s.assignmentId}`;
  await page.goto(url);
  return { s, student, url, form: page.getByRole('region', { name: 'Kirim tugas' }) };
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

/** The teacher has the student's one handed-in file under `name`, with the very bytes of `file`. */
async function expectTeacherHas(
  request: APIRequestContext,
  s: Awaited<ReturnType<typeof gradingScene>>,
  studentId: number,
  name: string,
  file: { size: number; sha256: string },
) {
  const stored = await teacherSees(request, s, studentId);
  expect(stored.map((f) => [f.filename, f.size])).toEqual([[name, file.size]]);
  const download = await request.get(stored[0]!.file, { headers: { Authorization: `Bearer ${s.teacher.token}` } });
  expect(download.status()).toBe(200);
  expect(
    createHash('sha256')
      .update(await download.body())
      .digest('hex'),
  ).toBe(file.sha256);
}

test('@phone a 20 MB hand-in cut off at about half waits for the signal, resumes from there and is handed in', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const big = pdfFile('laporan-praktikum.pdf', 20 * MB);
  const { s, student, form } = await studentAtHandIn(page, request, 'Rina Lestari');

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
  await expectTeacherHas(request, s, student.id, 'laporan-praktikum.pdf', big);

  // Changing the work: the button now reads "Update Submission".
  await work.getByRole('button', { name: 'Ubah kiriman' }).click();
  const again = page.getByRole('region', { name: 'Ubah kiriman' });
  await expect(again.getByRole('button', { name: 'Update Submission' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Upload Submission' })).toHaveCount(0);
});

test('@phone a connection to the server that breaks while the phone stays online is retried with back-off, from where the server is', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const file = pdfFile('laporan-jaringan.pdf', 6 * MB);
  const { s, student, form } = await studentAtHandIn(page, request, 'Siti Nurhaliza');
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeVisible();

  // The phone's connection stays up; the server's breaks: the first PATCH is cut after about 40 % of
  // the file reached the server, and the next three (the retries) are reset before any byte goes.
  const cutAt = Math.round(0.4 * file.size);
  const patchTimes: number[] = [];
  await page.route('**/api/uploads/*', async (route) => {
    const req = route.request();
    if (req.method() !== 'PATCH') return route.continue();
    patchTimes.push(Date.now());
    if (patchTimes.length === 1) await sendPartOfPatch(req.url(), await req.allHeaders(), file.path, cutAt);
    if (patchTimes.length <= 4) return route.abort('connectionreset');
    return route.continue();
  });
  // About 1 MB/s up once it goes on: the rest takes a few seconds, so the bar can be watched.
  await throttleUploads(page, MB);
  const tus = watchTus(page);
  await pick(page, form, file.path);
  const row = form.getByRole('list', { name: 'File baru' }).getByRole('listitem');
  await expect(row).toContainText('laporan-jaringan.pdf');

  // It says it lost the connection and tries again by itself: no failure, no "Menunggu sinyal…".
  const retrying = row.getByRole('status');
  await expect(retrying).toHaveText('Koneksi terputus. Mencoba lagi…');
  const seen = await recordPercentages(page, 'laporan-jaringan.pdf');
  await expect.poll(() => patchTimes.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  await expect(retrying).toHaveText('Koneksi terputus. Mencoba lagi…');
  await expect(row.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => navigator.onLine), 'the phone stayed online').toBe(true);
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeDisabled();

  await expect(row).toContainText('Selesai diunggah, siap diserahkan', { timeout: 60_000 });
  await expect(row.getByRole('alert')).toHaveCount(0);
  // The waits between the attempts grow (0, 0, 1 and 3 s: RETRY_DELAYS, started again after progress).
  const gaps = patchTimes.slice(1).map((t, i) => t - patchTimes[i]!);
  expect(patchTimes.length, `PATCHes at +${gaps.join(', +')} ms`).toBe(5);
  expect(gaps[2]!, 'the wait before the 4th PATCH').toBeGreaterThanOrEqual(1000);
  expect(gaps[3]!, 'the wait before the 5th PATCH').toBeGreaterThanOrEqual(3000);
  // One upload, never a new one; every retry asked the server where it was and went on from there.
  expect(tus.creations).toBe(1);
  const [first, ...resumed] = tus.patchOffsets;
  expect(first).toBe(0);
  expect(resumed.length).toBe(4);
  expect(resumed[0]!, 'what reached the server before the cut stays there').toBeGreaterThan(0);
  expect(resumed[0]!).toBeLessThanOrEqual(cutAt);
  expect(resumed, 'each retry from the server offset').toEqual(resumed.map(() => resumed[0]));
  // The bar went on from that point: once it showed progress again it never dropped back towards 0.
  const all = await seen();
  const shown = all.slice(all.findIndex((v) => v > 0));
  expect(shown.length, `percentages shown: ${all.join(',')}`).toBeGreaterThan(0);
  expect(Math.min(...shown), `percentages shown: ${all.join(',')}`).toBeGreaterThanOrEqual(Math.floor((100 * resumed[0]!) / file.size));
  await throttleUploads(page, -1);

  // Handed in, and the teacher has the very same bytes.
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(page, DONE)).toBeVisible();
  const work = page.getByRole('region', { name: 'Tugasmu' });
  await expect(work.getByRole('status')).toHaveText(/^Terkirim pukul \d{2}\.\d{2} WIB$/);
  await expect(work.getByRole('list', { name: 'File tugasmu' }).getByRole('listitem')).toContainText('laporan-jaringan.pdf');
  await expectTeacherHas(request, s, student.id, 'laporan-jaringan.pdf', file);
});

test('@phone an upload stopped by a reload goes on from where it was when the same file is picked again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const file = pdfFile('tugas-video.pdf', 8 * MB);
  const scene = await studentAtHandIn(page, request, 'Dewi Anggraini');
  const { s, student } = scene;
  let { form } = scene;
  await throttleUploads(page, 500 * 1024);
  const tus = watchTus(page);
  await pick(page, form, file.path);
  const bar = () => form.getByRole('progressbar', { name: 'Progres tugas-video.pdf' });
  await expect.poll(() => shownPercent(bar()), { timeout: 60_000, intervals: [200] }).toBeGreaterThanOrEqual(35);

  // The tab is reloaded mid-upload (the phone's browser dropped it); the student picks the same file.
  await page.reload();
  form = page.getByRole('region', { name: 'Kirim tugas' });
  await expect(form.getByRole('list', { name: 'File baru' })).toHaveCount(0);
  // The form says which file to pick again and how much of it the server already has.
  await expect(form.getByText('Ada unggahan yang belum diserahkan')).toBeVisible();
  const earlier = form.getByRole('list', { name: 'Unggahan sebelumnya' });
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
  await expect(earlier).toContainText('tugas-video.pdf');
  const kept = await earlier.getByText(/MB dari 8,0 MB sudah terkirim/).textContent();
  expect(Number(kept!.replace(/ MB dari.*/, '').replace(',', '.')), kept!).toBeGreaterThanOrEqual(0.3 * 8);
  const creations = tus.creations;
  const patches = tus.patchOffsets.length;
  await throttleUploads(page, 500 * 1024);
  const seen = await recordPercentages(page, 'tugas-video.pdf');
  await pick(page, form, file.path);
  // Picked again: no longer offered, it is going up.
  await expect(earlier).toHaveCount(0);
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
  // Handed in: nothing is offered again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Ubah kiriman' })).toBeVisible();
  await expect(page.getByText('Ada unggahan yang belum diserahkan')).toHaveCount(0);
});

test('an upload left on an earlier visit is offered until "Lupakan"', async ({ page, request }) => {
  const file = pdfFile('ringkasan-bab-3.pdf', 2 * MB);
  const { url, form } = await studentAtHandIn(page, request, 'Wahyu Pratama');
  await pick(page, form, file.path);
  await expect(form).toContainText('Selesai diunggah, siap diserahkan');

  // The student leaves without handing in, and comes back later.
  await page.goto('/dashboard');
  await page.goto(url);
  const earlier = form.getByRole('list', { name: 'Unggahan sebelumnya' });
  await expect(earlier).toContainText('ringkasan-bab-3.pdf');
  await expect(earlier).toContainText('2,0 MB dari 2,0 MB sudah terkirim');
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeEnabled();

  await earlier.getByRole('button', { name: 'Lupakan ringkasan-bab-3.pdf' }).click();
  await expect(form.getByText('Ada unggahan yang belum diserahkan')).toHaveCount(0);
  await page.reload();
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeVisible();
  await expect(form.getByText('Ada unggahan yang belum diserahkan')).toHaveCount(0);
});

test('a file the server refuses shows a failure that stays, with "Coba lagi"; nothing is handed in', async ({ page, request }) => {
  const { s, student, form } = await studentAtHandIn(page, request, 'Bayu Saputra');
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
  await signIn(page, s.teacher.username, s.teacher.password);
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
  const content = await api(request, s.teacher.token, 'GET', `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}`);
  const stored = (content.body.data.materials as Array<{ title: string; filename: string | null }>).map((m) => [m.title, m.filename]);
  expect(stored).toEqual([['Modul Subnetting', 'Modul Subnetting.pdf']]);
});
