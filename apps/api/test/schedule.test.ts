/**
 * Issue 37: "Hari ini" and "Jadwal" of teachers and students (GET /api/{teacher,student}/today and
 * /timetable). The bell times and slots are made for today's weekday in WIB (Minggu too), so the
 * answers hold on any day; the lessons' states are proven on the pure function with fixed times.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bellPeriods, homerooms, semesters, subjects, timetableSlots } from '../src/db/schema.js';
import { insertAssignment } from '../src/features/teaching-assignments/write.js';
import { todayLessons, wibDay } from '../src/features/schedule/present.js';
import type { SlotRow } from '../src/features/schedule/queries.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();

interface Scene {
  teacher: TestUser;
  team: TestUser;
  other: TestUser;
  student: TestUser;
  otherStudent: TestUser;
  admin: TestUser;
  rombel: { id: number; name: string };
  mat: { id: number; onlineClassId: number };
  inf: { id: number; onlineClassId: number };
  far: { id: number; onlineClassId: number };
  dueTitles: { mine: string; quiz: string; tomorrow: string; far: string; team: string };
}
let s: Scene;

const now = wibDay(new Date());
const otherDay = (now.day % 7) + 1;

async function build(): Promise<Scene> {
  const f = t.factory;
  const [semester] = await t.db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  const semesterId = semester!.id;
  const [m, i] = await t.db
    .insert(subjects)
    .values([
      { code: 'MTK', name: 'Matematika', group: 'umum' },
      { code: 'INF', name: 'Informatika', group: 'umum' },
    ])
    .returning();
  const rombel = await f.rombel({ name: 'X TKJ Jadwal' });
  const farRombel = await f.rombel({ name: 'X TKJ Lain' });
  const [teacher, team, other, admin] = [
    await f.teacher({ name: 'Guru Matematika' }),
    await f.teacher({ name: 'Guru Pendamping' }),
    await f.teacher({ name: 'Guru Informatika' }),
    await f.admin(),
  ];
  const student = await f.student({ rombelId: rombel.id });
  const otherStudent = await f.student({ rombelId: farRombel.id });
  const assign = (rombelId: number, subjectId: number, teacherIds: number[], className: string) =>
    insertAssignment(t.db, { semesterId, rombelId, subjectId, teacherIds, hoursPerWeek: 4, className });
  const mat = await assign(rombel.id, m!.id, [teacher.id], 'Matematika — X TKJ Jadwal');
  // Team teaching: the second teacher of the assignment sees its lessons too.
  const inf = await assign(rombel.id, i!.id, [other.id, team.id], 'Informatika — X TKJ Jadwal');
  const far = await assign(farRombel.id, m!.id, [other.id], 'Matematika — X TKJ Lain');

  await t.db.insert(bellPeriods).values([
    { day: now.day, period: 1, startsAt: '07:00', endsAt: '07:45' },
    { day: now.day, period: 2, startsAt: '07:45', endsAt: '08:30' },
    { day: now.day, period: null, startsAt: '08:30', endsAt: '08:45' },
    { day: now.day, period: 3, startsAt: '08:45', endsAt: '09:30' },
    { day: now.day, period: 4, startsAt: '09:30', endsAt: '10:15' },
    { day: otherDay, period: 1, startsAt: '07:00', endsAt: '07:40' },
  ]);
  const slot = (a: { id: number }, rombelId: number, day: number, period: number) => ({
    semesterId,
    assignmentId: a.id,
    rombelClassId: rombelId,
    day,
    period,
  });
  // Inserted out of order: the answer orders by time.
  await t.db
    .insert(timetableSlots)
    .values([
      slot(mat, rombel.id, now.day, 4),
      slot(inf, rombel.id, now.day, 3),
      slot(mat, rombel.id, now.day, 2),
      slot(mat, rombel.id, now.day, 1),
      slot(far, farRombel.id, now.day, 1),
      slot(mat, rombel.id, otherDay, 1),
    ]);
  await t.db.insert(homerooms).values({ semesterId, rombelClassId: rombel.id, teacherId: team.id });

  // Due today (23.59 WIB) and tomorrow, in the teacher's class and in the far rombel's class.
  const endOfToday = new Date(now.to.getTime() - 60_000);
  const lesson = await f.content(mat.onlineClassId);
  const farLesson = await f.content(far.onlineClassId);
  const dueTitles = {
    mine: 'Tugas Hari Ini',
    quiz: 'Kuis Hari Ini',
    tomorrow: 'Tugas Besok',
    far: 'Tugas Rombel Lain',
    team: 'Tugas Informatika',
  };
  await f.assignment(lesson.id, teacher.id, { title: dueTitles.mine, deadline: endOfToday });
  await f.assignment(lesson.id, teacher.id, { title: dueTitles.tomorrow, deadline: new Date(now.to.getTime() + 3600_000) });
  await f.quiz(lesson.id, teacher.id, [], { title: dueTitles.quiz, closesAt: endOfToday });
  await f.assignment(farLesson.id, other.id, { title: dueTitles.far, deadline: endOfToday });
  const infLesson = await f.content(inf.onlineClassId);
  await f.assignment(infLesson.id, other.id, { title: dueTitles.team, deadline: endOfToday });
  return { teacher, team, other, student, otherStudent, admin, rombel, mat, inf, far, dueTitles };
}

beforeAll(async () => {
  s = await build();
});

const lessonsOf = (body: any) =>
  (body.data.lessons as any[]).map((l) => ({
    subject: l.subject.name,
    periods: l.periods,
    class_id: l.class_id,
    time: `${l.starts_at}–${l.ends_at}`,
  }));

describe('GET /api/teacher/today', () => {
  it("lists only the teacher's lessons of today, in time order, consecutive periods merged", async () => {
    const res = await t.as(s.teacher.token).get('/api/teacher/today');
    expect(res.status).toBe(200);
    expect(res.body.data.date).toBe(now.date);
    expect(res.body.data.day).toBe(now.day);
    expect(res.body.data.semester.label).toMatch(/^\d{4}\/\d{4} (Ganjil|Genap)$/);
    expect(lessonsOf(res.body)).toEqual([
      { subject: 'Matematika', periods: [1, 2], class_id: s.mat.onlineClassId, time: '07.00–08.30' },
      { subject: 'Matematika', periods: [4], class_id: s.mat.onlineClassId, time: '09.30–10.15' },
    ]);
    expect(res.body.data.lessons[0].rombel.name).toBe('X TKJ Jadwal');
    expect(res.body.data.homeroom).toEqual([]);
  });

  it('shows a team-taught lesson to its second teacher, with both teachers named, and their wali kelas rombel', async () => {
    const res = await t.as(s.team.token).get('/api/teacher/today');
    expect(res.status).toBe(200);
    expect(lessonsOf(res.body)).toEqual([{ subject: 'Informatika', periods: [3], class_id: s.inf.onlineClassId, time: '08.45–09.30' }]);
    expect(res.body.data.lessons[0].teachers.map((x: any) => x.name)).toEqual(['Guru Informatika', 'Guru Pendamping']);
    expect(res.body.data.homeroom).toEqual([
      { rombel: { id: s.rombel.id, name: 'X TKJ Jadwal' }, teacher: { id: s.team.id, name: 'Guru Pendamping' } },
    ]);
  });

  it("lists a teacher's lessons across rombels in time order", async () => {
    const res = await t.as(s.other.token).get('/api/teacher/today');
    expect(lessonsOf(res.body).map((l) => `${l.subject} ${l.class_id}`)).toEqual([
      `Matematika ${s.far.onlineClassId}`,
      `Informatika ${s.inf.onlineClassId}`,
    ]);
  });

  it("lists what is due today in the teacher's own classes only", async () => {
    const res = await t.as(s.teacher.token).get('/api/teacher/today');
    const due = (res.body.data.due as any[]).map((d) => `${d.kind} ${d.title}`).sort();
    expect(due).toEqual([`assignment ${s.dueTitles.mine}`, `quiz ${s.dueTitles.quiz}`]);
    expect(res.body.data.due[0].class_id).toBe(s.mat.onlineClassId);
    const other = await t.as(s.other.token).get('/api/teacher/today');
    expect((other.body.data.due as any[]).map((d) => d.title).sort()).toEqual([s.dueTitles.team, s.dueTitles.far].sort());
    // Team teaching: the class's second teacher has its work due too.
    const team = await t.as(s.team.token).get('/api/teacher/today');
    expect((team.body.data.due as any[]).map((d) => d.title)).toEqual([s.dueTitles.team]);
  });
});

describe('GET /api/student/today', () => {
  it("lists the rombel's lessons of today with their teachers' names", async () => {
    const res = await t.as(s.student.token).get('/api/student/today');
    expect(res.status).toBe(200);
    expect(lessonsOf(res.body).map((l) => `${l.subject} ${l.periods.join('–')}`)).toEqual([
      'Matematika 1–2',
      'Informatika 3',
      'Matematika 4',
    ]);
    expect(res.body.data.lessons.map((l: any) => l.teachers.map((x: any) => x.name).join(', '))).toEqual([
      'Guru Matematika',
      'Guru Informatika, Guru Pendamping',
      'Guru Matematika',
    ]);
    expect(res.body.data.homeroom).toEqual([
      { rombel: { id: s.rombel.id, name: 'X TKJ Jadwal' }, teacher: { id: s.team.id, name: 'Guru Pendamping' } },
    ]);
    const due = (res.body.data.due as any[]).map((d) => d.title).sort();
    expect(due).toEqual([s.dueTitles.mine, s.dueTitles.quiz, s.dueTitles.team].sort());
  });

  it("shows another rombel's student none of them", async () => {
    const res = await t.as(s.otherStudent.token).get('/api/student/today');
    expect(res.status).toBe(200);
    expect(lessonsOf(res.body)).toEqual([{ subject: 'Matematika', periods: [1], class_id: s.far.onlineClassId, time: '07.00–07.45' }]);
    expect((res.body.data.due as any[]).map((d) => d.title)).toEqual([s.dueTitles.far]);
    expect(res.body.data.homeroom).toEqual([]);
  });
});

describe('GET /api/{teacher,student}/timetable', () => {
  it('gives the teacher the bell of every day and their own slots of the week, with the class to open', async () => {
    const res = await t.as(s.teacher.token).get('/api/teacher/timetable');
    expect(res.status).toBe(200);
    expect(res.body.data.bell.map((d: any) => d.day).sort()).toEqual([now.day, otherDay].sort());
    const today = res.body.data.bell.find((d: any) => d.day === now.day);
    expect(today.periods[2]).toEqual({ period: null, starts_at: '08.30', ends_at: '08.45' });
    const slots = res.body.data.slots as any[];
    expect(slots).toHaveLength(4);
    expect(new Set(slots.map((x) => x.class_id))).toEqual(new Set([s.mat.onlineClassId]));
    expect(slots.filter((x) => x.day === otherDay).map((x) => `${x.period} ${x.starts_at}`)).toEqual(['1 07.00']);
  });

  it("gives the student their rombel's slots only", async () => {
    const res = await t.as(s.student.token).get('/api/student/timetable');
    expect(res.status).toBe(200);
    const slots = res.body.data.slots as any[];
    expect(slots).toHaveLength(5);
    expect(new Set(slots.map((x) => x.rombel.id))).toEqual(new Set([s.rombel.id]));
    const far = await t.as(s.otherStudent.token).get('/api/student/timetable');
    expect((far.body.data.slots as any[]).map((x) => x.class_id)).toEqual([s.far.onlineClassId]);
  });
});

describe('access', () => {
  it('refuses the admin (403), the other role (403) and no token (401)', async () => {
    for (const url of ['/api/teacher/today', '/api/teacher/timetable', '/api/student/today', '/api/student/timetable']) {
      const admin = await t.as(s.admin.token).get(url);
      expect(admin.status, url).toBe(403);
      expect(admin.body.success).toBe(false);
      expect((await t.as().get(url)).status, url).toBe(401);
    }
    expect((await t.as(s.student.token).get('/api/teacher/today')).status).toBe(403);
    expect((await t.as(s.teacher.token).get('/api/student/today')).status).toBe(403);
  });
});

describe('the states of the lessons (todayLessons)', () => {
  const row = (assignmentId: number, period: number, startsAt: string, endsAt: string): SlotRow => ({
    id: period,
    day: 1,
    period,
    startsAt,
    endsAt,
    assignmentId,
    subject: { id: assignmentId, code: `S${assignmentId}`, name: `Mapel ${assignmentId}` },
    rombel: { id: 1, name: 'X TKJ 1' },
    teachers: [],
    classId: assignmentId,
  });
  const day = [
    row(1, 1, '07:00:00', '07:45:00'),
    row(1, 2, '07:45:00', '08:30:00'),
    row(2, 3, '08:45:00', '09:30:00'),
    row(3, 4, '09:30:00', '10:15:00'),
    row(2, 5, '10:15:00', '11:00:00'),
  ];
  const states = (time: string) => todayLessons(day, time).map((l) => `${l.periods.join('–')} ${l.state}`);

  it('before school: the first lesson is next, the others later', () => {
    expect(states('06:30:00')).toEqual(['1–2 next', '3 later', '4 later', '5 later']);
  });
  it('during a merged lesson: now, and only the first upcoming is next', () => {
    expect(states('07:50:00')).toEqual(['1–2 now', '3 next', '4 later', '5 later']);
  });
  it('in the break: done before, next after', () => {
    expect(states('08:35:00')).toEqual(['1–2 done', '3 next', '4 later', '5 later']);
  });
  it('a lesson ends at its end time; after school everything is done', () => {
    expect(states('09:30:00')).toEqual(['1–2 done', '3 done', '4 now', '5 next']);
    expect(states('15:00:00')).toEqual(['1–2 done', '3 done', '4 done', '5 done']);
  });
  it('merges only consecutive periods of one assignment and gives the merged times', () => {
    const lessons = todayLessons(day, '06:00:00');
    expect(lessons.map((l) => `${l.starts_at}–${l.ends_at}`)).toEqual(['07.00–08.30', '08.45–09.30', '09.30–10.15', '10.15–11.00']);
  });
});

describe('wibDay', () => {
  it('gives the WIB date, ISO weekday (Minggu = 7) and time', () => {
    // 2026-11-29 17:30 UTC is Monday 30 November 00.30 WIB.
    expect(wibDay(new Date('2026-11-29T17:30:00Z'))).toMatchObject({ date: '2026-11-30', day: 1, time: '00:30:00' });
    // 2026-11-29 16:59 UTC is still Sunday 23.59 WIB.
    const sunday = wibDay(new Date('2026-11-29T16:59:00Z'));
    expect(sunday).toMatchObject({ date: '2026-11-29', day: 7, time: '23:59:00' });
    expect(sunday.from.toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(sunday.to.toISOString()).toBe('2026-11-29T17:00:00.000Z');
  });
});
