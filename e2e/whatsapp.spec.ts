/**
 * WhatsApp (issue 42) at 390 px and on desktop: "Bagikan ke WhatsApp" on an announcement, an
 * assignment, a quiz and a meeting (the teacher's screens, and the student's where a student shares
 * with a classmate) — each link checked by its address, new tab, and decoded text, made of characters
 * that break a URL; "Chat WhatsApp" with a student for the class's teacher (class list, grading view)
 * and the wali kelas (Kelas Perwalian, beside the parent's link); a student never sees a number.
 *
 * Each test makes its own corner: a fresh rombel with three students (two with mobile numbers, one
 * with none), a fresh teacher who teaches its class and is its wali kelas, and the class's work.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, api, apiIdle, apiToken, classWithLesson, freshRombel, freshUser, login, otherPage } from './fixtures';

const DAY = 24 * 3600_000;
const ANNOUNCEMENT = 'Besok praktik di lab #2 & bawa laptop? 100% + charger 😊\nبسم الله — ꦲꦏ꧀ꦱꦫ';
const ASSIGNMENT = 'Laporan "Praktikum" & Analisis #1?';
const QUIZ = 'Kuis Subnetting 50% + bonus';
const TOPIC = 'Subnetting & VLSM #2';
const CHAT_ANDI = '6281234567890';
const CHAT_BUDI = '628571111222';
/** A page opened by its address loads the whole app again: slow on a busy 2-core machine. */
const LOAD = 45_000;

/** Opens an app path as a user typing its address does. */
async function go(page: Page, path: string) {
  await page.goto(path);
}

/** The WIB calendar day ("2026-11-30"). */
const wibDay = (offset = 0) => new Date(Date.now() + 7 * 3600_000 + offset * DAY).toISOString().slice(0, 10);

async function world(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const rombel = await freshRombel(request, 'X TKJ WA');
  const teacher = await freshUser(request, 2);
  const andi = await freshUser(request, 3, { rombel_id: rombel.id });
  const budi = await freshUser(request, 3, { rombel_id: rombel.id });
  const cici = await freshUser(request, 3, { rombel_id: rombel.id });
  // The numbers as the admin types them (kept as 0812-3456-7890).
  for (const [u, telpon] of [
    [andi, '0812-3456-7890'],
    [budi, '+62 857-1111-222'],
  ] as const) {
    const res = await api(request, admin, 'PUT', `/api/admin/resources/users/${u.id}`, {
      name: u.name,
      gender: 'L',
      username: u.username,
      email: `${u.username}@uji.sch.id`,
      telpon,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const wali = await api(request, admin, 'PUT', `/api/admin/homerooms/${rombel.id}`, { teacher_id: teacher.id });
  expect(wali.status, JSON.stringify(wali.body)).toBe(200);
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: 'Jaringan Dasar',
    lessonTitle: 'Bab 1',
  });
  const T = `/api/teacher/online-classes/${classId}`;
  const made = async (url: string, body: unknown) => {
    const res = await api(request, teacher.token, 'POST', url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  await made(`${T}/announcements`, { body: ANNOUNCEMENT });
  const deadline = `${wibDay(7)}T16:59:00.000Z`;
  const assignmentId = await made(`${T}/contents/${lessonId}/assignments`, { title: ASSIGNMENT, description: 'Kerjakan.', deadline });
  const category = await made('/api/teacher/question-categories', { name: `WA ${Date.now()}` });
  const questionId = await made(`/api/teacher/question-categories/${category}/questions`, {
    type: 'essay',
    points: 5,
    text: 'Jelaskan subnetting.',
    data: {},
  });
  const quizId = await made(`${T}/contents/${lessonId}/quizzes`, { title: QUIZ, description: '', slots: [{ question_id: questionId }] });
  const meetingId = await made(`${T}/meetings`, { date: wibDay(1), starts_at: '07.00', ends_at: '08.30', topic: TOPIC });
  const parent = await api(request, teacher.token, 'POST', `/api/teacher/homerooms/${rombel.id}/students/${andi.id}/parents`, {
    name: 'Siti Aminah',
    relation: 'ibu',
    telpon: '0813-2222-3333',
    email: null,
  });
  expect(parent.status, JSON.stringify(parent.body)).toBe(201);
  return { rombel, teacher, andi, budi, cici, classId, lessonId, assignmentId, quizId, meetingId, deadline };
}
type World = Awaited<ReturnType<typeof world>>;

/** A wa.me link: opens in a new tab without handing over the page; its address and its decoded text. */
async function waLink(link: Locator) {
  await expect(link).toBeVisible({ timeout: LOAD });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const href = (await link.getAttribute('href'))!;
  const q = href.indexOf('?text=');
  return { address: q < 0 ? href : href.slice(0, q), text: q < 0 ? null : decodeURIComponent(href.slice(q + 6)), href };
}

async function expectShared(link: Locator, origin: string, expected: { starts: string; contains: string[]; path: string }) {
  const { address, text, href } = await waLink(link);
  expect(address).toBe('https://wa.me/');
  expect(href.length).toBeLessThan(2000);
  expect(text!.startsWith(expected.starts), text!).toBe(true);
  for (const part of expected.contains) expect(text).toContain(part);
  expect(text!.endsWith(`${origin}${expected.path}`), text!).toBe(true);
}

const shareOf = (scope: Page | Locator, what: string) => scope.getByRole('link', { name: `Bagikan ke WhatsApp: ${what}` });

async function teacherShares(page: Page, w: World, origin: string) {
  // The announcement card, on the class page.
  await go(page, `/online-class/${w.classId}`);
  const announcement = page.getByRole('region', { name: 'Pengumuman' });
  await expectShared(announcement.getByRole('link', { name: /^Bagikan ke WhatsApp: pengumuman/ }), origin, {
    starts: 'Pengumuman di Jaringan Dasar — ',
    contains: [`:\n${ANNOUNCEMENT}\n\nBuka di Kelasku: `],
    path: `/my-classes/${w.classId}`,
  });
  // The assignment page.
  await go(page, `/online-class/${w.classId}/contents/${w.lessonId}/assignment/${w.assignmentId}?tab=instruksi`);
  await expectShared(shareOf(page, ASSIGNMENT), origin, {
    starts: `Tugas baru di Jaringan Dasar — ${w.rombel.name}: "${ASSIGNMENT}" (tenggat `,
    contains: ['pukul 23.59 WIB). Buka di Kelasku: '],
    path: `/my-classes/${w.classId}/submissions/${w.assignmentId}`,
  });
  // The quiz page.
  await go(page, `/online-class/${w.classId}/contents/${w.lessonId}/quizzes/${w.quizId}`);
  await expectShared(shareOf(page, QUIZ), origin, {
    starts: `Kuis di Jaringan Dasar — ${w.rombel.name}: "${QUIZ}"`,
    contains: ['Kerjakan di Kelasku: '],
    path: `/my-classes/${w.classId}/contents/${w.lessonId}/quizzes/${w.quizId}`,
  });
  // The meeting, to the class's group.
  await go(page, `/online-class/${w.classId}/presensi/${w.meetingId}`);
  await expectShared(page.getByRole('link', { name: /^Bagikan ke WhatsApp: Pertemuan/ }), origin, {
    starts: 'Pertemuan 1, ',
    contains: [`07.00–08.30 — Jaringan Dasar — ${w.rombel.name}. Materi: ${TOPIC}. Presensi di Kelasku: `],
    path: '/presensi',
  });
}

async function teacherChats(page: Page, w: World, phone: boolean) {
  // The class's student list ("Tentang"): a chat with each student who has a mobile number.
  await go(page, `/online-class/${w.classId}?tab=tentang`);
  const list = page.getByRole('list', { name: 'Daftar siswa' });
  await expect(list.getByText(w.cici.name)).toBeVisible({ timeout: LOAD });
  const andi = await waLink(list.getByRole('link', { name: `Chat WhatsApp dengan ${w.andi.name}` }));
  expect(andi.address).toBe(`https://wa.me/${CHAT_ANDI}`);
  expect(andi.text).toMatch(
    new RegExp(`^Selamat (pagi|siang|sore|malam), ${w.andi.name}\\. Saya ${w.teacher.name}, guru Jaringan Dasar — `),
  );
  expect((await waLink(list.getByRole('link', { name: `Chat WhatsApp dengan ${w.budi.name}` }))).address).toBe(
    `https://wa.me/${CHAT_BUDI}`,
  );
  await expect(list.getByRole('link', { name: `Chat WhatsApp dengan ${w.cici.name}` })).toHaveCount(0);
  // The grading view of one student.
  await go(page, `/online-class/${w.classId}/contents/${w.lessonId}/assignment/${w.assignmentId}/students/${w.budi.id}`);
  await expect(page.getByRole('heading', { name: w.budi.name })).toBeVisible({ timeout: LOAD });
  expect((await waLink(page.getByRole('link', { name: `Chat WhatsApp dengan ${w.budi.name}` }))).address).toBe(
    `https://wa.me/${CHAT_BUDI}`,
  );
  // Kelas Perwalian: the student's chat beside the parents' links.
  await go(page, '/perwalian');
  const students = page.getByRole(phone ? 'list' : 'table', { name: `Siswa ${w.rombel.name}` });
  const row = students.getByRole(phone ? 'listitem' : 'row').filter({ hasText: w.andi.name });
  const chat = await waLink(row.getByRole('link', { name: `Chat WhatsApp dengan ${w.andi.name}` }));
  expect(chat.address).toBe(`https://wa.me/${CHAT_ANDI}`);
  expect(chat.text).toContain(`Saya ${w.teacher.name}, wali kelas ${w.rombel.name}.`);
  await row.getByRole('button', { name: 'Hubungi orang tua' }).click();
  const mother = await waLink(page.getByRole('menuitem', { name: /WhatsApp Siti Aminah/ }));
  expect(mother.address).toBe('https://wa.me/6281322223333');
  await page.keyboard.press('Escape');
  const cici = students.getByRole(phone ? 'listitem' : 'row').filter({ hasText: w.cici.name });
  await expect(cici.getByRole('button', { name: 'Hubungi orang tua' })).toBeVisible();
  await expect(cici.getByRole('link', { name: /Chat WhatsApp/ })).toHaveCount(0);
}

async function studentShares(page: Page, w: World, origin: string) {
  await go(page, `/my-classes/${w.classId}`);
  await expectShared(
    page.getByRole('region', { name: 'Pengumuman' }).getByRole('link', { name: /^Bagikan ke WhatsApp: pengumuman/ }),
    origin,
    {
      starts: 'Pengumuman di Jaringan Dasar — ',
      contains: [ANNOUNCEMENT],
      path: `/my-classes/${w.classId}`,
    },
  );
  await go(page, `/my-classes/${w.classId}/submissions/${w.assignmentId}`);
  await expectShared(shareOf(page, ASSIGNMENT), origin, {
    starts: `Tugas di Jaringan Dasar — ${w.rombel.name}: "${ASSIGNMENT}"`,
    contains: [],
    path: `/my-classes/${w.classId}/submissions/${w.assignmentId}`,
  });
  await go(page, `/my-classes/${w.classId}/contents/${w.lessonId}/quizzes/${w.quizId}`);
  await expectShared(shareOf(page, QUIZ), origin, {
    starts: `Kuis di Jaringan Dasar — ${w.rombel.name}: "${QUIZ}"`,
    contains: [],
    path: `/my-classes/${w.classId}/contents/${w.lessonId}/quizzes/${w.quizId}`,
  });
  await apiIdle(page);
  // No number of a classmate anywhere: no chat link, and the numbers' routes are refused.
  const html = await page.content();
  for (const digits of ['0857', '857-1111', CHAT_BUDI, CHAT_ANDI, '3456-7890']) expect(html).not.toContain(digits);
  await expect(page.locator('a[href^="https://wa.me/62"]')).toHaveCount(0);
}

async function studentSeesNoNumber(request: APIRequestContext, w: World) {
  for (const url of [
    `/api/teacher/online-classes/${w.classId}/student-contacts`,
    `/api/teacher/homerooms/${w.rombel.id}/student-contacts`,
  ]) {
    const res = await api(request, w.budi.token, 'GET', url);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('3456');
  }
  // Another teacher (the demo teacher) reaches neither list.
  const guru = await apiToken(request, DEMO.teacher.username, DEMO.teacher.password);
  expect((await api(request, guru, 'GET', `/api/teacher/online-classes/${w.classId}/student-contacts`)).status).toBe(404);
  expect((await api(request, guru, 'GET', `/api/teacher/homerooms/${w.rombel.id}/student-contacts`)).status).toBe(404);
}

async function wholeFlow(page: Page, browser: Browser, request: APIRequestContext, baseURL: string | undefined, phone: boolean) {
  test.setTimeout(300_000);
  const w = await world(request);
  const origin = new URL(baseURL!).origin;
  await login(page, w.teacher.username, w.teacher.password);
  await teacherShares(page, w, origin);
  await teacherChats(page, w, phone);
  // The student, on their own device.
  const student = await otherPage(browser, baseURL, phone ? 390 : 1280);
  await login(student, w.budi.username, w.budi.password);
  await studentShares(student, w, origin);
  await studentSeesNoNumber(request, w);
  await student.context().close();
}

test('WhatsApp: sharing and chats on desktop', async ({ page, browser, request, baseURL }) => {
  await wholeFlow(page, browser, request, baseURL, false);
});

test('WhatsApp: sharing and chats on a phone @phone', async ({ page, browser, request, baseURL }) => {
  await wholeFlow(page, browser, request, baseURL, true);
});
