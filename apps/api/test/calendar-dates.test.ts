/**
 * Dates are real calendar dates (DECISIONS "API conventions"): 2026-02-31 is a 422 wherever a date or
 * a date-time is accepted, never rolled over into March. The places: the profile's birthday, the
 * admin's user birthday (edit), and an assignment's deadline (create, edit).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { assignmentScene } from './assignment-scene.js';
import { FACTORY_IDENTITY, type TestUser } from './factory.js';
import { quizBody, quizScene } from './quiz-scene.js';
import { assignments, users } from '../src/db/schema.js';

const t = useTestApp();

/** Calendar-invalid days, each in a year the birthday range allows and in 2026. */
const BAD_DATES = [
  '2026-02-31',
  '2026-02-29',
  '2010-02-30',
  '2011-02-29',
  '2010-04-31',
  '2010-06-31',
  '2010-09-31',
  '2010-11-31',
  '2010-00-10',
  '2010-13-01',
  '2010-01-00',
  '2010-01-32',
];
const BAD_DATE_TIMES = [
  ...['2026-02-31', '2026-02-29', '2026-04-31', '2026-11-31'].flatMap((d) => [
    `${d}T10:00`,
    `${d}T10:00:00+07:00`,
    `${d} 23:59`,
    `${d}T00:00:00.000Z`,
  ]),
  '2026-11-30T24:00',
  '2026-11-30T23:60',
  '2026-11-30T23:59:60',
  '2026-11-30T23:59+24:00',
];

const birthdayOf = async (id: number) => (await t.db.select({ b: users.birthday }).from(users).where(eq(users.id, id)))[0]!.b;

describe('calendar-invalid dates are 422', () => {
  it('the profile birthday (every role)', async () => {
    for (const role of ['admin', 'teacher', 'student'] as const) {
      const me = await t.factory[role]();
      const form = { name: me.name, username: me.username, email: me.email, birthday: '2005-06-15' };
      expect((await t.as(me.token).put(`/api/profile/${me.id}`, { ...form, ...identity(role, me) })).status).toBe(200);
      for (const birthday of BAD_DATES) {
        const res = await t.as(me.token).put(`/api/profile/${me.id}`, { ...form, ...identity(role, me), birthday });
        expect(res.status, `${role} ${birthday}`).toBe(422);
        expect(res.body).toEqual({ success: false, message: MSG.dateFormat, errors: { birthday: [MSG.dateFormat] } });
      }
      expect(await birthdayOf(me.id)).toBe('2005-06-15');
      // The last day of February of a leap year is a day.
      expect((await t.as(me.token).put(`/api/profile/${me.id}`, { ...form, ...identity(role, me), birthday: '2008-02-29' })).status).toBe(
        200,
      );
    }
  });

  it("the admin's user birthday", async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.student();
    const edit = { name: u.name, gender: 'L', username: u.username, email: u.email };
    for (const birthday of BAD_DATES) {
      const res = await t.as(admin.token).put(`/api/admin/resources/users/${u.id}`, { ...edit, birthday });
      expect(res.status, birthday).toBe(422);
      expect(res.body).toEqual({ success: false, message: MSG.dateFormat, errors: { birthday: [MSG.dateFormat] } });
    }
    expect(await birthdayOf(u.id)).toBeNull();
    const leap = await t.as(admin.token).put(`/api/admin/resources/users/${u.id}`, { ...edit, birthday: '2012-02-29' });
    expect(leap.status).toBe(200);
    expect(leap.body.data.birthday).toBe('2012-02-29');
  });

  it("an assignment's deadline, on create and on edit", async () => {
    const s = await assignmentScene(t);
    const body = { title: 'Laporan', description: 'Kerjakan.' };
    for (const deadline of BAD_DATE_TIMES) {
      for (const [method, url] of [
        ['POST', s.assignmentsUrl],
        ['PUT', s.assignmentUrl],
      ] as const) {
        const res = await t.as(s.teacher.token).request(method, url, { ...body, deadline });
        expect(res.status, `${method} ${deadline}`).toBe(422);
        expect(res.body).toEqual({ success: false, message: MSG.deadlineFormat, errors: { deadline: [MSG.deadlineFormat] } });
      }
    }
    const rows = await t.db.select().from(assignments).where(eq(assignments.lessonId, s.content.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deadline.getTime()).toBe(s.assignment.deadline.getTime());
    // Real days pass, the leap day of 2028 included, read as WIB without an offset.
    const leap = await t.as(s.teacher.token).post(s.assignmentsUrl, { ...body, deadline: '2028-02-29T23:59' });
    expect(leap.status).toBe(201);
    expect(leap.body.data.deadline).toBe('2028-02-29T16:59:00.000Z');
    const end = await t.as(s.teacher.token).put(s.assignmentUrl, { ...body, deadline: '2026-12-31T23:59:59+07:00' });
    expect(end.status).toBe(200);
    expect(end.body.data.deadline).toBe('2026-12-31T16:59:59.000Z');
  });
});

describe('a deadline or closing time given as a date alone is 23:59:59 WIB of that day (DECISIONS "Limits and audit")', () => {
  it("an assignment's deadline and closing time, on create and on edit", async () => {
    const s = await assignmentScene(t);
    const body = { title: 'Laporan Jumat', description: 'Kerjakan.' };
    const made = await t.as(s.teacher.token).post(s.assignmentsUrl, { ...body, deadline: '2026-12-04', closes_at: ' 2026-12-05 ' });
    expect(made.status).toBe(201);
    expect(made.body.data.deadline).toBe('2026-12-04T16:59:59.000Z');
    expect(made.body.data.closes_at).toBe('2026-12-05T16:59:59.000Z');
    const edited = await t.as(s.teacher.token).put(s.assignmentUrl, { ...body, deadline: '2028-02-29' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.deadline).toBe('2028-02-29T16:59:59.000Z');
    // An impossible day alone is still refused, never rolled over.
    for (const deadline of BAD_DATES) {
      const res = await t.as(s.teacher.token).put(s.assignmentUrl, { ...body, deadline });
      expect(res.status, deadline).toBe(422);
      expect(res.body).toEqual({ success: false, message: MSG.deadlineFormat, errors: { deadline: [MSG.deadlineFormat] } });
    }
    // A time, when given, is kept: 00.00 stays 00.00.
    const midnight = await t.as(s.teacher.token).put(s.assignmentUrl, { ...body, deadline: '2026-12-04T00:00' });
    expect(midnight.body.data.deadline).toBe('2026-12-03T17:00:00.000Z');
  });

  it("a quiz's closing time; its opening time still needs a time", async () => {
    const s = await quizScene(t);
    const res = await t.as(s.teacher.token).post(s.teacherBase, quizBody(s, { closes_at: '2030-01-04' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.closes_at).toBe('2030-01-04T16:59:59.000Z');
    const opens = await t.as(s.teacher.token).post(s.teacherBase, quizBody(s, { opens_at: '2030-01-02' }));
    expect(opens.status).toBe(422);
    expect(Object.keys(opens.body.errors)).toEqual(['opens_at']);
  });
});

/** The school-owned fields of a factory user, resent unchanged as the profile form does. */
function identity(role: 'admin' | 'teacher' | 'student', me: TestUser) {
  if (role === 'teacher') return { nip: FACTORY_IDENTITY.nip, nik: FACTORY_IDENTITY.nik };
  if (role === 'student') return { nis: FACTORY_IDENTITY.nis, nisn: me.nisn, rombel: 1 };
  return {};
}
