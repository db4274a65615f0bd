/**
 * "Foto tugas" (issue 23): a student photographs the pages of their work, the browser shrinks each
 * photo (long side 2,000 px, JPEG) and shows its size before and after, the pages are put in order,
 * and they are handed in as ONE PDF with a page per photo in that order — or as the shrunk photos.
 * The pictures are real JPEGs of a few megabytes drawn by the browser; each has its own proportions,
 * so the pages of the PDF the server stored tell their order.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { api, login, throttleUploads, toast, signIn } from './fixtures';
import { gradingScene, stamp } from './grading-fixtures';
import { recordPercentages, shownPercent, watchTus } from './upload-fixtures';

const DONE = 'Berhasil, Tugasmu berhasil dikumpulkan.';
const MB = 1024 * 1024;

interface Picture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A photo of a written page, as a phone takes it: `width`×`height` pixels of paper grain with lines
 * of writing, as a JPEG of a few megabytes (the grain keeps it from compressing to nothing).
 */
async function photo(page: Page, name: string, width: number, height: number): Promise<Picture> {
  const dataUrl = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#f4f1e8';
      g.fillRect(0, 0, width, height);
      const pixels = g.getImageData(0, 0, width, height);
      let seed = width * 7919 + height;
      for (let i = 0; i < pixels.data.length; i += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const grain = ((seed >> 16) % 24) - 12;
        pixels.data[i] += grain;
        pixels.data[i + 1] += grain;
        pixels.data[i + 2] += grain;
      }
      g.putImageData(pixels, 0, 0);
      g.fillStyle = '#1d2a6b';
      g.font = `${Math.round(width / 30)}px serif`;
      for (let y = height / 10; y < height * 0.9; y += height / 18) g.fillText('x² + 2x − 8 = 0  →  (x + 4)(x − 2) = 0', width / 12, y);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsDataURL(blob);
      });
    },
    { width, height },
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** Bytes of a size as the page writes it: "3,4 MB", "420 KB". */
function bytesOf(shown: string): number {
  const m = /^(\d+(?:,\d+)?) (KB|MB)$/.exec(shown.trim());
  expect(m, `a size: ${shown}`).not.toBeNull();
  return Number(m![1]!.replace(',', '.')) * (m![2] === 'MB' ? MB : 1024);
}

/** A page's row shows its size before → after: both, in bytes, once the photo is shrunk. */
async function sizesOfRow(row: Locator): Promise<{ before: number; after: number }> {
  const text = row.getByText(/→/);
  await expect(text).toHaveText(/^\d+(,\d+)? (KB|MB) → \d+(,\d+)? (KB|MB)$/, { timeout: 30_000 });
  const [before, after] = (await text.innerText()).split('→').map(bytesOf) as [number, number];
  return { before, after };
}

/** The pixel size of a row's thumbnail (the shrunk photo). */
const thumbSize = (row: Locator) => row.locator('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);

/** Width and height of a JPEG from its frame header. */
function jpegSize(bytes: Buffer): [number, number] {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes.readUInt16BE(at);
    if (marker >= 0xffc0 && marker <= 0xffc3) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no JPEG frame header');
}

/** "Foto tugas" with photos from the gallery, once each is shrunk: the dialog and each page's sizes. */
async function fromGallery(page: Page, form: Locator, photos: Picture[]) {
  await form.getByRole('button', { name: 'Foto tugas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Foto tugas' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Pilih dari galeri' }).click();
  await (await chooser).setFiles(photos);
  const pages = dialog.getByRole('list', { name: 'Halaman foto' }).getByRole('listitem');
  await expect(pages).toHaveCount(photos.length);
  const shrunk = [];
  for (let i = 0; i < photos.length; i++) shrunk.push(await sizesOfRow(pages.nth(i)));
  return { dialog, shrunk };
}

/** A student alone in a fresh class with one assignment, on its page; the "Kirim tugas" form. */
async function onAssignment(page: Page, request: Parameters<typeof gradingScene>[0]) {
  const s = await gradingScene(request, [`Dewi Anggraini ${stamp()}`]);
  const student = s.students[0]!;
  await signIn(page, student.username, student.password);
  await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
  const form = page.getByRole('region', { name: 'Kirim tugas' });
  await expect(form).toBeVisible();
  return { s, student, form };
}

/** Hands in what the form holds, once its uploads are done, and returns the "Tugasmu" region. */
async function handIn(page: Page, form: Locator) {
  const send = form.getByRole('button', { name: 'Upload Submission' });
  await expect(send).toBeEnabled({ timeout: 60_000 });
  await send.click();
  await expect(toast(page, DONE)).toBeVisible({ timeout: 30_000 });
  return page.getByRole('region', { name: 'Tugasmu' });
}

test('@phone three photos of the work become one PDF in the order the student set', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { form } = await onAssignment(page, request);
  // A portrait page, a landscape page and a tall narrow one; a fourth photo taken by mistake.
  const portrait = await photo(page, 'halaman-1.jpg', 2400, 3200);
  const landscape = await photo(page, 'halaman-2.jpg', 3200, 2400);
  const tall = await photo(page, 'IMG_0003.jpg', 1800, 3200);
  const mistake = await photo(page, 'IMG_0004.jpg', 600, 400);
  for (const p of [portrait, landscape, tall]) expect(p.buffer.length, `${p.name} is a phone-sized photo`).toBeGreaterThan(MB);

  await form.getByRole('button', { name: 'Foto tugas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Foto tugas' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Belum ada foto.');

  // Two from the gallery (several at once), then two with the camera (one at a time, back camera).
  let chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Pilih dari galeri' }).click();
  const gallery = await chooser;
  expect(gallery.isMultiple()).toBe(true);
  await gallery.setFiles([portrait, landscape]);
  for (const shot of [tall, mistake]) {
    chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Ambil foto' }).click();
    const camera = await chooser;
    expect(camera.isMultiple()).toBe(false);
    expect(await camera.element().getAttribute('capture')).toBe('environment');
    await camera.setFiles(shot);
  }

  const pages = dialog.getByRole('list', { name: 'Halaman foto' }).getByRole('listitem');
  await expect(pages).toHaveCount(4);
  await expect(pages.nth(0)).toContainText('Halaman 1');
  await expect(pages.nth(3)).toContainText('Halaman 4');
  // Each photo is shrunk in the browser and shows its size before → after.
  for (const i of [0, 1, 2]) {
    const { before, after } = await sizesOfRow(pages.nth(i));
    expect(before).toBeGreaterThan(MB);
    expect(after).toBeLessThan(before);
  }
  await sizesOfRow(pages.nth(3));
  // The thumbnails are the shrunk photos, 2,000 px on the long side, in page order.
  expect(await thumbSize(pages.nth(0))).toEqual([1500, 2000]);
  expect(await thumbSize(pages.nth(1))).toEqual([2000, 1500]);
  expect(await thumbSize(pages.nth(2))).toEqual([1125, 2000]);

  // The tall photo belongs second; the mistaken one goes.
  await dialog.getByRole('button', { name: 'Naikkan Halaman 3' }).click();
  await dialog.getByRole('button', { name: 'Hapus Halaman 4' }).click();
  await expect(pages).toHaveCount(3);
  expect(await thumbSize(pages.nth(1))).toEqual([1125, 2000]);
  expect(await thumbSize(pages.nth(2))).toEqual([2000, 1500]);
  await expect(dialog.getByRole('button', { name: 'Turunkan Halaman 3' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Naikkan Halaman 1' })).toBeDisabled();
  await expect(dialog).toContainText('3 foto');
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);

  // Joined by default for several photos: one PDF.
  const join = dialog.getByRole('switch', { name: 'Gabung jadi satu PDF' });
  await expect(join).toBeChecked();
  await expect(dialog).toContainText('Foto tugas.pdf');
  await dialog.getByRole('button', { name: 'Tambahkan' }).click();
  await expect(dialog).toBeHidden();

  // One new file, the PDF, handed in.
  const fresh = form.getByRole('list', { name: 'File baru' }).getByRole('listitem');
  await expect(fresh).toHaveCount(1);
  await expect(fresh.first()).toContainText('Foto tugas.pdf');
  const work = await handIn(page, form);
  const files = work.getByRole('list', { name: 'File tugasmu' }).getByRole('listitem');
  await expect(files).toHaveCount(1);
  const link = work.getByRole('link', { name: 'Foto tugas.pdf' });
  await expect(link).toBeVisible();

  // The stored file is a PDF of three pages in the order set: portrait, tall, landscape.
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  const body = await res.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await PDFDocument.load(body);
  const sizes = doc.getPages().map((p) => p.getSize());
  expect(sizes).toHaveLength(3);
  const expected = [
    [631.5, 842],
    [473.63, 842],
    [842, 631.5],
  ];
  sizes.forEach((size, i) => {
    expect(size.width, `page ${i + 1} width`).toBeCloseTo(expected[i]![0]!, 1);
    expect(size.height, `page ${i + 1} height`).toBeCloseTo(expected[i]![1]!, 1);
  });
});

test('photos not joined are handed in as lighter JPEGs of at most 2,000 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { form } = await onAssignment(page, request);
  const first = await photo(page, 'catatan-1.jpg', 3000, 2250);
  const second = await photo(page, 'catatan-2.jpg', 2250, 3000);

  const { dialog, shrunk } = await fromGallery(page, form, [first, second]);

  // The student turns joining off: the photos go as pictures.
  const join = dialog.getByRole('switch', { name: 'Gabung jadi satu PDF' });
  await expect(join).toBeChecked();
  await join.click();
  await expect(join).not.toBeChecked();
  await expect(dialog).toContainText('2 foto dikirim sebagai gambar terpisah.');
  await dialog.getByRole('button', { name: 'Tambahkan' }).click();
  await expect(dialog).toBeHidden();

  const work = await handIn(page, form);
  const files = work.getByRole('list', { name: 'File tugasmu' }).getByRole('listitem');
  await expect(files).toHaveCount(2);
  for (const [i, [name, original]] of (
    [
      ['catatan-1.jpg', first],
      ['catatan-2.jpg', second],
    ] as const
  ).entries()) {
    const link = work.getByRole('link', { name });
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    const body = await res.body();
    expect(body.length).toBeLessThan(original.buffer.length);
    // The very file whose size the dialog showed as "after".
    const rounding = shrunk[i]!.after >= MB ? 0.05 * MB : 512;
    expect(Math.abs(body.length - shrunk[i]!.after)).toBeLessThanOrEqual(rounding + 1);
    const [w, h] = jpegSize(body);
    expect(Math.max(w, h)).toBe(2000);
  }
});

/** The files the browser keeps for "Lanjutkan" (Cache Storage `kelasku-pending`): how many. */
const keptCount = (page: Page) =>
  page.evaluate(async () => ((await caches.has('kelasku-pending')) ? (await (await caches.open('kelasku-pending')).keys()).length : 0));

/** Bytes of "1,2 MB dari 2,5 MB sudah terkirim": what the server has, of how much. */
function sentOf(shown: string): [number, number] {
  const m = /(\d+(?:,\d+)? (?:KB|MB)) dari (\d+(?:,\d+)? (?:KB|MB)) sudah terkirim/.exec(shown);
  expect(m, shown).not.toBeNull();
  return [bytesOf(m![1]!), bytesOf(m![2]!)];
}

test('@phone a PDF of photos stopped by a reload goes on with "Lanjutkan", without taking the photos again', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { s, student, form } = await onAssignment(page, request);
  const first = await photo(page, 'halaman-1.jpg', 2400, 3200);
  const second = await photo(page, 'halaman-2.jpg', 3200, 2400);
  const { dialog } = await fromGallery(page, form, [first, second]);

  // A thin connection: the PDF takes a while to go up.
  await throttleUploads(page, 100 * 1024);
  const tus = watchTus(page);
  const created = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/uploads');
  await dialog.getByRole('button', { name: 'Tambahkan' }).click();
  const size = Number((await created).headers()['upload-length']);
  expect(size, 'the PDF of two shrunk photos').toBeGreaterThan(300 * 1024);
  const bar = () => form.getByRole('progressbar', { name: 'Progres Foto tugas.pdf' });
  await expect.poll(() => shownPercent(bar()), { timeout: 60_000, intervals: [200] }).toBeGreaterThanOrEqual(35);
  expect(await keptCount(page), 'the PDF is kept in the browser').toBe(1);

  // The phone's browser drops the tab mid-upload; the photos are gone with it.
  await page.reload();
  await expect(form.getByRole('list', { name: 'File baru' })).toHaveCount(0);
  await expect(form.getByText('Ada unggahan yang belum diserahkan')).toBeVisible();
  await expect(form).toContainText('Tekan "Lanjutkan" untuk meneruskan; bagian yang sudah terkirim tidak diunggah ulang.');
  const earlier = form.getByRole('list', { name: 'Unggahan sebelumnya' });
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
  const [onServer, whole] = sentOf((await earlier.getByText(/sudah terkirim/).textContent())!);
  expect(Math.abs(whole - size)).toBeLessThanOrEqual(0.05 * MB);
  expect(onServer / whole).toBeGreaterThanOrEqual(0.3);
  const creations = tus.creations;
  const patches = tus.patchOffsets.length;
  await throttleUploads(page, 100 * 1024);
  const seen = await recordPercentages(page, 'Foto tugas.pdf');
  await earlier.getByRole('button', { name: 'Lanjutkan Foto tugas.pdf' }).click();
  await expect(earlier).toHaveCount(0);
  await expect(form.getByRole('list', { name: 'File baru' })).toContainText('Foto tugas.pdf');
  await expect(form).toContainText('Selesai diunggah, siap diserahkan', { timeout: 90_000 });
  expect(tus.creations, 'no new upload after the reload').toBe(creations);
  expect(tus.patchOffsets[patches]!, 'the first PATCH after the reload').toBeGreaterThan(0.3 * size);
  const all = await seen();
  const shown = all.slice(all.findIndex((v) => v > 0));
  expect(Math.min(...shown), `percentages shown after the reload: ${all.join(',')}`).toBeGreaterThanOrEqual(30);
  await throttleUploads(page, -1);

  // Handed in: the teacher gets the whole PDF, both pages; the browser keeps nothing more.
  const work = await handIn(page, form);
  const link = work.getByRole('link', { name: 'Foto tugas.pdf' });
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  const body = await res.body();
  expect(body.length).toBe(size);
  expect((await PDFDocument.load(body)).getPageCount()).toBe(2);
  const graded = await api(request, s.teacher.token, 'GET', `${s.api}/students/${student.id}`);
  expect(graded.body.data.submission.files.map((f: { filename: string; size: number }) => [f.filename, f.size])).toEqual([
    ['Foto tugas.pdf', size],
  ]);
  await expect.poll(() => keptCount(page)).toBe(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Ubah kiriman' })).toBeVisible();
  await expect(page.getByText('Ada unggahan yang belum diserahkan')).toHaveCount(0);
});

/** Ends the page's session on the server (as an expiry or a revoked session would); the app sees it at its next request. */
async function endSessionOnServer(page: Page, request: Parameters<typeof api>[0]) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect((await api(request, token!, 'POST', '/api/logout')).status).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
}

test('photos taken with the camera are kept for "Lanjutkan" like a draft: through an ended session, not past a logout or another user', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const s = await gradingScene(request, [`Dewi Anggraini ${stamp()}`, `Rizky Saputra ${stamp()}`]);
  const [dewi, rizky] = s.students as [(typeof s.students)[0], (typeof s.students)[0]];
  const url = `/my-classes/${s.classId}/submissions/${s.assignmentId}`;
  const form = page.getByRole('region', { name: 'Kirim tugas' });
  const earlier = form.getByRole('list', { name: 'Unggahan sebelumnya' });
  const shoot = async (name: string, w: number, h: number) => {
    const shot = await photo(page, name, w, h);
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Ambil foto' }).click();
    await (await chooser).setFiles(shot);
    await expect(form.getByRole('list', { name: 'File baru' })).toContainText(name);
  };

  await signIn(page, dewi.username, dewi.password);
  await page.goto(url);
  await shoot('IMG_20261127_0801.jpg', 3000, 4000);
  await shoot('IMG_20261127_0802.jpg', 4000, 3000);
  await expect(form.getByText('Selesai diunggah, siap diserahkan')).toHaveCount(2, { timeout: 60_000 });
  await expect.poll(() => keptCount(page)).toBe(2);

  // Dewi leaves without handing in, and comes back: both are offered, whole on the server.
  await page.goto('/dashboard');
  await page.goto(url);
  await expect(earlier.getByRole('listitem')).toHaveCount(2);
  for (const name of ['IMG_20261127_0801.jpg', 'IMG_20261127_0802.jpg']) {
    await expect(earlier.getByRole('button', { name: `Lanjutkan ${name}` })).toBeVisible();
    const [onServer, whole] = sentOf(
      (await earlier
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByText(/sudah terkirim/)
        .textContent())!,
    );
    expect(onServer).toBe(whole);
  }
  await earlier.getByRole('button', { name: 'Lupakan IMG_20261127_0801.jpg' }).click();
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
  await expect.poll(() => keptCount(page)).toBe(1);

  // Her session ends without a logout; she signs in again (the worker starts a new session's data):
  // the photo is still offered, and goes on.
  await endSessionOnServer(page, request);
  await login(page, dewi.username, dewi.password);
  await page.goto(url);
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
  await earlier.getByRole('button', { name: 'Lanjutkan IMG_20261127_0802.jpg' }).click();
  await expect(form.getByText('Selesai diunggah, siap diserahkan')).toHaveCount(1, { timeout: 60_000 });
  expect(await keptCount(page)).toBe(1);

  // It ends again, and a classmate signs in on the same browser: nothing of Dewi's is left or offered.
  await endSessionOnServer(page, request);
  await login(page, rizky.username, rizky.password);
  await page.goto(url);
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeVisible();
  await expect(form.getByText('Ada unggahan yang belum diserahkan')).toHaveCount(0);
  await expect.poll(() => keptCount(page)).toBe(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kelasku:pending:')))).toEqual([]);

  // Rizky takes a photo and logs out: it is gone from the browser, and not offered at his next sign-in.
  await shoot('IMG_20261127_0930.jpg', 3000, 4000);
  await expect.poll(() => keptCount(page)).toBe(1);
  await page.getByRole('button', { name: `Menu akun ${rizky.name}` }).click();
  await page.getByRole('menuitem', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => caches.keys())).not.toContain('kelasku-pending');
  await login(page, rizky.username, rizky.password);
  await page.goto(url);
  await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeVisible();
  await expect(form.getByText('Ada unggahan yang belum diserahkan')).toHaveCount(0);
});
