import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, api, apiToken, freshRombel, freshUser, login } from './fixtures';

/**
 * "Hari ini" and "Jadwal" (issue 37). The scene is built through the admin API whatever the day,
 * Sunday included: two subjects taught by a fresh teacher to a fresh rombel with a fresh student,
 * bell times for today's weekday (WIB) and four slots: subject A for two periods in a row, then B,
 * then A again — so today shows three lessons, A (merged "jam ke-1–2"), B and A. When today has no
 * bell times yet, they are made around the current time, so that A is over, B is going on and the
 * last A is next (except in the half hour around midnight); the bell times are put back afterwards.
 */

const WIB = 7 * 3600_000;
const stamp = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;
const pad = (n: number) => String(n).padStart(2, '0');
/** "07.05" for minutes since midnight. */
const hhmm = (min: number) => `${pad(Math.floor(min / 60))}.${pad(min % 60)}`;
/** Minutes since midnight, WIB. */
const wibMinutes = () => {
  const d = new Date(Date.now() + WIB);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
};
const wibWeekday = () => {
  const d = new Date(Date.now() + WIB).getUTCDay();
  return d === 0 ? 7 : d;
};
const DAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'];
/** "Minggu, 29 November 2026". */
const todayLong = () =>
  new Intl.DateTimeFormat('id-ID', { timeZone: 'Asia/Jakarta', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(),
  );

interface BellPeriod {
  period: number | null;
  starts_at: string;
  ends_at: string;
}
interface BellDay {
  day: number;
  periods: BellPeriod[];
}

interface Lesson {
  subject: string;
  classId: number;
  time: string;
  /** The badge the row must show ("Sedang berlangsung", "Berikutnya"), or none; undefined when not known. */
  badge?: string | null;
}

interface Scene {
  teacher: { id: number; name: string; username: string; password: string; token: string };
  student: { name: string; username: string; password: string };
  rombel: { id: number; name: string };
  subjects: { a: string; b: string };
  classes: { a: { id: number; name: string }; b: { id: number; name: string } };
  lessons: Lesson[];
  /** Bell times were made for today by this scene (then a break row "Istirahat" is today's). */
  madeBell: boolean;
  due: { id: number; title: string; lessonId: number } | null;
  slotIds: number[];
  /** The bell times before the scene, put back afterwards (null: untouched). */
  restore: BellDay[] | null;
}

const ok = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);

/** Bell periods for today around the current time: A 30–10 minutes ago, a break, B now, A again in 15 minutes. */
function periodsAroundNow(): { periods: BellPeriod[]; timed: boolean } {
  const m = wibMinutes();
  // Near midnight the periods cannot sit around now: they are all later (or all over) and no badge is checked.
  const timed = m >= 30 && m + 25 <= 23 * 60 + 59;
  const base = timed ? m : m < 30 ? 120 : 60;
  return {
    timed,
    periods: [
      { period: 1, starts_at: hhmm(base - 30), ends_at: hhmm(base - 20) },
      { period: 2, starts_at: hhmm(base - 20), ends_at: hhmm(base - 10) },
      { period: null, starts_at: hhmm(base - 10), ends_at: hhmm(base - 5) },
      { period: 3, starts_at: hhmm(base - 5), ends_at: hhmm(base + 15) },
      { period: 4, starts_at: hhmm(base + 15), ends_at: hhmm(base + 25) },
    ],
  };
}

/** Today's bell periods to use: those already there (three or more lessons), or new ones made around now. */
async function todaysBell(request: APIRequestContext, admin: string) {
  const day = wibWeekday();
  const bell = await api(request, admin, 'GET', '/api/admin/bell-times');
  ok(bell);
  const original = bell.body.data as BellDay[];
  const existing = (original.find((d) => d.day === day)?.periods ?? []).filter((p) => p.period !== null);
  if (existing.length >= 3) {
    const [p1, p2, p3] = [...existing].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
    return { day, made: false, timed: false, restore: null, slots: [p1!, p2!, p3!] };
  }
  const { periods, timed } = periodsAroundNow();
  const days = [...original.filter((d) => d.day !== day), { day, periods }];
  ok(await api(request, admin, 'PUT', '/api/admin/bell-times', { days }));
  const lessons = periods.filter((p) => p.period !== null);
  return { day, made: true, timed, restore: original, slots: lessons };
}

async function subject(request: APIRequestContext, admin: string, name: string, code: string) {
  const res = await api(request, admin, 'POST', '/api/admin/subjects', { code, name, group: 'kejuruan', grades: [10], department_ids: [] });
  ok(res, 201);
  return res.body.data.id as number;
}

async function assignment(request: APIRequestContext, admin: string, body: Record<string, unknown>) {
  const res = await api(request, admin, 'POST', '/api/admin/teaching-assignments', { hours_per_week: 2, ...body });
  ok(res, 201);
  return { id: res.body.data.id as number, klass: res.body.data.online_class as { id: number; name: string } };
}

async function slot(request: APIRequestContext, admin: string, assignmentId: number, day: number, period: number) {
  const res = await api(request, admin, 'POST', '/api/admin/timetable/slots', { assignment_id: assignmentId, day, period });
  ok(res, 201);
  return res.body.data.id as number;
}

/** An assignment in class A due today at 23.59 WIB (none in the last minutes of the day). */
async function dueToday(request: APIRequestContext, token: string, classId: number, k: string) {
  if (wibMinutes() > 23 * 60 + 45) return null;
  const now = new Date(Date.now() + WIB);
  const deadline = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 59) - WIB).toISOString();
  const content = await api(request, token, 'POST', `/api/teacher/online-classes/${classId}/contents`, {
    title: 'Minggu ini',
    description: '',
  });
  ok(content, 201);
  const lessonId = content.body.data.id as number;
  const title = `Laporan Topologi ${k}`;
  const res = await api(request, token, 'POST', `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`, {
    title,
    description: 'Kumpulkan hari ini.',
    deadline,
  });
  ok(res, 201);
  return { id: res.body.data.id as number, title, lessonId };
}

async function buildScene(request: APIRequestContext): Promise<Scene> {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const k = stamp();
  const rombel = await freshRombel(request, 'X JDW', 10);
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const subjects = { a: `Jaringan Dasar ${k}`, b: `Sistem Komputer ${k}` };
  const idA = await subject(request, admin, subjects.a, `JD-${k}`.toUpperCase());
  const idB = await subject(request, admin, subjects.b, `SK-${k}`.toUpperCase());
  const a = await assignment(request, admin, {
    rombel_id: rombel.id,
    subject_id: idA,
    teacher_ids: [teacher.id],
    class_name: `Kelas A ${k}`,
  });
  const b = await assignment(request, admin, {
    rombel_id: rombel.id,
    subject_id: idB,
    teacher_ids: [teacher.id],
    class_name: `Kelas B ${k}`,
  });
  ok(await api(request, admin, 'PUT', `/api/admin/homerooms/${rombel.id}`, { teacher_id: teacher.id }));

  const bell = await todaysBell(request, admin);
  const p = bell.slots.map((x) => x.period!);
  const range = (from: BellPeriod, to: BellPeriod) => `${from.starts_at.replace(':', '.')}–${to.ends_at.replace(':', '.')}`;
  const [s1, s2, s3, s4] = bell.slots;
  const slotIds: number[] = [];
  let lessons: Lesson[];
  if (bell.made) {
    // A at 1–2 (one lesson), B at 3, A at 4.
    for (const [id, period] of [
      [a.id, p[0]!],
      [a.id, p[1]!],
      [b.id, p[2]!],
      [a.id, p[3]!],
    ] as const)
      slotIds.push(await slot(request, admin, id, bell.day, period));
    const t = bell.timed;
    lessons = [
      { subject: subjects.a, classId: a.klass.id, time: range(s1!, s2!), badge: t ? null : undefined },
      { subject: subjects.b, classId: b.klass.id, time: range(s3!, s3!), badge: t ? 'Sedang berlangsung' : undefined },
      { subject: subjects.a, classId: a.klass.id, time: range(s4!, s4!), badge: t ? 'Berikutnya' : undefined },
    ];
  } else {
    for (const [id, period] of [
      [a.id, p[0]!],
      [b.id, p[1]!],
      [a.id, p[2]!],
    ] as const)
      slotIds.push(await slot(request, admin, id, bell.day, period));
    lessons = [
      { subject: subjects.a, classId: a.klass.id, time: range(s1!, s1!) },
      { subject: subjects.b, classId: b.klass.id, time: range(s2!, s2!) },
      { subject: subjects.a, classId: a.klass.id, time: range(s3!, s3!) },
    ];
  }
  const due = await dueToday(request, teacher.token, a.klass.id, k);
  return {
    teacher,
    student,
    rombel,
    subjects,
    classes: { a: a.klass, b: b.klass },
    lessons,
    madeBell: bell.made,
    due,
    slotIds,
    restore: bell.restore,
  };
}

let scene: Scene;

test.beforeAll(async ({ request }) => {
  scene = await buildScene(request);
});

test.afterAll(async ({ request }) => {
  if (!scene) return;
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  for (const id of scene.slotIds) await api(request, admin, 'DELETE', `/api/admin/timetable/slots/${id}`);
  if (scene.restore) ok(await api(request, admin, 'PUT', '/api/admin/bell-times', { days: scene.restore }));
});

const todayRegion = (page: Page) => page.getByRole('region', { name: `Hari ini — ${todayLong()}` });

/** Today's lessons in order: time, subject, the rombel (teacher) or the teacher (student), the badge of now and next. */
async function expectLessons(region: Locator, who: string) {
  const rows = region.getByRole('list', { name: 'Pelajaran hari ini' }).getByRole('listitem');
  await expect(rows).toHaveCount(scene.lessons.length);
  for (const [i, lesson] of scene.lessons.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(lesson.time);
    await expect(row).toContainText(lesson.subject);
    await expect(row).toContainText(who);
    if (lesson.badge === null) await expect(row).not.toContainText(/Sedang berlangsung|Berikutnya/);
    else if (lesson.badge) await expect(row).toContainText(lesson.badge);
  }
  if (scene.madeBell) await expect(rows.first()).toContainText('jam ke-1–2');
  return rows;
}

async function noOverflow(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** The week's table (desktop): today's column, both subjects, each a link to its class. */
async function expectWeekTable(page: Page, who: string, classPath: (id: number) => string) {
  const table = page.getByRole('table', { name: 'Jadwal minggu ini' });
  await expect(table.getByRole('columnheader', { name: DAYS[wibWeekday() - 1] })).toContainText('hari ini');
  await expect(table).toContainText(who);
  // A has a slot in each of its periods (two in a row and one later when the scene made today's bell times).
  await expect(table.getByRole('link', { name: scene.subjects.a })).toHaveCount(scene.slotIds.length - 1);
  await expect(table.getByRole('link', { name: scene.subjects.b })).toHaveAttribute('href', classPath(scene.classes.b.id));
  await table.getByRole('link', { name: scene.subjects.b }).click();
  await expect(page).toHaveURL(new RegExp(`${classPath(scene.classes.b.id)}$`));
}

/** The week on a phone: today's tab chosen, its lessons as rows, one opens its class. */
async function expectWeekDay(page: Page, who: string, classPath: (id: number) => string) {
  const day = DAYS[wibWeekday() - 1]!;
  await expect(page.getByRole('tab', { name: `${day} (hari ini)` })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('list', { name: `Pelajaran hari ${day}` }).getByRole('listitem');
  await expect(rows).toHaveCount(scene.lessons.length);
  await expect(rows.nth(1)).toContainText(scene.subjects.b);
  await expect(rows.nth(1)).toContainText(who);
  await noOverflow(page);
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${classPath(scene.classes.b.id)}$`));
}

const teacherClass = (id: number) => `/online-class/${id}`;
const studentClass = (id: number) => `/my-classes/${id}`;

test('a teacher starts the day with today’s lessons, the rombel and the class link, what is due, the week and the subject on the class card', async ({
  page,
}) => {
  await login(page, scene.teacher.username, scene.teacher.password);
  const region = todayRegion(page);
  await expect(region).toContainText(`Wali kelas ${scene.rombel.name}`);
  const rows = await expectLessons(region, scene.rombel.name);
  if (scene.due) {
    const due = region.getByRole('list', { name: 'Tenggat hari ini' }).getByRole('link', { name: new RegExp(scene.due.title) });
    await expect(due).toHaveAttribute(
      'href',
      `/online-class/${scene.classes.a.id}/contents/${scene.due.lessonId}/assignment/${scene.due.id}`,
    );
  }
  // The class card names its subject.
  await expect(
    page.getByRole('article', { name: scene.classes.a.name }).getByText(scene.subjects.a, { exact: true }).first(),
  ).toBeVisible();

  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${teacherClass(scene.classes.b.id)}$`));
  await expect(page.getByRole('heading', { name: scene.classes.b.name })).toBeVisible();

  await page.goto('/dashboard');
  await todayRegion(page).getByRole('link', { name: 'Lihat jadwal minggu ini' }).click();
  await expect(page).toHaveURL(/\/jadwal$/);
  if (scene.madeBell && scene.restore?.every((d) => d.periods.length === 0)) await expect(page.getByText(/^Istirahat /)).toBeVisible();
  await expectWeekTable(page, scene.rombel.name, teacherClass);
});

test('a student starts the day with the same lessons and the teacher’s name, what is due, the week and the subject on the class card', async ({
  page,
}) => {
  await login(page, scene.student.username, scene.student.password);
  const region = todayRegion(page);
  await expect(region).toContainText(`Wali kelas: ${scene.teacher.name}`);
  const rows = await expectLessons(region, scene.teacher.name);
  if (scene.due) {
    const due = region.getByRole('list', { name: 'Tenggat hari ini' }).getByRole('link', { name: new RegExp(scene.due.title) });
    await expect(due).toHaveAttribute('href', `/my-classes/${scene.classes.a.id}/submissions/${scene.due.id}`);
  }
  await expect(
    page.getByRole('article', { name: scene.classes.b.name }).getByText(scene.subjects.b, { exact: true }).first(),
  ).toBeVisible();

  await rows.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${studentClass(scene.classes.a.id)}$`));

  await page.goto('/jadwal');
  await expectWeekTable(page, scene.teacher.name, studentClass);
});

test('@phone a teacher’s phone opens on today’s lessons above the classes, and the bottom menu’s Jadwal shows today', async ({ page }) => {
  await login(page, scene.teacher.username, scene.teacher.password);
  const region = todayRegion(page);
  await expectLessons(region, scene.rombel.name);
  const card = page.getByRole('article', { name: scene.classes.a.name });
  await expect(card.getByText(scene.subjects.a, { exact: true }).first()).toBeVisible();
  expect((await region.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);
  await noOverflow(page);

  await page.getByRole('navigation', { name: 'Navigasi bawah' }).getByRole('link', { name: 'Jadwal' }).click();
  await expect(page).toHaveURL(/\/jadwal$/);
  await expectWeekDay(page, scene.rombel.name, teacherClass);
});

test('@phone a student’s phone opens on today’s lessons with the teacher, then the week one day at a time', async ({ page }) => {
  await login(page, scene.student.username, scene.student.password);
  const region = todayRegion(page);
  const rows = await expectLessons(region, scene.teacher.name);
  await expect(
    page.getByRole('article', { name: scene.classes.a.name }).getByText(scene.subjects.a, { exact: true }).first(),
  ).toBeVisible();
  await noOverflow(page);
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${studentClass(scene.classes.b.id)}$`));

  await page.goto('/dashboard');
  await todayRegion(page).getByRole('link', { name: 'Lihat jadwal minggu ini' }).click();
  await expect(page).toHaveURL(/\/jadwal$/);
  await expectWeekDay(page, scene.teacher.name, studentClass);
});
