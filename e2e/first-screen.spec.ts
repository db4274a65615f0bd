/**
 * The first screen on a slow phone (issue 23): index.html paints the logo and "Memuat…" by itself,
 * before any script runs and before any style sheet arrives, and the app takes its place; the built
 * app comes compressed, its files cached for good and index.html revalidated. (How fast it is on
 * 400 kbit/s is measured by bench/slow-phone.mjs, not here.)
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, violations } from './fixtures';

/** The first screen of index.html: the status line with the logo, the name and "Memuat…". */
const firstScreen = (page: Page) => page.getByRole('status').filter({ hasText: 'Memuat…' });

test('index.html carries the logo and "Memuat…" itself, its style sheet after them and its script as a module', async ({ request }) => {
  const res = await request.get('/login', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  // A new release reaches the phone at once: the page is asked for again (or confirmed unchanged) every time.
  expect(res.headers()['cache-control']).toBe('no-cache');
  const html = await res.text();
  const head = html.slice(0, html.indexOf('<body'));
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
  expect(root).toContain('<svg');
  expect(root).toContain('Kelasku');
  expect(root).toContain('Memuat…');
  // A style sheet in <head> would hold the first paint back until it arrived.
  expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
  const css = /<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(root)?.[1];
  const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(head)?.[1];
  expect(css, 'the style sheet comes after the first screen').toBeTruthy();
  expect(script, 'the script is a module (it waits for the page, it does not stop it)').toBeTruthy();
  for (const file of [script!, css!]) {
    const asset = await request.get(file, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status(), file).toBe(200);
    expect(asset.headers()['content-encoding'], file).toBe('br');
    expect(asset.headers()['cache-control'], file).toContain('immutable');
  }
});

test('the logo and "Memuat…" are painted while the scripts and style sheets are still on their way', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.(js|css)(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  // (On "/" and "/login" index.html shows its login form instead: see "the early login form" below.)
  await page.goto('/me', { waitUntil: 'commit' });
  await expect(firstScreen(page)).toContainText('Kelasku');
  await expect(firstScreen(page).locator('svg')).toBeVisible();
  // Painted, not only in the page: the browser reports its first contentful paint with nothing of the app loaded.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('paint').some((p) => p.name === 'first-contentful-paint')))
    .toBe(true);
  release();
  await expect(page.getByLabel('Username atau email')).toBeVisible();
  await expect(firstScreen(page)).toHaveCount(0);
});

for (const phone of [false, true]) {
  const tag = phone ? '@phone ' : '';

  test(`${tag}without JavaScript the page shows the logo, "Memuat…" and why nothing more comes`, async ({ browser, baseURL, viewport }) => {
    const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false, locale: 'id-ID' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await expect(firstScreen(page)).toContainText('Kelasku');
      const logo = await firstScreen(page).locator('svg').boundingBox();
      expect(logo?.width).toBe(64);
      // (Playwright's text search leaves <noscript> out: the paragraph is found by its place.)
      const why = page.locator('#root noscript > p');
      await expect(why).toBeVisible();
      expect(await why.evaluate((p) => p.textContent)).toBe(
        'Kelasku memerlukan JavaScript. Aktifkan JavaScript di peramban, lalu muat ulang halaman ini.',
      );
      // The first screen fills the window, centred, on the login page's light teal.
      const screen = await page.locator('#root > *').first().boundingBox();
      expect(screen?.height).toBeGreaterThanOrEqual(viewport!.height);
      expect(
        await page
          .locator('#root > *')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      ).toBe('rgb(230, 252, 245)');
      await expect(page.getByLabel('Username atau email')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test(`${tag}with JavaScript the login page takes the first screen's place, styled, and the dashboard follows`, async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Masuk' })).toBeVisible();
    await expect(firstScreen(page)).toHaveCount(0);
    // The first screen's part of Mantine's styles is there: the filled button is the app's teal.
    await page.getByLabel('Username atau email').fill(DEMO.student.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.student.password);
    const submit = page.getByRole('button', { name: 'Masuk' });
    await expect(submit).toHaveCSS('background-color', 'rgb(8, 127, 91)');
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();
    // With Mantine's complete styles loaded, the app's own still win (they are in no layer): the page's light grey.
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(248, 249, 250)');
    await expect(page.getByRole('article').first()).toBeVisible();
  });
}

/**
 * Holds the app's scripts and style sheets (not index.html's own /first-login.js) until `release`;
 * counts the calls to /api/login meanwhile.
 */
async function holdApp(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.(js|css)(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  const logins: string[] = [];
  /** The signed-in pages' script and style sheet (the build's chunk "app"), each time asked for. */
  const signedIn: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/login')) logins.push(req.url());
    if (/\/assets\/app-[^/?]+\.(js|css)$/.test(req.url())) signedIn.push(new URL(req.url()).pathname);
  });
  return { release, logins, signedIn };
}

/** The app's own login page is there (index.html's form has no eye button). */
const appLoginPage = (page: Page) => page.getByRole('button', { name: 'Tampilkan atau sembunyikan password' });

test.describe('the early login form', () => {
  // Routes do not see what a service worker answers: the app's files are held only without one.
  test.use({ serviceWorkers: 'block' });

  for (const phone of [false, true]) {
    const tag = phone ? '@phone ' : '';

    test(`${tag}the login form is usable before the app's script arrives; "Masuk" pressed early logs in once it is there`, async ({
      page,
    }) => {
      const app = await holdApp(page);
      await page.goto('/', { waitUntil: 'commit' });
      // "/" without a session is the login page, drawn by index.html while nothing of the app has come.
      await expect(page.getByRole('heading', { name: 'Masuk' })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await expect(firstScreen(page)).toHaveCount(0);
      await expect(appLoginPage(page)).toHaveCount(0);
      const submit = page.getByRole('button', { name: 'Masuk' });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Username atau email').fill(DEMO.student.username);
      await expect(submit).toBeDisabled();
      await page.getByLabel('Password').fill(DEMO.student.password);
      await expect(submit).toBeEnabled();
      await expect(submit).toHaveCSS('background-color', 'rgb(8, 127, 91)');
      expect(await violations(page, 'the early login form')).toEqual([]);
      await expect(page.getByRole('link', { name: 'Orang tua/wali? Daftar dengan kode dari anak' })).toHaveAttribute(
        'href',
        '/daftar-orang-tua',
      );
      await submit.click();
      // Remembered, not sent: the page says it is loading, and nothing has gone to the server yet.
      await expect(page.getByRole('button', { name: 'Memuat…' })).toBeDisabled();
      expect(app.logins).toEqual([]);
      // The signed-in pages' files were asked for beside the app's script, while the visitor typed.
      await expect.poll(() => app.signedIn.map((f) => f.split('.').pop()).sort()).toEqual(['css', 'js']);
      app.release();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();
      expect(app.logins).toHaveLength(1);
      // …and the dashboard used them: not one of them was downloaded twice.
      expect(new Set(app.signedIn).size).toBe(2);
      expect(app.signedIn).toHaveLength(2);
    });

    test(`${tag}what was typed before the app arrived stays, with the focus, and a wrong password reads as on the app`, async ({
      page,
    }) => {
      const app = await holdApp(page);
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByLabel('Username atau email').fill(DEMO.student.username);
      await page.getByLabel('Password').fill('salah-sekali');
      await expect(page.getByLabel('Password')).toBeFocused();
      app.release();
      await expect(appLoginPage(page)).toBeVisible();
      await expect(page.getByLabel('Username atau email')).toHaveValue(DEMO.student.username);
      const password = page.getByRole('textbox', { name: 'Password', exact: true });
      await expect(password).toHaveValue('salah-sekali');
      await expect(password).toBeFocused();
      // Typing goes on in the app's field.
      await page.keyboard.press('End');
      await page.keyboard.type('!');
      await expect(password).toHaveValue('salah-sekali!');
      await page.getByRole('button', { name: 'Masuk' }).click();
      await expect(page.getByText('Username atau password salah')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    test(`${tag}a signed-in visitor and other pages get "Memuat…", never the early login form`, async ({ page }) => {
      // Another page than "/" and "/login": the app decides (here: the login page, with the way back).
      const first = await holdApp(page);
      await page.goto('/me', { waitUntil: 'commit' });
      await expect(firstScreen(page)).toBeVisible();
      await expect(page.getByLabel('Username atau email')).toHaveCount(0);
      first.release();
      await expect(appLoginPage(page)).toBeVisible();
      await expect(page).toHaveURL(/\/login\?next=%2Fme$/);

      await page.getByLabel('Username atau email').fill(DEMO.student.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.student.password);
      await page.getByRole('button', { name: 'Masuk' }).click();
      await expect(page).toHaveURL(/\/me$/);

      // Signed in: "/login" and "/" show "Memuat…" until the app has come, and the app goes on to the dashboard.
      await page.unrouteAll();
      const again = await holdApp(page);
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(firstScreen(page)).toBeVisible();
      await expect(page.getByLabel('Username atau email')).toHaveCount(0);
      again.release();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(again.logins).toEqual([]);
    });
  }
});

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

for (const phone of [false, true]) {
  test(`${phone ? '@phone ' : ''}the app is installable: its manifest, icons and service worker satisfy Chromium`, async ({
    page,
    request,
  }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Kelasku',
      short_name: 'Kelasku',
      lang: 'id',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    expect(icons.map((i) => [i.sizes, i.purpose ?? 'any'])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await file.body()).join('x'), icon.src).toBe(icon.sizes);
    }

    // Chromium's own check, as for its "Install app" prompt, once the service worker controls the page.
    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 20_000 });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's browser contexts are incognito profiles, where Chromium never offers to install; every other check counts.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
}
