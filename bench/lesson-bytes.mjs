/**
 * The bytes a student downloads to open a lesson with a YouTube material (issue 42), measured in
 * Chromium through the DevTools protocol: every response's encodedDataLength (what came over the
 * wire, headers included) from Network.loadingFinished, summed by origin and resource type, and every
 * request to a YouTube host counted (one that fails — there is no network to YouTube here — is still
 * an attempt the page made, and on a phone it would have been a download).
 *
 * Against a running server (npm start with WEB_DIR pointing at the build to measure):
 *   node bench/lesson-bytes.mjs http://127.0.0.1:4618 [--saver]
 * It makes, with the demo teacher "guru", a fresh content holding one YouTube link in a class of the
 * demo student "siswa", signs the student in in a fresh browser (empty cache, service worker
 * blocked so only the page's own transfer counts), clears the cache, opens the class page with the
 * content open, waits 6 s, and prints the totals. `--saver` turns "Hemat data" on first.
 */
import { chromium } from '@playwright/test';
import { fullBrowser } from '../e2e/browsers.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:4618';
const saver = process.argv.includes('--saver');
const YT = /(^|\.)(youtube\.com|youtube-nocookie\.com|googlevideo\.com|ytimg\.com|ggpht\.com|doubleclick\.net|google\.com|gstatic\.com)$/;

async function call(method, path, token, body) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const login = async (username, password) => (await call('POST', '/api/login', null, { username, password })).data.token;

// A fresh content with one YouTube material, in a class the student sees.
const teacher = await login('guru', 'guru123');
const student = await login('siswa', 'siswa123');
const mine = new Set((await call('GET', '/api/student/my-classes', student)).data.map((c) => c.id));
const teaching = (await call('GET', '/api/teacher/online-classes', teacher)).data;
const klass = (Array.isArray(teaching) ? teaching : teaching.data).find((c) => mine.has(c.id));
if (!klass) throw new Error('no class of guru that siswa is in');
const content = (await call('POST', `/api/teacher/online-classes/${klass.id}/contents`, teacher, { title: 'Ukur kuota', description: '' }))
  .data;
await call('POST', `/api/teacher/online-classes/${klass.id}/contents/${content.id}/links`, teacher, {
  title: 'Video Subnetting',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
});

const browser = await chromium.launch(fullBrowser);
const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, locale: 'id-ID' });
const page = await context.newPage();
await page.goto(`${base}/login`);
await page.getByLabel('Username atau email').fill('siswa');
await page.getByRole('textbox', { name: 'Password', exact: true }).fill('siswa123');
await page.getByRole('button', { name: 'Masuk' }).click();
await page.waitForURL(/\/dashboard$/);
if (saver) await page.evaluate(() => localStorage.setItem('kelasku:hemat-data', '1'));

const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.clearBrowserCache');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
const requests = new Map();
cdp.on('Network.requestWillBeSent', (e) =>
  requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', bytes: 0, failed: false }),
);
cdp.on('Network.loadingFinished', (e) => {
  const r = requests.get(e.requestId);
  if (r) r.bytes = e.encodedDataLength;
});
cdp.on('Network.loadingFailed', (e) => {
  const r = requests.get(e.requestId);
  if (r) r.failed = true;
});

const measure = async (label) => {
  await page.waitForTimeout(6000);
  const byKey = new Map();
  let total = 0;
  const youtube = [];
  for (const r of requests.values()) {
    const url = new URL(r.url);
    if (url.protocol === 'data:') continue;
    const key = `${url.origin} ${r.type}`;
    const entry = byKey.get(key) ?? { requests: 0, bytes: 0, failed: 0 };
    entry.requests++;
    entry.bytes += r.bytes;
    entry.failed += r.failed ? 1 : 0;
    byKey.set(key, entry);
    total += r.bytes;
    if (YT.test(url.hostname)) youtube.push(`${r.failed ? 'FAILED ' : ''}${r.url.slice(0, 100)}`);
  }
  console.log(`\n== ${label}${saver ? ' (Hemat data on)' : ''}: ${requests.size} requests, ${(total / 1024).toFixed(1)} KB measured`);
  for (const [key, e] of [...byKey].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(
      `  ${key.padEnd(48)} ${String(e.requests).padStart(3)} req ${(e.bytes / 1024).toFixed(1).padStart(8)} KB${e.failed ? ` (${e.failed} failed)` : ''}`,
    );
  }
  console.log(`  requests to YouTube/Google hosts: ${youtube.length}`);
  for (const u of youtube) console.log(`    ${u}`);
};

await page.goto(`${base}/my-classes/${klass.id}`);
// The newest content is open when the page loads; scroll to the video as a student would.
const frameOrButton = page.locator('iframe[title="Video Subnetting"], button[aria-label="Putar video YouTube: Video Subnetting"]').first();
await frameOrButton.waitFor({ timeout: 30_000 });
await frameOrButton.scrollIntoViewIfNeeded();
await measure('open the lesson, scroll to the video');

const play = page.getByRole('button', { name: 'Putar video YouTube: Video Subnetting' });
if (await play.count()) {
  await play.click();
  await measure('after the tap on the video');
}
await browser.close();
await call('DELETE', `/api/teacher/online-classes/${klass.id}/contents/${content.id}`, teacher).catch(() => undefined);
