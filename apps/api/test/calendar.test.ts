/**
 * Issue 42: the secret calendar feed. Each feed is read back with ical.js and must hold exactly the
 * expected events (titles, WIB times, UIDs, links) for a student, a teacher and a parent; dead
 * tokens of every kind answer the same 404; the cost is a fixed number of statements.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { MSG, REACH_MSG } from '@kelasku/contract';
import { assignmentExtensions, assignments, quizOverrides, quizzes, users } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { attendanceScene, insertMeeting, isoDay, wibDate, type AttendanceScene } from './attendance-scene.js';
import { statementsDuring } from './admin-access.js';
import type { TestUser } from './factory.js';

const t = useTestApp();

interface Ev {
  uid: string;
  summary: string;
  start: string;
  end: string | null;
  url: string;
  rrule: string | null;
  exdates: string[];
  event: ICAL.Event;
}

function parse(text: string): { name: string; timezone: string; events: Ev[] } {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const hasEnd = v.hasProperty('dtend');
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: hasEnd ? e.endDate.toJSDate().toISOString() : null,
      url: String(v.getFirstPropertyValue('url')),
      rrule: v.hasProperty('rrule') ? String(v.getFirstPropertyValue('rrule')) : null,
      exdates: v.getAllProperties('exdate').flatMap((p) => p.getValues().map((d) => (d as ICAL.Time).toJSDate().toISOString())),
      event: e,
    };
  });
  return { name: String(cal.getFirstPropertyValue('x-wr-calname')), timezone: String(cal.getFirstPropertyValue('x-wr-timezone')), events };
}

/** The WIB instant of a WIB date and "HH:MM", as ISO UTC. */
const wib = (date: string, hm: string) => new Date(`${date}T${hm}:00+07:00`).toISOString();
/** The next WIB date (1–7 days ahead) on ISO weekday `day`. */
function next(day: number, after = 1): string {
  for (let i = after; i < after + 7; i++) if (isoDay(wibDate(i)) === day) return wibDate(i);
  throw new Error('no day');
}

async function makeFeed(user: TestUser): Promise<{ url: string; path: string; base: string }> {
  const res = await t.as(user.token).post('/api/calendar');
  expect(res.status).toBe(201);
  expect(res.body.message).toBe(REACH_MSG.calendarMade);
  const url: string = res.body.data.url;
  const [base, token] = url.split('/api/calendar/feed/');
  return { url, path: `/api/calendar/feed/${token}`, base: base! };
}

const read = async (path: string) => {
  const res = await t.as(null).get(path);
  return { ...res, cal: res.status === 200 ? parse(res.raw.body) : null };
};

interface Scene {
  s: AttendanceScene;
  student: TestUser;
  other: TestUser;
  parent: TestUser;
  lessonId: number;
  report: number;
  exam: number;
  long: number;
  outsiderTask: number;
  outsiderClassName: string;
  extra: number;
  monday: string;
  extendedTo: string;
  examDay: string;
  overrideDay: string;
  cancelledDay: string;
  bell: { start: string; end: string };
}
let x: Scene;

beforeAll(async () => {
  const s = await attendanceScene(t, 2);
  const [student, other] = s.students as [TestUser, TestUser];
  const f = t.factory;
  const lesson = await f.content(s.classId, { title: 'Jaringan Dasar' });
  const monday = next(1);
  const report = await f.assignment(lesson.id, s.teacher.id, { title: 'Laporan Praktikum', deadline: new Date(wib(monday, '23:59')) });
  const extendedTo = next(3, 8);
  await t.db
    .insert(assignmentExtensions)
    .values({ assignmentId: report.id, studentId: student.id, deadline: new Date(wib(extendedTo, '23:59')) });
  const draft = await f.assignment(lesson.id, s.teacher.id, { title: 'Draf Rahasia', deadline: new Date(wib(monday, '12:00')) });
  await t.db.update(assignments).set({ hidden: true }).where(eq(assignments.id, draft.id));
  const later = await f.assignment(lesson.id, s.teacher.id, { title: 'Terjadwal Nanti', deadline: new Date(wib(monday, '13:00')) });
  await t.db
    .update(assignments)
    .set({ publishAt: new Date(Date.now() + 86_400_000) })
    .where(eq(assignments.id, later.id));
  await f.assignment(lesson.id, s.teacher.id, { title: 'Tugas Lama', deadline: new Date(Date.now() - 60 * 86_400_000) });
  // An exam of 90 minutes on Tuesday; the student sits it on Wednesday (an override).
  const examDay = next(2);
  const overrideDay = next(3);
  const exam = await f.quiz(lesson.id, s.teacher.id, [], { title: 'Ujian Tengah' });
  await t.db
    .update(quizzes)
    .set({ examMode: true, opensAt: new Date(wib(examDay, '08:00')), closesAt: new Date(wib(examDay, '09:30')) })
    .where(eq(quizzes.id, exam.id));
  await t.db.insert(quizOverrides).values({
    quizId: exam.id,
    studentId: student.id,
    opensAt: new Date(wib(overrideDay, '08:00')),
    closesAt: new Date(wib(overrideDay, '09:30')),
  });
  // A quiz open for ten days: two events.
  const long = await f.quiz(lesson.id, s.teacher.id, [], { title: 'Kuis Subnet', closesAt: new Date(wib(wibDate(10), '21:00')) });
  await t.db
    .update(quizzes)
    .set({ opensAt: new Date(wib(wibDate(-1), '07:00')) })
    .where(eq(quizzes.id, long.id));
  // Another rombel's class: its deadline is in no feed of this rombel, only in its own student's (the parent's second child).
  const outsiderLesson = await f.content(s.outsiderClassId);
  const outsiderTask = await f.assignment(outsiderLesson.id, s.otherTeacher.id, {
    title: 'Tugas Luar',
    deadline: new Date(wib(monday, '10:00')),
  });
  const [outsiderClass] = (await t.db.execute<{ name: string }>(sql`select name from online_classes where id = ${s.outsiderClassId}`))
    .rows as [{ name: string }];
  const parent = await f.parent([student.id, s.outsider.id], { name: 'Ibu Sari' });
  // An extra meeting in three days (jam ke-6), and today's timetable lesson cancelled.
  const extra = await insertMeeting(t, s.classId, wibDate(3), { periodFrom: 6, periodTo: 6, source: 'extra' });
  await t.db.execute(sql`update meetings set topic = 'Praktik crimping' where id = ${extra.id}`);
  const cancelledDay = wibDate(1);
  await insertMeeting(t, s.classId, cancelledDay, { periodFrom: 3, periodTo: 4, cancelled: true });
  const bellRows = (
    await t.db.execute<{ start: string; end: string }>(sql`
      select to_char(f.starts_at, 'HH24:MI') as start, to_char(t.ends_at, 'HH24:MI') as end
        from bell_periods f join bell_periods t on t.day = f.day and t.period = 4 where f.day = 1 and f.period = 3`)
  ).rows as [{ start: string; end: string }];
  x = {
    s,
    student,
    other,
    parent,
    lessonId: lesson.id,
    report: report.id,
    exam: exam.id,
    long: long.id,
    outsiderTask: outsiderTask.id,
    outsiderClassName: outsiderClass.name,
    extra: extra.id,
    monday,
    extendedTo,
    examDay,
    overrideDay,
    cancelledDay,
    bell: bellRows[0],
  };
});

const uidsOf = (evs: Ev[]) => evs.map((e) => e.uid).sort();
const byUid = (evs: Ev[], uid: string) => {
  const e = evs.find((v) => v.uid === uid);
  expect(e, uid).toBeDefined();
  return e!;
};

describe('the calendar address', () => {
  it('is none at first, made with POST, shown only to its owner, replaced and revoked', async () => {
    const me = await t.factory.student();
    const other = await t.factory.teacher();
    expect((await t.as(me.token).get('/api/calendar')).body.data).toEqual({ url: null, created_at: null, last_read_at: null });
    const first = await makeFeed(me);
    expect(first.url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const got = (await t.as(me.token).get('/api/calendar')).body.data;
    expect(got.url).toBe(first.url);
    expect(got.last_read_at).toBeNull();
    // Another user's GET shows their own (none), never this one.
    const theirs = await t.as(other.token).get('/api/calendar');
    expect(theirs.body.data.url).toBeNull();
    expect(JSON.stringify(theirs.body)).not.toContain(first.path.split('/').pop()!.slice(0, 43));

    expect((await read(first.path)).status).toBe(200);
    expect((await read(first.path.replace(/\.ics$/, ''))).status).toBe(200);
    const read1 = (await t.as(me.token).get('/api/calendar')).body.data.last_read_at;
    expect(read1).not.toBeNull();
    // Read again within the hour: last_read_at stays.
    await read(first.path);
    expect((await t.as(me.token).get('/api/calendar')).body.data.last_read_at).toBe(read1);

    const second = await makeFeed(me);
    expect(second.url).not.toBe(first.url);
    expect((await read(first.path)).status).toBe(404);
    expect((await read(second.path)).status).toBe(200);

    const revoked = await t.as(me.token).delete('/api/calendar');
    expect(revoked.body).toEqual({ success: true, message: REACH_MSG.calendarRevoked });
    expect((await read(second.path)).status).toBe(404);
    expect((await t.as(me.token).get('/api/calendar')).body.data.url).toBeNull();
  });

  it('answers one and the same 404 for revoked, replaced, guessed, malformed and a removed account’s tokens', async () => {
    const gone = await t.factory.student();
    const goneFeed = await makeFeed(gone);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, gone.id));
    const me = await t.factory.teacher();
    const old = await makeFeed(me);
    await makeFeed(me);
    const guessed = `/api/calendar/feed/${'A'.repeat(43)}.ics`;
    const paths = [
      old.path,
      goneFeed.path,
      guessed,
      '/api/calendar/feed/abc',
      `${old.path}x`,
      old.path.replace(/\.ics$/, '.txt'),
      `/api/calendar/feed/${'a'.repeat(99)}`,
      `/api/calendar/feed/${'a'.repeat(300)}`,
      "/api/calendar/feed/'%20or%201=1--",
    ];
    for (const p of paths) {
      const res = await read(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).toEqual({ success: false, message: MSG.notFound });
    }
  });

  it('is cached privately for 15 minutes, with an ETag the next poll revalidates (304)', async () => {
    const feed = await makeFeed(x.student);
    const res = await read(feed.path);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    const etag = String(res.headers.etag);
    expect(etag).toBeTruthy();
    const again = await t.as(null).request('GET', feed.path, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });
});

describe('the feed', () => {
  it("a student's: their classes' deadlines (their extension), quizzes (their override; Ujian), weekly lessons, extra meetings", async () => {
    const { student, s } = x;
    const feed = await makeFeed(student);
    const { cal } = await read(feed.path);
    const me = `student-${student.id}@kelasku`;
    expect(cal!.timezone).toBe('Asia/Jakarta');
    const lessonUids = [1, 2, 3, 4, 5, 6, 7].map((d) => `lesson-${s.assignmentId}-${d}-3-${me}`);
    expect(uidsOf(cal!.events)).toEqual(
      [
        `assignment-${x.report}-${me}`,
        `quiz-${x.exam}-${me}`,
        `quiz-${x.long}-open-${me}`,
        `quiz-${x.long}-close-${me}`,
        `meeting-${x.extra}-${me}`,
        ...lessonUids,
      ].sort(),
    );
    const report = byUid(cal!.events, `assignment-${x.report}-${me}`);
    expect(report.summary).toBe(`Tenggat: Laporan Praktikum — ${s.className}`);
    // The extended deadline: 23:59 WIB is 16:59 UTC.
    expect(report.start).toBe(wib(x.extendedTo, '23:59'));
    expect(report.start.slice(11, 16)).toBe('16:59');
    expect(report.url).toBe(`${feed.base}/my-classes/${s.classId}/submissions/${x.report}`);
    expect(report.event.description).toContain(`Buka di Kelasku: ${report.url}`);

    const exam = byUid(cal!.events, `quiz-${x.exam}-${me}`);
    expect(exam.summary).toBe(`Ujian: Ujian Tengah — ${s.className}`);
    expect([exam.start, exam.end]).toEqual([wib(x.overrideDay, '08:00'), wib(x.overrideDay, '09:30')]);
    expect(exam.url).toBe(`${feed.base}/my-classes/${s.classId}/contents/${x.lessonId}/quizzes/${x.exam}`);
    expect(byUid(cal!.events, `quiz-${x.long}-open-${me}`).summary).toBe(`Kuis dibuka: Kuis Subnet — ${s.className}`);
    const close = byUid(cal!.events, `quiz-${x.long}-close-${me}`);
    expect([close.summary, close.start]).toEqual([`Kuis ditutup: Kuis Subnet — ${s.className}`, wib(wibDate(10), '21:00')]);

    const meeting = byUid(cal!.events, `meeting-${x.extra}-${me}`);
    expect(meeting.summary).toBe(`Pertemuan tambahan: ${s.className}`);
    expect(meeting.event.description).toContain('Topik: Praktik crimping');

    // The weekly lessons: jam ke-3–4 each day until the semester ends, today's cancelled one left out.
    const cancelledDow = isoDay(x.cancelledDay);
    const lesson = byUid(cal!.events, `lesson-${s.assignmentId}-${cancelledDow}-3-${me}`);
    expect(lesson.summary).toBe(`Pelajaran: ${s.className} (jam ke-3–4)`);
    expect(lesson.rrule).toMatch(/^FREQ=WEEKLY;UNTIL=\d{8}T165959Z$/);
    expect(lesson.exdates).toEqual([wib(x.cancelledDay, x.bell.start)]);
    const iter = lesson.event.iterator();
    const starts: string[] = [];
    for (let n = iter.next(); n && starts.length < 200; n = iter.next()) starts.push(n.toJSDate().toISOString());
    expect(starts).not.toContain(wib(x.cancelledDay, x.bell.start));
    const weekLater = new Date(new Date(`${x.cancelledDay}T00:00:00Z`).getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(starts).toContain(wib(weekLater, x.bell.start));
    expect(lesson.end!.slice(11, 16)).toBe(wib('2026-01-05', x.bell.end).slice(11, 16));
  });

  it("another student of the rombel gets the class's own dates, not the first one's extension or override", async () => {
    const { other, s } = x;
    const { cal } = await read((await makeFeed(other)).path);
    const me = `student-${other.id}@kelasku`;
    expect(byUid(cal!.events, `assignment-${x.report}-${me}`).start).toBe(wib(x.monday, '23:59'));
    expect(byUid(cal!.events, `quiz-${x.exam}-${me}`).start).toBe(wib(x.examDay, '08:00'));
    const text = cal!.events.map((e) => e.summary).join('\n');
    for (const hidden of ['Draf Rahasia', 'Terjadwal Nanti', 'Tugas Lama', 'Tugas Luar']) expect(text).not.toContain(hidden);
    expect(cal!.events).toHaveLength(12);
    expect(s.className).toBeTruthy();
  });

  it("a teacher's: their classes' deadlines (drafts flagged), quizzes, teaching timetable and meetings; no other class", async () => {
    const { s } = x;
    const feed = await makeFeed(s.teacher);
    const { cal } = await read(feed.path);
    const me = `teacher-${s.teacher.id}@kelasku`;
    const summaries = cal!.events.map((e) => e.summary);
    expect(cal!.events.filter((e) => e.uid.startsWith('assignment-')).map((e) => e.summary)).toEqual([
      `Tenggat: Draf Rahasia — ${s.className} (belum terlihat siswa)`,
      `Tenggat: Terjadwal Nanti — ${s.className} (belum terlihat siswa)`,
      `Tenggat: Laporan Praktikum — ${s.className}`,
    ]);
    const report = byUid(cal!.events, `assignment-${x.report}-${me}`);
    expect(report.start).toBe(wib(x.monday, '23:59'));
    expect(report.url).toBe(`${feed.base}/online-class/${s.classId}/contents/${x.lessonId}/assignment/${x.report}`);
    expect(byUid(cal!.events, `quiz-${x.exam}-${me}`).start).toBe(wib(x.examDay, '08:00'));
    expect(byUid(cal!.events, `lesson-${s.assignmentId}-1-3-${me}`).summary).toBe(`Mengajar: ${s.className} (jam ke-3–4)`);
    expect(byUid(cal!.events, `meeting-${x.extra}-${me}`).url).toBe(`${feed.base}/online-class/${s.classId}/presensi/${x.extra}`);
    expect(cal!.events).toHaveLength(3 + 3 + 7 + 1);
    expect(summaries.join('\n')).not.toContain('Tugas Luar');
  });

  it("a parent's: each child's deadlines and quizzes, named with the child", async () => {
    const { student, s, parent } = x;
    const feed = await makeFeed(parent);
    const { cal } = await read(feed.path);
    const kid = (id: number) => `parent-${parent.id}-student-${id}@kelasku`;
    expect(uidsOf(cal!.events)).toEqual(
      [
        `assignment-${x.report}-${kid(student.id)}`,
        `quiz-${x.exam}-${kid(student.id)}`,
        `quiz-${x.long}-open-${kid(student.id)}`,
        `quiz-${x.long}-close-${kid(student.id)}`,
        `assignment-${x.outsiderTask}-${kid(s.outsider.id)}`,
      ].sort(),
    );
    const report = byUid(cal!.events, `assignment-${x.report}-${kid(student.id)}`);
    expect(report.summary).toBe(`[${student.name}] Tenggat: Laporan Praktikum — ${s.className}`);
    expect(report.start).toBe(wib(x.extendedTo, '23:59'));
    expect(report.url).toBe(`${feed.base}/anak/${student.id}`);
    expect(byUid(cal!.events, `quiz-${x.exam}-${kid(student.id)}`).start).toBe(wib(x.overrideDay, '08:00'));
    expect(byUid(cal!.events, `assignment-${x.outsiderTask}-${kid(s.outsider.id)}`).summary).toBe(
      `[${s.outsider.name}] Tenggat: Tugas Luar — ${x.outsiderClassName}`,
    );
  });

  it("an admin's is a valid, empty calendar", async () => {
    const admin = await t.factory.admin({ name: 'Admin Sekolah' });
    const { cal } = await read((await makeFeed(admin)).path);
    expect(cal!.name).toBe('Kelasku — Admin Sekolah');
    expect(cal!.events).toEqual([]);
  });

  it('costs a fixed number of statements, one class or many', async () => {
    const { s, student, parent } = x;
    const count = async (u: TestUser) => {
      const path = (await makeFeed(u)).path;
      return statementsDuring(t, () => read(path));
    };
    const before = { student: await count(student), teacher: await count(s.teacher), parent: await count(parent) };
    expect(before).toEqual({ student: 5, teacher: 5, parent: 3 });
    // Five more classes of the rombel, each with a deadline and a quiz.
    for (let i = 0; i < 5; i++) {
      const klass = await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombelId, name: `Kelas Tambahan ${i}` });
      const lesson = await t.factory.content(klass.id);
      await t.factory.assignment(lesson.id, s.teacher.id);
      await t.factory.quiz(lesson.id, s.teacher.id, [], { closesAt: new Date(Date.now() + 3 * 86_400_000) });
    }
    const after = { student: await count(student), teacher: await count(s.teacher), parent: await count(parent) };
    expect(after).toEqual(before);
    const { cal } = await read((await makeFeed(student)).path);
    expect(cal!.events.length).toBe(12 + 10);
  });
});
