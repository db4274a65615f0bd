import { describe, expect, it } from 'vitest';
import { MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { assignmentScene, expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';

const t = useTestApp();

describe('access', () => {
  it('refuses the student class endpoints to admins and teachers (403) and without a token (401)', async () => {
    const s = await assignmentScene(t);
    await expectOtherRolesRefused(
      t,
      [s.admin, s.teacher],
      [
        ['GET', '/api/student/my-classes'],
        ['GET', `/api/student/my-classes/${s.klass.id}`],
        ['GET', `/api/student/my-classes/${s.klass.id}/contents`],
        ['GET', `/api/student/my-classes/${s.klass.id}/contents/${s.content.id}`],
      ],
    );
  });

  it("answers 404 for another rombel's class or content, and for a content under another class", async () => {
    const s = await assignmentScene(t);
    await expectNotFound(t, s.outsider.token, [
      ['GET', `/api/student/my-classes/${s.klass.id}`],
      ['GET', `/api/student/my-classes/${s.klass.id}/contents`],
      ['GET', `/api/student/my-classes/${s.klass.id}/contents/${s.content.id}`],
    ]);
    await expectNotFound(t, s.student.token, [
      ['GET', `/api/student/my-classes/${s.otherClass.id}`],
      ['GET', `/api/student/my-classes/${s.otherClass.id}/contents`],
      ['GET', `/api/student/my-classes/${s.otherClass.id}/contents/${s.otherLesson.id}`],
      ['GET', `/api/student/my-classes/${s.klass.id}/contents/${s.otherLesson.id}`],
      ['GET', `/api/student/my-classes/999999`],
      ['GET', `/api/student/my-classes/abc/contents`],
    ]);
  });
});

describe('GET /api/student/my-classes', () => {
  it("lists the classes of the student's rombel by name, with teacher and rombel, and only those", async () => {
    const s = await assignmentScene(t);
    const second = await t.factory.teacher({ name: 'Bu Sari' });
    const b = await t.factory.onlineClass(second.id, { rombelId: s.rombel.id, name: 'basis Data', description: 'SQL dasar' });
    const a = await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombel.id, name: 'Administrasi Jaringan' });
    const res = await t.as(s.student.token).get('/api/student/my-classes');
    expect(res.status).toBe(200);
    expect(res.body.message).toBeUndefined();
    const list: any[] = res.body.data;
    const names = [s.klass.name, 'basis Data', 'Administrasi Jaringan'].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
    expect(list.map((c) => c.name)).toEqual(names);
    const basis = list.find((c) => c.id === b.id);
    expect(basis).toEqual({
      id: b.id,
      name: 'basis Data',
      description: 'SQL dasar',
      rombel: { id: s.rombel.id, name: s.rombel.name },
      teacher: { id: second.id, name: 'Bu Sari', avatar: null },
      created_at: b.createdAt.toISOString(),
      updated_at: b.updatedAt.toISOString(),
      archived_at: null,
      subject: null,
    });
    expect(list.find((c) => c.id === a.id).teacher.name).toBe(s.teacher.name);
    expect(list.every((c) => !('students' in c))).toBe(true);
    expect(list.some((c) => c.id === s.otherClass.id)).toBe(false);
  });

  it('answers an empty list with the profile message when the student has no rombel', async () => {
    const loner = await t.factory.student({ rombelId: null });
    const res = await t.as(loner.token).get('/api/student/my-classes');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MSG.noRombel, data: [] });
    expect(res.body.message).toBe('Silahkan lengkapi profile kamu untuk dapat mengikuti kelas');
  });

  it('runs the same number of statements for 1 and for 8 classes', async () => {
    const counts: number[] = [];
    for (const n of [1, 8]) {
      const s = await assignmentScene(t, { students: 3 });
      for (let i = 1; i < n; i++) await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombel.id });
      let res: any;
      counts.push(await statementsDuring(t, async () => (res = await t.as(s.student.token).get('/api/student/my-classes'))));
      expect(res.body.data).toHaveLength(n);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});

describe('GET /api/student/my-classes/{classId}', () => {
  it("shows the class with its rombel's students and their total", async () => {
    const s = await assignmentScene(t, { students: 2 });
    const res = await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}`);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({
      id: s.klass.id,
      name: s.klass.name,
      description: null,
      rombel: { id: s.rombel.id, name: s.rombel.name },
      teacher: { id: s.teacher.id, name: s.teacher.name },
    });
    expect(c.students.total).toBe(2);
    expect(c.students.data.map((x: any) => x.id).sort()).toEqual(s.students.map((x) => x.id).sort());
    expect(c.students.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), nis: '1234', avatar: null });
  });
});

describe('GET /api/student/my-classes/{classId}/contents[/{lessonId}]', () => {
  it('lists the contents oldest first and shows one with its materials, forums and assignments', async () => {
    const s = await assignmentScene(t);
    const second = await t.factory.content(s.klass.id, { title: 'Pertemuan 2', description: 'Routing' });
    const material = await t.factory.material(second.id, { title: 'Modul Routing' });
    const forum = await t.factory.forum(second.id, s.teacher.id, { topic: 'Static vs dynamic' });
    const task = await t.factory.assignment(second.id, s.teacher.id, { title: 'Konfigurasi OSPF' });

    const list = await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => c.id)).toEqual([s.content.id, second.id]);
    expect(list.body.data[1]).toMatchObject({
      id: second.id,
      title: 'Pertemuan 2',
      description: 'Routing',
      created_at: expect.any(String),
    });

    const one = await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents/${second.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: second.id,
      title: 'Pertemuan 2',
      materials: [{ id: material.id, title: 'Modul Routing', file: expect.stringMatching(/^\/api\/files\/\d+\?/), filename: 'materi.pdf' }],
      forums: [{ id: forum.id, topic: 'Static vs dynamic' }],
      assignment: [{ id: task.id, title: 'Konfigurasi OSPF' }],
    });
    const file = await t.app.inject({ method: 'GET', url: one.body.data.materials[0].file });
    expect(file.statusCode).toBe(200);
  });
});
