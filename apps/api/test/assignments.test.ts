import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ASSIGNMENT_MSG, MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { assignmentScene, expectNotFound, expectOtherRolesRefused, fileCounts, submissionRows } from './assignment-scene.js';
import { assignments } from '../src/db/schema.js';

const t = useTestApp();

const body = { title: 'Laporan Praktikum Jaringan', description: 'Buat laporan topologi star.', deadline: '2026-11-30T23:59:00+07:00' };

describe('access', () => {
  it('refuses every teacher assignment endpoint to admins and students (403) and without a token (401)', async () => {
    const s = await assignmentScene(t);
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student],
      [
        ['POST', s.assignmentsUrl, body],
        ['GET', s.assignmentUrl],
        ['PUT', s.assignmentUrl, body],
        ['DELETE', s.assignmentUrl],
      ],
    );
    const [row] = await t.db.select().from(assignments).where(eq(assignments.id, s.assignment.id));
    expect(row!.title).toBe(s.assignment.title);
  });

  it('answers 404 to another teacher, and for an assignment, content or class outside the path', async () => {
    const s = await assignmentScene(t);
    await expectNotFound(t, s.otherTeacher.token, [
      ['POST', s.assignmentsUrl, body],
      ['GET', s.assignmentUrl],
      ['PUT', s.assignmentUrl, body],
      ['DELETE', s.assignmentUrl],
    ]);
    // The owner, with another teacher's assignment / content / class in the path, or an id that does not exist.
    const own = `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/assignments`;
    const foreignLesson = `/api/teacher/online-classes/${s.klass.id}/contents/${s.otherLesson.id}/assignments`;
    const foreignClass = `/api/teacher/online-classes/${s.otherClass.id}/contents/${s.otherLesson.id}/assignments`;
    await expectNotFound(t, s.teacher.token, [
      ['GET', `${own}/${s.otherAssignment.id}`],
      ['PUT', `${own}/${s.otherAssignment.id}`, body],
      ['DELETE', `${own}/${s.otherAssignment.id}`],
      ['GET', `${own}/999999`],
      ['GET', `${own}/abc`],
      ['POST', foreignLesson, body],
      ['GET', `${foreignLesson}/${s.otherAssignment.id}`],
      ['POST', foreignClass, body],
      ['GET', `${foreignClass}/${s.otherAssignment.id}`],
    ]);
    const [other] = await t.db.select().from(assignments).where(eq(assignments.id, s.otherAssignment.id));
    expect(other).toBeDefined();
  });
});

describe('POST …/contents/{lessonId}/assignments', () => {
  it('creates an assignment with its deadline as an instant, and answers the Assignment of SPEC §3', async () => {
    const s = await assignmentScene(t);
    const res = await t.as(s.teacher.token).post(s.assignmentsUrl, body);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(ASSIGNMENT_MSG.created);
    const a = res.body.data;
    expect(a).toEqual({
      id: a.id,
      assignment_id: a.id,
      content_id: s.content.id,
      title: body.title,
      description: body.description,
      deadline: '2026-11-30T16:59:00.000Z',
      closes_at: null,
      author: s.teacher.name,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      online_class: { id: s.klass.id, name: s.klass.name },
      rubric_id: null,
      // Issue 39: its grade category (none: the class's first) and TPs.
      category_id: null,
      objective_ids: [],
    });
    const [row] = await t.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row!.deadline.toISOString()).toBe('2026-11-30T16:59:00.000Z');
    expect(row!.authorId).toBe(s.teacher.id);
    // It shows in the content's detail (the Tugas list of the class page).
    const content = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}`);
    expect(content.body.data.assignment).toContainEqual({ id: a.id, title: body.title, position: 2, hidden: false, publish_at: null });
  });

  it('reads a deadline without an offset as WIB', async () => {
    const s = await assignmentScene(t);
    const res = await t.as(s.teacher.token).post(s.assignmentsUrl, { ...body, deadline: '2026-12-01T07:00' });
    expect(res.status).toBe(201);
    expect(res.body.data.deadline).toBe('2026-12-01T00:00:00.000Z');
  });

  it('requires title, description and deadline, and a real date-time', async () => {
    const s = await assignmentScene(t);
    const empty = await t.as(s.teacher.token).post(s.assignmentsUrl, { title: '  ', description: '', deadline: '' });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      success: false,
      message: MSG.required,
      errors: { title: [MSG.required], description: [MSG.required], deadline: [MSG.required] },
    });
    const missing = await t.as(s.teacher.token).post(s.assignmentsUrl, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['deadline', 'description', 'title']);
    for (const deadline of ['besok', '2026-13-40T25:00', 20261130, '30/11/2026 23:59']) {
      const bad = await t.as(s.teacher.token).post(s.assignmentsUrl, { ...body, deadline });
      expect(bad.status, String(deadline)).toBe(422);
      expect(bad.body.errors).toEqual({ deadline: [MSG.deadlineFormat] });
    }
    const long = await t.as(s.teacher.token).post(s.assignmentsUrl, { ...body, title: 'x'.repeat(256) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ title: ['Maksimal 255 karakter'] });
    expect((await t.db.select().from(assignments).where(eq(assignments.lessonId, s.content.id))).length).toBe(1);
  });
});

describe('GET/PUT …/assignments/{id}', () => {
  it('shows the assignment with author and class', async () => {
    const s = await assignmentScene(t);
    const res = await t.as(s.teacher.token).get(s.assignmentUrl);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: s.assignment.id,
      assignment_id: s.assignment.id,
      title: s.assignment.title,
      description: s.assignment.description,
      deadline: s.assignment.deadline.toISOString(),
      author: s.teacher.name,
      online_class: { id: s.klass.id, name: s.klass.name },
    });
  });

  it('edits title, description and deadline with the same rules as creating', async () => {
    const s = await assignmentScene(t);
    const res = await t
      .as(s.teacher.token)
      .put(s.assignmentUrl, { title: 'Baru', description: 'Deskripsi baru', deadline: '2027-01-15T08:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ASSIGNMENT_MSG.updated);
    expect(res.body.data).toMatchObject({
      id: s.assignment.id,
      title: 'Baru',
      description: 'Deskripsi baru',
      deadline: '2027-01-15T08:00:00.000Z',
    });
    const bad = await t.as(s.teacher.token).put(s.assignmentUrl, { title: 'Baru', description: '', deadline: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ description: [MSG.required], deadline: [MSG.deadlineFormat] });
    expect((await t.as(s.teacher.token).get(s.assignmentUrl)).body.data.title).toBe('Baru');
  });
});

describe('DELETE …/assignments/{id}', () => {
  it('deletes the assignment with its submissions and releases their stored files', async () => {
    const s = await assignmentScene(t, { students: 2 });
    await t.factory.submission(s.assignment.id, s.students[0]!.id);
    await t.factory.submission(s.assignment.id, s.students[1]!.id, { score: 80 });
    const before = await fileCounts(t);
    const res = await t.as(s.teacher.token).delete(s.assignmentUrl);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: ASSIGNMENT_MSG.deleted });
    expect(await submissionRows(t, s.assignment.id)).toEqual([]);
    expect(await fileCounts(t)).toEqual({ rows: before.rows - 2, objects: before.objects - 2 });
    expect((await t.as(s.teacher.token).get(s.assignmentUrl)).status).toBe(404);
    expect((await t.as(s.student.token).get(`/api/student/submissions/${s.assignment.id}`)).status).toBe(404);
    expect((await t.as(s.teacher.token).delete(s.assignmentUrl)).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the assignment, grading, submission and student class endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/unsubmitted',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/ungrading',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/graded',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/grade',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/return',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/students/{studentId}',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/students/{studentId}/extension',
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/assignments/{id}/students/{studentId}/comments',
      '/api/student/my-classes',
      '/api/student/my-classes/{classId}',
      '/api/student/my-classes/{classId}/contents',
      '/api/student/my-classes/{classId}/contents/{lessonId}',
      '/api/student/upcoming-assignments',
      '/api/student/submissions/{assignmentId}',
      '/api/student/submissions/{assignmentId}/hand-in',
      '/api/student/submissions/{assignmentId}/comments',
      '/api/student/assignments',
      '/api/student/grades',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
