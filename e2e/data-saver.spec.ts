/**
 * The data saver (issue 42): a YouTube material is a thumbnail until tapped (no player request
 * before the tap; with Hemat data on, no request to any YouTube host at all), a file over 1 MB shows
 * its size before it opens, "Hemat data" on the profile shows initials instead of photos and asks
 * before a large file opens, and "Simpan untuk offline" on a Pembelajaran saves its files — within
 * the offline budget — so they open with no connection.
 * There is no network here: requests to YouTube fail, and are counted as the page's attempts.
 */
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { forumWorld, login, openLesson, signIn } from './fixtures';

const MB = 1024 * 1024;
const NOTE = 'Subnetting membagi satu jaringan menjadi beberapa jaringan kecil.';
/** The hosts of YouTube's player and its video stream. */
const PLAYER = /(^|\.)(youtube\.com|youtube-nocookie\.com|googlevideo\.com)$/;
/** Any YouTube host, the thumbnails' too. */
const ANY_YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com|googlevideo\.com|ytimg\.com|ggpht\.com)$/;

/** A PDF of about `bytes` (padding after the end marker). */
const bigPdf = (name: string, bytes: number) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]) };
};

/** A student's lesson with a YouTube video, a 3,4 MB PDF and a small text note; the teacher has a photo. */
async function scene(request: APIRequestContext) {
  const w = await forumWorld(request);
  const auth = { Authorization: `Bearer ${w.teacher.token}` };
  const base = `/api/teacher/online-classes/${w.classId}/contents/${w.lessonId}`;
  const link = await request.post(`${base}/links`, {
    headers: auth,
    data: { title: 'Video Subnetting', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  });
  expect(link.status(), await link.text()).toBe(201);
  for (const file of [
    bigPdf('modul-besar.pdf', Math.round(3.4 * MB)),
    { name: 'catatan.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTE) },
  ]) {
    const res = await request.post(`${base}/materials`, {
      headers: auth,
      multipart: { title: file.name === 'catatan.txt' ? 'Catatan Subnetting' : 'Modul Besar', file },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const avatar = await request.post('/api/profile/update-avatar', {
    headers: auth,
    multipart: { avatar: { name: 'foto.png', mimeType: 'image/png', buffer: png } },
  });
  expect(avatar.status(), await avatar.text()).toBe(200);
  return w;
}

type Scene = Awaited<ReturnType<typeof scene>>;

/** Every request of the page to a host matching `hosts`, failed ones included. */
function watch(page: Page, hosts: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    if (hosts.test(new URL(r.url()).hostname)) seen.push(r.url());
  });
  return seen;
}

async function openClassLesson(page: Page, s: Scene) {
  await page.goto(`/my-classes/${s.classId}`);
  await expect(page.getByRole('heading', { name: 'Jaringan Dasar' })).toBeVisible();
  await openLesson(page, 1);
  await expect(page.getByRole('link', { name: /Modul Besar/ })).toBeVisible();
}

const playButton = (page: Page) => page.getByRole('button', { name: 'Putar video YouTube: Video Subnetting' });

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`a YouTube material is a thumbnail and asks nothing of the player before the tap; a large file shows its size${tag}`, async ({
    page,
    request,
  }) => {
    const s = await scene(request);
    const player = watch(page, PLAYER);
    const any = watch(page, ANY_YOUTUBE);
    await login(page, s.student.username, s.student.password);
    await openClassLesson(page, s);

    await expect(playButton(page)).toBeVisible();
    await expect(playButton(page).locator('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg');
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Modul Besar/ })).toContainText('(PDF · 3,4 MB)');
    // A small file shows no size.
    await expect(page.getByRole('link', { name: /Catatan Subnetting/ })).not.toContainText('KB');
    await playButton(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(player, 'no player request before the tap').toEqual([]);
    // The thumbnail only.
    expect(any.every((u) => u.startsWith('https://i.ytimg.com/vi/dQw4w9WgXcQ/'))).toBe(true);
    if (phone) {
      const box = (await playButton(page).boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(390);
      expect(box.width).toBeGreaterThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }

    await playButton(page).click();
    const frame = page.locator('iframe[title="Video Subnetting"]');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    await expect.poll(() => player.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'))).toBe(true);
  });

  test(`Hemat data: no request to any YouTube host before the tap, initials instead of photos, a large file asks first${tag}`, async ({
    page,
    request,
  }) => {
    const s = await scene(request);
    const any = watch(page, ANY_YOUTUBE);
    const files: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/files\/\d+\?/.test(r.url())) files.push(r.url());
    });
    await signIn(page, s.student.username, s.student.password);
    await page.goto('/me');
    const card = page.getByRole('region', { name: 'Hemat data' });
    await card.getByRole('switch', { name: 'Hemat data di perangkat ini' }).check({ force: true });
    await expect(card.getByText('Aktif: gambar dimuat saat diketuk.')).toBeVisible();

    files.length = 0;
    await openClassLesson(page, s);
    // The teacher's photo: initials, nothing fetched.
    await expect(page.getByText(s.teacher.name).first()).toBeVisible();
    await expect(page.locator(`img[alt="${s.teacher.name}"]`)).toHaveCount(0);
    // The video: a plain button, no thumbnail.
    await expect(playButton(page)).toHaveText('Putar video YouTube');
    await expect(page.locator('img[src*="ytimg"]')).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(any, 'no request to any YouTube host before the tap').toEqual([]);
    expect(files, 'no stored file (photo, material) fetched').toEqual([]);

    // A file over 1 MB asks before it opens; "no" opens nothing.
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: /Modul Besar/ }).click();
    await expect.poll(() => asked).toEqual(['Buka file 3,4 MB?']);
    expect(page.context().pages()).toHaveLength(1);

    await playButton(page).click();
    await expect(page.locator('iframe[title="Video Subnetting"]')).toBeVisible();
    await expect.poll(() => any.length).toBeGreaterThan(0);

    // The switch is kept on this device across a reload.
    await page.reload();
    await openLesson(page, 1);
    await expect(playButton(page)).toHaveText('Putar video YouTube');
  });
}

/** Waits until the app's service worker controls the page. */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 20_000 });
}

test('@phone "Simpan untuk offline" says the size first, saves the files, and they open offline', async ({ page, context, request }) => {
  const s = await scene(request);
  await login(page, s.student.username, s.student.password);
  await workerInControl(page);
  await openClassLesson(page, s);

  await page.getByRole('button', { name: 'Simpan untuk offline: Topologi Jaringan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simpan untuk offline' });
  await expect(dialog).toContainText('Simpan 2 materi (3,4 MB) untuk dibaca offline?');
  await dialog.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Materi offline' });
  await expect(list).toContainText('Modul Besar: Tersimpan untuk offline', { timeout: 30_000 });
  await expect(list).toContainText('Catatan Subnetting: Tersimpan untuk offline');
  await expect(page.getByText('2 dari 2 file tersimpan')).toBeVisible();

  // A reload finds them saved.
  await page.reload();
  await openLesson(page, 1);
  await expect(page.getByText('2 dari 2 file tersimpan')).toBeVisible();
  await context.setOffline(true);
  // Neither file was ever opened: they come from what "Simpan untuk offline" kept.
  const link = page.getByRole('link', { name: 'Catatan Subnetting' });
  const read = (href: string) => page.evaluate((h) => fetch(h).then(async (r) => `${r.status} ${(await r.blob()).size}`), href);
  expect(await read((await link.getAttribute('href'))!)).toBe(`200 ${Buffer.byteLength(NOTE)}`);
  const big = (await page.getByRole('link', { name: /Modul Besar/ }).getAttribute('href'))!;
  expect(await read(big)).toBe(`200 ${Math.round(3.4 * MB)}`);
  // And as the student opens it: a tap on the material.
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  const popup = page.waitForEvent('popup');
  await link.click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/api\/files\/\d+\?e=\d+&s=/);
  await expect(tab.getByText(NOTE)).toBeVisible();
  await tab.close();
  await context.setOffline(false);
});

test('"Simpan untuk offline" over the budget is refused with both sizes', async ({ page, request }) => {
  const s = await scene(request);
  await login(page, s.student.username, s.student.password);
  await workerInControl(page);
  await openClassLesson(page, s);
  // The phone holds 199 MB of the 200 MB already (a stand-in entry carrying the worker's size stamp).
  await page.evaluate(async (bytes) => {
    const cache = await caches.open('kelasku-files');
    await cache.put('/api/files/999999', new Response('x', { headers: { 'x-kelasku-size': String(bytes) } }));
  }, 199 * MB);

  await page.getByRole('button', { name: 'Simpan untuk offline: Topologi Jaringan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simpan untuk offline' });
  await expect(dialog).toContainText(/Ruang offline tidak cukup: perlu 3,4 MB, tersisa \d+ KB\. Hapus data offline di Profil\./, {
    useInnerText: true,
  });
  await expect(dialog.getByRole('button', { name: 'Simpan', exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Buka Profil' })).toHaveAttribute('href', '/me');
  await dialog.getByRole('button', { name: 'Kembali', exact: true }).click();
  await expect(page.getByText('Tersimpan untuk offline')).toHaveCount(0);
});
