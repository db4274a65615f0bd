/**
 * The pages of a school day, as Artillery function steps (bench/school-day/scenario.yml). Each page
 * sends the requests its screen sends, in parallel as the browser does, and reports to Artillery:
 *
 *   page.<name>        time until the whole page has its data (histogram, ms)
 *   api.<route>        time of each request, by route pattern (histogram, ms)
 *   errors.<route> <status>   a failed request (counter); any of them fails a capacity level
 *
 * Students and teachers are accounts of the large school (npm run seed:large): each virtual user
 * takes the next account (siswa0001, siswa0002, …; guru001, …), so up to 2,000 students are
 * different people. A virtual user stays until SCHOOL_DAY_STOP_FILE exists or the scenario's
 * cycles are done, thinking 5–20 s between pages.
 */
import { existsSync } from 'node:fs';

const env = process.env;
const STUDENTS = Number(env.SCHOOL_DAY_STUDENTS ?? 2000);
const TEACHERS = Number(env.SCHOOL_DAY_TEACHERS ?? 120);
const THINK_MIN = Number(env.SCHOOL_DAY_THINK_MIN ?? 5) * 1000;
const THINK_MAX = Number(env.SCHOOL_DAY_THINK_MAX ?? 20) * 1000;
const STOP_FILE = env.SCHOOL_DAY_STOP_FILE ?? '';
/** A user leaves after this many rounds of pages (default: stays until the stop file). */
const CYCLES = Number(env.SCHOOL_DAY_CYCLES ?? Infinity);
/** Usernames' prefix: the tag of a school made by seedSchool (tests); the large school has none. */
const TAG = env.SCHOOL_DAY_TAG ?? '';
/** Of a student's rounds, the share that hands in work, and of forum visits, the share that comments. */
const HAND_IN = Number(env.SCHOOL_DAY_HAND_IN ?? 0.1);
const COMMENT = Number(env.SCHOOL_DAY_COMMENT ?? 0.05);
/** Several deadline students hand in to the assignments of their own rombel: the first students of the school. */
const DEADLINE_FIRST = Number(env.SCHOOL_DAY_DEADLINE_FIRST ?? 1);
const TIMEOUT = 30_000;
const MB = 1024 * 1024;

let nextStudent = 0;
let nextTeacher = 0;
let nextDeadline = 0;

const pad = (n, w) => String(n).padStart(w, '0');
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A PDF of `bytes` bytes (a header, then filler); made once per size. */
const pdfs = new Map();
function pdf(bytes) {
  if (!pdfs.has(bytes)) {
    const data = Buffer.alloc(bytes, 0x20);
    Buffer.from('%PDF-1.4\n%kelasku school day\n').copy(data);
    Buffer.from('\n%%EOF\n').copy(data, bytes - 7);
    pdfs.set(bytes, new Blob([data], { type: 'application/pdf' }));
  }
  return pdfs.get(bytes);
}

/** One request: its time under the route's name; a failure counted and returned as null. */
async function call(ctx, events, route, url, init = {}) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${ctx.vars.target}${url}`, {
      ...init,
      headers: { ...(ctx.vars.token ? { authorization: `Bearer ${ctx.vars.token}` } : {}), ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT),
    });
    const text = await res.text();
    events.emit('histogram', `api.${route}`, performance.now() - t0);
    if (!res.ok) {
      events.emit('counter', `errors.${route} ${res.status}`, 1);
      return null;
    }
    return text ? JSON.parse(text) : {};
  } catch (err) {
    events.emit('counter', `errors.${route} ${err.name === 'TimeoutError' ? 'timeout' : (err.code ?? err.name)}`, 1);
    return null;
  }
}

const get = (ctx, events, route, url) => call(ctx, events, `GET ${route}`, url);
const json = (body) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** A page: its requests at once; its time is when the last one is back. */
async function page(events, name, requests) {
  const t0 = performance.now();
  const results = await Promise.all(requests);
  const ms = performance.now() - t0;
  events.emit('histogram', `page.${name}`, ms);
  events.emit('histogram', 'pages', ms);
  return results;
}

export async function think() {
  await sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
}

/** Loop condition, asked after each round: go on until the driver asks everyone to leave (or the rounds are done). */
export function staying(ctx, next) {
  ctx.vars.rounds = (ctx.vars.rounds ?? 0) + 1;
  return next(ctx.vars.rounds < CYCLES && !(STOP_FILE && existsSync(STOP_FILE)));
}

async function login(ctx, events, username, password) {
  const t0 = performance.now();
  const body = await call(ctx, events, 'POST /api/login', '/api/login', json({ username, password }));
  events.emit('histogram', 'page.login', performance.now() - t0);
  if (!body) throw new Error(`login ${username} failed`);
  ctx.vars.token = body.data.token;
}

// ------------------------------------------------------------------ students

export async function studentLogin(ctx, events) {
  const n = (nextStudent++ % STUDENTS) + 1;
  await login(ctx, events, `${TAG}siswa${pad(n, 4)}`, 'siswa123');
}

export async function studentDashboard(ctx, events) {
  const [, classes, upcoming] = await page(events, 'dashboard', [
    get(ctx, events, '/api/me', '/api/me'),
    get(ctx, events, '/api/student/my-classes', '/api/student/my-classes'),
    get(ctx, events, '/api/student/upcoming-assignments', '/api/student/upcoming-assignments'),
    get(ctx, events, '/api/student/upcoming-quizzes', '/api/student/upcoming-quizzes'),
    get(ctx, events, '/api/student/random-motivational-word', '/api/student/random-motivational-word'),
    get(ctx, events, '/api/notifications/unread-count', '/api/notifications/unread-count'),
  ]);
  if (classes) ctx.vars.classes = classes.data.map((c) => c.id);
  if (upcoming) ctx.vars.upcoming = upcoming.data.map((a) => a.id);
}

export async function studentClass(ctx, events) {
  await closeLive(ctx);
  if (!ctx.vars.classes?.length) return;
  const id = pick(ctx.vars.classes);
  const base = `/api/student/my-classes/${id}`;
  const [, contents] = await page(events, 'class', [
    get(ctx, events, '/api/student/my-classes/:id', base),
    get(ctx, events, '/api/student/my-classes/:id/contents', `${base}/contents`),
    get(ctx, events, '/api/student/my-classes/:id/announcements', `${base}/announcements`),
  ]);
  ctx.vars.classId = id;
  ctx.vars.contents = contents?.data ?? [];
}

export async function studentContent(ctx, events) {
  const contents = ctx.vars.contents ?? [];
  if (!contents.length) return;
  // Students open the lessons that have something to do: a forum or an assignment.
  const content = pick(contents.filter((c) => c.forums.length).concat(contents.slice(0, 3)));
  ctx.vars.content = content;
  await page(events, 'content', [
    get(ctx, events, '/api/student/my-classes/:id/contents/:cid', `/api/student/my-classes/${ctx.vars.classId}/contents/${content.id}`),
  ]);
}

/**
 * The forum of the content (or of the class's first content that has one), with its live stream
 * held open until the next page; 5 % of these visits write a comment. Or, in 10 % of the rounds,
 * an assignment handed in.
 */
export async function studentActivity(ctx, events) {
  if (Math.random() < HAND_IN) {
    await handIn(ctx, events, ctx.vars.upcoming?.length ? pick(ctx.vars.upcoming) : ctx.vars.content?.assignment[0]?.id);
    return;
  }
  const content = ctx.vars.content?.forums.length ? ctx.vars.content : (ctx.vars.contents ?? []).find((c) => c.forums.length);
  if (!content) return;
  const forum = content.forums[0].id;
  const base = `/api/student/my-classes/${ctx.vars.classId}/contents/${content.id}/forums/${forum}`;
  await page(events, 'forum', [
    get(ctx, events, '/api/student/my-classes/:id/contents/:cid/forums/:fid', `${base}?page=1&per_page=20`),
    openLive(ctx, events, `/api/live?class=${ctx.vars.classId}&content=${content.id}&forum=${forum}`),
  ]);
  if (Math.random() < COMMENT) {
    await think();
    await page(events, 'comment', [
      call(
        ctx,
        events,
        'POST …/forums/:fid/comments',
        `${base}/comments`,
        json({ comment: `Baik, Bu. Saya sudah membaca materinya. (${Date.now()})` }),
      ),
    ]);
  }
}

/**
 * The assignment page, then a 1 MB PDF handed in when it still may be (after thinking, unless the
 * deadline presses); false when there was nothing to hand in.
 */
async function handIn(ctx, events, assignmentId, { hurry = false } = {}) {
  await closeLive(ctx);
  if (!assignmentId) return false;
  const [detail] = await page(events, 'assignment', [
    get(ctx, events, '/api/student/submissions/:id', `/api/student/submissions/${assignmentId}`),
  ]);
  if (!detail?.data.submission.can_hand_in) return false;
  if (!hurry) await think();
  const form = new FormData();
  form.append('text_answer', 'Jawaban terlampir.');
  form.append('file', pdf(MB), 'jawaban.pdf');
  await page(events, 'hand-in', [
    call(ctx, events, 'POST /api/student/submissions/:id', `/api/student/submissions/${assignmentId}`, { method: 'POST', body: form }),
  ]);
  return true;
}

/** The deadline minute: a student already signed in opens the assignment and hands in at once. */
export async function deadlineStudent(ctx, events) {
  const n = DEADLINE_FIRST + (nextDeadline++ % STUDENTS);
  await login(ctx, events, `${TAG}siswa${pad(n, 4)}`, 'siswa123');
  const upcoming = await get(ctx, events, '/api/student/upcoming-assignments', '/api/student/upcoming-assignments');
  if (!(await handIn(ctx, events, upcoming?.data[0]?.id, { hurry: true }))) events.emit('counter', 'deadline.nothing_to_hand_in', 1);
}

// ---------------------------------------------------------------- live stream

/** Opens the page's live stream (time to its first answer), read in the background until the page is left. */
async function openLive(ctx, events, url) {
  await closeLive(ctx);
  const controller = new AbortController();
  const t0 = performance.now();
  try {
    const res = await fetch(`${ctx.vars.target}${url}`, {
      headers: { authorization: `Bearer ${ctx.vars.token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    events.emit('histogram', 'api.GET /api/live', performance.now() - t0);
    if (!res.ok) {
      events.emit('counter', `errors.GET /api/live ${res.status}`, 1);
      return;
    }
    ctx.vars.live = controller;
    // Read what arrives, as the browser does; the abort ends it.
    void (async () => {
      try {
        for await (const _ of res.body) events.emit('counter', 'live.chunks', 1);
      } catch {
        /* aborted */
      }
    })();
  } catch (err) {
    events.emit('counter', `errors.GET /api/live ${err.code ?? err.name}`, 1);
  }
}

export async function closeLive(ctx) {
  ctx.vars.live?.abort();
  ctx.vars.live = null;
}

// ------------------------------------------------------------------ teachers

export async function teacherLogin(ctx, events) {
  const n = (nextTeacher++ % TEACHERS) + 1;
  await login(ctx, events, `${TAG}guru${pad(n, 3)}`, 'guru123');
}

export async function teacherDashboard(ctx, events) {
  const [, classes] = await page(events, 'teacher-dashboard', [
    get(ctx, events, '/api/me', '/api/me'),
    get(ctx, events, '/api/teacher/online-classes', '/api/teacher/online-classes'),
    get(ctx, events, '/api/notifications/unread-count', '/api/notifications/unread-count'),
  ]);
  if (classes) ctx.vars.classes = classes.data.map((c) => c.id);
}

export async function teacherClass(ctx, events) {
  if (!ctx.vars.classes?.length) return;
  const id = pick(ctx.vars.classes);
  const base = `/api/teacher/online-classes/${id}`;
  const [, contents] = await page(events, 'teacher-class', [
    get(ctx, events, '/api/teacher/online-classes/:id', base),
    get(ctx, events, '/api/teacher/online-classes/:id/contents', `${base}/contents`),
  ]);
  ctx.vars.classId = id;
  // The lessons with work still coming in: the later contents of the seeded classes.
  ctx.vars.contents = (contents?.data ?? []).filter((c) => c.assignment.length);
}

/** The grading columns of an assignment; the first handed-in work gets a grade. */
export async function teacherGrade(ctx, events) {
  const content = pick(ctx.vars.contents ?? [null]);
  if (!content) return;
  const base = `/api/teacher/online-classes/${ctx.vars.classId}/contents/${content.id}/assignments/${content.assignment[0].id}`;
  const route = '/api/teacher/online-classes/:id/contents/:cid/assignments/:aid';
  const [, handedIn] = await page(events, 'grading', [
    get(ctx, events, `${route}/unsubmitted`, `${base}/unsubmitted`),
    get(ctx, events, `${route}/ungrading`, `${base}/ungrading`),
    get(ctx, events, `${route}/graded`, `${base}/graded`),
  ]);
  const work = handedIn?.data.find((s) => s.submission);
  if (!work) return;
  await think();
  await page(events, 'grade', [
    call(
      ctx,
      events,
      `POST ${route}/grade`,
      `${base}/grade`,
      json({ student_id: work.student_id, score: 70 + Math.floor(Math.random() * 30), revision: work.submission.revision }),
    ),
  ]);
}

/**
 * Kelas Perwalian (issue 40), once a round, for the teachers who are wali kelas (the large school
 * makes guru001…guru006 wali kelas of a rombel of 36 students with 15 subjects), then thinking:
 * the screen asks for the teacher's rombels, then the first one's overview and its izin requests
 * together. Whether the teacher is one is asked once (the menu item is there for every teacher;
 * the others never open the page and go on as before).
 */
export async function teacherHomeroom(ctx, events) {
  if (ctx.vars.homeroom === undefined) {
    const mine = await get(ctx, events, '/api/teacher/homerooms', '/api/teacher/homerooms');
    ctx.vars.homeroom = mine?.data[0]?.rombel.id ?? null;
  }
  if (ctx.vars.homeroom === null) return;
  const route = '/api/teacher/homerooms/:id';
  const base = `/api/teacher/homerooms/${ctx.vars.homeroom}`;
  const t0 = performance.now();
  const mine = await get(ctx, events, '/api/teacher/homerooms', '/api/teacher/homerooms');
  if (mine) {
    await Promise.all([
      get(ctx, events, `${route}/overview`, `${base}/overview`),
      get(ctx, events, `${route}/leave-requests`, `${base}/leave-requests`),
    ]);
  }
  const ms = performance.now() - t0;
  events.emit('histogram', 'page.teacher-homeroom', ms);
  events.emit('histogram', 'pages', ms);
  await think();
}

/** One in five visits ends with a new material: a 200 KB PDF. */
export async function teacherMaterial(ctx, events) {
  const content = pick(ctx.vars.contents ?? [null]);
  if (!content || Math.random() >= 0.2) return;
  const form = new FormData();
  form.append('title', `Materi tambahan ${Date.now()}`);
  form.append('file', pdf(200 * 1024), 'materi.pdf');
  await page(events, 'material', [
    call(
      ctx,
      events,
      'POST /api/teacher/online-classes/:id/contents/:cid/materials',
      `/api/teacher/online-classes/${ctx.vars.classId}/contents/${content.id}/materials`,
      {
        method: 'POST',
        body: form,
      },
    ),
  ]);
}
