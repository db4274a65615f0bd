import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLASS_MSG, MSG } from '@kelasku/contract';
import { samples, useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';
import { onlineClasses, users } from '../src/db/schema.js';
import { expectAllGone, expectMaterialKept, storageKeys } from './class-files.js';

const t = useTestApp();
const URL_ = '/api/teacher/online-classes';

/** Gives a user an avatar stored like an upload; returns the stored file id. */
async function giveAvatar(userId: number): Promise<number> {
  const file = await t.factory.file('foto.png', samples.png(), 'image/png');
  await t.db.update(users).set({ avatarFileId: file.id }).where(eq(users.id, userId));
  return file.id;
}

const signedLink = (fileId: number) => expect.stringMatching(new RegExp(`^/api/files/${fileId}\\?e=\\d+&s=[A-Za-z0-9_-]{32}$`));

describe('access', () => {
  it('refuses every endpoint to admins and students (403) and without a token (401)', async () => {
    const s = await t.factory.classScene();
    const body = { name: 'Kelas', rombel_class_id: 1 };
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student, s.outsider],
      [
        ['GET', URL_],
        ['POST', URL_, body],
        ['GET', `${URL_}/${s.klass.id}`],
        ['PUT', `${URL_}/${s.klass.id}`, body],
        ['DELETE', `${URL_}/${s.klass.id}`],
      ],
    );
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.klass.id));
    expect(row!.name).toBe(s.klass.name);
  });

  it("answers 404 for another teacher's class and for ids that do not exist, and changes nothing", async () => {
    const s = await t.factory.classScene();
    const body = { name: 'Diambil alih', rombel_class_id: 1 };
    await expectNotFound(t, s.teacher.token, [
      ['GET', `${URL_}/${s.otherClass.id}`],
      ['PUT', `${URL_}/${s.otherClass.id}`, body],
      ['DELETE', `${URL_}/${s.otherClass.id}`],
      ['GET', `${URL_}/999999`],
      ['PUT', `${URL_}/999999`, body],
      ['DELETE', `${URL_}/999999`],
      ['GET', `${URL_}/abc`],
      ['GET', `${URL_}/0`],
    ]);
    const [other] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.otherClass.id));
    expect(other!.name).toBe(s.otherClass.name);
  });
});

describe('GET /api/teacher/online-classes', () => {
  it("lists only the teacher's classes, by rombel name then class name, each a summary with its rombel and teacher", async () => {
    const teacher = await t.factory.teacher({ name: 'Bu Sri Wahyuningsih Kusumawardani' });
    const avatar = await giveAvatar(teacher.id);
    const rombelB = await t.factory.rombel({ name: 'XII TKJ Zulu' });
    const rombelA = await t.factory.rombel({ name: 'xii tkj alfa' });
    const zeta = await t.factory.onlineClass(teacher.id, { rombelId: rombelA.id, name: 'Zeta Jaringan', description: 'Tentang kelas' });
    const beta = await t.factory.onlineClass(teacher.id, { rombelId: rombelA.id, name: 'beta Sistem' });
    const alpha = await t.factory.onlineClass(teacher.id, { rombelId: rombelB.id, name: 'Alpha Web' });
    const other = await t.factory.teacher();
    await t.factory.onlineClass(other.id, { rombelId: rombelA.id, name: 'Bukan milikku' });
    await t.factory.student({ rombelId: rombelA.id, name: 'Siti Aminah' });
    await t.factory.student({ rombelId: rombelB.id, name: 'Citra' });

    const res = await t.as(teacher.token).get(URL_);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([beta.id, zeta.id, alpha.id]);
    expect(res.body.data[1]).toEqual({
      id: zeta.id,
      name: 'Zeta Jaringan',
      description: 'Tentang kelas',
      rombel: { id: rombelA.id, name: 'xii tkj alfa' },
      teacher: { id: teacher.id, name: teacher.name, avatar: signedLink(avatar) },
      created_at: zeta.createdAt.toISOString(),
      updated_at: zeta.updatedAt.toISOString(),
      archived_at: null,
      waiting_count: 0,
      subject: null,
    });
    expect(res.body.data[0].description).toBeNull();
    expect(res.body.data[2].rombel).toEqual({ id: rombelB.id, name: 'XII TKJ Zulu' });
    // The signed links open without a bearer token.
    const img = await t.as().get(res.body.data[0].teacher.avatar);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('answers an empty list for a teacher without classes', async () => {
    const teacher = await t.factory.teacher();
    const res = await t.as(teacher.token).get(URL_);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it('carries exactly the summary keys, no students: a class of 36 students costs the list no more than an empty one', async () => {
    const teacher = await t.factory.teacher();
    const full = await t.factory.rombel();
    for (let i = 0; i < 36; i++) await t.factory.student({ rombelId: full.id });
    await t.factory.onlineClass(teacher.id, { rombelId: full.id, name: 'Kelas Penuh' });
    await t.factory.onlineClass(teacher.id, { rombelId: (await t.factory.rombel()).id, name: 'Kelas Kosong' });
    const res = await t.as(teacher.token).get(URL_);
    expect(res.body.data).toHaveLength(2);
    for (const item of res.body.data) {
      expect(item).not.toHaveProperty('students');
      expect(Object.keys(item).sort()).toEqual([
        'archived_at',
        'created_at',
        'description',
        'id',
        'name',
        'rombel',
        'subject',
        'teacher',
        'updated_at',
        'waiting_count',
      ]);
      expect(Object.keys(item.rombel).sort()).toEqual(['id', 'name']);
      expect(Object.keys(item.teacher).sort()).toEqual(['avatar', 'id', 'name']);
    }
    const [a, b] = res.body.data.map((c: object) => JSON.stringify(c).length);
    expect(Math.abs(a - b)).toBeLessThan(40);
  });

  it('runs the same two queries for 1 class as for 8 classes of 4 rombels full of students (the roster is not read)', async () => {
    const small = await t.factory.teacher();
    await t.factory.onlineClass(small.id, { rombelId: (await t.factory.rombel()).id });
    const big = await t.factory.teacher();
    for (let r = 0; r < 4; r++) {
      const rombel = await t.factory.rombel();
      for (let i = 0; i < 3; i++) await t.factory.student({ rombelId: rombel.id });
      await t.factory.onlineClass(big.id, { rombelId: rombel.id });
      await t.factory.onlineClass(big.id, { rombelId: rombel.id });
    }
    let bigList: any;
    const one = await statementsDuring(t, () => t.as(small.token).get(URL_));
    const eight = await statementsDuring(t, async () => (bigList = await t.as(big.token).get(URL_)));
    expect(bigList.body.data).toHaveLength(8);
    expect(eight).toBe(one);
    expect(one).toBe(3); // the session's lookup, the list's query and the waiting counts' (gradebook)
  });
});

describe('POST /api/teacher/online-classes', () => {
  it("creates a class for a rombel and answers its detail: the list's summary and the rombel's students", async () => {
    const teacher = await t.factory.teacher();
    const rombel = await t.factory.rombel({ name: 'X TKJ Baru' });
    const student = await t.factory.student({ rombelId: rombel.id, name: 'Dewi' });
    const res = await t
      .as(teacher.token)
      .post(URL_, { name: '  Administrasi Jaringan  ', description: 'Semester ganjil', rombel_class_id: rombel.id });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(CLASS_MSG.classCreated);
    expect(res.body.data).toMatchObject({
      name: 'Administrasi Jaringan',
      description: 'Semester ganjil',
      rombel: { id: rombel.id, name: 'X TKJ Baru' },
      teacher: { id: teacher.id, name: teacher.name, avatar: null },
      students: { data: [{ id: student.id, name: 'Dewi', nis: '1234', avatar: null }], total: 1 },
    });
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, res.body.data.id));
    expect(row).toMatchObject({ name: 'Administrasi Jaringan', teacherId: teacher.id, rombelClassId: rombel.id });
    const list = await t.as(teacher.token).get(URL_);
    const { students: _, ...summary } = res.body.data;
    expect(list.body.data).toEqual([{ ...summary, waiting_count: 0 }]);
  });

  it("accepts a form's string rombel id, and a blank or missing description as none", async () => {
    const teacher = await t.factory.teacher();
    for (const extra of [{ description: '   ' }, {}, { description: null }]) {
      const res = await t.as(teacher.token).post(URL_, { name: 'Kelas', rombel_class_id: '2', ...extra });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ rombel: { id: 2 }, description: null });
    }
  });

  it('refuses an empty or too long name and a missing or unknown rombel with 422, creating nothing', async () => {
    const teacher = await t.factory.teacher();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ name: '', rombel_class_id: 1 }, { name: [MSG.required] }],
      [{ name: '   ', rombel_class_id: 1 }, { name: [MSG.required] }],
      [{ rombel_class_id: 1 }, { name: [MSG.required] }],
      [{ name: 'x'.repeat(256), rombel_class_id: 1 }, { name: ['Maksimal 255 karakter'] }],
      [{ name: 'Kelas' }, { rombel_class_id: [MSG.required] }],
      [{ name: 'Kelas', rombel_class_id: 999999 }, { rombel_class_id: [MSG.rombelUnknown] }],
      [{ name: 'Kelas', rombel_class_id: 'abc' }, { rombel_class_id: [MSG.rombelUnknown] }],
      [{ name: 'Kelas', rombel_class_id: -1 }, { rombel_class_id: [MSG.rombelUnknown] }],
      [{ name: 'Kelas', rombel_class_id: 1.5 }, { rombel_class_id: [MSG.rombelUnknown] }],
      [
        { name: '', description: 'x'.repeat(10_001), rombel_class_id: 1 },
        { name: [MSG.required], description: ['Maksimal 10000 karakter'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await t.as(teacher.token).post(URL_, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
    }
    expect(await t.db.select().from(onlineClasses).where(eq(onlineClasses.teacherId, teacher.id))).toEqual([]);
  });
});

describe('GET /api/teacher/online-classes/{id}', () => {
  it("answers one class: the list's summary and the students of its rombel, by name", async () => {
    const s = await t.factory.classScene();
    const siti = await t.factory.student({ rombelId: 1, name: 'zz Siti Aminah' });
    const budi = await t.factory.student({ rombelId: 1, name: 'ZZ budi Santoso' });
    const budiAvatar = await giveAvatar(budi.id);
    const res = await t.as(s.teacher.token).get(`${URL_}/${s.klass.id}`);
    expect(res.status).toBe(200);
    const list = await t.as(s.teacher.token).get(URL_);
    const { students, ...summary } = res.body.data;
    const { waiting_count: _, ...listed } = list.body.data.find((c: { id: number }) => c.id === s.klass.id);
    expect(summary).toEqual(listed);
    expect(Object.keys(res.body.data).sort()).toEqual([
      'archived_at',
      'created_at',
      'description',
      'id',
      'name',
      'rombel',
      'students',
      'subject',
      'teacher',
      'updated_at',
    ]);
    expect(students.data).toContainEqual({ id: s.student.id, name: s.student.name, nis: '1234', avatar: null });
    expect(students.data.slice(-2)).toEqual([
      { id: budi.id, name: 'ZZ budi Santoso', nis: '1234', avatar: signedLink(budiAvatar) },
      { id: siti.id, name: 'zz Siti Aminah', nis: '1234', avatar: null },
    ]);
    expect(students.total).toBe(students.data.length);
    expect(students.data.map((x: { id: number }) => x.id)).not.toContain(s.outsider.id);
  });
});

describe('PUT /api/teacher/online-classes/{id}', () => {
  it('changes the name, description and rombel', async () => {
    const s = await t.factory.classScene();
    const rombel = await t.factory.rombel({ name: 'XI TKJ Pindahan' });
    const res = await t
      .as(s.teacher.token)
      .put(`${URL_}/${s.klass.id}`, { name: 'Nama Baru', description: 'Deskripsi baru', rombel_class_id: rombel.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLASS_MSG.classUpdated);
    expect(res.body.data).toMatchObject({
      id: s.klass.id,
      name: 'Nama Baru',
      description: 'Deskripsi baru',
      rombel: { id: rombel.id, name: 'XI TKJ Pindahan' },
      students: { data: [], total: 0 },
    });
    const cleared = await t
      .as(s.teacher.token)
      .put(`${URL_}/${s.klass.id}`, { name: 'Nama Baru', description: '', rombel_class_id: rombel.id });
    expect(cleared.body.data.description).toBeNull();
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.klass.id));
    expect(row).toMatchObject({ name: 'Nama Baru', description: null, rombelClassId: rombel.id });
  });

  it('refuses invalid values with 422 and leaves the class as it was', async () => {
    const s = await t.factory.classScene();
    const bad = await t.as(s.teacher.token).put(`${URL_}/${s.klass.id}`, { name: 'Baru', rombel_class_id: 999999 });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ success: false, message: MSG.rombelUnknown, errors: { rombel_class_id: [MSG.rombelUnknown] } });
    const empty = await t.as(s.teacher.token).put(`${URL_}/${s.klass.id}`, { name: '', rombel_class_id: 1 });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: [MSG.required] });
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.klass.id));
    expect(row).toMatchObject({ name: s.klass.name, rombelClassId: 1 });
  });
});

describe('DELETE /api/teacher/online-classes/{id}', () => {
  it('removes the class with its contents, materials, forums, comments, assignments, submissions and stored files', async () => {
    const s = await t.factory.classScene();
    const second = await t.factory.content(s.klass.id);
    const m1 = await t.factory.material(s.content.id);
    const m2 = await t.factory.material(second.id);
    const forum = await t.factory.forum(s.content.id, s.teacher.id);
    const comment = await t.factory.comment(forum.id, s.student.id);
    await t.factory.comment(forum.id, s.teacher.id, 'Balasan', comment.id);
    const assignment = await t.factory.assignment(second.id, s.teacher.id);
    const submission = await t.factory.submission(assignment.id, s.student.id);
    // Another class of the same teacher keeps everything.
    const keptClass = await t.factory.onlineClass(s.teacher.id);
    const keptLesson = await t.factory.content(keptClass.id);
    const keptMaterial = await t.factory.material(keptLesson.id);

    const fileIds = [m1.fileId, m2.fileId, submission.fileId];
    const keys = await storageKeys(t, fileIds);

    const res = await t.as(s.teacher.token).delete(`${URL_}/${s.klass.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CLASS_MSG.classDeleted });

    expect(await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.klass.id))).toEqual([]);
    await expectAllGone(t, {
      lessonIds: [s.content.id, second.id],
      materialIds: [m1.id, m2.id],
      forumIds: [forum.id],
      assignmentIds: [assignment.id],
      submissionIds: [submission.id],
      fileIds,
      keys,
    });
    await expectMaterialKept(t, keptMaterial);
    expect((await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.otherClass.id))).length).toBe(1);
    expect((await t.as(s.teacher.token).get(`${URL_}/${s.klass.id}`)).status).toBe(404);
  });

  it('answers 404 to a second delete', async () => {
    const s = await t.factory.classScene();
    expect((await t.as(s.teacher.token).delete(`${URL_}/${s.klass.id}`)).status).toBe(200);
    await expectNotFound(t, s.teacher.token, [['DELETE', `${URL_}/${s.klass.id}`]]);
  });
});

describe('OpenAPI', () => {
  it('documents the class, content, material and file endpoints with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const expected: Record<string, string[]> = {
      '/api/teacher/online-classes': ['get', 'post'],
      '/api/teacher/online-classes/{id}': ['get', 'put', 'delete'],
      '/api/teacher/online-classes/{classId}/contents': ['get', 'post'],
      '/api/teacher/online-classes/{classId}/contents/{lessonId}': ['get', 'put', 'delete'],
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/materials': ['post'],
      '/api/teacher/online-classes/{classId}/contents/{lessonId}/materials/{id}': ['delete'],
      '/api/files/{id}': ['get'],
    };
    for (const [p, methods] of Object.entries(expected)) {
      for (const m of methods) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    }
    const list = doc.paths['/api/teacher/online-classes'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(list)).toContain('avatar');
    expect(JSON.stringify(list)).not.toContain('students');
    const detail = doc.paths['/api/teacher/online-classes/{id}'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(detail)).toContain('students');
    expect(doc.paths['/api/files/{id}'].get.security).toEqual([]);
  });
});
