import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Locator, type Page, type Request } from '@playwright/test';

export const DEMO = {
  admin: { username: 'admin', password: 'admin123', name: 'Administrator Sekolah' },
  teacher: { username: 'guru', password: 'guru123', name: 'Budi Santoso' },
  student: { username: 'siswa', password: 'siswa123', name: 'Andi Pratama' },
} as const;

/** A second, separate browser session (another person at another computer). */
export async function otherPage(browser: Browser, baseURL: string | undefined, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'id-ID', timezoneId: 'Asia/Jakarta', viewport: { width, height: 800 } });
  return context.newPage();
}

/** API requests in flight per page, the tab's live stream aside (it stays open by design). */
const inFlight = new WeakMap<Page, { count: number; changed: number }>();

function trackRequests(page: Page) {
  if (inFlight.has(page)) return inFlight.get(page)!;
  const state = { count: 0, changed: Date.now() };
  inFlight.set(page, state);
  const counted = (r: Request) => r.url().includes('/api/') && !r.url().includes('/api/live');
  page.on('request', (r) => {
    if (!counted(r)) return;
    state.count++;
    state.changed = Date.now();
  });
  const done = (r: Request) => {
    if (!counted(r)) return;
    state.count = Math.max(0, state.count - 1);
    state.changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/**
 * Waits until no API request has been in flight for half a second. It replaces `networkidle`, which
 * never comes while the tab holds its live stream (server-sent events) open.
 */
export async function apiIdle(page: Page) {
  const state = trackRequests(page);
  await page.waitForLoadState('load');
  // Asked every 100 ms: expect.poll's own intervals grow to 1 s and would add up to a second of waiting.
  await expect.poll(() => state.count === 0 && Date.now() - state.changed >= 500, { timeout: 30_000, intervals: [100] }).toBe(true);
}

/** Logs in through the login screen and waits for the dashboard. */
export async function login(page: Page, username: string, password: string) {
  trackRequests(page);
  await page.goto('/login');
  await page.getByLabel('Username atau email').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in without the login screen, for a test whose next step opens a page of its own: the token
 * comes from the API and is stored where the login screen stores it, on a blank page of the app's
 * origin. The screen itself, the landing on the dashboard and what follows a sign-in in the tab
 * (the push prompt) are tested with `login`.
 */
export async function signIn(page: Page, username: string, password: string) {
  trackRequests(page);
  const { token, user } = await apiLogin(page.request, username, password);
  await page.goto('/api/health');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** `POST /api/login`, which must succeed: the token and the signed-in user. */
async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { token: string; user: unknown };
}

/** A bearer token through the API (for building test data quickly). */
export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  return (await apiLogin(request, username, password)).token;
}

export async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, ...(data !== undefined ? { data } : {}) });
  const body = await res.json().catch(() => null);
  return { status: res.status(), body };
}

let seq = 0;
/** A fresh user made through the admin API, so a test may change it freely. Role 2 = Guru, 3 = Siswa. */
export async function freshUser(request: APIRequestContext, role: 1 | 2 | 3, extra: Record<string, unknown> = {}) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const username = `e2e${Date.now().toString(36)}${++seq}`;
  const password = 'rahasia1';
  const name = `Uji ${['', 'Admin', 'Guru', 'Siswa'][role]} ${username.slice(-4)}`;
  const res = await api(request, admin, 'POST', '/api/admin/resources/users', {
    role,
    name,
    gender: 'L',
    email: `${username}@uji.sch.id`,
    username,
    password,
    confirm_password: password,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const token = await apiToken(request, username, password);
  const me = await api(request, token, 'GET', '/api/me');
  return { id: me.body.data.id as number, username, password, name, token };
}

let rombelSeq = 0;
/** A rombel of its own in the first enabled department (named `prefix` plus a unique mark), so a test's lists hold only its own students. */
export async function freshRombel(request: APIRequestContext, prefix: string, grade = 10): Promise<{ id: number; name: string }> {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const deps = await api(request, admin, 'GET', '/api/admin/resources/departments');
  const department = (deps.body.data as { id: number; enabled: boolean }[]).find((d) => d.enabled)!;
  const name = `${prefix} ${Date.now().toString(36)}${++rombelSeq}${Math.random().toString(36).slice(2, 5)}`;
  const res = await api(request, admin, 'POST', '/api/admin/resources/rombel-classes', { department_id: department.id, name, grade });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as number, name };
}

/**
 * A fresh school corner for one test: a rombel of its own with one student, a fresh teacher
 * with a class for that rombel, a content and a forum — all through the API.
 */
export async function forumWorld(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const rombelId = (await freshRombel(request, 'Forum')).id;

  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombelId });
  const cls = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: 'Jaringan Dasar',
    description: null,
    rombel_class_id: rombelId,
  });
  expect(cls.status, JSON.stringify(cls.body)).toBe(201);
  const classId = cls.body.data.id as number;
  const content = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, {
    title: 'Topologi Jaringan',
    description: 'Bintang dan cincin',
  });
  expect(content.status, JSON.stringify(content.body)).toBe(201);
  const lessonId = content.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/forums`;
  const forum = await api(request, teacher.token, 'POST', base, {
    topic: 'Kelebihan topologi bintang?',
    description: 'Diskusikan dengan teman sekelas.',
  });
  expect(forum.status, JSON.stringify(forum.body)).toBe(201);
  const forumId = forum.body.data.id as number;
  return {
    admin,
    rombelId,
    teacher,
    student,
    classId,
    lessonId,
    forumId,
    teacherApi: `${base}/${forumId}`,
    studentApi: `/api/student/my-classes/${classId}/contents/${lessonId}/forums/${forumId}`,
    teacherUrl: `/online-class/${classId}/contents/${lessonId}/forums/${forumId}`,
    studentUrl: `/my-classes/${classId}/contents/${lessonId}/forums/${forumId}`,
  };
}

/** Waits (up to 5 s) until no finite transition or animation runs; endless ones (a loader) do not count. */
async function stillness(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined); // still moving after 5 s: audited as it is
}

/** Serious and critical axe findings on the page as it is now. */
async function serious(page: Page) {
  // Only violations are wanted: axe then keeps no details of what passed (its largest cost on a long page).
  // Legacy mode: axe finishes its run in the page itself instead of in a blank page opened for each
  // audit (1.1 → 0.5 s an audit, the same rules on the app's own page). What it leaves out is the
  // inside of frames; the app's only frames are YouTube's players, whose frame element is still checked.
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Serious and critical violations on the page as it is now, one line each (rule, element, summary).
 * A toast fading in or out is half transparent, and its colours are then not the ones a user
 * reads: the audit waits for transitions to end, and when a finding is on a toast (one that
 * arrived during the audit, a live notification say) it waits and audits again. A toast that is
 * wrong at rest is still reported.
 */
export async function violations(page: Page, screen: string): Promise<string[]> {
  await stillness(page);
  let found = await serious(page);
  if (found.some((v) => v.nodes.some((n) => n.html.includes('mantine-Notification')))) {
    await page.waitForTimeout(500);
    await stillness(page);
    found = await serious(page);
  }
  return found.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${screen}: [${v.impact}] ${v.id} at ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim().slice(0, 200)} ${n.html.slice(0, 160)}`,
    ),
  );
}

/** A small valid PDF to upload through the API (materials, submissions). */
export const samplePdf = (name = 'dokumen.pdf') => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
});

/** A student hands in a file to an assignment through the API. */
export async function handIn(request: APIRequestContext, token: string, assignmentId: number, file = samplePdf('jawaban.pdf')) {
  const res = await request.post(`/api/student/submissions/${assignmentId}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Opens "Pembelajaran n" on the student's class page. The newest visible one is already open when the
 * page loads (issue 35); a click would fold it, so it is clicked only while folded.
 */
export async function openLesson(page: Page, n: number) {
  const control = page.getByRole('button', { name: new RegExp(`Pembelajaran ${n}(?!\\d)`) });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
}

/** The text of the visible toast with this message. */
/**
 * Taps `link` until the address matches `url`. A tap right after a list is drawn can be lost (a
 * live update redraws it, a lesson's panel is still opening): it is tapped again, as a user would.
 */
export async function tapUntil(page: Page, link: Locator, url: RegExp, timeout = 20_000) {
  await expect(async () => {
    if (!url.test(page.url())) await link.click({ timeout: 3_000 });
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout });
}

export const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/**
 * Picks a date in a @mantine/dates picker (DatePickerInput or DateTimePicker): opens it, chooses the
 * year and month in the header's select boxes and clicks the day; `time` ("23:59") is typed into
 * the hour and minute fields of a date-time picker, which is then confirmed.
 */
export async function pickDate(page: Page, field: Locator, date: string, time?: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // A picker confirmed just before may still be closing (its transition): wait until it is gone, so
  // that the one open next is this field's (waiting for "only one" could see the closing one).
  await expect(page.locator('select[data-select="year"]')).toHaveCount(0);
  await field.click();
  await expect(page.locator('select[data-select="year"]')).toHaveCount(1);
  await page.locator('select[data-select="year"]').selectOption(String(year));
  await page.locator('select[data-select="month"]').selectOption(String(month - 1));
  await page.getByRole('button', { name: `${day} ${MONTHS_ID[month - 1]} ${year}`, exact: true }).click();
  if (time === undefined) return;
  const [hours, minutes] = time.split(':') as [string, string];
  await page.getByRole('spinbutton', { name: 'Jam' }).fill(hours);
  await page.getByRole('spinbutton', { name: 'Menit' }).fill(minutes);
  await page.getByRole('button', { name: 'Pilih tanggal dan jam' }).click();
}

/** A teacher's class for a rombel with one content, made through the API: its ids. */
export async function classWithLesson(
  request: APIRequestContext,
  token: string,
  c: { rombelId: number; name: string; lessonTitle: string; description?: string },
): Promise<{ classId: number; lessonId: number }> {
  const klass = await api(request, token, 'POST', '/api/teacher/online-classes', {
    rombel_class_id: c.rombelId,
    name: c.name,
    description: c.description ?? '',
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  const content = await api(request, token, 'POST', `/api/teacher/online-classes/${classId}/contents`, {
    title: c.lessonTitle,
    description: '',
  });
  expect(content.status, JSON.stringify(content.body)).toBe(201);
  return { classId, lessonId: content.body.data.id as number };
}

/** Slows every upload of the page to `bytesPerSecond` (-1: full speed again), so a progress bar and its cancel can be seen. */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * Holds each request for a page's script (`assets/<name>-<hash>.js`) for a second, as a slow phone
 * would: the page that was left still shows while it loads. Needs the service worker blocked (it
 * would serve the script from its cache). Returns how many requests were held.
 */
export async function holdScript(page: Page, name: string): Promise<() => number> {
  let held = 0;
  await page.route(`**/assets/${name}-*.js`, async (route) => {
    held += 1;
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
  return () => held;
}

/** The page reached shows `heading` at `url`, and still does after a search's pause on the page left (300 ms) would have ended. */
export async function expectStays(page: Page, url: RegExp, heading: Locator) {
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(url);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(url);
  await expect(heading).toBeVisible();
}
