/**
 * Offline reading (issue 23): the service worker keeps the app shell, the pages and the materials a
 * student opened; offline, a reload still shows them with a notice that they are the saved version;
 * a comment written offline waits, marked unsent, and goes when the connection returns; logout
 * leaves nothing of the user on the phone, and the profile's "Data offline" card shows and clears
 * what is kept. Playwright's setOffline cuts the service worker's own fetches too (checked below:
 * an uncached API read fails offline).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiIdle, forumWorld, freshUser, login, openLesson, otherPage, tapUntil, toast, signIn } from './fixtures';

const NOTE = 'Topologi bintang memakai satu switch di tengah; kabel putus hanya memutus satu komputer.';
/** Over a kilobyte of text: the server sends it compressed, and the saved copy is the decoded file. */
const NOTES = [NOTE, ...Array.from({ length: 60 }, (_, i) => `Baris ${i + 1}: bintang, cincin, bus, mesh.`)].join('\n');

/** A student's class with one content holding a text material and a forum (all through the API). */
async function offlineScene(request: APIRequestContext) {
  const w = await forumWorld(request);
  const material = await request.post(`/api/teacher/online-classes/${w.classId}/contents/${w.lessonId}/materials`, {
    headers: { Authorization: `Bearer ${w.teacher.token}` },
    multipart: { title: 'Catatan Topologi', file: { name: 'catatan-topologi.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTES) } },
  });
  expect(material.status(), await material.text()).toBe(201);
  return { ...w, classUrl: `/my-classes/${w.classId}`, classApi: `/api/student/my-classes/${w.classId}` };
}

type Scene = Awaited<ReturnType<typeof offlineScene>>;

/** Waits until the app's service worker controls the page (registered after the first load). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 20_000 });
}

/** The cache names of the page's origin. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** Opens the class page and its first lesson, where the material link is. */
async function openClass(page: Page, s: Scene) {
  await page.goto(s.classUrl);
  await expect(page.getByRole('heading', { name: 'Jaringan Dasar' })).toBeVisible();
  await openLesson(page, 1);
  await expect(page.getByRole('link', { name: 'Catatan Topologi' })).toBeVisible();
}

/** Clicks the material and checks its text in the new tab. */
async function readMaterial(page: Page) {
  const link = page.getByRole('link', { name: 'Catatan Topologi' });
  // The lesson's panel may still be opening: its link takes the click once it has settled.
  await expect(link).toBeInViewport();
  const popup = page.waitForEvent('popup');
  await link.click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/api\/files\/\d+\?e=\d+&s=/);
  await expect(tab.getByText(NOTE)).toBeVisible();
  await expect(tab.getByText('Baris 60: bintang, cincin, bus, mesh.')).toBeVisible();
  await tab.close();
}

/** Signs in as the scene's student and waits for the service worker to take over. */
async function studentOnline(page: Page, s: Scene) {
  await login(page, s.student.username, s.student.password);
  await workerInControl(page);
}

/** A fresh scene whose student, online, opened the class page and read its material: what the phone has saved. */
async function studentHasRead(page: Page, request: APIRequestContext) {
  const s = await offlineScene(request);
  await studentOnline(page, s);
  await openClass(page, s);
  await readMaterial(page);
  return s;
}

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`a class page and its material opened before are readable offline after a reload, marked as the saved version${tag}`, async ({
    page,
    context,
    request,
  }) => {
    const s = await studentHasRead(page, request);
    await page.getByRole('link', { name: 'Kelebihan topologi bintang?' }).click();
    await expect(page.getByText('Diskusikan dengan teman sekelas.')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Jaringan Dasar' })).toBeVisible();
    await apiIdle(page);

    await context.setOffline(true);
    // A read nothing has kept does not come from anywhere: the service worker's fetches are offline too.
    const unknown = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/student/my-classes/999999', {
          headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return res.status;
      } catch {
        return 'failed';
      }
    });
    expect(unknown).toBe('failed');

    await page.reload();
    // The app shell, the page with its content, and the notice that it is the saved version.
    await expect(page.getByRole('heading', { name: 'Jaringan Dasar' })).toBeVisible();
    const banner = page.getByRole('alert').filter({ hasText: 'Error! No Connection.' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(
      /Kamu sedang offline\. Yang tampil adalah versi tersimpan dari \d{1,2} \S+ \d{4} \d{2}\.\d{2} WIB\./,
    );
    await openLesson(page, 1);
    await expect(page.getByRole('link', { name: 'Catatan Topologi' })).toBeVisible();
    // The forum read before opens inside the app, also the saved version. The lesson's panel has just
    // begun to open: its link is tapped once it shows, and a tap that did not take (the address is still
    // the class's) is tapped again, as a student would. Then the thread must show from the saved copy.
    const forum = page.getByRole('link', { name: 'Kelebihan topologi bintang?' });
    await expect(forum).toBeInViewport();
    await tapUntil(page, forum, new RegExp(`${s.studentUrl}$`));
    await expect(page.getByText('Diskusikan dengan teman sekelas.')).toBeVisible();
    await expect(banner).toContainText('Yang tampil adalah versi tersimpan');
    await page.goBack();
    await openLesson(page, 1);
    // The material opens from the phone. (Last: a new tab resets the opener's offline flag in Playwright's emulation.)
    await readMaterial(page);

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Jaringan Dasar' })).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(page.getByText('Yang tampil adalah versi tersimpan')).toHaveCount(0);
  });
}

test('@phone a comment written offline is marked unsent, survives a reload and is sent when the connection returns', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  const s = await offlineScene(request);
  await studentOnline(page, s);
  await page.goto(s.studentUrl);
  await expect(page.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toBeVisible();
  await apiIdle(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Write your reply.' }).click();
  const dialog = page.getByRole('dialog', { name: 'Comment' });
  await dialog.getByRole('textbox', { name: 'Komentar' }).fill('Bintang lebih mudah dirawat.');
  await dialog.getByRole('button', { name: 'Kirim' }).click();
  await expect(toast(page, 'Komentar disimpan di ponsel ini dan dikirim otomatis saat online.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const unsent = page.getByTestId('forum-comment-unsent');
  await expect(unsent).toContainText('Bintang lebih mudah dirawat.');
  await expect(unsent).toContainText('Belum terkirim — akan dikirim saat online');
  await expect(unsent.getByRole('button', { name: 'Kirim ulang' })).toBeDisabled();
  await expect(unsent.getByRole('button', { name: 'Hapus' })).toBeEnabled();
  // The draft went with it: the box is empty again.
  await expect(page.getByTestId('comment-draft')).toHaveCount(0);

  // A reload offline keeps it (the thread is the saved version).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toBeVisible();
  await expect(unsent).toContainText('Belum terkirim — akan dikirim saat online');
  const onServer = async () => (await api(request, s.teacher.token, 'GET', s.teacherApi)).body.data.total_comment as number;
  expect(await onServer()).toBe(0);

  // The connection returns: it goes by itself, once, and shows as a comment.
  await context.setOffline(false);
  await expect(unsent).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('forum-comment').filter({ hasText: 'Bintang lebih mudah dirawat.' })).toBeVisible();
  await expect.poll(onServer).toBe(1);

  // The teacher sees it.
  const teacher = await otherPage(browser, baseURL);
  await signIn(teacher, s.teacher.username, s.teacher.password);
  await teacher.goto(s.teacherUrl);
  await expect(teacher.getByTestId('forum-comment').filter({ hasText: 'Bintang lebih mudah dirawat.' })).toBeVisible();
  await expect(teacher.getByTestId('forum-comment')).toHaveCount(1);
  await teacher.context().close();
});

test('an unsent comment can be deleted, and one the server refuses says why', async ({ page, context, request }) => {
  const s = await offlineScene(request);
  await studentOnline(page, s);
  await page.goto(s.studentUrl);
  await expect(page.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toBeVisible();
  await apiIdle(page);

  await context.setOffline(true);
  for (const text of ['Komentar yang dibatalkan', 'Komentar untuk forum yang dihapus']) {
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comment' });
    await dialog.getByRole('textbox', { name: 'Komentar' }).fill(text);
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await expect(dialog).toBeHidden();
  }
  const unsent = page.getByTestId('forum-comment-unsent');
  await expect(unsent).toHaveCount(2);
  await unsent.filter({ hasText: 'Komentar yang dibatalkan' }).getByRole('button', { name: 'Hapus' }).click();
  await page.getByRole('dialog', { name: 'Hapus komentar' }).getByRole('button', { name: 'Hapus' }).click();
  await expect(unsent).toHaveCount(1);

  // Meanwhile the teacher deletes the forum: the comment cannot land anywhere.
  expect((await api(request, s.teacher.token, 'DELETE', s.teacherApi)).status).toBe(200);
  await context.setOffline(false);
  await expect(unsent).toContainText(/Tidak terkirim: .+/, { timeout: 20_000 });
  await expect(unsent.getByRole('button', { name: 'Kirim ulang' })).toBeEnabled();
});

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`logout removes every saved page and file before the reload: offline, nothing of the user is left${tag}`, async ({
    page,
    context,
    request,
  }) => {
    const s = await studentHasRead(page, request);
    await page.goto(s.studentUrl);
    await expect(page.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toBeVisible();
    await apiIdle(page);
    expect(await cacheNames(page)).toEqual(expect.arrayContaining(['kelasku-data', 'kelasku-files']));
    const token = await page.evaluate(() => localStorage.getItem('token'));

    if (phone) {
      await page.getByRole('navigation', { name: 'Navigasi bawah' }).getByRole('link', { name: 'Profil' }).click();
      await page.getByRole('button', { name: 'Keluar' }).click();
    } else {
      await page.getByRole('button', { name: `Menu akun ${s.student.name}` }).click();
      await page.getByRole('menuitem', { name: 'Keluar' }).click();
    }
    await expect(page).toHaveURL(/\/login$/);
    // Only the app shell is left: the precache and the build's chunks.
    const left = await cacheNames(page);
    expect(left.filter((n) => !n.startsWith('workbox-precache') && n !== 'kelasku-assets')).toEqual([]);

    await context.setOffline(true);
    // The app still opens offline, at its login page…
    await page.reload();
    await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
    // …but none of the pages the user read comes back, not even with the old token.
    const replay = await page.evaluate(
      async ({ urls, token }) =>
        Promise.all(
          urls.map(async (url) => {
            try {
              return (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).status;
            } catch {
              return 'failed';
            }
          }),
        ),
      { urls: [s.classApi, s.studentApi + '?page=1&per_page=20'], token },
    );
    expect(replay).toEqual(['failed', 'failed']);
    await page.goto(s.classUrl);
    await expect(page).toHaveURL(/\/login\?next=/);
    await expect(page.getByText('Jaringan Dasar')).toHaveCount(0);
    await context.setOffline(false);
  });
}

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`the profile shows the offline data in MB of the 200 MB budget and "Hapus data offline" clears it${tag}`, async ({
    page,
    request,
  }) => {
    const s = await studentHasRead(page, request);
    await apiIdle(page);

    if (phone) {
      await page.getByRole('navigation', { name: 'Navigasi bawah' }).getByRole('link', { name: 'Profil' }).click();
    } else {
      await page.getByRole('button', { name: `Menu akun ${s.student.name}` }).click();
      await page.getByRole('menuitem', { name: 'My Profile' }).click();
    }
    const card = page.getByRole('region', { name: 'Data offline' });
    await expect(card.getByTestId('offline-usage')).toHaveText(/^\d+(,\d)? KB dari 200 MB dipakai$/);
    await expect(card.getByText(/^\d+ halaman dan 1 file tersimpan\.$/)).toBeVisible();
    await expect(card.getByRole('progressbar', { name: 'Data offline yang dipakai' })).toHaveAttribute('aria-valuenow', /^0\.0\d+/);

    await card.getByRole('button', { name: 'Hapus data offline' }).click();
    await expect(toast(page, 'Data offline dihapus.')).toBeVisible();
    await expect(card.getByText(/0 file tersimpan\.$|^Belum ada yang tersimpan\.$/)).toBeVisible();
    expect(await page.evaluate(() => caches.has('kelasku-files'))).toBe(false);
    // The user stays signed in.
    await expect(page.getByRole('heading', { name: s.student.name })).toBeVisible();
  });
}

test("another user signing in on the same browser (without a logout) wipes the first user's saved pages", async ({
  page,
  context,
  request,
}) => {
  const s = await offlineScene(request);
  await studentOnline(page, s);
  await openClass(page, s);
  await apiIdle(page);
  const savedUrls = (p: Page) =>
    p.evaluate(async () =>
      (await caches.has('kelasku-data')) ? (await (await caches.open('kelasku-data')).keys()).map((r) => r.url) : [],
    );
  expect((await savedUrls(page)).some((u) => u.endsWith(`/my-classes/${s.classId}`))).toBe(true);

  // The stored session is lost without a logout and without the app seeing it (site data cleared on a
  // page that is not the app), and a classmate signs in: only the service worker can tell.
  const next = await context.newPage();
  await page.close();
  await next.goto('/favicon.svg');
  await next.evaluate(() => localStorage.clear());
  const other = await freshUser(request, 3);
  await login(next, other.username, other.password);
  await expect(next.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();
  await apiIdle(next);
  const urls = await savedUrls(next);
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((u) => u.includes(`/my-classes/${s.classId}`))).toEqual([]);
});
