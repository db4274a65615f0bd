/**
 * Issue 37: every teacher of a teaching assignment reaches its class exactly like its owner (team
 * teaching); the class lists and pages show the subject (null for a class made by hand).
 */
import { describe, expect, it } from 'vitest';
import { TEACHING_MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { makeSubject } from './teaching-helpers.js';

const t = useTestApp();
const URL = '/api/admin/teaching-assignments';

async function scene() {
  const admin = await t.factory.admin();
  const owner = await t.factory.teacher();
  const partner = await t.factory.teacher();
  const outsider = await t.factory.teacher();
  const rombel = await t.factory.rombel();
  const student = await t.factory.student({ rombelId: rombel.id });
  const subject = await makeSubject(t, `Praktik Jaringan ${rombel.id}`);
  const res = await t
    .as(admin.token)
    .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [owner.id, partner.id], hours_per_week: 4 });
  expect(res.status).toBe(201);
  return {
    admin,
    owner,
    partner,
    outsider,
    rombel,
    student,
    subject,
    assignment: res.body.data,
    classId: res.body.data.online_class.id as number,
  };
}

describe('team teaching', () => {
  it('the second teacher finds the class in their list with its subject, opens it and adds a lesson; a third teacher gets 404', async () => {
    const s = await scene();
    const list = await t.as(s.partner.token).get('/api/teacher/online-classes');
    expect(list.status).toBe(200);
    const card = list.body.data.find((c: { id: number }) => c.id === s.classId);
    expect(card).toMatchObject({
      name: `${s.subject.name} — ${s.rombel.name}`,
      teacher: { id: s.owner.id },
      subject: { id: s.subject.id, code: s.subject.code, name: s.subject.name },
    });
    const page = await t.as(s.partner.token).get(`/api/teacher/online-classes/${s.classId}`);
    expect(page.status).toBe(200);
    expect(page.body.data.subject).toEqual({ id: s.subject.id, code: s.subject.code, name: s.subject.name });
    const lesson = await t.as(s.partner.token).post(`/api/teacher/online-classes/${s.classId}/contents`, { title: 'Pembelajaran tim' });
    expect(lesson.status).toBe(201);
    const owners = await t.as(s.owner.token).get(`/api/teacher/online-classes/${s.classId}/contents`);
    expect(JSON.stringify(owners.body)).toContain('Pembelajaran tim');

    expect((await t.as(s.outsider.token).get('/api/teacher/online-classes')).body.data.map((c: { id: number }) => c.id)).not.toContain(
      s.classId,
    );
    expect((await t.as(s.outsider.token).get(`/api/teacher/online-classes/${s.classId}`)).status).toBe(404);
    const refused = await t.as(s.outsider.token).post(`/api/teacher/online-classes/${s.classId}/contents`, { title: 'Bukan kelasku' });
    expect(refused.status).toBe(404);
    const lessonPath = `/api/teacher/online-classes/${s.classId}/contents/${lesson.body.data.id}`;
    expect((await t.as(s.partner.token).get(lessonPath)).status).toBe(200);
    expect((await t.as(s.outsider.token).get(lessonPath)).status).toBe(404);
  });

  it("refuses a teacher's delete of an assignment's class (409): only the admin removes the assignment", async () => {
    const s = await scene();
    for (const teacher of [s.owner, s.partner]) {
      const res = await t.as(teacher.token).delete(`/api/teacher/online-classes/${s.classId}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: TEACHING_MSG.classOfAssignment });
    }
    expect((await t.as(s.owner.token).get(`/api/teacher/online-classes/${s.classId}`)).status).toBe(200);
  });

  it('a teacher taken off the assignment no longer reaches the class', async () => {
    const s = await scene();
    const res = await t.as(s.admin.token).put(`${URL}/${s.assignment.id}`, { teacher_ids: [s.owner.id], hours_per_week: 4 });
    expect(res.status).toBe(200);
    expect((await t.as(s.partner.token).get(`/api/teacher/online-classes/${s.classId}`)).status).toBe(404);
    expect((await t.as(s.owner.token).get(`/api/teacher/online-classes/${s.classId}`)).status).toBe(200);
  });
});

describe('the subject on class cards', () => {
  it("shows the subject on the student's list and class page; a class made by hand has none", async () => {
    const s = await scene();
    const byHand = await t.factory.onlineClass(s.owner.id, { rombelId: s.rombel.id, name: 'Kelas tambahan' });
    const list = await t.as(s.student.token).get('/api/student/my-classes');
    expect(list.status).toBe(200);
    const subjectOf = (id: number) => list.body.data.find((c: { id: number }) => c.id === id)?.subject;
    expect(subjectOf(s.classId)).toEqual({ id: s.subject.id, code: s.subject.code, name: s.subject.name });
    expect(subjectOf(byHand.id)).toBeNull();
    const page = await t.as(s.student.token).get(`/api/student/my-classes/${s.classId}`);
    expect(page.body.data.subject).toEqual({ id: s.subject.id, code: s.subject.code, name: s.subject.name });
    const teacherPage = await t.as(s.owner.token).get(`/api/teacher/online-classes/${byHand.id}`);
    expect(teacherPage.body.data.subject).toBeNull();
  });
});
