/**
 * Issue 38: the demo school shows a living attendance record — meetings of X TKJ 1's timetable on
 * the last school days with their journal and marks, approved izin and sakit with their letters, a
 * request waiting for the wali kelas (the demo teacher), and the lesson still to be filled in.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows as T[];

describe('the demo school’s attendance', () => {
  beforeAll(async () => {
    expect(await seedDemo(t.db, t.app.files)).toBe(true);
  });

  it('holds meetings of X TKJ 1 on past school days, all but the last lesson recorded, with their topics', async () => {
    const [m] = await rows<{ meetings: number; taken: number; days: number; topics: number; future: number }>(sql`
      select count(*)::int as meetings, count(attendance_taken_at)::int as taken, count(distinct date)::int as days,
             count(topic)::int as topics, count(*) filter (where date >= (now() at time zone 'Asia/Jakarta')::date)::int as future
      from meetings m join online_classes oc on oc.id = m.online_class_id where oc.rombel_class_id = 1`);
    expect(m!.days).toBeGreaterThanOrEqual(4);
    expect(m!.meetings).toBeGreaterThan(m!.days);
    expect(m!.taken).toBe(m!.meetings - 1);
    expect(m!.topics).toBe(m!.taken);
    expect(m!.future).toBe(0);
  });

  it('marks siswa sick and dewi on leave for a whole day through approved requests, and rizky alpa on three days', async () => {
    const marks = await rows<{ username: string; status: string; days: number; from_leave: number }>(sql`
      select u.username, a.status, count(distinct m.date)::int as days, count(a.leave_request_id)::int as from_leave
      from attendance a join meetings m on m.id = a.meeting_id join users u on u.id = a.student_id
      where a.status <> 'H' group by u.username, a.status order by u.username, a.status`);
    const of = (u: string, s: string) => marks.find((r) => r.username === u && r.status === s);
    expect(of('siswa', 'S')).toMatchObject({ days: 1 });
    expect(of('siswa', 'S')!.from_leave).toBeGreaterThan(0);
    expect(of('siswa', 'T')).toMatchObject({ days: 1 });
    expect(of('dewi', 'I')).toMatchObject({ days: 1 });
    expect(of('rizky', 'A')).toMatchObject({ days: 3 });
    const requests = await rows<{ username: string; status: string; file: string }>(sql`
      select u.username, l.status, f.original_name as file from leave_requests l
      join users u on u.id = l.student_id join stored_files f on f.id = l.file_id order by l.id`);
    expect(requests.map((r) => [r.username, r.status])).toEqual(
      expect.arrayContaining([
        ['siswa', 'approved'],
        ['dewi', 'approved'],
      ]),
    );
    expect(requests.every((r) => r.file.endsWith('.pdf'))).toBe(true);
  });
});
