/**
 * "Ganti file" of a teacher's file material (issue 23): it shows its upload as "Tambah Materi" does.
 * A replacement the server refuses shows a failure that stays, with the server's reason and "Coba
 * lagi", and the material keeps its old file; on a phone, a replacement cut off mid-upload waits
 * for the signal, goes on from where it was and then replaces the file. The network is slowed with
 * Chromium's emulation so the bytes take real time, and cut with the browser context's offline switch.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api, classWithLesson, freshRombel, freshUser, samplePdf, throttleUploads, toast, violations, signIn } from './fixtures';
import { MB, pdfFile, shownPercent, watchTus } from './upload-fixtures';

const FAILED = 'Gagal mengunggah — file BELUM diganti';
const WAITING = 'Menunggu sinyal… Unggahan dilanjutkan otomatis saat internet kembali.';

/** A fresh teacher with a class, one content and in it one file material "Modul Subnetting" (modul-lama.pdf). */
async function replaceScene(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'X TKJ Ganti');
  const teacher = await freshUser(request, 2);
  const ids = await classWithLesson(request, teacher.token, { rombelId: rombel.id, name: 'Jaringan Dasar', lessonTitle: 'Subnetting' });
  const base = `/api/teacher/online-classes/${ids.classId}/contents/${ids.lessonId}`;
  const uploaded = await request.post(`${base}/materials`, {
    headers: { Authorization: `Bearer ${teacher.token}` },
    multipart: { title: 'Modul Subnetting', file: samplePdf('modul-lama.pdf') },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return { teacher, ...ids, base };
}

type Scene = Awaited<ReturnType<typeof replaceScene>>;

/** The class page of the teacher, with the content's card. */
async function teacherPage(page: Page, s: Scene) {
  await signIn(page, s.teacher.username, s.teacher.password);
  await page.goto(`/online-class/${s.classId}`);
  const card = page.getByRole('region', { name: 'Pembelajaran 1' });
  await expect(card.getByRole('link', { name: 'Modul Subnetting' })).toBeVisible();
  return card;
}

/** Opens "Ganti file" of the material from its row menu. */
async function openReplace(page: Page, card: Locator) {
  await card.getByRole('button', { name: 'Aksi materi Modul Subnetting' }).click();
  await page.getByRole('menuitem', { name: 'Ganti file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ganti File Materi' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The stored file's id the material's link points to (`/api/files/{id}?…`). */
async function linkedFileId(card: Locator): Promise<string> {
  const href = await card.getByRole('link', { name: 'Modul Subnetting' }).getAttribute('href');
  const id = /^\/api\/files\/(\d+)\?/.exec(href ?? '')?.[1];
  expect(id, `link ${href}`).toBeTruthy();
  return id!;
}

/** The material as the API has it. */
async function storedMaterial(request: APIRequestContext, s: Scene) {
  const res = await api(request, s.teacher.token, 'GET', s.base);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const materials = res.body.data.materials as Array<{ title: string; filename: string | null }>;
  expect(materials).toHaveLength(1);
  return materials[0]!;
}

test('a replacement the server refuses shows a failure that stays, with "Coba lagi"; the material keeps its old file', async ({
  page,
  request,
}) => {
  const s = await replaceScene(request);
  const card = await teacherPage(page, s);
  const oldFile = await linkedFileId(card);
  const dialog = await openReplace(page, card);
  await expect(dialog).toContainText('File sekarang: modul-lama.pdf. File lama dihapus setelah file baru tersimpan.');

  // A program named like a PDF: its first bytes give it away (415 from the server).
  await dialog.getByLabel('File pengganti').setInputFiles({
    name: 'modul-baru.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(64 * 1024, 7)]),
  });
  await dialog.getByRole('button', { name: 'Unggah' }).click();
  const failure = dialog.getByRole('alert');
  await expect(failure).toContainText(FAILED);
  await expect(failure).toContainText('Tipe file tidak didukung');
  const retry = failure.getByRole('button', { name: 'Coba lagi modul-baru.pdf' });
  await expect(retry).toHaveText('Coba lagi');
  await expect(retry).toBeEnabled();
  expect(await violations(page, 'Ganti file gagal')).toEqual([]);

  // It stays: no silent retry or reset while the teacher does nothing.
  await page.waitForTimeout(4000);
  await expect(failure).toContainText(FAILED);
  await expect(failure).toContainText('Tipe file tidak didukung');
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await expect(dialog).toContainText('File sekarang: modul-lama.pdf.');

  // "Coba lagi" sends it again; the server refuses again, and the failure is back.
  const retried = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/uploads') && r.method() === 'PATCH');
  await retry.click();
  await retried;
  await expect(dialog.getByRole('alert')).toContainText(FAILED);
  await expect(dialog.getByRole('alert')).toContainText('Tipe file tidak didukung');

  // The teacher gives up: the material still has its old file.
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(card.getByRole('link', { name: 'Modul Subnetting' })).toBeVisible();
  expect(await linkedFileId(card)).toBe(oldFile);
  const again = await openReplace(page, card);
  await expect(again).toContainText('File sekarang: modul-lama.pdf.');
  // A fresh dialog: the failure of the last time is gone.
  await expect(again.getByRole('alert')).toHaveCount(0);
  expect(await storedMaterial(request, s)).toMatchObject({ title: 'Modul Subnetting', filename: 'modul-lama.pdf' });
});

test('@phone a replacement cut off mid-upload waits for the signal, goes on from there and replaces the file', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = await replaceScene(request);
  const file = pdfFile('modul-revisi.pdf', 4 * MB);
  const card = await teacherPage(page, s);
  const oldFile = await linkedFileId(card);
  const dialog = await openReplace(page, card);
  await dialog.getByLabel('File pengganti').setInputFiles(file.path);

  // About 400 KB/s up: 4 MB take some 10 seconds.
  await throttleUploads(page, 400 * 1024);
  const tus = watchTus(page);
  await dialog.getByRole('button', { name: 'Unggah' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Progres modul-revisi.pdf' });
  await expect(bar).toBeVisible();
  // While sending: bytes sent of the whole, the time left.
  await expect(dialog).toContainText(/\d+,\d MB dari 4,0 MB/);
  await expect(dialog).toContainText(/(sekitar \d+ (detik|menit) lagi|beberapa detik lagi)/);
  // The dialog fits the phone's 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await expect.poll(() => shownPercent(bar), { timeout: 30_000, intervals: [200] }).toBeGreaterThanOrEqual(30);
  await page.context().setOffline(true);
  const atCut = (await shownPercent(bar))!;
  expect(atCut).toBeLessThan(100);
  await expect(dialog.getByRole('status')).toHaveText(WAITING);
  // It waits (no failure, no reset) for as long as the network is gone; the old file is still in place.
  await page.waitForTimeout(3000);
  await expect(dialog.getByRole('status')).toHaveText(WAITING);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await shownPercent(bar)).toBeGreaterThanOrEqual(atCut);
  await expect(dialog).toContainText('File sekarang: modul-lama.pdf.');
  const patchesBeforeCut = tus.patchOffsets.length;

  // The signal returns: the upload goes on from the server's offset, then the file is replaced.
  await page.context().setOffline(false);
  await throttleUploads(page, -1);
  await expect(toast(page, 'Materi berhasil diperbarui')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  expect(tus.creations, 'one upload, never a new one').toBe(1);
  const resumedAt = tus.patchOffsets.slice(patchesBeforeCut);
  expect(resumedAt.length).toBeGreaterThan(0);
  expect(resumedAt[0]!, 'the first PATCH after the cut').toBeGreaterThan(0.2 * file.size);

  // The material now has the new file.
  await expect.poll(() => linkedFileId(card)).not.toBe(oldFile);
  const again = await openReplace(page, card);
  await expect(again).toContainText('File sekarang: modul-revisi.pdf. File lama dihapus setelah file baru tersimpan.');
  await again.getByRole('button', { name: 'Batal' }).click();
  await expect(again).toBeHidden();
  expect(await storedMaterial(request, s)).toMatchObject({ title: 'Modul Subnetting', filename: 'modul-revisi.pdf' });
});
