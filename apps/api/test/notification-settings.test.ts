/**
 * Issue 42: each user's notification settings (GET/PUT /api/notification-settings) on the real app
 * and database: the defaults without a row, a round trip for every role, the exact messages of bad
 * input, and the parents' weekly summary switch (/api/parent/settings) as a view of the same row.
 * The e-mail channel itself (the digest and the summary mail following the settings) is in digest.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_GROUPS, PARENT_MSG, REACH_MSG, type NotificationGroup, type NotificationSettings } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';
import { notificationSettings } from '../src/db/schema.js';

const t = useTestApp();
const URL = '/api/notification-settings';

const every = (on: boolean) => Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, on])) as Record<NotificationGroup, boolean>;
const DEFAULTS: NotificationSettings = {
  push: every(true),
  email: every(true),
  quiet_hours: { enabled: true, start: '21:00', end: '05:30' },
};
/** The defaults with some groups off. */
const withOff = (push: NotificationGroup[], email: NotificationGroup[], quiet = DEFAULTS.quiet_hours): NotificationSettings => ({
  push: { ...every(true), ...Object.fromEntries(push.map((g) => [g, false])) },
  email: { ...every(true), ...Object.fromEntries(email.map((g) => [g, false])) },
  quiet_hours: quiet,
});

async function rowOf(userId: number) {
  const [row] = await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

async function everyRole(): Promise<Record<'admin' | 'teacher' | 'student' | 'parent', TestUser>> {
  const student = await t.factory.student();
  return {
    admin: await t.factory.admin(),
    teacher: await t.factory.teacher(),
    student,
    parent: await t.factory.parent([student.id]),
  };
}

describe('GET /api/notification-settings', () => {
  it('gives every role the defaults while they have no row: every group on for push and e-mail, quiet 21:00–05:30', async () => {
    for (const [role, user] of Object.entries(await everyRole())) {
      const res = await t.as(user.token).get(URL);
      expect(res.status, role).toBe(200);
      expect(res.body, role).toEqual({ success: true, data: DEFAULTS });
      expect(await rowOf(user.id), role).toBeUndefined();
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.as(null).get(URL)).status).toBe(401);
    expect((await t.as(null).put(URL, DEFAULTS)).status).toBe(401);
  });
});

describe('PUT /api/notification-settings', () => {
  it('saves and reads back each role’s own choices, keeping only the groups turned off', async () => {
    const users = await everyRole();
    const choices: Record<keyof typeof users, NotificationSettings> = {
      admin: withOff(['account'], [], { enabled: false, start: '21:00', end: '05:30' }),
      teacher: withOff(['new_work', 'comments'], ['attendance'], { enabled: true, start: '22:00', end: '06:00' }),
      student: withOff(['announcements'], ['new_work', 'grades', 'reminders'], { enabled: true, start: '20:15', end: '04:45' }),
      parent: withOff([], ['parent_summary'], { enabled: true, start: '13:00', end: '15:30' }),
    };
    for (const [role, user] of Object.entries(users) as [keyof typeof users, TestUser][]) {
      const res = await t.as(user.token).put(URL, choices[role]);
      expect(res.status, role).toBe(200);
      expect(res.body, role).toEqual({ success: true, message: REACH_MSG.settingsSaved, data: choices[role] });
      expect((await t.as(user.token).get(URL)).body.data, role).toEqual(choices[role]);
    }
    // Only the groups turned off are stored; times as WIB wall-clock.
    const teacher = await rowOf(users.teacher.id);
    expect(teacher).toMatchObject({
      pushOff: ['new_work', 'comments'],
      emailOff: ['attendance'],
      quietEnabled: true,
      quietStart: '22:00:00',
      quietEnd: '06:00:00',
    });
    expect((await rowOf(users.admin.id))!.emailOff).toEqual([]);
    // Each user has their own row: the others' choices are untouched.
    expect((await t.as(users.admin.token).get(URL)).body.data).toEqual(choices.admin);

    // Everything on again: the lists are empty.
    const back = await t.as(users.teacher.token).put(URL, DEFAULTS);
    expect(back.body.data).toEqual(DEFAULTS);
    expect(await rowOf(users.teacher.id)).toMatchObject({ pushOff: [], emailOff: [] });
  });

  it('refuses bad input with the exact message on its field and keeps what was saved', async () => {
    const student = await t.factory.student();
    const saved = withOff(['grades'], [], { enabled: true, start: '22:00', end: '06:00' });
    await t.as(student.token).put(URL, saved);
    const quiet = (q: Record<string, unknown>) => ({ ...saved, quiet_hours: { ...saved.quiet_hours, ...q } });

    const cases: Array<[string, unknown, string, string]> = [
      ['25:00', quiet({ start: '25:00' }), 'quiet_hours.start', REACH_MSG.quietTimeInvalid],
      ['9:00 without its zero', quiet({ end: '9:00' }), 'quiet_hours.end', REACH_MSG.quietTimeInvalid],
      ['21.00 with a dot', quiet({ start: '21.00' }), 'quiet_hours.start', REACH_MSG.quietTimeInvalid],
      ['a number for a time', quiet({ start: 2100 }), 'quiet_hours.start', REACH_MSG.quietTimeInvalid],
      ['the same start and end', quiet({ start: '21:00', end: '21:00' }), 'quiet_hours.end', REACH_MSG.quietSameTime],
      ['an unknown group', { ...saved, push: { ...saved.push, gossip: false } }, 'push', REACH_MSG.unknownGroup],
      [
        'a string for a switch',
        { ...saved, email: { ...saved.email, grades: 'ya' } },
        'email.grades',
        'Input tidak valid: diharapkan boolean, diterima string',
      ],
      [
        'a missing group',
        { ...saved, push: { ...saved.push, attendance: undefined } },
        'push.attendance',
        'Input tidak valid: diharapkan boolean, diterima undefined',
      ],
    ];
    for (const [what, body, field, message] of cases) {
      const res = await t.as(student.token).put(URL, body);
      expect(res.status, what).toBe(422);
      expect(res.body.success, what).toBe(false);
      expect(res.body.message, what).toBe(message);
      expect(res.body.errors[field], what).toEqual([message]);
    }
    expect((await t.as(student.token).get(URL)).body.data).toEqual(saved);
  });

  it('accepts quiet hours across midnight and within one day', async () => {
    const teacher = await t.factory.teacher();
    for (const [start, end] of [
      ['23:59', '00:00'],
      ['00:00', '23:59'],
      ['12:00', '13:00'],
    ]) {
      const body = { ...DEFAULTS, quiet_hours: { enabled: true, start, end } };
      const res = await t.as(teacher.token).put(URL, body);
      expect(res.status, `${start}–${end}`).toBe(200);
      expect(res.body.data.quiet_hours).toEqual({ enabled: true, start, end });
    }
  });
});

describe('the weekly summary switch of /api/parent/settings is the same setting', () => {
  it('reflects a change made in either place, both ways', async () => {
    const student = await t.factory.student();
    const parent = await t.factory.parent([student.id]);
    const summary = async () => (await t.as(parent.token).get('/api/parent/settings')).body.data.weekly_summary_email;
    const emailOfSummary = async () => (await t.as(parent.token).get(URL)).body.data.email.parent_summary;
    expect(await summary()).toBe(true);

    // Off in the notification settings → off in the parent's settings.
    const off = withOff(['comments'], ['parent_summary', 'attendance']);
    expect((await t.as(parent.token).put(URL, off)).status).toBe(200);
    expect(await summary()).toBe(false);

    // On from the summaries page → on in the notification settings, the other choices kept.
    const on = await t.as(parent.token).put('/api/parent/settings', { weekly_summary_email: true });
    expect(on.body).toEqual({ success: true, message: PARENT_MSG.settingsSaved, data: { weekly_summary_email: true } });
    expect((await t.as(parent.token).get(URL)).body.data).toEqual(withOff(['comments'], ['attendance']));

    // Off again from the summaries page → off in the notification settings.
    await t.as(parent.token).put('/api/parent/settings', { weekly_summary_email: false });
    expect(await emailOfSummary()).toBe(false);
    expect((await rowOf(parent.id))!.emailOff.sort()).toEqual(['attendance', 'parent_summary']);

    // And on from the notification settings.
    await t.as(parent.token).put(URL, withOff(['comments'], ['attendance']));
    expect(await summary()).toBe(true);
  });
});
