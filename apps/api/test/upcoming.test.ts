import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';
import { assignmentExtensions } from '../src/db/schema.js';
import { statementsDuring } from './admin-access.js';
import { assignmentScene, expectOtherRolesRefused, submit } from './assignment-scene.js';

const t = useTestApp();
const UPCOMING = '/api/student/upcoming-assignments';
const inHours = (h: number) => new Date(Date.now() + h * 3600 * 1000);

describe('GET /api/student/upcoming-assignments', () => {
  it('is for students only', async () => {
    const s = await assignmentScene(t);
    await expectOtherRolesRefused(t, [s.admin, s.teacher], [['GET', UPCOMING]]);
  });

  it("lists open assignments of the student's classes not handed in yet, soonest first", async () => {
    const s = await assignmentScene(t, { deadline: inHours(48) });
    const second = await t.factory.onlineClass(s.otherTeacher.id, { rombelId: s.rombel.id, name: 'Basis Data' });
    const secondLesson = await t.factory.content(second.id);
    const soon = await t.factory.assignment(secondLesson.id, s.otherTeacher.id, { title: 'Segera', deadline: inHours(1) });
    const later = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Nanti', deadline: inHours(24 * 10) });
    const handedIn = await t.factory.assignment(s.content.id, s.teacher.id, { deadline: inHours(5) });
    await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Lewat', deadline: new Date(Date.now() - 1000) });
    await submit(t, s.student.token, handedIn.id);
    // Another rombel's assignment and another student's submission do not count.
    await t.factory.assignment(s.otherLesson.id, s.otherTeacher.id, { deadline: inHours(2) });
    const classmate = await t.factory.student({ rombelId: s.rombel.id });
    await submit(t, classmate.token, soon.id);

    const res = await t.as(s.student.token).get(UPCOMING);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: soon.id,
        title: 'Segera',
        deadline: soon.deadline.toISOString(),
        content_id: secondLesson.id,
        online_class: { id: second.id, name: 'Basis Data' },
      },
      {
        id: s.assignment.id,
        title: s.assignment.title,
        deadline: s.assignment.deadline.toISOString(),
        content_id: s.content.id,
        online_class: { id: s.klass.id, name: s.klass.name },
      },
      {
        id: later.id,
        title: 'Nanti',
        deadline: later.deadline.toISOString(),
        content_id: s.content.id,
        online_class: { id: s.klass.id, name: s.klass.name },
      },
    ]);
    // The classmate has handed in "Segera".
    const theirs = await t.as(classmate.token).get(UPCOMING);
    expect(theirs.body.data.map((a: any) => a.id)).toEqual([handedIn.id, s.assignment.id, later.id]);
  });

  it('drops an assignment once handed in, and is empty for a student without a rombel', async () => {
    const s = await assignmentScene(t);
    expect((await t.as(s.student.token).get(UPCOMING)).body.data.map((a: any) => a.id)).toEqual([s.assignment.id]);
    await submit(t, s.student.token, s.assignment.id);
    expect((await t.as(s.student.token).get(UPCOMING)).body.data).toEqual([]);
    const loner = await t.factory.student({ rombelId: null });
    const res = await t.as(loner.token).get(UPCOMING);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it("goes by the student's own deadline: an extension keeps a passed assignment listed, one already passed drops it", async () => {
    const s = await assignmentScene(t, { deadline: new Date(Date.now() - 3600 * 1000) });
    const open = await t.factory.assignment(s.content.id, s.teacher.id, { deadline: inHours(24) });
    expect((await t.as(s.student.token).get(UPCOMING)).body.data.map((a: any) => a.id)).toEqual([open.id]);
    const extended = inHours(48);
    await t.db.insert(assignmentExtensions).values([
      { assignmentId: s.assignment.id, studentId: s.student.id, deadline: extended },
      { assignmentId: open.id, studentId: s.student.id, deadline: new Date(Date.now() - 1000) },
    ]);
    const res = await t.as(s.student.token).get(UPCOMING);
    expect(res.body.data.map((a: any) => [a.id, a.deadline])).toEqual([[s.assignment.id, extended.toISOString()]]);
  });

  it('runs the same number of statements for 1 and for 12 assignments', async () => {
    const counts: number[] = [];
    for (const n of [1, 12]) {
      const s = await assignmentScene(t);
      for (let i = 1; i < n; i++) await t.factory.assignment(s.content.id, s.teacher.id, { deadline: inHours(i) });
      let res: any;
      counts.push(await statementsDuring(t, async () => (res = await t.as(s.student.token).get(UPCOMING))));
      expect(res.body.data).toHaveLength(n);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
