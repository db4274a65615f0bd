/**
 * Issue 40: the parents' weekly summary — its content (two children, nothing of another student,
 * nothing hidden), exactly once across concurrent runs, a run whose SMTP server dies halfway and is
 * run again (nobody gets two), a parent who turned the mail off, and the routes. A real SMTP server
 * (smtp-server) on a free local port receives the mails.
 *
 * Every run is given its moment (`now`): Friday 27 November 2026 15.00 WIB sums up the week from
 * Monday 23 November 00.00 WIB; other tests use other weeks, so their rows never meet.
 */
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PARENT_MSG } from '@kelasku/contract';
import { createTestApp, type TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import {
  assignmentExtensions,
  assignments,
  notificationSettings,
  notifications,
  parentSummaries,
  submissions,
  users,
} from '../src/db/schema.js';
import { SUMMARY_QUEUE, runParentSummaries } from '../src/features/parent-summary/jobs.js';
import { insertMarks, insertMeeting } from './attendance-scene.js';

// ---------------------------------------------------------------- a real SMTP server that can die

const received: Array<{ rcpt: string[]; mail: ParsedMail }> = [];
const sockets = new Set<Socket>();
/** After this many accepted mails the server drops every connection (the next mail is in flight); null: never. */
let dropAfter: number | null = null;
let accepted = 0;
/** The accepted mails still being parsed (answered once parsed). */
const parsing = new Set<Promise<void>>();
const smtp = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (dropAfter !== null && accepted >= dropAfter) {
        // The mails accepted before are answered first (a loaded machine may still be parsing them);
        // then every connection drops, this one's mail in flight.
        void Promise.all(parsing).then(() => {
          for (const s of sockets) s.destroy();
        });
        return;
      }
      accepted++;
      const parsed = simpleParser(Buffer.concat(chunks)).then(
        (mail) => {
          received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), mail });
          cb();
        },
        (err: Error) => cb(err),
      );
      parsing.add(parsed);
      void parsed.then(() => parsing.delete(parsed));
    });
  },
});
// A dropped connection is what the test wants, not an error of the test.
smtp.on('error', () => {});
smtp.server.on('connection', (socket: Socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});

const t = {} as TestContext;
const CRON = '0 4 1 1 *';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  Object.assign(
    t,
    await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Kelasku SMK <kelasku@sekolah.test>',
      PUBLIC_URL: 'https://kelasku.sekolah.test',
      SUMMARY_CRON: CRON,
    }),
  );
});
afterAll(async () => {
  await t.close?.();
  await new Promise<void>((resolve) => smtp.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  dropAfter = null;
  accepted = 0;
});

// ---------------------------------------------------------------- helpers

/** Friday 15.00 WIB of the week starting on `monday`. */
const fridayOf = (monday: string) => new Date(new Date(`${monday}T15:00:00+07:00`).getTime() + 4 * 86_400_000);
/** An instant of the week, as WIB: "2026-11-24T10:00". */
const wib = (local: string) => new Date(`${local}:00+07:00`);
const mailsTo = (address: string) => received.filter((r) => r.rcpt.includes(address));

async function bellsOf(userIds: number[]) {
  return t.db
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'weekly_summary')));
}
async function rowsOf(parentIds: number[], week: string) {
  return t.db
    .select()
    .from(parentSummaries)
    .where(and(inArray(parentSummaries.parentId, parentIds), eq(parentSummaries.weekStart, week)));
}

/** A class of a new rombel with one content; its students. */
async function classOf(teacherId: number, name: string, studentNames: string[]) {
  const rombel = await t.factory.rombel();
  const klass = await t.factory.onlineClass(teacherId, { rombelId: rombel.id, name });
  const lesson = await t.factory.content(klass.id);
  const students: TestUser[] = [];
  for (const n of studentNames) students.push(await t.factory.student({ name: n, rombelId: rombel.id }));
  return { klass, lesson, students };
}

async function work(
  lessonId: number,
  teacherId: number,
  title: string,
  deadline: Date,
  over: Partial<typeof assignments.$inferInsert> = {},
) {
  const a = await t.factory.assignment(lessonId, teacherId, { title, deadline });
  if (Object.keys(over).length) await t.db.update(assignments).set(over).where(eq(assignments.id, a.id));
  return a;
}

async function graded(assignmentId: number, studentId: number, score: number, at: Date) {
  const s = await t.factory.submission(assignmentId, studentId, { score, submittedAt: at });
  await t.db.update(submissions).set({ gradedAt: at }).where(eq(submissions.id, s.id));
}

// ---------------------------------------------------------------- content

describe('the weekly summary’s content', () => {
  const WEEK = '2026-11-23';
  let mother: TestUser;
  let andi: TestUser;
  let budi: TestUser;

  beforeAll(async () => {
    const teacher = await t.factory.teacher({ name: 'Bu Sari' });
    const tkj = await classOf(teacher.id, 'Komputer dan Jaringan Dasar', ['Andi Pratama', 'Citra Lestari']);
    const rpl = await classOf(teacher.id, 'Basis Data', ['Budi Pratama']);
    [andi] = tkj.students as [TestUser];
    const citra = tkj.students[1]!;
    [budi] = rpl.students as [TestUser];
    mother = await t.factory.parent([andi.id, budi.id], { name: 'Siti Rahmawati', relation: 'ibu' });

    // Andi: closed this week, not handed in (listed); handed in (not); hidden (not); closed last week (not);
    // open until next week (not); closed for the others but extended for him to next week (not);
    // extension closing this week on work the others had last week (listed, his deadline).
    await work(tkj.lesson.id, teacher.id, 'Laporan Praktik', wib('2026-11-24T23:59'));
    const done = await work(tkj.lesson.id, teacher.id, 'Kabel UTP', wib('2026-11-25T12:00'));
    await t.factory.submission(done.id, andi.id, { submittedAt: wib('2026-11-25T08:00') });
    await work(tkj.lesson.id, teacher.id, 'Draf Rahasia', wib('2026-11-24T10:00'), { hidden: true });
    await work(tkj.lesson.id, teacher.id, 'Tugas Lama', wib('2026-11-20T10:00'));
    await work(tkj.lesson.id, teacher.id, 'Proyek Akhir', wib('2026-12-02T10:00'));
    const extended = await work(tkj.lesson.id, teacher.id, 'Topologi', wib('2026-11-25T10:00'));
    await t.db.insert(assignmentExtensions).values({ assignmentId: extended.id, studentId: andi.id, deadline: wib('2026-12-01T10:00') });
    const late = await work(tkj.lesson.id, teacher.id, 'Subnetting', wib('2026-11-19T10:00'));
    await t.db.insert(assignmentExtensions).values({ assignmentId: late.id, studentId: andi.id, deadline: wib('2026-11-26T10:00') });

    // Andi's grades: this week (listed), last week (not). Citra's grade and missing work: never in Andi's parent's summary.
    const quiz = await work(tkj.lesson.id, teacher.id, 'Praktik IP', wib('2026-11-18T10:00'));
    await graded(quiz.id, andi.id, 85, wib('2026-11-25T14:00'));
    const old = await work(tkj.lesson.id, teacher.id, 'Tugas Minggu Lalu', wib('2026-11-16T10:00'));
    await graded(old.id, andi.id, 70, wib('2026-11-20T14:00'));
    await graded(quiz.id, citra.id, 99, wib('2026-11-25T14:00'));

    // Attendance: Andi alpa on Monday (two meetings), sakit on Wednesday, hadir on Thursday; a cancelled
    // meeting and last week's alpa do not count; Citra's alpa is hers.
    const m1 = await insertMeeting(t, tkj.klass.id, '2026-11-23', { periodFrom: 1 });
    const m2 = await insertMeeting(t, tkj.klass.id, '2026-11-23', { periodFrom: 3 });
    const m3 = await insertMeeting(t, tkj.klass.id, '2026-11-25');
    const m4 = await insertMeeting(t, tkj.klass.id, '2026-11-26');
    const cancelled = await insertMeeting(t, tkj.klass.id, '2026-11-24', { cancelled: true });
    const lastWeek = await insertMeeting(t, tkj.klass.id, '2026-11-20');
    await insertMarks(t, m1.id, [
      [andi.id, 'A'],
      [citra.id, 'A'],
    ]);
    await insertMarks(t, m2.id, [[andi.id, 'A']]);
    await insertMarks(t, m3.id, [[andi.id, 'S']]);
    await insertMarks(t, m4.id, [[andi.id, 'H']]);
    await insertMarks(t, cancelled.id, [[andi.id, 'A']]);
    await insertMarks(t, lastWeek.id, [[andi.id, 'A']]);

    // Budi: one missing piece of work, nothing else.
    await work(rpl.lesson.id, teacher.id, 'ERD Perpustakaan', wib('2026-11-26T07:00'), { closesAt: wib('2026-11-27T07:00') });
  });

  it('lists each child’s missing work, new grades and absences of the week, in the row, the bell, the mail and the page', async () => {
    const run = await runParentSummaries(t.app, fridayOf(WEEK));
    expect(run.week).toBe(WEEK);

    const [row] = await rowsOf([mother.id], WEEK);
    const children = (row!.body as { children: unknown[] }).children;
    expect(children).toEqual([
      {
        student: { id: andi.id, name: 'Andi Pratama' },
        missing: [
          { title: 'Laporan Praktik', class_name: 'Komputer dan Jaringan Dasar', deadline: wib('2026-11-24T23:59').toISOString() },
          { title: 'Subnetting', class_name: 'Komputer dan Jaringan Dasar', deadline: wib('2026-11-26T10:00').toISOString() },
        ],
        new_grades: [{ title: 'Praktik IP', class_name: 'Komputer dan Jaringan Dasar', score: 85 }],
        absences: [
          { date: '2026-11-23', mark: 'A', count: 2 },
          { date: '2026-11-25', mark: 'S', count: 1 },
        ],
      },
      {
        student: { id: budi.id, name: 'Budi Pratama' },
        missing: [{ title: 'ERD Perpustakaan', class_name: 'Basis Data', deadline: wib('2026-11-26T07:00').toISOString() }],
        new_grades: [],
        absences: [],
      },
    ]);

    const bells = await bellsOf([mother.id]);
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({
      subject: 'Ringkasan minggu 23–27 November',
      context: 'Andi: 2 tugas belum dikumpulkan, 1 nilai baru, 1 alpa, 1 sakit; Budi: 1 tugas belum dikumpulkan',
      link: '/ringkasan',
      dedupeKey: `weekly:${WEEK}`,
    });
    const bell = await t.as(mother.token).get('/api/notifications');
    expect(bell.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          text: 'Ringkasan minggu 23–27 November — Andi: 2 tugas belum dikumpulkan, 1 nilai baru, 1 alpa, 1 sakit; Budi: 1 tugas belum dikumpulkan',
          link: '/ringkasan',
        }),
      ]),
    );

    const [mail] = mailsTo(mother.email);
    expect(mailsTo(mother.email)).toHaveLength(1);
    const m = mail!.mail;
    expect(m.subject).toBe('Kelasku: Ringkasan minggu 23–27 November');
    expect(m.from!.value[0]).toEqual({ name: 'Kelasku SMK', address: 'kelasku@sekolah.test' });
    expect(m.text).toContain('Yth. Siti Rahmawati,');
    expect(m.text).toContain(
      'Andi Pratama\nTugas belum dikumpulkan (2):\n- Laporan Praktik — Komputer dan Jaringan Dasar, batas 24 November 2026 23.59 WIB',
    );
    expect(m.text).toContain('- Subnetting — Komputer dan Jaringan Dasar, batas 26 November 2026 10.00 WIB');
    expect(m.text).toContain('Nilai baru (1):\n- Praktik IP — Komputer dan Jaringan Dasar: 85');
    expect(m.text).toContain('Ketidakhadiran:\n- Senin, 23 November: Alpa (2 pertemuan)\n- Rabu, 25 November: Sakit (1 pertemuan)');
    expect(m.text).toContain('Budi Pratama\nTugas belum dikumpulkan (1):\n- ERD Perpustakaan — Basis Data');
    expect(m.text).toContain('https://kelasku.sekolah.test/ringkasan');
    for (const other of ['Draf Rahasia', 'Tugas Lama', 'Proyek Akhir', 'Topologi', 'Kabel UTP', 'Tugas Minggu Lalu', 'Citra', '99']) {
      expect(m.text).not.toContain(other);
      expect(JSON.stringify(children)).not.toContain(other);
    }
    expect(m.html).toContain('<h3 style="margin:16px 0 4px">Andi Pratama</h3>');
    expect(m.html).toContain('href="https://kelasku.sekolah.test/ringkasan"');

    const page = await t.as(mother.token).get('/api/parent/summaries');
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual([{ id: row!.id, week_start: WEEK, children, created_at: row!.createdAt.toISOString() }]);
  });

  it('lists a clear week as clear', async () => {
    const calm = await t.factory.student({ name: 'Dewi Anggraini', rombelId: (await t.factory.rombel()).id });
    const father = await t.factory.parent([calm.id], { relation: 'ayah' });
    await runParentSummaries(t.app, fridayOf('2026-11-02'));
    const [bell] = await bellsOf([father.id]);
    expect(bell!.context).toBe('Dewi: tidak ada tugas terlewat, nilai baru, atau ketidakhadiran');
    expect(mailsTo(father.email)[0]!.mail.text).toContain(
      'Dewi Anggraini\nTidak ada tugas terlewat, nilai baru, atau ketidakhadiran minggu ini.',
    );
  });
});

// ---------------------------------------------------------------- once, whatever happens

describe('exactly once', () => {
  async function family(n: number) {
    const rombel = await t.factory.rombel();
    const out: TestUser[] = [];
    for (let i = 0; i < n; i++) {
      const child = await t.factory.student({ rombelId: rombel.id });
      out.push(await t.factory.parent([child.id]));
    }
    return out;
  }

  it('two runs at the same moment write one row, one bell and one mail per parent', async () => {
    const WEEK = '2026-10-05';
    const group = await family(7);
    const [a, b] = await Promise.all([runParentSummaries(t.app, fridayOf(WEEK)), runParentSummaries(t.app, fridayOf(WEEK))]);
    const ids = group.map((p) => p.id);
    expect(await rowsOf(ids, WEEK)).toHaveLength(7);
    const rowsNow = await t.db.select().from(parentSummaries).where(eq(parentSummaries.weekStart, WEEK));
    expect(a.written + b.written).toBe(rowsNow.length);
    expect(a.mailed + b.mailed).toBe(received.length);
    for (const p of group) expect(mailsTo(p.email)).toHaveLength(1);
    const bells = (await bellsOf(ids)).filter((n) => n.dedupeKey === `weekly:${WEEK}`);
    expect(bells).toHaveLength(7);
    expect(rowsNow.every((r) => r.emailedAt instanceof Date)).toBe(true);

    // A third run, later the same week, adds nothing.
    received.length = 0;
    expect(await runParentSummaries(t.app, new Date(fridayOf(WEEK).getTime() + 3600_000))).toEqual({ week: WEEK, written: 0, mailed: 0 });
    expect(received).toEqual([]);
  });

  it('a run whose SMTP server dies halfway, run again, mails nobody twice and leaves every summary in the bell once', async () => {
    const WEEK = '2026-10-12';
    const group = await family(8);
    const ids = group.map((p) => p.id);

    dropAfter = 3;
    await expect(runParentSummaries(t.app, fridayOf(WEEK))).rejects.toThrow();
    const first = received.map((r) => r.rcpt[0]!);
    expect(first).toHaveLength(3);
    // Every row and bell was written before the mails; the claimed mails in flight are not marked e-mailed.
    expect(await rowsOf(ids, WEEK)).toHaveLength(8);
    const afterKill = await t.db.select().from(parentSummaries).where(eq(parentSummaries.weekStart, WEEK));
    const everyone = afterKill.length;
    expect(afterKill.filter((r) => r.emailedAt !== null)).toHaveLength(3);
    const inFlight = afterKill.filter((r) => r.emailClaimedAt !== null && r.emailedAt === null);
    expect(inFlight.length).toBeGreaterThanOrEqual(1);

    dropAfter = null;
    const again = await runParentSummaries(t.app, fridayOf(WEEK));
    expect(again.written).toBe(0);
    const all = received.map((r) => r.rcpt[0]!);
    expect(new Set(all).size).toBe(all.length); // nobody twice
    expect(all).toHaveLength(everyone - inFlight.length);
    const inFlightParents = new Set(inFlight.map((r) => r.parentId));
    for (const p of group) expect(mailsTo(p.email)).toHaveLength(inFlightParents.has(p.id) ? 0 : 1);
    const bells = (await bellsOf(ids)).filter((n) => n.dedupeKey === `weekly:${WEEK}`);
    expect(bells.map((n) => n.userId).sort()).toEqual([...ids].sort());
    // The in-flight ones stay claimed and unmailed: a third run sends them nothing either.
    received.length = 0;
    expect((await runParentSummaries(t.app, fridayOf(WEEK))).mailed).toBe(0);
    expect(received).toEqual([]);
  });

  it('a parent who turned the mail off, without an address or deactivated gets no mail; the first two get the bell', async () => {
    const WEEK = '2026-10-19';
    const [off, noAddress, gone, on] = await family(4);
    const res = await t.as(off!.token).put('/api/parent/settings', { weekly_summary_email: false });
    expect(res.status).toBe(200);
    await t.db.update(users).set({ email: null }).where(eq(users.id, noAddress!.id));
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, gone!.id));

    await runParentSummaries(t.app, fridayOf(WEEK));
    expect(mailsTo(off!.email)).toEqual([]);
    expect(mailsTo(gone!.email)).toEqual([]);
    expect(mailsTo(on!.email)).toHaveLength(1);
    expect(received.every((r) => ![off!.email, gone!.email].includes(r.rcpt[0]!))).toBe(true);
    const bells = (await bellsOf([off!.id, noAddress!.id, gone!.id, on!.id])).filter((n) => n.dedupeKey === `weekly:${WEEK}`);
    expect(bells.map((n) => n.userId).sort()).toEqual([off!.id, noAddress!.id, on!.id].sort());
    // The daily digest leaves the summary's bell row out: it had its own mail.
    expect(bells.every((n) => n.emailedAt !== null)).toBe(true);
  });

  it('leaves out a parent whose only child was deactivated', async () => {
    const child = await t.factory.student();
    const parent = await t.factory.parent([child.id]);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, child.id));
    await runParentSummaries(t.app, fridayOf('2026-10-26'));
    expect(await rowsOf([parent.id], '2026-10-26')).toEqual([]);
    expect(await bellsOf([parent.id])).toEqual([]);
  });

  it('is scheduled with SUMMARY_CRON in WIB', async () => {
    const res = await t.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${SUMMARY_QUEUE}`,
    );
    expect(res.rows).toEqual([{ cron: CRON, timezone: 'Asia/Jakarta' }]);
  });
});

// ---------------------------------------------------------------- routes

describe('/api/parent/summaries and /api/parent/settings', () => {
  it('lists only the caller’s summaries, newest first, at most 12', async () => {
    const child = await t.factory.student();
    const parent = await t.factory.parent([child.id]);
    const other = await t.factory.parent([child.id], { relation: 'ayah' });
    const weeks = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2025, 0, 6 + 7 * i)).toISOString().slice(0, 10));
    await t.db.insert(parentSummaries).values(weeks.map((w) => ({ parentId: parent.id, weekStart: w, body: { children: [] } })));
    await t.db.insert(parentSummaries).values({ parentId: other.id, weekStart: weeks[0]!, body: { children: [] } });
    const res = await t.as(parent.token).get('/api/parent/summaries');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { week_start: string }) => s.week_start)).toEqual([...weeks].reverse().slice(0, 12));
    const theirs = await t.as(other.token).get('/api/parent/summaries');
    expect(theirs.body.data.map((s: { week_start: string }) => s.week_start)).toEqual([weeks[0]]);
  });

  it('reads and saves the mail setting, before the privacy notice is accepted too', async () => {
    const child = await t.factory.student();
    const parent = await t.factory.parent([child.id], { privacyAccepted: false });
    expect((await t.as(parent.token).get('/api/parent/settings')).body).toEqual({ success: true, data: { weekly_summary_email: true } });
    const saved = await t.as(parent.token).put('/api/parent/settings', { weekly_summary_email: false });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, message: PARENT_MSG.settingsSaved, data: { weekly_summary_email: false } });
    const [row] = await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, parent.id));
    expect(row!.emailOff).toEqual(['parent_summary']);
    // The summaries show the children's data: closed until the notice is read (the parent area's gate).
    const closed = await t.as(parent.token).get('/api/parent/summaries');
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(PARENT_MSG.privacyRequired);

    const bad = await t.as(parent.token).put('/api/parent/settings', { weekly_summary_email: 'ya' });
    expect(bad.status).toBe(422);
    for (const u of [await t.factory.student(), await t.factory.teacher(), await t.factory.admin()]) {
      expect((await t.as(u.token).get('/api/parent/settings')).status).toBe(403);
      expect((await t.as(u.token).put('/api/parent/settings', { weekly_summary_email: false })).status).toBe(403);
      expect((await t.as(u.token).get('/api/parent/summaries')).status).toBe(403);
    }
    expect((await t.as(null).get('/api/parent/summaries')).status).toBe(401);
  });
});
