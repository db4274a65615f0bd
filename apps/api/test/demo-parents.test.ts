/**
 * Issue 40: the demo school's parents — Siti Rahmawati (`orangtua`) signs in, is asked to read the
 * privacy notice first, accepts it, and then sees her son Andi (the demo student `siswa`): his work,
 * grades and attendance exactly as he sees them, the wali kelas's message and last week's summary.
 * guru, the wali kelas of X TKJ 1, sees Rizky at risk (three pieces of work missing).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARENT_MSG } from '@kelasku/contract';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/demo.js';
import { DEMO_PARENT } from '../src/seed/parents.js';
import { weekOf } from '../src/features/parent-summary/week.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];
const login = async (username: string, password: string) => {
  const res = await t.as(null).post('/api/login', { username, password });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
};

describe('the demo school’s parent', () => {
  let andiId: number;
  let rizkyId: number;

  beforeAll(async () => {
    expect(await seedDemo(t.db, t.app.files)).toBe(true);
    const ids = await rows<{ id: number; username: string }>(sql`select id, username from users where username in ('siswa', 'rizky')`);
    andiId = ids.find((u) => u.username === 'siswa')!.id;
    rizkyId = ids.find((u) => u.username === 'rizky')!.id;
  });

  it('is listed among the demo accounts, Andi’s mother, linked by the wali kelas, with a phone number and no notice read yet', async () => {
    expect(DEMO_ACCOUNTS).toContainEqual({ role: 'Ortu', username: 'orangtua', password: 'orangtua123' });
    const [p] = await rows<{ name: string; role_id: number; telpon: string; email: string; accepted: Date | null; links: string }>(sql`
      select u.name, u.role_id, u.telpon, u.email, p.privacy_accepted_at as accepted,
        (select string_agg(c.username || ':' || l.relation || ':' || l.source || ':' || g.username, ',')
           from parent_links l join users c on c.id = l.student_id join users g on g.id = l.created_by where l.parent_id = u.id) as links
      from users u join parents p on p.user_id = u.id where u.username = 'orangtua'`);
    expect(p).toEqual({
      name: 'Siti Rahmawati',
      role_id: 4,
      telpon: '0812-3456-7890',
      email: DEMO_PARENT.email,
      accepted: null,
      links: 'siswa:ibu:homeroom:guru',
    });
    const [h] = await rows<{ username: string }>(sql`
      select u.username from homerooms h join semesters s on s.id = h.semester_id and s.active join users u on u.id = h.teacher_id
      where h.rombel_class_id = 1`);
    expect(h!.username).toBe('guru');
  });

  it('signs in, sees the privacy notice first, accepts it, and then sees Andi, his work, grades and attendance as he does', async () => {
    const token = await login('orangtua', 'orangtua123');
    const blocked = await t.as(token).get('/api/parent/children');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(PARENT_MSG.privacyRequired);
    const notice = await t.as(token).get('/api/parent/privacy');
    expect(notice.status).toBe(200);
    expect(notice.body.data.accepted_at).toBeNull();
    expect(notice.body.data.sections.length).toBeGreaterThan(0);
    expect((await t.as(token).post('/api/parent/privacy/accept')).status).toBe(200);

    const children = await t.as(token).get('/api/parent/children');
    expect(children.status).toBe(200);
    expect(children.body.data).toEqual([
      expect.objectContaining({
        id: andiId,
        name: 'Andi Pratama',
        relation: 'ibu',
        rombel: expect.objectContaining({ name: 'X TKJ 1' }),
        homeroom_teacher: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);

    const andi = await login('siswa', 'siswa123');
    const pairs: Array<[string, string]> = [
      [`/api/parent/children/${andiId}/work`, '/api/student/assignments'],
      [`/api/parent/children/${andiId}/grades`, '/api/student/grades'],
      [`/api/parent/children/${andiId}/attendance`, '/api/student/attendance'],
    ];
    for (const [asParent, asStudent] of pairs) {
      const seen = await t.as(token).get(asParent);
      expect(seen.status, asParent).toBe(200);
      const own = await t.as(andi).get(asStudent);
      expect(own.status, asStudent).toBe(200);
      expect(seen.body.data, asParent).toEqual(own.body.data);
    }
    const work = (await t.as(token).get(`/api/parent/children/${andiId}/work`)).body.data as Array<{ title: string; state: string }>;
    expect(work.map((w) => w.title)).toEqual(expect.arrayContaining(['Rangkuman Jaringan Komputer', 'Latihan Logaritma']));
    const grades = (await t.as(token).get(`/api/parent/children/${andiId}/grades`)).body.data as Array<{
      items: Array<{ score: number | null }>;
    }>;
    expect(grades.flatMap((g) => g.items).some((i) => i.score !== null)).toBe(true);
    const attendance = (await t.as(token).get(`/api/parent/children/${andiId}/attendance`)).body.data;
    expect(attendance.days.S).toBe(1);

    // Another student's pages: not hers.
    expect((await t.as(token).get(`/api/parent/children/${rizkyId}/work`)).status).toBe(404);
  });

  it('has the wali kelas’s message about Andi and last week’s summary', async () => {
    const token = await login('orangtua', 'orangtua123');
    const messages = await t.as(token).get(`/api/parent/children/${andiId}/messages`);
    expect(messages.status).toBe(200);
    expect(messages.body.data).toHaveLength(1);
    expect(messages.body.data[0]).toMatchObject({ student: { id: andiId, name: 'Andi Pratama' }, sender: { name: expect.any(String) } });
    expect(messages.body.data[0].body).toContain('Andi aktif di kelas');

    const summaries = await t.as(token).get('/api/parent/summaries');
    expect(summaries.status).toBe(200);
    const lastMonday = new Date(weekOf(new Date()).from.getTime() - 7 * 86_400_000 + 7 * 3600_000).toISOString().slice(0, 10);
    expect(summaries.body.data).toHaveLength(1);
    expect(summaries.body.data[0]).toMatchObject({
      week_start: lastMonday,
      children: [expect.objectContaining({ student: { id: andiId, name: 'Andi Pratama' } })],
    });
  });

  it('shows Rizky at risk on guru’s Kelas Perwalian: three pieces of work missing', async () => {
    const guru = await login('guru', 'guru123');
    const [missing] = await rows<{ n: number }>(sql`
      select count(*)::int as n from assignments a join contents c on c.id = a.content_id
      join online_classes oc on oc.id = c.online_class_id and oc.rombel_class_id = 1
      left join submissions s on s.assignment_id = a.id and s.student_id = ${rizkyId}
      where coalesce(a.closes_at, a.deadline) < now() and s.id is null`);
    expect(missing!.n).toBeGreaterThanOrEqual(3);
    const overview = await t.as(guru).get('/api/teacher/homerooms/1/overview');
    expect(overview.status).toBe(200);
    const rizky = (overview.body.data.students as Array<{ id: number; missing: number; risks: Array<{ kind: string }> }>).find(
      (s) => s.id === rizkyId,
    )!;
    expect(rizky.missing).toBeGreaterThanOrEqual(3);
    expect(rizky.risks.map((r) => r.kind)).toContain('missing');
    const andi = (overview.body.data.students as Array<{ id: number; risks: unknown[]; parents: Array<{ name: string }> }>).find(
      (s) => s.id === andiId,
    )!;
    expect(andi.parents.map((p) => p.name)).toEqual(['Siti Rahmawati']);
  });
});
