import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLASS_MSG, MB, MSG } from '@kelasku/contract';
import { multipartBody, readStored, samples, uploadsUnderWay, useTestApp } from './helpers.js';
import { expectNotFound } from './assignment-scene.js';
import { materials, storedFiles } from '../src/db/schema.js';
import { storedOnDisk, storedRowCount } from './class-files.js';

const t = useTestApp();

const materialsUrl = (classId: number, lessonId: number) => `/api/teacher/online-classes/${classId}/contents/${lessonId}/materials`;

const pdfFile = (name = 'Modul 1.pdf', data = samples.pdf('modul')) => ({ file: { name, data, type: 'application/pdf' } });

const rowCount = () => storedRowCount(t);
const filesOnDisk = () => storedOnDisk(t);

describe('access', () => {
  it('refuses upload and delete to admins and students (403) and without a token (401), storing nothing', async () => {
    const s = await t.factory.classScene();
    const material = await t.factory.material(s.content.id);
    const url = materialsUrl(s.klass.id, s.content.id);
    const before = { rows: await rowCount(), disk: await filesOnDisk() };
    for (const [token, status, message] of [
      [s.admin.token, 403, MSG.forbidden],
      [s.student.token, 403, MSG.forbidden],
      [s.outsider.token, 403, MSG.forbidden],
      [null, 401, MSG.unauthenticated],
    ] as const) {
      const up = await t.as(token).upload('POST', url, { title: 'Materi' }, pdfFile());
      expect(up.status).toBe(status);
      expect(up.body).toEqual({ success: false, message });
      const del = await t.as(token).delete(`${url}/${material.id}`);
      expect(del.status).toBe(status);
      expect(del.body).toEqual({ success: false, message });
    }
    expect(await rowCount()).toBe(before.rows);
    expect(await filesOnDisk()).toEqual(before.disk);
    expect(await t.db.select().from(materials).where(eq(materials.id, material.id))).toHaveLength(1);
  });

  it("answers 404 for another teacher's content, a content of another class under this path, and a material of another content", async () => {
    const s = await t.factory.classScene();
    const sibling = await t.factory.content(s.klass.id);
    const material = await t.factory.material(s.content.id);
    const siblingMaterial = await t.factory.material(sibling.id);
    const otherMaterial = await t.factory.material(s.otherLesson.id);
    const before = { rows: await rowCount(), disk: await filesOnDisk() };
    for (const url of [
      materialsUrl(s.otherClass.id, s.otherLesson.id),
      materialsUrl(s.klass.id, s.otherLesson.id),
      materialsUrl(s.klass.id, 999999),
    ]) {
      const res = await t.as(s.teacher.token).upload('POST', url, { title: 'Materi' }, pdfFile());
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
    // The other teacher cannot upload into this teacher's content either.
    const foreign = await t.as(s.otherTeacher.token).upload('POST', materialsUrl(s.klass.id, s.content.id), { title: 'Materi' }, pdfFile());
    expect(foreign.status).toBe(404);
    expect(await rowCount()).toBe(before.rows);
    expect(await filesOnDisk()).toEqual(before.disk);

    await expectNotFound(t, s.teacher.token, [
      ['DELETE', `${materialsUrl(s.klass.id, s.content.id)}/${siblingMaterial.id}`],
      ['DELETE', `${materialsUrl(s.klass.id, s.content.id)}/${otherMaterial.id}`],
      ['DELETE', `${materialsUrl(s.klass.id, s.otherLesson.id)}/${otherMaterial.id}`],
      ['DELETE', `${materialsUrl(s.otherClass.id, s.otherLesson.id)}/${otherMaterial.id}`],
      ['DELETE', `${materialsUrl(s.klass.id, s.content.id)}/999999`],
      ['DELETE', `${materialsUrl(s.klass.id, s.content.id)}/abc`],
    ]);
    await expectNotFound(t, s.otherTeacher.token, [['DELETE', `${materialsUrl(s.klass.id, s.content.id)}/${material.id}`]]);
    const left = await t.db.select().from(materials);
    for (const m of [material, siblingMaterial, otherMaterial]) expect(left.map((r) => r.id)).toContain(m.id);
  });
});

describe('POST …/contents/{lessonId}/materials', () => {
  it('stores the file and answers the material, which then shows in the content with a link that opens', async () => {
    const s = await t.factory.classScene();
    const data = samples.pdf('Subnetting kelas C');
    const res = await t
      .as(s.teacher.token)
      .upload('POST', materialsUrl(s.klass.id, s.content.id), { title: 'Subnetting' }, pdfFile('Subnetting Kelas C.pdf', data));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: CLASS_MSG.materialCreated,
      data: {
        id: expect.any(Number),
        kind: 'file',
        title: 'Subnetting',
        file: expect.stringMatching(/^\/api\/files\/\d+\?e=\d+&s=[A-Za-z0-9_-]{32}&u=\d+$/),
        filename: 'Subnetting Kelas C.pdf',
        file_extension: 'pdf',
        size: data.length,
        mime: 'application/pdf',
        url: null,
        youtube_id: null,
        position: 1,
        hidden: false,
        publish_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const [row] = await t.db.select().from(materials).where(eq(materials.id, res.body.data.id));
    expect(row).toMatchObject({ lessonId: s.content.id, title: 'Subnetting' });
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId!));
    expect(file).toMatchObject({ originalName: 'Subnetting Kelas C.pdf', mimeType: 'application/pdf', size: data.length });

    const detail = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}`);
    expect(detail.body.data.materials).toEqual([{ ...res.body.data, file: expect.any(String) }]);
    const opened = await t.as().get(detail.body.data.materials[0].file);
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.raw.rawPayload.equals(data)).toBe(true);
  });

  it('takes a video and lets it be played from any point', async () => {
    const s = await t.factory.classScene();
    const video = Buffer.concat([Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex'), Buffer.alloc(MB, 7)]);
    const res = await t
      .as(s.teacher.token)
      .upload(
        'POST',
        materialsUrl(s.klass.id, s.content.id),
        { title: 'Video crimping' },
        { file: { name: 'crimping.mp4', data: video, type: 'video/mp4' } },
      );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ mime: 'video/mp4', file_extension: 'mp4', size: video.length });
    const part = await t.as().request('GET', res.body.data.file, undefined, { range: 'bytes=524288-524297' });
    expect(part.status).toBe(206);
    expect(part.raw.rawPayload.equals(video.subarray(524288, 524298))).toBe(true);
  });

  it('refuses a missing title, a missing file and a file that is not allowed, keeping nothing', async () => {
    const s = await t.factory.classScene();
    const url = materialsUrl(s.klass.id, s.content.id);
    const before = { rows: await rowCount(), disk: await filesOnDisk() };
    const noTitle = await t.as(s.teacher.token).upload('POST', url, {}, pdfFile());
    expect(noTitle.status).toBe(422);
    expect(noTitle.body).toEqual({ success: false, message: MSG.required, errors: { title: [MSG.required] } });
    const noFile = await t.as(s.teacher.token).upload('POST', url, { title: 'Materi' }, {});
    expect(noFile.status).toBe(422);
    expect(noFile.body).toEqual({ success: false, message: MSG.fileRequired, errors: { file: [MSG.fileRequired] } });
    const exe = await t.as(s.teacher.token).upload('POST', url, { title: 'Program' }, { file: { name: 'virus.exe', data: samples.exe() } });
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe(MSG.fileType);
    expect(await rowCount()).toBe(before.rows);
    expect(await filesOnDisk()).toEqual(before.disk);
    expect(await t.db.select().from(materials).where(eq(materials.lessonId, s.content.id))).toEqual([]);
  });

  it('answers 404 and keeps nothing when the content is deleted while the file is arriving', async () => {
    const s = await t.factory.classScene();
    const before = { rows: await rowCount(), disk: await filesOnDisk() };
    const underWay = uploadsUnderWay(t.app.files.storage);
    const { payload, contentType } = multipartBody(
      { title: 'Terlambat' },
      pdfFile('telat.pdf', Buffer.concat([samples.pdf(), Buffer.alloc(2 * MB, 0x20)])),
    );
    const body = new PassThrough();
    const upload = t.app.inject({
      method: 'POST',
      url: materialsUrl(s.klass.id, s.content.id),
      headers: { authorization: `Bearer ${s.teacher.token}`, 'content-type': contentType, 'content-length': String(payload.length) },
      payload: body,
    });
    body.write(payload.subarray(0, MB));
    // The upload is under way: its bytes are reaching storage.
    for (let i = 0; i < 200 && underWay().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(underWay()).toHaveLength(1);
    const deleted = await t.as(s.teacher.token).delete(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}`);
    expect(deleted.status).toBe(200);
    body.end(payload.subarray(MB));
    const res = await upload;
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.notFound });
    expect(await rowCount()).toBe(before.rows);
    expect(await filesOnDisk()).toEqual(before.disk);
  });
});

describe('DELETE …/contents/{lessonId}/materials/{id}', () => {
  it('removes the material and its stored file; its link stops working; other materials stay', async () => {
    const s = await t.factory.classScene();
    const url = materialsUrl(s.klass.id, s.content.id);
    const first = await t.as(s.teacher.token).upload('POST', url, { title: 'Hapus aku' }, pdfFile('hapus.pdf'));
    const second = await t.as(s.teacher.token).upload('POST', url, { title: 'Tetap' }, pdfFile('tetap.pdf'));
    const [row] = await t.db.select().from(materials).where(eq(materials.id, first.body.data.id));
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId!));
    expect(await readStored(t.app.files.storage, file!.storageKey)).not.toBeNull();

    const res = await t.as(s.teacher.token).delete(`${url}/${first.body.data.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CLASS_MSG.materialDeleted });
    expect(await t.db.select().from(materials).where(eq(materials.id, first.body.data.id))).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, file!.id))).toEqual([]);
    expect(await readStored(t.app.files.storage, file!.storageKey)).toBeNull();
    expect((await t.as().get(first.body.data.file)).status).toBe(404);

    const detail = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}`);
    expect(detail.body.data.materials.map((m: { id: number }) => m.id)).toEqual([second.body.data.id]);
    expect((await t.as().get(second.body.data.file)).status).toBe(200);
    await expectNotFound(t, s.teacher.token, [['DELETE', `${url}/${first.body.data.id}`]]);
  });
});
