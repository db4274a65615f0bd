/**
 * Issue 40: "Kelas Perwalian" — the wali kelas's rombel at a glance (attendance today and this
 * month, missing and late work of every subject, the risks with their reasons, the parents, the
 * izin requests waiting), the messages to a child's parents, and the admin's at-risk thresholds.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, PARENT_MESSAGE_MAX, PARENT_MSG, RISK_DEFAULTS } from '@kelasku/contract';
import {
  assignmentExtensions,
  auditLog,
  homerooms,
  leaveRequests,
  loginFailures,
  semesters,
  submissions,
  users,
} from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { FACTORY_IDENTITY, type TestUser } from './factory.js';
import { insertMarks, insertMeeting, wibDate } from './attendance-scene.js';
import { reportScene, type ReportScene } from './report-grades-scene.js';
import { DAY, TOMORROW, YESTERDAY, otherDaysThisMonth, subjectClass, workIn } from './homeroom-overview-scene.js';

const t = useTestApp();

const overviewUrl = (rombelId: number) => `/api/teacher/homerooms/${rombelId}/overview`;
const messagesUrl = (rombelId: number, studentId: number) => `/api/teacher/homerooms/${rombelId}/students/${studentId}/messages`;
const SETTINGS = '/api/admin/homeroom-settings';
const NIS = FACTORY_IDENTITY.nis;
const zero = { H: 0, T: 0, S: 0, I: 0, D: 0, A: 0 };

/**
 * The scene (students by name: S1 … S4, and S5 deactivated):
 * - S1: Alpa on three days of this month, Hadir today (two meetings) → "3× alpa bulan ini".
 * - S2: Sakit on one day; today Hadir then Alpa (a tie goes to A); nothing handed in: a1 and a2 of
 *   the first subject (Formatif, closed) and b1 of Matematika (closed) → 3 missing; a3 is open for
 *   them by an extension; b2's deadline passed but it closes tomorrow; a hidden assignment not counted.
 * - S3: Izin on one day, Terlambat today; 60 on the first subject's only weighted work → under KKTP 75.
 * - S4: fine, nothing recorded today; a2 handed in after the deadline (late).
 */
interface Scene extends ReportScene {
  mathName: string;
  mom: TestUser;
  dad: TestUser;
  s2Parent: TestUser;
}

async function buildScene(): Promise<Scene> {
  const s = await reportScene(t, 4);
  const [S1, S2, S3, S4] = s.students.map((x) => x.id) as [number, number, number, number];
  await t.factory.student({ rombelId: s.rombelId, name: `Siswa 05 ${s.rombelId}`, status: 0 });
  const [slm, , formatif] = s.categories as [ReportScene['categories'][0], unknown, ReportScene['categories'][0]];
  // The first subject: a1, a2 (Formatif, weight 0) closed yesterday; a3 (Sumatif) closed, open for S2 by an extension; a hidden one.
  const a1 = await workIn(t, s.lessonId, s.teacher.id, { categoryId: formatif.id, deadline: YESTERDAY() });
  const a2 = await workIn(t, s.lessonId, s.teacher.id, { categoryId: formatif.id, deadline: YESTERDAY() });
  const a3 = await workIn(t, s.lessonId, s.teacher.id, { categoryId: slm.id, deadline: YESTERDAY() });
  await workIn(t, s.lessonId, s.teacher.id, { categoryId: formatif.id, deadline: YESTERDAY(), hidden: true });
  // Handed in on time (two days ago) unless said otherwise.
  const onTime = new Date(Date.now() - 2 * DAY);
  for (const a of [a1, a2, a3]) {
    await t.factory.submission(a.id, S1, { score: 80, submittedAt: onTime });
    await t.factory.submission(a.id, S3, { score: 60, submittedAt: onTime });
    await t.factory.submission(a.id, S4, { score: 90, submittedAt: onTime });
  }
  await t.db
    .update(submissions)
    .set({ submittedAt: new Date() })
    .where(and(eq(submissions.assignmentId, a2.id), eq(submissions.studentId, S4)));
  await t.db.insert(assignmentExtensions).values({ assignmentId: a3.id, studentId: S2, deadline: TOMORROW() });
  // Matematika: b1 closed yesterday; b2 due yesterday, closing tomorrow.
  const math = await subjectClass(t, s, `Matematika ${s.rombelId}`, s.otherTeacher);
  const mathFormatif = math.categories[2]!;
  const b1 = await workIn(t, math.lessonId, s.otherTeacher.id, { categoryId: mathFormatif.id, deadline: YESTERDAY() });
  await workIn(t, math.lessonId, s.otherTeacher.id, { categoryId: mathFormatif.id, deadline: YESTERDAY(), closesAt: TOMORROW() });
  for (const id of [S1, S3, S4]) await t.factory.submission(b1.id, id, { score: 85, submittedAt: onTime });

  // Attendance: three other days of the month in the first subject, two meetings today.
  const [d1, d2, d3] = otherDaysThisMonth(3) as [string, string, string];
  const day = async (date: string, marks: Array<[number, 'H' | 'S' | 'I' | 'A' | 'T']>, period = 3) =>
    insertMarks(t, (await insertMeeting(t, s.classId, date, { periodFrom: period })).id, marks);
  await day(d1, [
    [S1, 'A'],
    [S2, 'S'],
    [S3, 'H'],
    [S4, 'H'],
  ]);
  await day(d2, [
    [S1, 'A'],
    [S2, 'H'],
    [S3, 'I'],
    [S4, 'H'],
  ]);
  await day(d3, [
    [S1, 'A'],
    [S2, 'H'],
    [S3, 'H'],
    [S4, 'H'],
  ]);
  await day(
    wibDate(0),
    [
      [S1, 'H'],
      [S2, 'H'],
      [S3, 'T'],
    ],
    1,
  );
  await day(
    wibDate(0),
    [
      [S1, 'H'],
      [S2, 'A'],
      [S3, 'T'],
    ],
    3,
  );
  // A cancelled meeting today counts for nothing.
  const cancelled = await insertMeeting(t, math.klass.id, wibDate(0), { periodFrom: 5, cancelled: true });
  await insertMarks(t, cancelled.id, [[S4, 'A']]);

  // Parents: S1 has a mother (with a phone number) and a father; S2 one; S3, S4 none.
  const mom = await t.factory.parent([S1], { relation: 'ibu', name: `Ibu Siswa 01 ${s.rombelId}` });
  await t.db.update(users).set({ telpon: '0812-3456-7890' }).where(eq(users.id, mom.id));
  const dad = await t.factory.parent([S1], { relation: 'ayah', name: `Ayah Siswa 01 ${s.rombelId}` });
  const s2Parent = await t.factory.parent([S2], { relation: 'wali', name: `Wali Siswa 02 ${s.rombelId}` });

  // Izin requests: one waiting, one decided.
  const request = {
    semesterId: s.semesterId,
    rombelClassId: s.rombelId,
    kind: 'S',
    startsOn: wibDate(0),
    endsOn: wibDate(0),
    reason: 'Demam',
  };
  await t.db.insert(leaveRequests).values([
    { ...request, studentId: S3, requestedBy: S3 },
    { ...request, studentId: S4, requestedBy: S4, status: 'approved' },
  ]);
  return { ...s, mathName: math.subject.name, mom, dad, s2Parent };
}

describe('GET /api/teacher/homerooms/:rombelId/overview', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await buildScene();
  });

  it('shows the wali kelas each active student with today, the month, the work, the risks and the parents', async () => {
    const res = await t.as(s.homeroom.token).get(overviewUrl(s.rombelId));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body.data;
    expect(o.rombel).toEqual({ id: s.rombelId, name: s.rombelName });
    expect(o.semester.id).toBe(s.semesterId);
    expect(o.date).toBe(wibDate(0));
    expect(o.month_start).toBe(`${wibDate(0).slice(0, 7)}-01`);
    expect(o.thresholds).toEqual(RISK_DEFAULTS);
    expect(o.today).toEqual({ ...zero, H: 1, A: 1, T: 1, unrecorded: 1 });
    expect(o.pending_requests).toBe(1);
    const [S1, S2, S3, S4] = s.students;
    expect(o.students).toEqual([
      {
        id: S1!.id,
        name: S1!.name,
        nis: NIS,
        today: 'H',
        month: { ...zero, A: 3, H: 1 },
        missing: 0,
        late: 0,
        risks: [{ kind: 'alpa', text: '3× alpa bulan ini' }],
        parents: [
          { id: s.mom.id, name: s.mom.name, relation: 'ibu', telpon: '0812-3456-7890' },
          { id: s.dad.id, name: s.dad.name, relation: 'ayah', telpon: null },
        ],
      },
      {
        id: S2!.id,
        name: S2!.name,
        nis: NIS,
        today: 'A',
        month: { ...zero, S: 1, H: 2, A: 1 },
        missing: 3,
        late: 0,
        risks: [{ kind: 'missing', text: '3 tugas belum dikumpulkan' }],
        parents: [{ id: s.s2Parent.id, name: s.s2Parent.name, relation: 'wali', telpon: null }],
      },
      {
        id: S3!.id,
        name: S3!.name,
        nis: NIS,
        today: 'T',
        month: { ...zero, H: 2, I: 1, T: 1 },
        missing: 0,
        late: 0,
        risks: [{ kind: 'grade', text: `Nilai akhir ${s.subjectName} 60 (KKTP 75)` }],
        parents: [],
      },
      { id: S4!.id, name: S4!.name, nis: NIS, today: null, month: { ...zero, H: 3 }, missing: 0, late: 1, risks: [], parents: [] },
    ]);
  });

  it('is 404 for the wali kelas of another rombel, a former wali kelas and a teacher of the rombel; 403 for other roles', async () => {
    const other = await reportScene(t, 1);
    for (const who of [other.homeroom, s.teacher, s.otherTeacher]) {
      const res = await t.as(who.token).get(overviewUrl(s.rombelId));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.notFound);
    }
    // The wali kelas of this rombel reaches their own only.
    expect((await t.as(s.homeroom.token).get(overviewUrl(other.rombelId))).status).toBe(404);
    // Wali kelas of the rombel in another (past) semester.
    const [past] = await t.db
      .insert(semesters)
      .values({ schoolYear: '2019/2020', term: 1, startsOn: '2019-07-15', endsOn: '2019-12-20' })
      .onConflictDoNothing()
      .returning();
    const pastId = past?.id ?? (await t.db.select().from(semesters).where(eq(semesters.schoolYear, '2019/2020')))[0]!.id;
    const former = await t.factory.teacher();
    await t.db.insert(homerooms).values({ semesterId: pastId, rombelClassId: s.rombelId, teacherId: former.id });
    expect((await t.as(former.token).get(overviewUrl(s.rombelId))).status).toBe(404);
    for (const who of [await t.factory.admin(), s.students[0]!, s.mom]) {
      const res = await t.as(who.token).get(overviewUrl(s.rombelId));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.forbidden);
    }
  });
});

describe('messages to parents', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await buildScene();
  });
  const texts = async (user: TestUser) =>
    (await t.as(user.token).get('/api/notifications')).body.data.items.map((n: { text: string; link: string }) => `${n.text} → ${n.link}`);

  it('stores a message, tells each parent, and lists the messages newest first', async () => {
    const S1 = s.students[0]!;
    const long = `Selamat pagi Bapak/Ibu, ${S1.name} tidak masuk tiga hari minggu ini tanpa keterangan. Mohon hubungi saya.`;
    const res = await t.as(s.homeroom.token).post(messagesUrl(s.rombelId, S1.id), { body: `  ${long}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(PARENT_MSG.messageSent);
    expect(res.body.data).toMatchObject({
      student: { id: S1.id, name: S1.name },
      sender: { id: s.homeroom.id, name: s.homeroom.name },
      body: long,
    });
    const context = `${long.slice(0, 79).trimEnd()}…`;
    for (const p of [s.mom, s.dad]) expect(await texts(p)).toContain(`Pesan wali kelas tentang ${S1.name}: ${context} → /anak/${S1.id}`);
    expect(await texts(s.s2Parent)).toEqual([]);
    const second = await t.as(s.homeroom.token).post(messagesUrl(s.rombelId, S1.id), { body: 'Terima kasih.' });
    expect(second.status).toBe(201);
    expect(await texts(s.mom)).toContain(`Pesan wali kelas tentang ${S1.name}: Terima kasih. → /anak/${S1.id}`);
    const list = await t.as(s.homeroom.token).get(messagesUrl(s.rombelId, S1.id));
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { body: string }) => m.body)).toEqual(['Terima kasih.', long]);
    expect((await t.as(s.homeroom.token).get(messagesUrl(s.rombelId, s.students[1]!.id))).body.data).toEqual([]);
  });

  it('refuses an empty or too long message, a child without parents, and students of other rombels', async () => {
    const url = messagesUrl(s.rombelId, s.students[1]!.id);
    for (const [body, message] of [
      [{ body: '   ' }, PARENT_MSG.messageRequired],
      [{}, PARENT_MSG.messageRequired],
      [{ body: 'x'.repeat(PARENT_MESSAGE_MAX + 1) }, PARENT_MSG.messageTooLong],
    ] as const) {
      const res = await t.as(s.homeroom.token).post(url, body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, message, errors: { body: [message] } });
    }
    const none = await t.as(s.homeroom.token).post(messagesUrl(s.rombelId, s.students[3]!.id), { body: 'Halo' });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(PARENT_MSG.noParents);
    for (const studentId of [s.outsider.id, s.mom.id, 2_147_483_000]) {
      const res = await t.as(s.homeroom.token).post(messagesUrl(s.rombelId, studentId), { body: 'Halo' });
      expect(res.status).toBe(404);
      expect((await t.as(s.homeroom.token).get(messagesUrl(s.rombelId, studentId))).status).toBe(404);
    }
    // Another teacher (of the rombel's class) is no wali kelas; the outsider's rombel is not the caller's.
    expect((await t.as(s.teacher.token).post(url, { body: 'Halo' })).status).toBe(404);
    expect((await t.as(s.teacher.token).get(url)).status).toBe(404);
    expect((await t.as(s.homeroom.token).get(messagesUrl(s.outsiderRombelId, s.outsider.id))).status).toBe(404);
    for (const who of [s.students[1]!, s.s2Parent]) expect((await t.as(who.token).get(url)).status).toBe(403);
    expect((await t.as((await t.factory.admin()).token).post(url, { body: 'Halo' })).status).toBe(403);
  });

  it('takes at most 30 messages an hour from one wali kelas', async () => {
    const url = messagesUrl(s.rombelId, s.students[1]!.id);
    await t.db.delete(loginFailures).where(eq(loginFailures.key, `pm:${s.homeroom.id}`));
    for (let i = 1; i <= 30; i++) expect((await t.as(s.homeroom.token).post(url, { body: `Pesan ${i}` })).status).toBe(201);
    const res = await t.as(s.homeroom.token).post(url, { body: 'Pesan 31' });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(PARENT_MSG.messageRateLimited);
    expect((await t.as(s.homeroom.token).get(url)).body.data).toHaveLength(30);
    // Another wali kelas is not held back.
    const other = await reportScene(t, 1);
    const parent = await t.factory.parent([other.students[0]!.id]);
    expect((await t.as(other.homeroom.token).post(messagesUrl(other.rombelId, other.students[0]!.id), { body: 'Halo' })).status).toBe(201);
    expect(parent.id).toBeGreaterThan(0);
  });
});

describe('the at-risk thresholds', () => {
  it('refuses bad numbers, audits a change, and the overview follows it', async () => {
    const s = await buildScene();
    const admin = await t.factory.admin();
    const api = t.as(admin.token);
    expect((await api.get(SETTINGS)).body).toEqual({ success: true, data: { risk_alpa: 3, risk_missing: 3 } });
    for (const [body, field, message] of [
      [{ risk_alpa: 0, risk_missing: 3 }, 'risk_alpa', PARENT_MSG.riskAlpaInvalid],
      [{ risk_alpa: 32, risk_missing: 3 }, 'risk_alpa', PARENT_MSG.riskAlpaInvalid],
      [{ risk_alpa: 2.5, risk_missing: 3 }, 'risk_alpa', PARENT_MSG.riskAlpaInvalid],
      [{ risk_alpa: 'tiga', risk_missing: 3 }, 'risk_alpa', PARENT_MSG.riskAlpaInvalid],
      [{ risk_missing: 3 }, 'risk_alpa', PARENT_MSG.riskAlpaInvalid],
      [{ risk_alpa: 3, risk_missing: 51 }, 'risk_missing', PARENT_MSG.riskMissingInvalid],
      [{ risk_alpa: 3, risk_missing: 0 }, 'risk_missing', PARENT_MSG.riskMissingInvalid],
    ] as const) {
      const res = await api.put(SETTINGS, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ success: false, message, errors: { [field]: [message] } });
    }
    const saved = await api.put(SETTINGS, { risk_alpa: 4, risk_missing: 2 });
    expect(saved.body).toEqual({ success: true, message: PARENT_MSG.riskSaved, data: { risk_alpa: 4, risk_missing: 2 } });
    expect((await api.get(SETTINGS)).body.data).toEqual({ risk_alpa: 4, risk_missing: 2 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'homeroom.settings'), eq(auditLog.actorId, admin.id)));
    expect(audit).toMatchObject({
      targetType: 'setting',
      before: { risk_alpa: 3, risk_missing: 3 },
      after: { risk_alpa: 4, risk_missing: 2 },
    });
    const o = (await t.as(s.homeroom.token).get(overviewUrl(s.rombelId))).body.data;
    expect(o.thresholds).toEqual({ alpa: 4, missing: 2 });
    expect(o.students.map((x: { risks: unknown[] }) => x.risks)).toEqual([
      [],
      [{ kind: 'missing', text: '3 tugas belum dikumpulkan' }],
      [{ kind: 'grade', text: `Nilai akhir ${s.subjectName} 60 (KKTP 75)` }],
      [],
    ]);
    for (const who of [s.homeroom, s.students[0]!, s.mom]) {
      expect((await t.as(who.token).get(SETTINGS)).status).toBe(403);
      expect((await t.as(who.token).put(SETTINGS, { risk_alpa: 3, risk_missing: 3 })).status).toBe(403);
    }
    await api.put(SETTINGS, { risk_alpa: 3, risk_missing: 3 });
  });
});
