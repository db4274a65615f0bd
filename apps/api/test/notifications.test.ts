/**
 * Notifications (issue 22): the bell's API, every kind of event that sends one, who gets it and
 * who does not, the reminders (due in 24 hours, scheduled items) sent once however often their
 * job runs, and the live events that carry them. The quieter bell (issue 42): quiet-bell.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIF_MSG, MSG } from '@kelasku/contract';
import { lessons, liveEvents, notifications } from '../src/db/schema.js';
import { runCleanup, runReminders } from '../src/features/notifications/jobs.js';
import { topics } from '../src/live/bus.js';
import { LOGIN_LIMITS } from '../src/auth/login-limits.js';
import { samples, useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
const HOUR = 3600 * 1000;

/** The bell of a user as the API shows it. */
async function bell(user: TestUser) {
  const res = await t.as(user.token).get('/api/notifications?limit=50');
  expect(res.status).toBe(200);
  return res.body.data as {
    items: Array<{ id: number; kind: string; text: string; link: string; read: boolean; count: number }>;
    unread: number;
  };
}

const texts = async (user: TestUser) => (await bell(user)).items.map((n) => n.text);

/** A class of a fresh rombel with two students, its teacher, and an outsider of another rombel. */
async function scene() {
  const f = t.factory;
  const rombel = await f.rombel();
  const other = await f.rombel();
  const teacher = await f.teacher();
  const klass = await f.onlineClass(teacher.id, { rombelId: rombel.id, name: `Kelas ${rombel.id}` });
  const content = await f.content(klass.id);
  const [s1, s2] = [await f.student({ rombelId: rombel.id }), await f.student({ rombelId: rombel.id })];
  const outsider = await f.student({ rombelId: other.id });
  const base = `/api/teacher/online-classes/${klass.id}/contents/${content.id}`;
  return { teacher, klass, content, s1: s1!, s2: s2!, outsider, base };
}

describe('the bell', () => {
  let s: Awaited<ReturnType<typeof scene>>;
  beforeAll(async () => {
    s = await scene();
    // One material in each of three contents: three notifications (materials of one content are one, issue 42).
    for (const title of ['Bab 1', 'Bab 2', 'Bab 3']) {
      const content = title === 'Bab 1' ? s.content : await t.factory.content(s.klass.id);
      const base = `/api/teacher/online-classes/${s.klass.id}/contents/${content.id}`;
      expect((await t.as(s.teacher.token).post(`${base}/links`, { title, url: 'https://contoh.sch.id/' + title })).status).toBe(201);
    }
  });

  it('lists the caller’s notifications newest first, counts the unread, and pages with `before`', async () => {
    const all = await bell(s.s1);
    expect(all.unread).toBe(3);
    expect(all.items.map((n) => n.text)).toEqual([
      `Materi baru "Bab 3" di ${s.klass.name}`,
      `Materi baru "Bab 2" di ${s.klass.name}`,
      `Materi baru "Bab 1" di ${s.klass.name}`,
    ]);
    expect(all.items[2]).toMatchObject({
      kind: 'material',
      link: `/my-classes/${s.klass.id}#pembelajaran-${s.content.id}`,
      read: false,
      count: 1,
    });
    const first = await t.as(s.s1.token).get('/api/notifications?limit=2');
    expect(first.body.data.items).toHaveLength(2);
    const next = await t.as(s.s1.token).get(`/api/notifications?limit=2&before=${first.body.data.next_before}`);
    expect(next.body.data.items.map((n: { text: string }) => n.text)).toEqual([`Materi baru "Bab 1" di ${s.klass.name}`]);
    expect(next.body.data.next_before).toBeNull();
    expect((await t.as(s.s1.token).get('/api/notifications/unread-count')).body.data).toEqual({ unread: 3 });
  });

  it('marks one read, then all; another user’s notification is a 404 and stays unread', async () => {
    const mine = await bell(s.s2);
    const theirs = await bell(s.s1);
    const one = await t.as(s.s2.token).post(`/api/notifications/${mine.items[0]!.id}/read`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ success: true, message: NOTIF_MSG.read, data: { unread: 2 } });
    expect((await t.as(s.s2.token).post(`/api/notifications/${theirs.items[0]!.id}/read`)).status).toBe(404);
    expect((await t.as(s.s2.token).post('/api/notifications/999999999/read')).body).toEqual({ success: false, message: MSG.notFound });
    expect((await bell(s.s1)).unread).toBe(3);
    const all = await t.as(s.s2.token).post('/api/notifications/read-all');
    expect(all.body).toEqual({ success: true, message: NOTIF_MSG.allRead, data: { unread: 0 } });
    expect((await bell(s.s2)).items.every((n) => n.read)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await t.as(null).get('/api/notifications')).status).toBe(401);
    expect((await t.as(null).get('/api/live')).status).toBe(401);
  });

  it('tells the user’s other tabs when notifications are read', async () => {
    const got: unknown[] = [];
    const close = await t.app.live.subscribe([topics.user(s.s1.id)], null, (_id, event, data) => got.push({ event, data }));
    await t.as(s.s1.token).post('/api/notifications/read-all');
    await expect.poll(() => got).toEqual([{ event: 'read', data: { unread: 0 } }]);
    close();
  });
});

describe('what students hear of', () => {
  it('a new material and a new assignment (which opens its hand-in page), by the class’s students only', async () => {
    const s = await scene();
    const teacher = t.as(s.teacher.token);
    expect(
      (await teacher.upload('POST', `${s.base}/materials`, { title: 'Modul PDF' }, { file: { name: 'm.pdf', data: samples.pdf() } }))
        .status,
    ).toBe(201);
    const made = await teacher.post(`${s.base}/assignments`, { title: 'Tugas 1', description: 'Kerjakan.', deadline: '2030-01-10T23:59' });
    expect(made.status).toBe(201);
    for (const student of [s.s1, s.s2]) {
      expect(await texts(student)).toEqual([`Tugas baru "Tugas 1" di ${s.klass.name}`, `Materi baru "Modul PDF" di ${s.klass.name}`]);
    }
    expect((await bell(s.s1)).items[0]!.link).toBe(`/my-classes/${s.klass.id}/submissions/${made.body.data.id}`);
    expect(await texts(s.outsider)).toEqual([]);
    expect(await texts(s.teacher)).toEqual([]);
  });

  it('several files at once: one notification for them all (issue 42)', async () => {
    const s = await scene();
    const res = await t.as(s.teacher.token).upload(
      'POST',
      `${s.base}/materials/batch`,
      {},
      {
        file: [
          { name: 'a.pdf', data: samples.pdf() },
          { name: 'b.pdf', data: samples.pdf() },
        ],
      },
    );
    expect(res.status).toBe(201);
    expect(await bell(s.s1)).toMatchObject({
      unread: 1,
      items: [{ text: `2 materi baru di Pembelajaran ${s.content.number}: ${s.content.title} (${s.klass.name})`, count: 2 }],
    });
  });

  it('an announcement, with its text', async () => {
    const s = await scene();
    const res = await t
      .as(s.teacher.token)
      .post(`/api/teacher/online-classes/${s.klass.id}/announcements`, { body: 'Besok   praktik\ndi lab.' });
    expect(res.status).toBe(201);
    expect(await texts(s.s2)).toEqual([`Pengumuman baru di ${s.klass.name}: Besok praktik di lab.`]);
    expect(await texts(s.outsider)).toEqual([]);
  });

  it('nothing of a draft; once when it is shown, and never twice', async () => {
    const s = await scene();
    const teacher = t.as(s.teacher.token);
    await teacher.put(`${s.base}/visibility`, { hidden: true });
    expect((await teacher.post(`${s.base}/links`, { title: 'Rahasia', url: 'https://contoh.sch.id/r' })).status).toBe(201);
    expect(await texts(s.s1)).toEqual([]);
    await teacher.put(`${s.base}/visibility`, { hidden: false });
    await teacher.put(`${s.base}/visibility`, { hidden: true });
    await teacher.put(`${s.base}/visibility`, { hidden: false });
    expect(await texts(s.s1)).toEqual([`Materi baru "Rahasia" di ${s.klass.name}`]);
  });

  it('a scheduled item when its time has come, once however often the reminders run', async () => {
    const s = await scene();
    const teacher = t.as(s.teacher.token);
    // The content is scheduled a minute ahead, then filled: the student hears nothing yet.
    const at = new Date(Date.now() + 60_000);
    expect((await teacher.put(`${s.base}/visibility`, { hidden: false, publish_at: at.toISOString() })).status).toBe(200);
    const made = await teacher.post(`${s.base}/assignments`, { title: 'Terjadwal', description: 'x', deadline: '2030-01-10T23:59' });
    expect(made.status).toBe(201);
    await runReminders(t.app);
    expect(await texts(s.s1)).toEqual([]);
    // Its time comes (moved into the past here rather than waited for).
    await t.db
      .update(lessons)
      .set({ publishAt: new Date(Date.now() - 60_000) })
      .where(eq(lessons.id, s.content.id));
    await Promise.all([runReminders(t.app), runReminders(t.app), runReminders(t.app)]);
    expect(await texts(s.s1)).toEqual([`Tugas baru "Terjadwal" di ${s.klass.name}`]);
    expect(await texts(s.outsider)).toEqual([]);
  });

  it('an assignment due within 24 hours not yet handed in: once, and not after handing in or for an extension', async () => {
    const s = await scene();
    const s3 = await t.factory.student({ rombelId: s.klass.rombelClassId });
    const a = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Laporan', deadline: new Date(Date.now() + 10 * HOUR) });
    await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Jauh', deadline: new Date(Date.now() + 48 * HOUR) });
    // s2 has handed in; s3 has an extension beyond 24 hours.
    await t.factory.submission(a.id, s.s2.id);
    await t.as(s.teacher.token).put(`${s.base}/assignments/${a.id}/students/${s3.id}/extension`, {
      deadline: new Date(Date.now() + 72 * HOUR).toISOString(),
    });
    // Concurrent and repeated runs (two instances, a retry after a crash) send it once.
    await Promise.all([runReminders(t.app), runReminders(t.app)]);
    await runReminders(t.app);
    const due = `Tugas "Laporan" di ${s.klass.name} berakhir kurang dari 24 jam lagi dan belum kamu kumpulkan`;
    expect((await texts(s.s1)).filter((x) => x.includes('berakhir'))).toEqual([due]);
    expect((await bell(s.s1)).items.find((n) => n.text === due)!.link).toBe(`/my-classes/${s.klass.id}/submissions/${a.id}`);
    expect((await texts(s.s2)).filter((x) => x.includes('berakhir'))).toEqual([]);
    expect((await texts(s3)).filter((x) => x.includes('berakhir'))).toEqual([]);
    // Read, then the job runs again: still not sent a second time.
    await t.as(s.s1.token).post('/api/notifications/read-all');
    await runReminders(t.app);
    expect((await texts(s.s1)).filter((x) => x.includes('berakhir'))).toEqual([due]);
  });

  it('graded, new feedback, returned and a private comment of the teacher', async () => {
    const s = await scene();
    const a = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Esai' });
    const sub = await t.factory.submission(a.id, s.s1.id);
    const teacher = t.as(s.teacher.token);
    const grade = (feedback: string | undefined, revision: number) =>
      teacher.post(`${s.base}/assignments/${a.id}/grade`, { student_id: s.s1.id, score: 80, feedback, revision });
    expect((await grade(undefined, sub.revision)).status).toBe(200);
    expect((await grade('Perbaiki kesimpulan.', sub.revision)).status).toBe(200);
    expect((await teacher.post(`${s.base}/assignments/${a.id}/return`, { student_id: s.s1.id })).status).toBe(200);
    expect((await teacher.post(`${s.base}/assignments/${a.id}/students/${s.s1.id}/comments`, { body: 'Lihat catatan saya.' })).status).toBe(
      201,
    );
    // One notification per grading act, each with the score (issue 39).
    expect(await texts(s.s1)).toEqual([
      `${s.teacher.name} mengirim komentar pribadi di tugas "Esai"`,
      'Tugas "Esai" dikembalikan dengan nilai 80',
      'Ada masukan baru dari guru untuk tugas "Esai", nilai 80',
      'Tugas "Esai" dinilai: 80',
    ]);
    expect(await texts(s.s2)).toEqual([]);
  });

  it('a notification written before the score was carried still reads as it did', async () => {
    const s = await scene();
    const old = { userId: s.s1.id, subject: 'Esai', context: s.klass.name, link: '/my-classes' };
    await t.db.insert(notifications).values([
      { ...old, kind: 'graded' },
      { ...old, kind: 'feedback' },
      { ...old, kind: 'returned' },
    ]);
    expect((await texts(s.s1)).sort()).toEqual(
      ['Ada masukan baru dari guru untuk tugas "Esai"', 'Tugas "Esai" dikembalikan oleh guru', 'Tugas "Esai" sudah dinilai'].sort(),
    );
  });
});

describe('what teachers hear of', () => {
  it('hand-ins summed up per assignment, a late one on its own, a private comment of a student', async () => {
    const s = await scene();
    const onTime = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Tugas 3', deadline: new Date(Date.now() + 48 * HOUR) });
    const late = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Tugas 2', deadline: new Date(Date.now() - HOUR) });
    const handIn = (student: TestUser, id: number) =>
      t.as(student.token).upload('POST', `/api/student/submissions/${id}`, {}, { files: { name: 'jawaban.pdf', data: samples.pdf() } });
    expect((await handIn(s.s1, onTime.id)).status).toBe(201);
    expect((await handIn(s.s2, onTime.id)).status).toBe(201);
    expect((await handIn(s.s1, late.id)).status).toBe(201);
    expect((await t.as(s.s2.token).post(`/api/student/submissions/${onTime.id}/comments`, { body: 'Pak, sudah saya kirim.' })).status).toBe(
      201,
    );
    const b = await bell(s.teacher);
    expect(b.items.map((n) => n.text)).toEqual([
      `${s.s2.name} mengirim komentar pribadi di tugas "Tugas 3"`,
      `${s.s1.name} terlambat mengumpulkan "Tugas 2" di ${s.klass.name}`,
      `1 siswa mengumpulkan "Tugas 2" di ${s.klass.name}`,
      `2 siswa mengumpulkan "Tugas 3" di ${s.klass.name}`,
    ]);
    expect(b.items[3]!.link).toBe(`/online-class/${s.klass.id}/contents/${s.content.id}/assignment/${onTime.id}`);
    expect(b.items[0]!.link).toBe(`/online-class/${s.klass.id}/contents/${s.content.id}/assignment/${onTime.id}/students/${s.s2.id}`);
    // Once read, the next hand-in starts a new summary.
    await t.as(s.teacher.token).post('/api/notifications/read-all');
    const s4 = await t.factory.student({ rombelId: s.klass.rombelClassId });
    expect((await handIn(s4, onTime.id)).status).toBe(201);
    expect((await bell(s.teacher)).items[0]).toMatchObject({ text: `1 siswa mengumpulkan "Tugas 3" di ${s.klass.name}`, read: false });
  });

  it('the grading column on screen hears of every change of a student’s work', async () => {
    const s = await scene();
    const a = await t.factory.assignment(s.content.id, s.teacher.id);
    const got: unknown[] = [];
    const close = await t.app.live.subscribe([topics.grading(a.id)], null, (_id, event, data) => got.push({ event, data }));
    await t.as(s.s1.token).upload('POST', `/api/student/submissions/${a.id}`, {}, { files: { name: 'j.pdf', data: samples.pdf() } });
    await t.as(s.s1.token).delete(`/api/student/submissions/${a.id}/hand-in`);
    const change = { event: 'grading', data: { assignment_id: a.id, student_id: s.s1.id } };
    await expect.poll(() => got).toEqual([change, change]);
    close();
  });
});

describe('what admins hear of', () => {
  it('an account locked by failed sign-ins, once, by every active admin', async () => {
    const admin = await t.factory.admin();
    const inactive = await t.factory.admin();
    await t.db.execute(sql`update users set status = 0 where id = ${inactive.id}`);
    const victim = await t.factory.student();
    // 50 failures from five addresses (ten each) lock the account everywhere; more change nothing.
    for (let i = 0; i < LOGIN_LIMITS.perAccount + 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.9.0.${Math.floor(i / 10) + 1}`,
        payload: { username: victim.username, password: 'salah-terus' },
      });
      expect([401, 429]).toContain(res.statusCode);
    }
    const locked = (await texts(admin)).filter((x) => x.includes('terkunci'));
    expect(locked).toEqual([`Akun ${victim.name} (${victim.username}) terkunci karena terlalu banyak percobaan masuk yang gagal`]);
    expect((await bell(admin)).items.find((n) => n.text === locked[0])!.link).toBe(`/resources/users/${victim.id}`);
    // An inactive admin (whose token no longer works) gets none.
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, inactive.id))).toEqual([]);
  });
});

describe('clean-up', () => {
  it('removes notifications older than 90 days and live events older than a day', async () => {
    const s = await scene();
    await t.as(s.teacher.token).post(`${s.base}/links`, { title: 'Lama', url: 'https://contoh.sch.id/lama' });
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * HOUR) })
      .where(eq(notifications.userId, s.s1.id));
    await t.db
      .update(liveEvents)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(liveEvents.topic, topics.user(s.s2.id)));
    await runCleanup(t.app);
    expect(await texts(s.s1)).toEqual([]);
    expect(await texts(s.s2)).toEqual([`Materi baru "Lama" di ${s.klass.name}`]);
    expect(
      await t.db
        .select()
        .from(liveEvents)
        .where(eq(liveEvents.topic, topics.user(s.s2.id))),
    ).toEqual([]);
  });
});
