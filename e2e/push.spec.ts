/**
 * Web Push in the browser (issue 42). The service worker's `push` and `notificationclick` handlers
 * are driven through the DevTools protocol (ServiceWorker.deliverPushMessage): a push message shows
 * its notification with the exact title, body and tag, garbage shows nothing, and tapping it opens
 * the deep link in the app's window. The profile card "Notifikasi di HP ini" says what this browser
 * can do (blocked, with how to unblock; off; the push service out of reach — headless Chromium has
 * no connection to one) and lists the other devices; the gentle prompt follows the first sign-in on
 * a phone only, once.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { fullBrowser } from './browsers';
import { api, freshRombel, freshUser, login, toast, violations } from './fixtures';

// A service worker started, pushes delivered and a profile page built on a busy machine: more time than a page's test.
test.describe.configure({ timeout: 180_000 });
// Notifications and a push subscription need the full browser; the headless shell has neither.
test.use({ launchOptions: fullBrowser });

/** The service worker's scope as far as these tests use it (the types of e2e/ have no web worker library). */
interface WorkerScope {
  registration: { getNotifications(filter?: { tag?: string }): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

/** Waits until the app's service worker controls the page (registered after the first screen). */
async function workerInControl(page: Page) {
  await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 20_000 });
}

/** A fresh student with a rombel (a student of the school, signing in for the first time). */
async function freshStudent(request: Parameters<typeof freshUser>[0]) {
  const rombel = await freshRombel(request, 'Push');
  return freshUser(request, 3, { rombel_id: rombel.id });
}

/** The DevTools id of the app's service worker registration on `origin`. */
async function registrationId(page: Page, origin: string) {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await found };
}

/** The notifications the service worker shows now. */
async function shownNotifications(context: BrowserContext) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const list = await sw.registration.getNotifications();
    return list.map((n: Notification) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { link: string } }));
  });
}

/** Taps the notification with `tag` (a `notificationclick` in the service worker, as the phone's tap gives). */
async function tapNotification(context: BrowserContext, tag: string) {
  const worker = context.serviceWorkers()[0]!;
  await worker.evaluate(async (t) => {
    const sw = self as unknown as WorkerScope;
    const [n] = await sw.registration.getNotifications({ tag: t });
    if (!n) throw new Error(`no notification ${t}`);
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
  }, tag);
}

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`a push message shows its notification and a tap opens its page in the app${tag}`, async ({ page, context, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(['notifications'], { origin });
    const student = await freshStudent(request);
    await login(page, student.username, student.password);
    await workerInControl(page);
    const { cdp, id } = await registrationId(page, origin);

    const message = {
      id: 41,
      kind: 'assignment',
      title: 'Tugas baru di Jaringan Dasar',
      body: 'Laporan praktikum topologi — tenggat Jumat 23.59 WIB',
      link: '/my-work',
      tag: 'assignment-41',
    };
    // Garbage first: nothing shows.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: 'bukan json' });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify({ title: 'tanpa isi' }) });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(message) });
    await expect
      .poll(() => shownNotifications(context))
      .toEqual([
        { title: message.title, body: message.body, tag: message.tag, data: expect.objectContaining({ link: `${origin}/my-work` }) },
      ]);

    // The same tag again (a summary counted up) replaces it; a link to another site opens the app's start page.
    const again = { ...message, title: '2 tugas baru di Jaringan Dasar', link: 'https://contoh.example/curang' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(again) });
    await expect
      .poll(() => shownNotifications(context))
      .toEqual([{ title: again.title, body: message.body, tag: message.tag, data: expect.objectContaining({ link: `${origin}/` }) }]);

    const third = { ...message, id: 42, title: 'Nilai tugas keluar', body: 'Nilai kamu 88', link: '/my-grades', tag: null };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(third) });
    // Up to 30 s, as for the pages below: on a loaded machine Chromium may have stopped the idle
    // worker, and the push starts it again before it shows anything.
    await expect
      .poll(async () => (await shownNotifications(context)).map((n) => n.title).sort(), { timeout: 30_000 })
      .toEqual(['2 tugas baru di Jaringan Dasar', 'Nilai tugas keluar'].sort());

    // A tap: the notification closes, and the open window of the app goes to its page.
    const shown = await shownNotifications(context);
    const graded = shown.find((n) => n.title === 'Nilai tugas keluar')!;
    expect(graded.data.link).toBe(`${origin}/my-grades`);
    await context.serviceWorkers()[0]!.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      const n = (await sw.registration.getNotifications()).find((x: Notification) => x.title === 'Nilai tugas keluar')!;
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
    });
    await expect(page).toHaveURL(`${origin}/my-grades`);
    await expect(page.getByRole('heading', { name: 'Nilai Saya' }).first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await shownNotifications(context)).map((n) => n.title)).toEqual(['2 tugas baru di Jaringan Dasar']);

    await tapNotification(context, message.tag);
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect.poll(() => shownNotifications(context)).toEqual([]);
  });

  test(`the profile card: the push service out of reach says so; the other devices are listed and removable${tag}`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(['notifications'], { origin });
    const student = await freshStudent(request);
    await login(page, student.username, student.password);
    await workerInControl(page);
    await page.goto('/me');
    const card = page.getByRole('region', { name: 'Notifikasi di HP ini' });
    await expect(card.getByTestId('push-state')).toHaveText(/Notifikasi belum aktif di HP ini\./, { timeout: 30_000 });
    await card.getByRole('button', { name: 'Aktifkan notifikasi di HP ini' }).click();
    await expect(toast(page, 'Layanan notifikasi browser tidak bisa dihubungi, jadi notifikasi belum aktif.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByRole('button', { name: 'Aktifkan notifikasi di HP ini' })).toBeEnabled();

    // A device of another session of the same student (a phone subscribed earlier), through the API.
    const device = await api(request, student.token, 'POST', '/api/push/subscriptions', {
      endpoint: `https://fcm.googleapis.com/fcm/send/uji-${Date.now()}`,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(device.status, JSON.stringify(device.body)).toBe(201);
    await page.reload();
    const others = card.getByRole('list', { name: 'Perangkat lain dengan notifikasi aktif' });
    await expect(others.getByRole('listitem')).toHaveCount(1);
    expect(await violations(page, `profil ${phone ? 390 : 1280}`)).toEqual([]);
    await others.getByRole('button', { name: /^Hapus / }).click();
    await expect(toast(page, 'Notifikasi di perangkat ini dimatikan.')).toBeVisible();
    await expect(others).toHaveCount(0);
    const left = await api(request, student.token, 'GET', '/api/push/subscriptions');
    expect(left.body.data).toEqual([]);
  });
}

test('@phone notifications blocked by the browser: the card says so and how to unblock them in Chrome', async ({
  page,
  request,
  baseURL,
}) => {
  const student = await freshStudent(request);
  await login(page, student.username, student.password);
  // Blocked as a user blocks it in the browser (the context of this test: its own browser profile).
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    origin: new URL(baseURL!).origin,
    permission: { name: 'notifications' },
    setting: 'denied',
    browserContextId: targetInfo.browserContextId,
  });
  await page.goto('/me');
  const card = page.getByRole('region', { name: 'Notifikasi di HP ini' });
  await expect(card.getByTestId('push-state')).toContainText('Notifikasi untuk Kelasku diblokir oleh browser ini.', { timeout: 30_000 });
  await expect(card.getByTestId('push-state')).toContainText('Di Chrome Android: ketuk ikon di kiri alamat situs');
  await expect(card.getByRole('button', { name: 'Aktifkan notifikasi di HP ini' })).toHaveCount(0);
});

test('@phone the gentle prompt follows the first sign-in on a phone once; "Nanti saja" puts it away for good', async ({
  page,
  request,
}) => {
  const student = await freshStudent(request);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await expect(page.getByTestId('push-prompt')).toHaveCount(0);

  await login(page, student.username, student.password);
  const prompt = page.getByRole('complementary', { name: 'Notifikasi di HP ini?' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('walau Kelasku sedang tidak dibuka');
  // Only a card: the browser's own question comes after "Aktifkan notifikasi".
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await prompt.getByRole('button', { name: 'Nanti saja' }).click();
  await expect(prompt).toHaveCount(0);

  // Not again: after a reload, nor after logging out and in again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Navigasi bawah' }).getByRole('link', { name: 'Profil' }).click();
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, student.username, student.password);
  await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('push-prompt')).toHaveCount(0);
});

test('the gentle prompt is for phones: a desktop sign-in shows none', async ({ page, request }) => {
  const student = await freshStudent(request);
  await login(page, student.username, student.password);
  await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('push-prompt')).toHaveCount(0);
  await page.goto('/me');
  await expect(page.getByRole('region', { name: 'Notifikasi di HP ini' })).toBeVisible({ timeout: 30_000 });
});
