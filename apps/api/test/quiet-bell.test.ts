/**
 * A quieter bell (issue 42): one publishing act is one notification per student and content for
 * its materials ("3 materi baru di Pembelajaran 2: …"), summed while unread; an assignment or quiz
 * is a row of its own that opens it; each item is announced once ever (`announced_at`), whatever
 * the order of shows, hides, creates and the scheduled job; the statements do not grow with the class.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessons, notifications } from '../src/db/schema.js';
import { runReminders } from '../src/features/notifications/jobs.js';
import { topics } from '../src/live/bus.js';
import { samples, useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
const HOUR = 3600 * 1000;

interface BellItem {
  id: number;
  kind: string;
  text: string;
  link: string;
  read: boolean;
  count: number;
}

async function bell(user: TestUser): Promise<{ items: BellItem[]; unread: number }> {
  const res = await t.as(user.token).get('/api/notifications?limit=50');
  expect(res.status).toBe(200);
  return res.body.data;
}
const texts = async (user: TestUser) => (await bell(user)).items.map((n) => n.text);

/** A class of a rombel with `students` students, a content in it, its teacher, and a student of another rombel. */
async function scene(students = 2) {
  const f = t.factory;
  const rombel = await f.rombel();
  const teacher = await f.teacher();
  const klass = await f.onlineClass(teacher.id, { rombelId: rombel.id, name: `Kelas ${rombel.id}` });
  const content = await f.content(klass.id, { title: 'Topologi Jaringan' });
  const list: TestUser[] = [];
  for (let i = 0; i < students; i++) list.push(await f.student({ rombelId: rombel.id }));
  const outsider = await f.student({ rombelId: (await f.rombel()).id });
  const base = `/api/teacher/online-classes/${klass.id}/contents/${content.id}`;
  const api = t.as(teacher.token);
  return {
    teacher,
    klass,
    content,
    students: list,
    s1: list[0]!,
    outsider,
    base,
    where: `Pembelajaran ${content.number}: Topologi Jaringan (${klass.name})`,
    materialsLink: `/my-classes/${klass.id}#pembelajaran-${content.id}`,
    link: (n: number) => api.post(`${base}/links`, { title: `Tautan ${n}`, url: `https://contoh.sch.id/${n}` }),
    file: (title: string) => api.upload('POST', `${base}/materials`, { title }, { file: { name: 'm.pdf', data: samples.pdf(title) } }),
    show: (hidden: boolean, publishAt?: string) =>
      api.put(`${base}/visibility`, { hidden, ...(publishAt ? { publish_at: publishAt } : {}) }),
    api,
  };
}

describe('one publishing act, one notification', () => {
  it('a lesson of 3 materials (file and links), an assignment and a forum shown at once: two rows for each student', async () => {
    const s = await scene();
    expect((await s.show(true)).status).toBe(200);
    expect((await s.file('Modul PDF')).status).toBe(201);
    expect((await s.link(1)).status).toBe(201);
    expect((await s.link(2)).status).toBe(201);
    const made = await s.api.post(`${s.base}/assignments`, { title: 'Gambar topologi', description: 'x', deadline: '2030-01-10T23:59' });
    expect(made.status).toBe(201);
    expect((await s.api.post(`${s.base}/forums`, { topic: 'Kelebihan topologi bintang?' })).status).toBe(201);
    expect(await texts(s.s1)).toEqual([]);

    expect((await s.show(false)).status).toBe(200);
    for (const student of s.students) {
      const b = await bell(student);
      expect(b.unread).toBe(2);
      expect(b.items.map(({ kind, text, link, count }) => ({ kind, text, link, count }))).toEqual([
        {
          kind: 'assignment',
          text: `Tugas baru "Gambar topologi" di ${s.klass.name}`,
          link: `/my-classes/${s.klass.id}/submissions/${made.body.data.id}`,
          count: 1,
        },
        { kind: 'material', text: `3 materi baru di ${s.where}`, link: s.materialsLink, count: 3 },
      ]);
    }
    expect(await texts(s.outsider)).toEqual([]);
    expect(await texts(s.teacher)).toEqual([]);
  });

  it('five files uploaded one after another: one unread row "5 materi baru", on top, for each student', async () => {
    const s = await scene();
    const got: number[] = [];
    const close = await t.app.live.subscribe([topics.user(s.s1.id)], null, (_id, event, data: any) => {
      if (event === 'notification') got.push(data.notification.count);
    });
    for (let i = 1; i <= 5; i++) expect((await s.file(`Bagian ${i}`)).status).toBe(201);
    for (const student of s.students) {
      const b = await bell(student);
      expect(b.unread).toBe(1);
      expect(b.items).toHaveLength(1);
      expect(b.items[0]).toMatchObject({ kind: 'material', text: `5 materi baru di ${s.where}`, count: 5, read: false });
    }
    // The open bell hears each act as the summary, counted up.
    await expect.poll(() => got).toEqual([1, 2, 3, 4, 5]);
    close();
    expect(await texts(s.outsider)).toEqual([]);
  });

  it('one material alone reads as before; reading the summary closes it and the next upload starts a new row', async () => {
    const s = await scene();
    expect((await s.link(1)).status).toBe(201);
    expect((await bell(s.s1)).items).toMatchObject([
      { text: `Materi baru "Tautan 1" di ${s.klass.name}`, count: 1, link: s.materialsLink },
    ]);
    expect((await s.link(2)).status).toBe(201);
    const summary = (await bell(s.s1)).items[0]!;
    expect(summary).toMatchObject({ text: `2 materi baru di ${s.where}`, count: 2 });
    expect((await t.as(s.s1.token).post(`/api/notifications/${summary.id}/read`)).status).toBe(200);

    expect((await s.link(3)).status).toBe(201);
    const b = await bell(s.s1);
    expect(b.unread).toBe(1);
    expect(b.items.map(({ text, read, count }) => ({ text, read, count }))).toEqual([
      { text: `Materi baru "Tautan 3" di ${s.klass.name}`, read: false, count: 1 },
      { text: `2 materi baru di ${s.where}`, read: true, count: 2 },
    ]);
    // The other student never read theirs: one row, counted up to 3.
    expect((await bell(s.students[1]!)).items).toMatchObject([{ text: `3 materi baru di ${s.where}`, count: 3, read: false }]);
  });

  it('materials of two contents are two rows; a quiz shown with its content is a row of its own that opens it', async () => {
    const s = await scene();
    const other = await t.factory.content(s.klass.id, { title: 'Subnetting' });
    const otherBase = `/api/teacher/online-classes/${s.klass.id}/contents/${other.id}`;
    expect((await s.show(true)).status).toBe(200);
    const quiz = await t.factory.quiz(s.content.id, s.teacher.id, [], { title: 'Kuis Topologi' });
    expect((await s.link(1)).status).toBe(201);
    expect((await s.link(2)).status).toBe(201);
    expect((await s.api.post(`${otherBase}/links`, { title: 'Kalkulator subnet', url: 'https://contoh.sch.id/s' })).status).toBe(201);
    expect((await s.show(false)).status).toBe(200);
    expect((await bell(s.s1)).items.map(({ text, link }) => ({ text, link }))).toEqual([
      {
        text: `Kuis baru "Kuis Topologi" di ${s.klass.name}`,
        link: `/my-classes/${s.klass.id}/contents/${s.content.id}/quizzes/${quiz.id}`,
      },
      { text: `2 materi baru di ${s.where}`, link: s.materialsLink },
      { text: `Materi baru "Kalkulator subnet" di ${s.klass.name}`, link: `/my-classes/${s.klass.id}#pembelajaran-${other.id}` },
    ]);
  });
});

describe('each item announced once', () => {
  it('shown, hidden and shown again (the content or the item): no second notification', async () => {
    const s = await scene();
    const material = (await s.link(1)).body.data;
    for (const hidden of [true, false, true, false]) {
      expect((await s.show(hidden)).status).toBe(200);
      expect((await s.api.put(`${s.base}/materials/${material.id}/visibility`, { hidden })).status).toBe(200);
    }
    await runReminders(t.app);
    expect(await texts(s.s1)).toEqual([`Materi baru "Tautan 1" di ${s.klass.name}`]);
    // Read, hidden and shown again: still nothing new.
    await t.as(s.s1.token).post('/api/notifications/read-all');
    await s.show(true);
    await s.show(false);
    expect((await bell(s.s1)).unread).toBe(0);
  });

  it('the scheduled job and a show at the same moment announce the items once', async () => {
    const s = await scene(3);
    expect((await s.show(false, new Date(Date.now() + HOUR).toISOString())).status).toBe(200);
    expect((await s.link(1)).status).toBe(201);
    expect((await s.link(2)).status).toBe(201);
    const made = await s.api.post(`${s.base}/assignments`, { title: 'Terjadwal', description: 'x', deadline: '2030-01-10T23:59' });
    expect(made.status).toBe(201);
    await runReminders(t.app);
    expect(await texts(s.s1)).toEqual([]);
    // Its time comes (moved into the past here), and the teacher shows it now at the same moment.
    await t.db
      .update(lessons)
      .set({ publishAt: new Date(Date.now() - 60_000) })
      .where(eq(lessons.id, s.content.id));
    await Promise.all([runReminders(t.app), s.show(false), runReminders(t.app), s.show(false)]);
    for (const student of s.students) {
      expect((await bell(student)).items.map(({ text, count }) => ({ text, count }))).toEqual([
        { text: `Tugas baru "Terjadwal" di ${s.klass.name}`, count: 1 },
        { text: `2 materi baru di ${s.where}`, count: 2 },
      ]);
    }
    await runReminders(t.app);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, s.s1.id))).toHaveLength(2);
  });
});

describe('reminders', () => {
  it('"due soon" carries the student’s own deadline in due_at (an extension counts)', async () => {
    const s = await scene();
    const at = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / 1000) * 1000);
    const deadline = at(10);
    const a = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Laporan', deadline });
    const extended = at(20);
    const s2 = s.students[1]!;
    const ext = await s.api.put(`${s.base}/assignments/${a.id}/students/${s2.id}/extension`, {
      deadline: extended.toISOString(),
      closes_at: null,
    });
    expect(ext.status).toBe(200);
    await runReminders(t.app);
    const dueOf = async (u: TestUser) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, u.id))).find((n) => n.kind === 'due_soon')?.dueAt;
    expect(await dueOf(s.s1)).toEqual(deadline);
    expect(await dueOf(s2)).toEqual(extended);
  });
});

describe('cost', () => {
  /** Statements the server ran during `work`. */
  async function statements(work: () => Promise<unknown>): Promise<number> {
    const before = t.database.statements.count;
    await work();
    return t.database.statements.count - before;
  }

  it('a show and an upload run the same number of statements for a class of 2 and of 12 students', async () => {
    const counts: Array<{ show: number; upload: number }> = [];
    for (const n of [2, 12]) {
      const s = await scene(n);
      await s.show(true);
      for (const i of [1, 2, 3]) await s.link(i);
      await s.api.post(`${s.base}/assignments`, { title: 'Tugas', description: 'x', deadline: '2030-01-10T23:59' });
      const show = await statements(async () => expect((await s.show(false)).status).toBe(200));
      const upload = await statements(async () => expect((await s.link(4)).status).toBe(201));
      expect((await bell(s.students[n - 1]!)).items.map((i) => i.count)).toEqual([4, 1]);
      counts.push({ show, upload });
    }
    expect(counts[1]).toEqual(counts[0]);
    console.log(
      `statements (class of 2 | of 12): show ${counts[0]!.show} | ${counts[1]!.show}, upload ${counts[0]!.upload} | ${counts[1]!.upload}`,
    );
  });
});
