import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { createTestApp, type TestContext } from './helpers.js';
import { notifications, users } from '../src/db/schema.js';
import { DIGEST_QUEUE, digestMail, runDigest } from '../src/features/notifications/digest.js';
import { runParentSummaries } from '../src/features/parent-summary/jobs.js';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '@kelasku/contract';

/** A real SMTP server on a free local port: it keeps every accepted message and refuses `tolak@…`. */
interface Received {
  rcpt: string[];
  user: string | undefined;
  mail: ParsedMail;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, cb) {
    if (auth.username === 'digest' && auth.password === 'rahasia') cb(null, { user: auth.username });
    else cb(new Error('login ditolak'));
  },
  onRcptTo(address, _session, cb) {
    if (address.address.startsWith('tolak@')) cb(Object.assign(new Error('mailbox tidak ada'), { responseCode: 550 }));
    else cb();
  },
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      simpleParser(Buffer.concat(chunks)).then(
        (mail) => {
          received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), user: session.user as string | undefined, mail });
          cb();
        },
        (err: Error) => cb(err),
      );
    });
  },
});

const t = {} as TestContext;
const CRON = '0 3 1 1 *';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  Object.assign(
    t,
    await createTestApp({
      SMTP_URL: `smtp://digest:rahasia@127.0.0.1:${port}`,
      MAIL_FROM: 'Kelasku SMK <kelasku@sekolah.test>',
      PUBLIC_URL: 'https://kelasku.sekolah.test/',
      DIGEST_CRON: CRON,
    }),
  );
});
afterAll(async () => {
  await t.close?.();
  await new Promise<void>((resolve) => smtp.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

type NewRow = typeof notifications.$inferInsert;
async function notify(userId: number, over: Partial<NewRow> = {}) {
  const [row] = await t.db
    .insert(notifications)
    .values({ userId, kind: 'assignment', subject: 'Tugas 1', context: 'Matematika X TKJ 1', link: '/my-classes/7', ...over })
    .returning();
  return row!;
}

/** The emailed_at of these rows, in the order given. */
async function emailedOf(ids: number[]) {
  const rows = await t.db
    .select({ id: notifications.id, emailedAt: notifications.emailedAt })
    .from(notifications)
    .where(inArray(notifications.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.emailedAt]));
  return ids.map((id) => byId.get(id));
}
const toAddress = (m: ParsedMail) => (m.to as AddressObject).value[0]!.address;
const mailTo = (address: string) => received.filter((r) => r.rcpt.includes(address));

describe('daily e-mail digest', () => {
  it('sends one mail per user with unread notifications, listing each one, and marks exactly those rows', async () => {
    const teacher = await t.factory.teacher({ name: 'Bu Sari' });
    const ani = await t.factory.student({ name: 'Ani' });
    const budi = await t.factory.student({ name: 'Budi <Kelas>' });
    const onlyRead = await t.factory.student();
    const noEmail = await t.factory.student();
    await t.db.update(users).set({ email: null }).where(eq(users.id, noEmail.id));
    const inactive = await t.factory.student({ status: 0 });
    const nothing = await t.factory.student();

    const at = new Date('2026-11-20T10:05:00Z'); // 17.05 WIB
    const a1 = await notify(ani.id, { kind: 'material', subject: 'Bab 1', createdAt: at });
    const a2 = await notify(ani.id, {
      kind: 'private_comment',
      actorId: teacher.id,
      subject: '<b>Tugas & "Uji"</b>',
      link: '/my-classes/7/submissions/3',
      createdAt: new Date('2026-11-21T01:30:00Z'),
    });
    const a3 = await notify(ani.id, { kind: 'graded', subject: 'Kuis 2', readAt: new Date() });
    const b1 = await notify(budi.id, { kind: 'announcement', subject: 'Libur besok' });
    const r1 = await notify(onlyRead.id, { readAt: new Date() });
    const n1 = await notify(noEmail.id);
    const i1 = await notify(inactive.id);

    expect(await runDigest(t.app)).toBe(2);

    expect(received.map((r) => r.rcpt).sort()).toEqual([[ani.email], [budi.email]].sort());
    expect(received.every((r) => r.user === 'digest')).toBe(true);
    for (const u of [onlyRead, noEmail, inactive, nothing]) expect(mailTo(u.email)).toEqual([]);

    const [toAni] = mailTo(ani.email);
    const m = toAni!.mail;
    expect(toAddress(m)).toBe(ani.email);
    expect(m.from!.value[0]).toEqual({ name: 'Kelasku SMK', address: 'kelasku@sekolah.test' });
    expect(m.subject).toBe('Kelasku: 2 notifikasi belum dibaca');
    expect(m.text).toContain('Halo Ani,');
    expect(m.text).toContain('Materi baru "Bab 1" di Matematika X TKJ 1');
    expect(m.text).toContain('Bu Sari mengirim komentar pribadi di tugas "<b>Tugas & "Uji"</b>"');
    expect(m.text).toContain('20 November 2026 17.05 WIB');
    expect(m.text).toContain('21 November 2026 08.30 WIB');
    expect(m.text).toContain('https://kelasku.sekolah.test/my-classes/7/submissions/3');
    expect(m.text).not.toContain('Kuis 2'); // read already
    // Newest first.
    expect(m.text!.indexOf('Bu Sari')).toBeLessThan(m.text!.indexOf('Bab 1'));

    const html = m.html as string;
    expect(html).toContain('&lt;b&gt;Tugas &amp; &quot;Uji&quot;&lt;/b&gt;');
    expect(html).not.toContain('<b>Tugas');
    expect(html).toContain('href="https://kelasku.sekolah.test/my-classes/7/submissions/3"');
    expect(html).toContain('21 November 2026 08.30 WIB');

    const toBudi = mailTo(budi.email)[0]!.mail;
    expect(toBudi.subject).toBe('Kelasku: 1 notifikasi belum dibaca');
    expect(toBudi.text).toContain('Pengumuman baru di Matematika X TKJ 1: Libur besok');
    expect(toBudi.html).toContain('Halo Budi &lt;Kelas&gt;,');

    const [ea1, ea2, ea3, eb1, er1, en1, ei1] = await emailedOf([a1.id, a2.id, a3.id, b1.id, r1.id, n1.id, i1.id]);
    expect([ea1, ea2, eb1].every((d) => d instanceof Date)).toBe(true);
    expect([ea3, er1, en1, ei1]).toEqual([null, null, null, null]);

    // A second run finds nothing new.
    expect(await runDigest(t.app)).toBe(0);
    expect(received).toHaveLength(2);

    // A notification that comes afterwards goes out on the next run, alone.
    received.length = 0;
    await notify(ani.id, { kind: 'feedback', subject: 'Laporan Praktik' });
    expect(await runDigest(t.app)).toBe(1);
    expect(received).toHaveLength(1);
    const next = received[0]!.mail;
    expect(toAddress(next)).toBe(ani.email);
    expect(next.subject).toBe('Kelasku: 1 notifikasi belum dibaca');
    expect(next.text).toContain('Ada masukan baru dari guru untuk tugas "Laporan Praktik"');
    expect(next.text).not.toContain('Bab 1');
  });

  it('skips a recipient the server refuses, mails the others, and tries the refused one again next time', async () => {
    const refused = await t.factory.student({ email: `tolak@${Date.now()}.test` });
    const fine = await t.factory.student();
    const r = await notify(refused.id);
    const f = await notify(fine.id);

    expect(await runDigest(t.app)).toBe(1);
    expect(received.map((x) => x.rcpt)).toEqual([[fine.email]]);
    expect(await emailedOf([r.id])).toEqual([null]);
    expect((await emailedOf([f.id]))[0]).toBeInstanceOf(Date);
    expect(t.logs.some((l) => l.includes('message refused'))).toBe(true);
  });

  it('lists the newest 50 of a long backlog, counts the rest, and marks them all', async () => {
    const student = await t.factory.student();
    const base = Date.parse('2026-11-01T00:00:00Z');
    const rows = await t.db
      .insert(notifications)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          userId: student.id,
          kind: 'material',
          subject: `Materi ${i + 1}`,
          link: `/my-classes/1`,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: notifications.id });

    expect(await runDigest(t.app)).toBe(1);
    const m = mailTo(student.email)[0]!.mail;
    expect(m.subject).toBe('Kelasku: 55 notifikasi belum dibaca');
    expect(m.text).toContain('Materi baru "Materi 55"');
    expect(m.text).toContain('Materi baru "Materi 6"');
    expect(m.text).not.toContain('Materi baru "Materi 5"');
    expect(m.text).toContain('dan 5 notifikasi lainnya');
    expect((await emailedOf(rows.map((r) => r.id))).every((d) => d instanceof Date)).toBe(true);
  });

  it('is scheduled with DIGEST_CRON in WIB', async () => {
    const res = (await t.db.execute(sql`select cron, timezone from pgboss.schedule where name = ${DIGEST_QUEUE}`)) as unknown as {
      rows: Array<{ cron: string; timezone: string }>;
    };
    expect(res.rows).toEqual([{ cron: CRON, timezone: 'Asia/Jakarta' }]);
  });
});

describe('issue 42: the e-mail channel follows each user’s notification settings', () => {
  /** PUT /api/notification-settings as this user, with these groups off for e-mail (push all on). */
  async function emailOff(token: string, off: readonly NotificationGroup[]) {
    const all = (on: (g: NotificationGroup) => boolean) => Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, on(g)]));
    const res = await t.as(token).put('/api/notification-settings', {
      push: all(() => true),
      email: all((g) => !off.includes(g)),
      quiet_hours: { enabled: true, start: '21:00', end: '05:30' },
    });
    expect(res.status).toBe(200);
  }

  it('mails only the groups kept on; an off group is settled without a mail, so turning it on again brings no backlog', async () => {
    const ani = await t.factory.student({ name: 'Ani' });
    const other = await t.factory.student();
    await emailOff(ani.token, ['announcements', 'grades']);
    const news = await notify(ani.id, { kind: 'announcement', subject: 'Libur besok' });
    const grade = await notify(ani.id, { kind: 'graded', subject: 'Kuis 2' });
    const work = await notify(ani.id, { kind: 'assignment', subject: 'Laporan Praktik' });
    const theirs = await notify(other.id, { kind: 'announcement', subject: 'Upacara' });

    expect(await runDigest(t.app)).toBe(2);
    const m = mailTo(ani.email)[0]!.mail;
    expect(m.subject).toBe('Kelasku: 1 notifikasi belum dibaca');
    expect(m.text).toContain('Laporan Praktik');
    expect(m.text).not.toContain('Libur besok');
    expect(m.text).not.toContain('Kuis 2');
    // Another user's settings are theirs: the announcement goes to them.
    expect(mailTo(other.email)[0]!.mail.text).toContain('Upacara');
    expect((await emailedOf([news.id, grade.id, work.id, theirs.id])).every((d) => d instanceof Date)).toBe(true);

    // Announcements on again: the old one stays unmailed (no backlog), a new one goes.
    received.length = 0;
    await emailOff(ani.token, ['grades']);
    expect(await runDigest(t.app)).toBe(0);
    await notify(ani.id, { kind: 'announcement', subject: 'Ujian dimajukan' });
    expect(await runDigest(t.app)).toBe(1);
    const next = mailTo(ani.email)[0]!.mail;
    expect(next.text).toContain('Ujian dimajukan');
    expect(next.text).not.toContain('Libur besok');
  });

  it('mails nothing to a user with every group off', async () => {
    const quiet = await t.factory.teacher();
    await emailOff(quiet.token, NOTIFICATION_GROUPS);
    const rows = [
      await notify(quiet.id, { kind: 'hand_ins', subject: 'Tugas 1' }),
      await notify(quiet.id, { kind: 'mention', subject: 'Diskusi' }),
      await notify(quiet.id, { kind: 'import_done', subject: 'Impor' }),
    ];
    expect(await runDigest(t.app)).toBe(0);
    expect(mailTo(quiet.email)).toEqual([]);
    expect((await emailedOf(rows.map((r) => r.id))).every((d) => d instanceof Date)).toBe(true);
  });

  it('sends the parents’ weekly summary only to a parent who keeps it on in the notification settings', async () => {
    const child = await t.factory.student({ name: 'Andi' });
    const off = await t.factory.parent([child.id], { name: 'Ibu Siti' });
    const on = await t.factory.parent([child.id], { name: 'Pak Budi', relation: 'ayah' });
    await emailOff(off.token, ['parent_summary']);
    expect((await t.as(off.token).get('/api/parent/settings')).body.data).toEqual({ weekly_summary_email: false });

    const friday = (monday: string) => new Date(`${monday}T15:00:00+07:00`).getTime() + 4 * 86_400_000;
    expect((await runParentSummaries(t.app, new Date(friday('2026-11-16')))).mailed).toBe(1);
    expect(mailTo(off.email)).toEqual([]);
    expect(mailTo(on.email)).toHaveLength(1);

    // On again in the notification settings: next week's summary comes by e-mail.
    received.length = 0;
    await emailOff(off.token, []);
    expect((await t.as(off.token).get('/api/parent/settings')).body.data).toEqual({ weekly_summary_email: true });
    expect((await runParentSummaries(t.app, new Date(friday('2026-11-23')))).mailed).toBe(2);
    expect(mailTo(off.email)).toHaveLength(1);
    // The summary's bell rows had their own mail: the digest does not mail them again.
    expect(await runDigest(t.app)).toBe(0);
  });
});

describe('the mail without PUBLIC_URL', () => {
  it('prints each path instead of a link a mail program could not open', () => {
    const item = {
      id: 1,
      kind: 'material',
      text: 'Materi baru "Bab 1"',
      link: '/my-classes/7',
      actor: null,
      count: 1,
      read: false,
      created_at: '2026-11-20T10:05:00Z',
    } as const;
    const m = digestMail({ name: 'Ani' }, [item], null);
    expect(m.text).toContain('- Materi baru "Bab 1"\n  20 November 2026 17.05 WIB\n  /my-classes/7');
    expect(m.html).toContain('Materi baru &quot;Bab 1&quot;<br><code>/my-classes/7</code>');
    expect(m.html).not.toContain('href=');
  });
});

describe('without SMTP_URL', () => {
  it('schedules nothing, sends nothing and throws nothing', async () => {
    const ctx = await createTestApp();
    try {
      expect(ctx.config.smtpUrl).toBeNull();
      const student = await ctx.factory.student();
      const [row] = await ctx.db
        .insert(notifications)
        .values({ userId: student.id, kind: 'material', subject: 'Bab 1', link: '/my-classes/1' })
        .returning();

      await expect(runDigest(ctx.app)).resolves.toBe(0);
      expect(received).toEqual([]);
      const [after] = await ctx.db.select().from(notifications).where(eq(notifications.id, row!.id));
      expect(after!.emailedAt).toBeNull();
      const res = (await ctx.db.execute(sql`select 1 from pgboss.schedule where name = ${DIGEST_QUEUE}`)) as unknown as { rows: unknown[] };
      expect(res.rows).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
