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
    await expectOtherRolesRefused(t, [s.admin, s.student, s.outsider], [
      ['GET', URL_],
      ['POST', URL_, body],
      ['GET', `${URL_}/${s.klass.id}`],
      ['PUT', `${URL_}/${s.klass.id}`, body],
      ['DELETE', `${URL_}/${s.klass.id}`],
    ]);
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.klass.id));
    expect(row!.name).toBe(s.klass.name);
  });

  it('answers 404 for another teacher\'s class and for ids that do not exist, and changes nothing', async () => {
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
  it('lists only the teacher\'s classes, by rombel name then class name, each with every field of SPEC §3', async () => {
    const teacher = await t.factory.teacher({ name: 'Bu Sri Wahyuningsih Kusumawardani' });
    const avatar = await giveAvatar(teacher.id);
    const rombelB = await t.factory.rombel({ name: 'XII TKJ Zulu' });
    const rombelA = await t.factory.rombel({ name: 'xii tkj alfa' });
    const zeta = await t.factory.onlineClass(teacher.id, { rombelId: rombelA.id, name: 'Zeta Jaringan', description: 'Tentang kelas' });
    const beta = await t.factory.onlineClass(teacher.id, { rombelId: rombelA.id, name: 'beta Sistem' });
    const alpha = await t.factory.onlineClass(teacher.id, { rombelId: rombelB.id, name: 'Alpha Web' });
    const other = await t.factory.teacher();
    await t.factory.onlineClass(other.id, { rombelId: rombelA.id, name: 'Bukan milikku' });
    const siti = await t.factory.student({ rombelId: rombelA.id, name: 'Siti Aminah' });
    const budi = await t.factory.student({ rombelId: rombelA.id, name: 'budi Santoso' });
    const budiAvatar = await giveAvatar(budi.id);
    await t.factory.student({ rombelId: rombelB.id, name: 'Citra' });

    const res = await t.as(teacher.token).get(URL_);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([beta.id, zeta.id, alpha.id]);
    const teacherShape = {
      teacher: { name: teacher.name, avatar: signedLink(avatar) },
      teacher_id: teacher.id,
      teacher_name: teacher.name,
      teacher_avatar: signedLink(avatar),
    };
    expect(res.body.data[1]).toEqual({
      id: zeta.id,
      name: 'Zeta Jaringan',
      description: 'Tentang kelas',
      rombel_class_id: rombelA.id,
      rombel_id: rombelA.id,
      rombel_name: 'xii tkj alfa',
      rombel_class: { id: rombelA.id, name: 'xii tkj alfa' },
      ...teacherShape,
      students: {
        data: [
          { id: budi.id, name: 'budi Santoso', nis: '1234', avatar: signedLink(budiAvatar) },
          { id: siti.id, name: 'Siti Aminah', nis: '1234', avatar: null },
        ],
        total: 2,
      },
      created_at: zeta.createdAt.toISOString(),
      updated_at: zeta.updatedAt.toISOString(),
    });
    expect(res.body.data[0].description).toBeNull();
    expect(res.body.data[2].students).toEqual({ data: [expect.objectContaining({ name: 'Citra' })], total: 1 });
    // The signed links open without a bearer token.
    const img = await t.as().get(res.body.data[0].teacher_avatar);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('answers an empty list for a teacher without classes', async () => {
    const teacher = await t.factory.teacher();
    const res = await t.as(teacher.token).get(URL_);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it('runs the same number of queries for 1 class as for 8 classes of 4 rombels full of students', async () => {
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
    expect(bigList.body.data.every((c: any) => c.students.total === 3)).toBe(true);
    expect(eight).toBe(one);
    expect(one).toBeLessThanOrEqual(4);
  });
});

describe('POST /api/teacher/online-classes', () => {
  it('creates a class for a rombel and answers it in the list\'s shape', async () => {
    const teacher = await t.factory.teacher();
    const rombel = await t.factory.rombel({ name: 'X TKJ Baru' });
    const student = await t.factory.student({ rombelId: rombel.id, name: 'Dewi' });
    const res = await t.as(teacher.token).post(URL_, { name: '  Administrasi Jaringan  ', description: 'Semester ganjil', rombel_class_id: rombel.id });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(CLASS_MSG.classCreated);
    expect(res.body.data).toMatchObject({
      name: 'Administrasi Jaringan',
      description: 'Semester ganjil',
      rombel_class_id: rombel.id,
      rombel_name: 'X TKJ Baru',
      teacher_id: teacher.id,
      teacher_name: teacher.name,
      teacher_avatar: null,
      students: { data: [{ id: student.id, name: 'Dewi', nis: '1234', avatar: null }], total: 1 },
    });
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, res.body.data.id));
    expect(row).toMatchObject({ name: 'Administrasi Jaringan', teacherId: teacher.id, rombelClassId: rombel.id });
    const list = await t.as(teacher.token).get(URL_);
    expect(list.body.data).toEqual([res.body.data]);
  });

  it('accepts a form\'s string rombel id, and a blank or missing description as none', async () => {
    const teacher = await t.factory.teacher();
    for (const extra of [{ description: '   ' }, {}, { description: null }]) {
      const res = await t.as(teacher.token).post(URL_, { name: 'Kelas', rombel_class_id: '2', ...extra });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ rombel_class_id: 2, description: null });
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
      [{ name: '', description: 'x'.repeat(10_001), rombel_class_id: 1 }, { name: [MSG.required], description: ['Maksimal 10000 karakter'] }],
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
  it('answers one class in the same shape as the list', async () => {
    const s = await t.factory.classScene();
    const res = await t.as(s.teacher.token).get(`${URL_}/${s.klass.id}`);
    expect(res.status).toBe(200);
    const list = await t.as(s.teacher.token).get(URL_);
    expect(res.body).toEqual({ success: true, data: list.body.data.find((c: { id: number }) => c.id === s.klass.id) });
    expect(res.body.data.students.data).toContainEqual({ id: s.student.id, name: s.student.name, nis: '1234', avatar: null });
    expect(res.body.data.students.data.map((x: { id: number }) => x.id)).not.toContain(s.outsider.id);
  });
});

describe('PUT /api/teacher/online-classes/{id}', () => {
  it('changes the name, description and rombel', async () => {
    const s = await t.factory.classScene();
    const rombel = await t.factory.rombel({ name: 'XI TKJ Pindahan' });
    const res = await t.as(s.teacher.token).put(`${URL_}/${s.klass.id}`, { name: 'Nama Baru', description: 'Deskripsi baru', rombel_class_id: rombel.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLASS_MSG.classUpdated);
    expect(res.body.data).toMatchObject({ id: s.klass.id, name: 'Nama Baru', description: 'Deskripsi baru', rombel_class_id: rombel.id, rombel_name: 'XI TKJ Pindahan', students: { data: [], total: 0 } });
    const cleared = await t.as(s.teacher.token).put(`${URL_}/${s.klass.id}`, { name: 'Nama Baru', description: '', rombel_class_id: rombel.id });
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
    const keptContent = await t.factory.content(keptClass.id);
    const keptMaterial = await t.factory.material(keptContent.id);

    const fileIds = [m1.fileId, m2.fileId, submission.fileId];
    const keys = await storageKeys(t, fileIds);

    const res = await t.as(s.teacher.token).delete(`${URL_}/${s.klass.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CLASS_MSG.classDeleted });

    expect(await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.klass.id))).toEqual([]);
    await expectAllGone(t, {
      contentIds: [s.content.id, second.id],
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
      '/api/teacher/online-classes/{classId}/contents/{contentId}': ['get', 'put', 'delete'],
      '/api/teacher/online-classes/{classId}/contents/{contentId}/materials': ['post'],
      '/api/teacher/online-classes/{classId}/contents/{contentId}/materials/{id}': ['delete'],
      '/api/files/{id}': ['get'],
    };
    for (const [p, methods] of Object.entries(expected)) {
      for (const m of methods) expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    }
    const list = doc.paths['/api/teacher/online-classes'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(list)).toContain('teacher_avatar');
    expect(doc.paths['/api/files/{id}'].get.security).toEqual([]);
  });
});
