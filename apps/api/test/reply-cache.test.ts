/**
 * The reply cache (src/http/reply-cache.ts): a read asked again by the same user is answered from
 * memory, with no SQL, exactly as before; and every change — through the API, or by hand in the
 * database as another instance or process would make it — is seen by the next read. Changes by hand
 * reach the cache through the triggers of migration 0004 and a NOTIFY; the test client lets those
 * in before each request (helpers.ts), as they arrive moments after the commit on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ReplyCache } from '../src/http/reply-cache.js';
import { dbKind, useTestApp } from './helpers.js';

const t = useTestApp();
const soon = { timeout: 5000, interval: 20 };

/** The number of SQL statements one request runs, and its answer. */
async function statementsOf(token: string, url: string): Promise<{ n: number; status: number; body: any }> {
  await t.database.settle();
  const before = t.database.statements.count;
  const res = await t.as(token).get(url);
  return { n: t.database.statements.count - before, status: res.status, body: res.body };
}

/** A rombel of its own with a teacher's class, a content with a material, forum with a comment, and an assignment, and two students. */
async function school() {
  const rombel = await t.factory.rombel();
  const teacher = await t.factory.teacher();
  const klass = await t.factory.onlineClass(teacher.id, { rombelId: rombel.id, name: 'Kelas A' });
  const otherClass = await t.factory.onlineClass(teacher.id, { rombelId: rombel.id, name: 'Kelas B' });
  const content = await t.factory.content(klass.id, { title: 'Pembelajaran 1' });
  const otherContent = await t.factory.content(otherClass.id, { title: 'Pembelajaran 1' });
  const material = await t.factory.material(content.id, { title: 'Materi awal' });
  const student = await t.factory.student({ rombelId: rombel.id, name: 'Siswa Satu' });
  const classmate = await t.factory.student({ rombelId: rombel.id, name: 'Siswa Dua' });
  const forum = await t.factory.forum(content.id, teacher.id, { topic: 'Diskusi awal' });
  const comment = await t.factory.comment(forum.id, student.id, 'Komentar pertama');
  const assignment = await t.factory.assignment(content.id, teacher.id, { title: 'Tugas awal' });
  const submission = await t.factory.submission(assignment.id, classmate.id);
  const sc = `/api/student/my-classes/${klass.id}`;
  const tc = `/api/teacher/online-classes/${klass.id}`;
  const urls = {
    myClasses: '/api/student/my-classes',
    classDetail: sc,
    contents: `${sc}/contents`,
    otherContents: `/api/student/my-classes/${otherClass.id}/contents`,
    content: `${sc}/contents/${content.id}`,
    thread: `${sc}/contents/${content.id}/forums/${forum.id}`,
    upcoming: '/api/student/upcoming-assignments',
    ownSubmission: `/api/student/submissions/${assignment.id}`,
    teacherClasses: '/api/teacher/online-classes',
    teacherContents: `${tc}/contents`,
    unsubmitted: `${tc}/contents/${content.id}/assignments/${assignment.id}/unsubmitted`,
    ungrading: `${tc}/contents/${content.id}/assignments/${assignment.id}/ungrading`,
    graded: `${tc}/contents/${content.id}/assignments/${assignment.id}/graded`,
    users: '/api/admin/resources/users?per_page=100',
  };
  const admin = await t.factory.admin();
  return { rombel, teacher, klass, otherClass, content, otherContent, material, student, classmate, forum, comment, assignment, submission, urls, admin };
}

type School = Awaited<ReturnType<typeof school>>;
const tokenFor = (s: School, url: string) =>
  url.startsWith('/api/admin') ? s.admin.token : url.startsWith('/api/teacher') ? s.teacher.token : s.student.token;

/**
 * Reads a URL twice: the second answer must come from memory (no SQL) and be the first one, byte for
 * byte. `computed`: the first must have been computed (nothing cached it before).
 */
async function cached(s: School, url: string, computed = true): Promise<any> {
  const first = await statementsOf(tokenFor(s, url), url);
  expect(first.status, url).toBe(200);
  if (computed) expect(first.n, `${url} computed`).toBeGreaterThan(0);
  const again = await statementsOf(tokenFor(s, url), url);
  expect(again.n, `${url} from memory`).toBe(0);
  expect(again.body, url).toEqual(first.body);
  return again.body;
}

/** Reads a URL expecting it computed again (the change under it dropped the cached answer). */
async function fresh(s: School, url: string): Promise<any> {
  const res = await statementsOf(tokenFor(s, url), url);
  expect(res.status, url).toBe(200);
  expect(res.n, `${url} computed again`).toBeGreaterThan(0);
  return res.body;
}

describe('reply cache', () => {
  it('answers a repeated read from memory, with no SQL, exactly as the first time', async () => {
    const s = await school();
    for (const url of Object.values(s.urls)) await cached(s, url);
    // Compressed for a browser that asks, like any reply.
    const gz = await t.as(s.student.token).request('GET', s.urls.myClasses, undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('shows every write through the API on its author\'s next read and on everyone else\'s', async () => {
    const s = await school();
    await cached(s, s.urls.thread);
    const sawThread = await statementsOf(s.classmate.token, s.urls.thread);
    expect(sawThread.status).toBe(200);
    const posted = await t.as(s.student.token).post(`${s.urls.thread}/comments`, { comment: 'Komentar lewat API' });
    expect(posted.status).toBe(201);
    const mine = await fresh(s, s.urls.thread);
    expect(mine.data.comments.map((c: any) => c.comment)).toEqual(['Komentar pertama', 'Komentar lewat API']);
    const theirs = await t.as(s.classmate.token).get(s.urls.thread);
    expect(theirs.body.data.comments.map((c: any) => c.comment)).toEqual(['Komentar pertama', 'Komentar lewat API']);

    await cached(s, s.urls.ungrading);
    await cached(s, s.urls.graded);
    const graded = await t.as(s.teacher.token).post(
      `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/assignments/${s.assignment.id}/grade`,
      { student_id: s.classmate.id, score: 87 },
    );
    expect(graded.status).toBe(200);
    expect((await fresh(s, s.urls.ungrading)).data).toEqual([]);
    expect((await fresh(s, s.urls.graded)).data.map((r: any) => r.submission?.score)).toEqual([87]);
  });

  it('sees a change made by hand in any table a reply shows (another instance, a script)', async () => {
    const s = await school();
    const changes: Array<{ what: string; url: string; change: () => Promise<unknown>; shows: (body: any) => unknown; expected: unknown }> = [
      {
        what: 'online class renamed',
        url: s.urls.myClasses,
        change: () => t.db.execute(sql`update online_classes set name = 'Kelas A baru' where id = ${s.klass.id}`),
        shows: (b) => b.data.map((c: any) => c.name).sort(),
        expected: ['Kelas A baru', 'Kelas B'],
      },
      {
        what: 'content retitled',
        url: s.urls.contents,
        change: () => t.db.execute(sql`update contents set title = 'Pembelajaran Satu' where id = ${s.content.id}`),
        shows: (b) => b.data.map((c: any) => c.title),
        expected: ['Pembelajaran Satu'],
      },
      {
        what: 'material removed',
        url: s.urls.content,
        change: () => t.db.execute(sql`delete from materials where id = ${s.material.id}`),
        shows: (b) => b.data.materials.length,
        expected: 0,
      },
      {
        what: 'forum topic edited',
        url: s.urls.content,
        change: () => t.db.execute(sql`update forums set topic = 'Diskusi baru' where id = ${s.forum.id}`),
        shows: (b) => b.data.forums.map((f: any) => f.topic),
        expected: ['Diskusi baru'],
      },
      {
        what: 'comment edited',
        url: s.urls.thread,
        change: () => t.db.execute(sql`update comments set body = 'Komentar diubah' where id = ${s.comment.id}`),
        shows: (b) => b.data.comments.map((c: any) => c.comment),
        expected: ['Komentar diubah'],
      },
      {
        what: 'assignment retitled',
        url: s.urls.upcoming,
        change: () => t.db.execute(sql`update assignments set title = 'Tugas baru' where id = ${s.assignment.id}`),
        shows: (b) => b.data.map((a: any) => a.title),
        expected: ['Tugas baru'],
      },
      {
        what: 'submission graded',
        url: s.urls.graded,
        change: () => t.db.execute(sql`update submissions set score = 90 where id = ${s.submission.id}`),
        shows: (b) => b.data.map((r: any) => r.submission?.score),
        expected: [90],
      },
      {
        what: 'user renamed (the comment\'s author)',
        url: s.urls.thread,
        change: () => t.db.execute(sql`update users set name = 'Siswa Pertama' where id = ${s.student.id}`),
        shows: (b) => b.data.comments.map((c: any) => c.author),
        expected: ['Siswa Pertama'],
      },
      {
        what: 'rombel renamed',
        url: s.urls.classDetail,
        change: () => t.db.execute(sql`update rombel_classes set name = 'X TKJ Baru' where id = ${s.rombel.id}`),
        shows: (b) => b.data.rombel_class.name,
        expected: 'X TKJ Baru',
      },
      {
        what: 'a student added to the rombel',
        url: s.urls.unsubmitted,
        change: () => t.factory.student({ rombelId: s.rombel.id, name: 'Siswa Tiga' }),
        shows: (b) => b.data.map((r: any) => r.name).sort(),
        expected: ['Siswa Pertama', 'Siswa Tiga'],
      },
      {
        what: 'class moved to another rombel',
        url: s.urls.myClasses,
        change: async () => {
          const other = await t.factory.rombel();
          await t.db.execute(sql`update online_classes set rombel_class_id = ${other.id} where id = ${s.otherClass.id}`);
        },
        shows: (b) => b.data.map((c: any) => c.name),
        expected: ['Kelas A baru'],
      },
    ];
    for (const c of changes) {
      const before = await cached(s, c.url, false);
      expect(c.shows(before), `${c.what}: before`).not.toEqual(c.expected);
      await c.change();
      expect(c.shows(await fresh(s, c.url)), c.what).toEqual(c.expected);
    }
    // A student moved to another rombel no longer sees the class, nor reaches it.
    await cached(s, s.urls.contents);
    await t.db.execute(sql`update students set rombel_class_id = 1 where user_id = ${s.student.id}`);
    expect((await t.as(s.student.token).get(s.urls.contents)).status).toBe(404);
  });

  it('keeps another class\'s replies when one class changes, and drops the replies that span classes', async () => {
    const s = await school();
    for (const url of [s.urls.contents, s.urls.otherContents, s.urls.myClasses, s.urls.upcoming]) await cached(s, url);
    await t.factory.comment(s.forum.id, s.classmate.id, 'Di kelas A');
    expect((await statementsOf(s.student.token, s.urls.otherContents)).n).toBe(0);
    await fresh(s, s.urls.contents);
    await fresh(s, s.urls.myClasses);
    await fresh(s, s.urls.upcoming);
  });

  it('never answers one user with another\'s reply, nor a refused caller with anything', async () => {
    const s = await school();
    // The classmate handed the assignment in: it is upcoming for the student only.
    expect((await cached(s, s.urls.upcoming)).data.map((a: any) => a.id)).toEqual([s.assignment.id]);
    expect((await t.as(s.classmate.token).get(s.urls.upcoming)).body.data).toEqual([]);
    await cached(s, s.urls.contents);
    const outsider = await t.factory.student({ rombelId: 2 });
    const otherTeacher = await t.factory.teacher();
    await cached(s, s.urls.contents);
    await cached(s, s.urls.teacherContents);
    expect((await t.as(outsider.token).get(s.urls.contents)).status).toBe(404);
    expect((await t.as(otherTeacher.token).get(s.urls.teacherContents)).status).toBe(404);
    expect((await t.as(s.teacher.token).get(s.urls.contents)).status).toBe(403);
    expect((await t.as(null).get(s.urls.contents)).status).toBe(401);
    // Logged out: the cached reply is not served to the old token.
    expect((await t.as(s.student.token).post('/api/logout')).status).toBe(200);
    expect((await t.as(s.student.token).get(s.urls.contents)).status).toBe(401);
  });

  it('computes upcoming assignments again once the soonest deadline has passed', async () => {
    const s = await school();
    const soonDue = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Segera', deadline: new Date(Date.now() + 1500) });
    const listed = await cached(s, s.urls.upcoming);
    expect(listed.data.map((a: any) => a.id)).toEqual([soonDue.id, s.assignment.id]);
    await new Promise((r) => setTimeout(r, Math.max(0, soonDue.deadline.getTime() - Date.now()) + 50));
    expect((await fresh(s, s.urls.upcoming)).data.map((a: any) => a.id)).toEqual([s.assignment.id]);
  });

  // The embedded database has no connection to lose.
  if (dbKind === 'postgres') it('caches nothing while the listening connection is down, and caches again once it is back', async () => {
    const s = await school();
    await cached(s, s.urls.contents);
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await pool.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'kelasku-listen'");
    await expect.poll(() => t.app.replies!.isLive, soon).toBe(false);
    expect(t.app.replies!.size).toBe(0);
    // Down: every read is computed, so a change by hand is seen at once.
    expect((await statementsOf(s.student.token, s.urls.contents)).n).toBeGreaterThan(0);
    await t.db.execute(sql`update contents set title = 'Saat terputus' where id = ${s.content.id}`);
    expect((await statementsOf(s.student.token, s.urls.contents)).body.data[0].title).toBe('Saat terputus');
    await expect.poll(() => t.app.replies!.isLive, soon).toBe(true);
    await cached(s, s.urls.contents);
  });
});

describe('ReplyCache bounds', () => {
  const live = (opts?: ConstructorParameters<typeof ReplyCache>[0]) => {
    const c = new ReplyCache(opts);
    c.setLive(true);
    return c;
  };

  it('keeps at most its size in characters, dropping the oldest first', () => {
    const c = live({ maxChars: 100 });
    for (let i = 0; i < 10; i++) c.set(`k${i}`, 'c1', 'x'.repeat(20), c.mark());
    expect(c.storedChars).toBeLessThanOrEqual(100);
    expect(c.get('k0')).toBeUndefined();
    expect(c.get('k9')).toBe('x'.repeat(20));
    // A reply larger than a quarter of the cache is not kept.
    c.set('big', 'c1', 'y'.repeat(26), c.mark());
    expect(c.get('big')).toBeUndefined();
  });

  it('forgets an entry after its lifetime or its deadline', () => {
    const c = live({ ttlMs: 1000 });
    c.set('a', 'c1', 'A', c.mark(), Infinity, 0);
    c.set('b', 'c1', 'B', c.mark(), 500, 0);
    expect(c.get('a', 999)).toBe('A');
    expect(c.get('b', 499)).toBe('B');
    expect(c.get('b', 500)).toBeUndefined();
    expect(c.get('a', 1000)).toBeUndefined();
  });

  it('drops what a notification names, and does not keep a read that began before a drop of its tag', () => {
    const c = live();
    c.set('one', 'c1', '1', c.mark());
    c.set('two', 'c2', '2', c.mark());
    c.set('all', 'school', 'S', c.mark());
    c.changed('c2');
    expect([c.get('one'), c.get('two'), c.get('all')]).toEqual(['1', undefined, undefined]);
    const mark = c.mark();
    c.changed('c7 c1');
    c.set('one', 'c1', 'stale', mark);
    c.set('two', 'c2', 'fine', mark);
    expect([c.get('one'), c.get('two')]).toEqual([undefined, 'fine']);
    c.changed('*');
    expect(c.size).toBe(0);
    c.set('x', 'c3', 'X', c.mark());
    c.changed('something else');
    expect(c.size).toBe(0);
  });

  it('caches nothing while not live', () => {
    const c = new ReplyCache();
    c.set('a', 'c1', 'A', c.mark());
    expect(c.get('a')).toBeUndefined();
    c.setLive(true);
    c.set('a', 'c1', 'A', c.mark());
    c.setLive(false);
    expect(c.get('a')).toBeUndefined();
  });
});
