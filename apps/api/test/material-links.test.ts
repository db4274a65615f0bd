/**
 * Building lessons, materials (issue 21): link materials (http(s) only, YouTube ids), several files
 * in one upload (at most 20, all or none), renaming and changing a link, replacing a file (the old
 * stored file removed after the new one is stored, kept while another material shares it).
 */
import { describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { CLASS_MSG, LIMITS, MSG, titleFromFileName } from '@kelasku/contract';
import { samples, useTestApp, type FormFile } from './helpers.js';
import { expectNotFound } from './assignment-scene.js';
import { leavesNothing, storageKeys, storedOnDisk } from './class-files.js';
import { materials, onlineClasses, storedFiles } from '../src/db/schema.js';

const t = useTestApp();

/** Where a material lives: its class and content. */
type Where = { klass: { id: number }; content: { id: number } };
const lessonUrl = (classId: number, lessonId: number) => `/api/teacher/online-classes/${classId}/contents/${lessonId}`;
const linksUrl = (s: Where) => `${lessonUrl(s.klass.id, s.content.id)}/links`;
const batchUrl = (s: Where) => `${lessonUrl(s.klass.id, s.content.id)}/materials/batch`;
const materialUrl = (s: Where, id: number) => `${lessonUrl(s.klass.id, s.content.id)}/materials/${id}`;

const pdf = (name: string, text = name): FormFile => ({ name, data: samples.pdf(text), type: 'application/pdf' });
const pdfs = (n: number) => Array.from({ length: n }, (_, i) => pdf(`Modul ${i + 1}.pdf`));
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42';

const materialRows = (lessonId: number) =>
  t.db.select().from(materials).where(eq(materials.lessonId, lessonId)).orderBy(asc(materials.position), asc(materials.id));

/** The stored file's bytes are served by its signed link (200) or gone (404). */
const opens = async (link: string) => (await t.as().get(link)).status;

describe('access', () => {
  it('refuses every new write to admins and students (403) and without a token (401), storing nothing', async () => {
    const s = await t.factory.classScene();
    const m = await t.factory.material(s.content.id);
    await leavesNothing(t, async () => {
      for (const [token, status, message] of [
        [s.admin.token, 403, MSG.forbidden],
        [s.student.token, 403, MSG.forbidden],
        [s.outsider.token, 403, MSG.forbidden],
        [null, 401, MSG.unauthenticated],
      ] as const) {
        const calls = [
          await t.as(token).post(linksUrl(s), { title: 'Video', url: YOUTUBE }),
          await t.as(token).upload('POST', batchUrl(s), { title: 'A' }, { file: pdf('a.pdf') }),
          await t.as(token).put(materialUrl(s, m.id), { title: 'Baru' }),
          await t.as(token).upload('PUT', `${materialUrl(s, m.id)}/file`, {}, { file: pdf('b.pdf') }),
        ];
        for (const res of calls) {
          expect(res.status).toBe(status);
          expect(res.body).toEqual({ success: false, message });
        }
      }
    });
    expect(await materialRows(s.content.id)).toEqual([expect.objectContaining({ id: m.id, title: m.title, fileId: m.fileId })]);
  });

  it("answers 404 for another teacher's content, another class's content under this path and another content's material", async () => {
    const s = await t.factory.classScene();
    const sibling = await t.factory.content(s.klass.id);
    const siblingMaterial = await t.factory.material(sibling.id);
    const otherMaterial = await t.factory.material(s.otherLesson.id);
    const own = await t.factory.material(s.content.id);
    const foreignPaths = [
      { klass: s.otherClass, content: s.otherLesson },
      { klass: s.klass, content: s.otherLesson },
      { klass: s.klass, content: { id: 999999 } },
    ];
    await leavesNothing(t, async () => {
      for (const p of foreignPaths) {
        await expectNotFound(t, s.teacher.token, [['POST', linksUrl(p), { title: 'Video', url: YOUTUBE }]]);
        const batch = await t.as(s.teacher.token).upload('POST', batchUrl(p), {}, { file: pdf('a.pdf') });
        expect(batch.status).toBe(404);
        expect(batch.body).toEqual({ success: false, message: MSG.notFound });
      }
      await expectNotFound(t, s.otherTeacher.token, [
        ['POST', linksUrl(s), { title: 'Video', url: YOUTUBE }],
        ['PUT', materialUrl(s, own.id), { title: 'Milik orang' }],
      ]);
      await expectNotFound(t, s.teacher.token, [
        ['PUT', materialUrl(s, siblingMaterial.id), { title: 'Salah konten' }],
        ['PUT', materialUrl(s, otherMaterial.id), { title: 'Salah kelas' }],
        ['PUT', materialUrl({ klass: s.otherClass, content: s.otherLesson }, otherMaterial.id), { title: 'Kelas lain' }],
        ['PUT', materialUrl(s, 999999), { title: 'Tidak ada' }],
      ]);
      for (const [token, url] of [
        [s.teacher.token, `${materialUrl(s, siblingMaterial.id)}/file`],
        [s.teacher.token, `${materialUrl(s, otherMaterial.id)}/file`],
        [s.otherTeacher.token, `${materialUrl(s, own.id)}/file`],
      ] as const) {
        const res = await t.as(token).upload('PUT', url, {}, { file: pdf('ganti.pdf') });
        expect(res.status, url).toBe(404);
        expect(res.body).toEqual({ success: false, message: MSG.notFound });
      }
    });
    const titles = (
      await t.db
        .select()
        .from(materials)
        .where(inArray(materials.id, [own.id, siblingMaterial.id, otherMaterial.id]))
    ).map((m) => m.title);
    expect(titles.sort()).toEqual([own.title, siblingMaterial.title, otherMaterial.title].sort());
  });

  it('refuses every write under an archived class (409) and stores nothing', async () => {
    const s = await t.factory.classScene();
    const m = await t.factory.material(s.content.id);
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    await leavesNothing(t, async () => {
      for (const res of [
        await t.as(s.teacher.token).post(linksUrl(s), { title: 'Video', url: YOUTUBE }),
        await t.as(s.teacher.token).upload('POST', batchUrl(s), {}, { file: pdf('a.pdf') }),
        await t.as(s.teacher.token).put(materialUrl(s, m.id), { title: 'Baru' }),
        await t.as(s.teacher.token).upload('PUT', `${materialUrl(s, m.id)}/file`, {}, { file: pdf('b.pdf') }),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ success: false, message: CLASS_MSG.classArchived });
      }
    });
  });
});

describe('POST …/contents/{lessonId}/links', () => {
  it('adds a link at the end of the materials; a YouTube address carries its video id; the student sees it', async () => {
    const s = await t.factory.classScene();
    const file = await t.factory.material(s.content.id);
    const res = await t.as(s.teacher.token).post(linksUrl(s), { title: '  Video subnetting ', url: ` ${YOUTUBE} ` });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: CLASS_MSG.materialCreated,
      data: {
        id: expect.any(Number),
        kind: 'link',
        title: 'Video subnetting',
        file: null,
        filename: null,
        file_extension: '',
        size: null,
        mime: null,
        url: YOUTUBE,
        youtube_id: 'dQw4w9WgXcQ',
        position: file.position + 1,
        hidden: false,
        publish_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const form = await t.as(s.teacher.token).post(linksUrl(s), { title: 'Kuis', url: 'https://docs.google.com/forms/d/e/abc/viewform' });
    expect(form.status).toBe(201);
    expect(form.body.data).toMatchObject({ kind: 'link', youtube_id: null, position: file.position + 2 });

    const detail = await t.as(s.teacher.token).get(lessonUrl(s.klass.id, s.content.id));
    expect(detail.body.data.materials.map((m: { id: number }) => m.id)).toEqual([file.id, res.body.data.id, form.body.data.id]);
    const student = await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents/${s.content.id}`);
    expect(student.status).toBe(200);
    expect(student.body.data.materials[1]).toEqual(res.body.data);
  });

  it('takes the YouTube address forms youtu.be, shorts and embed', async () => {
    const s = await t.factory.classScene();
    for (const url of [
      'https://youtu.be/dQw4w9WgXcQ?si=x',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      const res = await t.as(s.teacher.token).post(linksUrl(s), { title: 'Video', url });
      expect(res.status, url).toBe(201);
      expect(res.body.data.youtube_id, url).toBe('dQw4w9WgXcQ');
    }
    const notVideo = await t.as(s.teacher.token).post(linksUrl(s), { title: 'Kanal', url: 'https://www.youtube.com/@sekolah' });
    expect(notVideo.body.data.youtube_id).toBeNull();
  });

  it('refuses javascript:, data:, ftp: and relative addresses, a 10 KB address and missing fields, adding nothing', async () => {
    const s = await t.factory.classScene();
    const bad = (field: string, message: string) => ({ success: false, message, errors: { [field]: [message] } });
    for (const url of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'ftp://files.sekolah.sch.id/modul.pdf',
      '/materi/modul.pdf',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
      'http://',
    ]) {
      const res = await t.as(s.teacher.token).post(linksUrl(s), { title: 'Tautan', url });
      expect(res.status, url).toBe(422);
      expect(res.body, url).toEqual(bad('url', CLASS_MSG.urlInvalid));
    }
    const long = await t
      .as(s.teacher.token)
      .post(linksUrl(s), { title: 'Panjang', url: `https://contoh.sch.id/?q=${'a'.repeat(10 * 1024)}` });
    expect(long.status).toBe(422);
    expect(long.body).toEqual(bad('url', CLASS_MSG.urlTooLong));
    const limit = `https://contoh.sch.id/?q=${'a'.repeat(LIMITS.urlMax - 25)}`;
    expect(limit).toHaveLength(LIMITS.urlMax);
    expect((await t.as(s.teacher.token).post(linksUrl(s), { title: 'Pas', url: `${limit}a` })).body).toEqual(
      bad('url', CLASS_MSG.urlTooLong),
    );

    const missing = await t.as(s.teacher.token).post(linksUrl(s), { title: ' ', url: '' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ success: false, message: MSG.required, errors: { title: [MSG.required], url: [MSG.required] } });
    const titleLong = await t.as(s.teacher.token).post(linksUrl(s), { title: 'x'.repeat(256), url: YOUTUBE });
    expect(titleLong.body).toEqual(bad('title', 'Maksimal 255 karakter'));
    expect(await materialRows(s.content.id)).toEqual([]);

    const atLimit = await t.as(s.teacher.token).post(linksUrl(s), { title: 'Pas', url: limit });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.data.url).toBe(limit);
  });
});

describe('POST …/contents/{lessonId}/materials/batch', () => {
  it('adds each file as a material in order, titled as given or after its file name', async () => {
    const s = await t.factory.classScene();
    const first = await t.factory.material(s.content.id);
    const files = [pdf('Modul Subnetting.pdf'), pdf('Lembar Kerja 1.PDF'), pdf('laporan.v2.pdf')];
    const res = await t.as(s.teacher.token).upload('POST', batchUrl(s), { title: [' Materi utama ', '  '] }, { file: files });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(CLASS_MSG.materialsCreated(3));
    expect(res.body.message).toBe('3 materi berhasil ditambahkan');
    expect(
      res.body.data.map((m: { title: string; filename: string; position: number; kind: string }) => [
        m.title,
        m.filename,
        m.position,
        m.kind,
      ]),
    ).toEqual([
      ['Materi utama', 'Modul Subnetting.pdf', first.position + 1, 'file'],
      ['Lembar Kerja 1', 'Lembar Kerja 1.PDF', first.position + 2, 'file'],
      ['laporan.v2', 'laporan.v2.pdf', first.position + 3, 'file'],
    ]);
    for (const [i, m] of (res.body.data as Array<{ file: string }>).entries()) {
      const opened = await t.as().get(m.file);
      expect(opened.status).toBe(200);
      expect(opened.raw.rawPayload.equals(files[i]!.data)).toBe(true);
    }
    expect((await materialRows(s.content.id)).map((m) => m.title)).toEqual([first.title, 'Materi utama', 'Lembar Kerja 1', 'laporan.v2']);
  });

  it('takes 20 files; refuses the 21st with nothing stored', async () => {
    const s = await t.factory.classScene();
    await leavesNothing(t, async () => {
      const res = await t.as(s.teacher.token).upload('POST', batchUrl(s), {}, { file: pdfs(21) });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: CLASS_MSG.materialBatchMax, errors: { file: [CLASS_MSG.materialBatchMax] } });
    });
    expect(await materialRows(s.content.id)).toEqual([]);

    const twenty = await t.as(s.teacher.token).upload('POST', batchUrl(s), {}, { file: pdfs(20) });
    expect(twenty.status).toBe(201);
    expect(twenty.body.message).toBe('20 materi berhasil ditambahkan');
    expect((await materialRows(s.content.id)).map((m) => m.title)).toEqual(pdfs(20).map((f) => f.name.replace('.pdf', '')));
  });

  it('refuses the whole batch for one file of a refused type, an empty file, no file or a title too long', async () => {
    const s = await t.factory.classScene();
    await leavesNothing(t, async () => {
      const exe = await t
        .as(s.teacher.token)
        .upload(
          'POST',
          batchUrl(s),
          {},
          { file: [pdf('a.pdf'), pdf('b.pdf'), { name: 'program.exe', data: samples.exe() }, pdf('c.pdf')] },
        );
      expect(exe.status).toBe(415);
      expect(exe.body).toEqual({ success: false, message: MSG.fileType, errors: { file: [MSG.fileType] } });
      const disguised = await t
        .as(s.teacher.token)
        .upload('POST', batchUrl(s), {}, { file: [pdf('a.pdf'), { name: 'modul.pdf', data: samples.exe() }] });
      expect(disguised.status).toBe(415);
      expect(disguised.body.message).toBe(MSG.fileType);
      const empty = await t
        .as(s.teacher.token)
        .upload('POST', batchUrl(s), {}, { file: [pdf('a.pdf'), { name: 'kosong.pdf', data: Buffer.alloc(0) }] });
      expect(empty.status).toBe(422);
      expect(empty.body).toEqual({ success: false, message: MSG.fileEmpty, errors: { file: [MSG.fileEmpty] } });
      const none = await t.as(s.teacher.token).upload('POST', batchUrl(s), { title: 'Tanpa file' }, {});
      expect(none.status).toBe(422);
      expect(none.body).toEqual({ success: false, message: MSG.fileRequired, errors: { file: [MSG.fileRequired] } });
      const long = await t.as(s.teacher.token).upload('POST', batchUrl(s), { title: ['Pendek', 'x'.repeat(256)] }, { file: pdfs(2) });
      expect(long.status).toBe(422);
      expect(long.body).toEqual({ success: false, message: 'Maksimal 255 karakter', errors: { 'title.1': ['Maksimal 255 karakter'] } });
      const json = await t.as(s.teacher.token).post(batchUrl(s), { file: 'a.pdf' });
      expect(json.status).toBe(415);
    });
    expect(await materialRows(s.content.id)).toEqual([]);
  });

  it('names a material after its file, without the extension, at most 255 characters', () => {
    expect(titleFromFileName('Modul 1.pdf')).toBe('Modul 1');
    expect(titleFromFileName('C:\\Users\\guru\\arsip.tar.gz')).toBe('arsip.tar');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
    expect(titleFromFileName('   .docx')).toBe('Materi');
    expect(titleFromFileName(`${'a'.repeat(300)}.pdf`)).toBe('a'.repeat(255));
  });
});

describe('PUT …/materials/{id}', () => {
  it('renames a file material and keeps its file', async () => {
    const s = await t.factory.classScene();
    const m = await t.factory.material(s.content.id);
    const res = await t.as(s.teacher.token).put(materialUrl(s, m.id), { title: '  Modul baru ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: CLASS_MSG.materialUpdated,
      data: { id: m.id, kind: 'file', title: 'Modul baru', url: null },
    });
    expect(new Date(res.body.data.updated_at).getTime()).toBeGreaterThan(m.updatedAt.getTime());
    expect(await opens(res.body.data.file)).toBe(200);
    const [row] = await t.db.select().from(materials).where(eq(materials.id, m.id));
    expect(row).toMatchObject({ title: 'Modul baru', fileId: m.fileId, url: null });
  });

  it("changes a link's address and title; a file material's address is refused", async () => {
    const s = await t.factory.classScene();
    const link = (await t.as(s.teacher.token).post(linksUrl(s), { title: 'Situs', url: 'https://contoh.sch.id' })).body.data;
    const res = await t.as(s.teacher.token).put(materialUrl(s, link.id), { title: 'Video', url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: link.id,
      kind: 'link',
      title: 'Video',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      youtube_id: 'dQw4w9WgXcQ',
    });
    const renamed = await t.as(s.teacher.token).put(materialUrl(s, link.id), { title: 'Video saja' });
    expect(renamed.body.data).toMatchObject({ title: 'Video saja', url: 'https://youtu.be/dQw4w9WgXcQ' });

    for (const url of ['javascript:alert(1)', 'data:text/plain,hai', `https://contoh.sch.id/${'b'.repeat(10 * 1024)}`]) {
      const bad = await t.as(s.teacher.token).put(materialUrl(s, link.id), { title: 'Video', url });
      expect(bad.status).toBe(422);
      const message = url.startsWith('https') ? CLASS_MSG.urlTooLong : CLASS_MSG.urlInvalid;
      expect(bad.body).toEqual({ success: false, message, errors: { url: [message] } });
    }
    const blank = await t.as(s.teacher.token).put(materialUrl(s, link.id), { title: '' });
    expect(blank.body).toEqual({ success: false, message: MSG.required, errors: { title: [MSG.required] } });

    const file = await t.factory.material(s.content.id);
    const refused = await t.as(s.teacher.token).put(materialUrl(s, file.id), { title: 'Jadi tautan', url: 'https://contoh.sch.id' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, message: CLASS_MSG.materialNotLink, errors: { url: [CLASS_MSG.materialNotLink] } });
    const rows = await t.db
      .select()
      .from(materials)
      .where(inArray(materials.id, [link.id, file.id]))
      .orderBy(asc(materials.id));
    expect(rows.map((r) => [r.title, r.url, r.fileId])).toEqual([
      ['Video saja', 'https://youtu.be/dQw4w9WgXcQ', null],
      [file.title, null, file.fileId],
    ]);
  });
});

describe('PUT …/materials/{id}/file', () => {
  it('replaces the file; the old stored file is removed after; the title stays unless given', async () => {
    const s = await t.factory.classScene();
    const old = await t
      .as(s.teacher.token)
      .upload('POST', `${lessonUrl(s.klass.id, s.content.id)}/materials`, { title: 'Modul' }, { file: pdf('lama.pdf') });
    const [oldKey] = await storageKeys(t, [(await t.db.select().from(materials).where(eq(materials.id, old.body.data.id)))[0]!.fileId!]);
    const data = samples.pdf('versi baru');
    const res = await t
      .as(s.teacher.token)
      .upload('PUT', `${materialUrl(s, old.body.data.id)}/file`, {}, { file: pdf('baru.pdf', 'versi baru') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: CLASS_MSG.materialUpdated,
      data: {
        id: old.body.data.id,
        kind: 'file',
        title: 'Modul',
        filename: 'baru.pdf',
        size: data.length,
        position: old.body.data.position,
      },
    });
    const opened = await t.as().get(res.body.data.file);
    expect(opened.status).toBe(200);
    expect(opened.raw.rawPayload.equals(data)).toBe(true);
    expect(await opens(old.body.data.file)).toBe(404);
    expect(await storedOnDisk(t)).not.toContain(oldKey);

    const retitled = await t
      .as(s.teacher.token)
      .upload('PUT', `${materialUrl(s, old.body.data.id)}/file`, { title: ' Modul revisi ' }, { file: pdf('revisi.pdf') });
    expect(retitled.body.data).toMatchObject({ title: 'Modul revisi', filename: 'revisi.pdf' });
    expect(await opens(res.body.data.file)).toBe(404);
  });

  it('refuses a link material, a refused type and a missing file, storing nothing and keeping the old file', async () => {
    const s = await t.factory.classScene();
    const link = (await t.as(s.teacher.token).post(linksUrl(s), { title: 'Situs', url: 'https://contoh.sch.id' })).body.data;
    const m = await t.factory.material(s.content.id);
    await leavesNothing(t, async () => {
      const notFile = await t.as(s.teacher.token).upload('PUT', `${materialUrl(s, link.id)}/file`, {}, { file: pdf('a.pdf') });
      expect(notFile.status).toBe(422);
      expect(notFile.body).toEqual({ success: false, message: CLASS_MSG.materialNotFile, errors: { file: [CLASS_MSG.materialNotFile] } });
      const exe = await t
        .as(s.teacher.token)
        .upload('PUT', `${materialUrl(s, m.id)}/file`, {}, { file: { name: 'virus.exe', data: samples.exe() } });
      expect(exe.status).toBe(415);
      expect(exe.body).toEqual({ success: false, message: MSG.fileType, errors: { file: [MSG.fileType] } });
      const none = await t.as(s.teacher.token).upload('PUT', `${materialUrl(s, m.id)}/file`, { title: 'Baru' }, {});
      expect(none.status).toBe(422);
      expect(none.body).toEqual({ success: false, message: MSG.fileRequired, errors: { file: [MSG.fileRequired] } });
      const two = await t.as(s.teacher.token).upload('PUT', `${materialUrl(s, m.id)}/file`, {}, { file: pdfs(2) });
      expect(two.status).toBe(422);
    });
    const [row] = await t.db.select().from(materials).where(eq(materials.id, m.id));
    expect(row).toMatchObject({ fileId: m.fileId, title: m.title });
  });
});

describe('a stored file shared by materials (copies in other classes)', () => {
  it('stays served after one of its materials is deleted, and goes with the last one', async () => {
    const s = await t.factory.classScene();
    const other = await t.factory.onlineClass(s.teacher.id, { rombelId: 2 });
    const otherLesson = await t.factory.content(other.id);
    const a = await t.factory.material(s.content.id);
    const b = await t.factory.material(otherLesson.id, { fileId: a.fileId });
    const [key] = await storageKeys(t, [a.fileId]);
    const linkOfB = (await t.as(s.teacher.token).get(lessonUrl(other.id, otherLesson.id))).body.data.materials[0].file;

    const del = await t.as(s.teacher.token).delete(materialUrl(s, a.id));
    expect(del.status).toBe(200);
    expect(await opens(linkOfB)).toBe(200);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, a.fileId))).toHaveLength(1);
    expect(await storedOnDisk(t)).toContain(key);

    await t.as(s.teacher.token).delete(materialUrl({ klass: other, content: otherLesson }, b.id));
    expect(await opens(linkOfB)).toBe(404);
    expect(await storedOnDisk(t)).not.toContain(key);
  });

  it('is kept for the other material when one material replaces its file', async () => {
    const s = await t.factory.classScene();
    const other = await t.factory.onlineClass(s.teacher.id, { rombelId: 2 });
    const otherLesson = await t.factory.content(other.id);
    const a = await t.factory.material(s.content.id);
    await t.factory.material(otherLesson.id, { fileId: a.fileId });
    const linkOfB = (await t.as(s.teacher.token).get(lessonUrl(other.id, otherLesson.id))).body.data.materials[0].file;

    const res = await t.as(s.teacher.token).upload('PUT', `${materialUrl(s, a.id)}/file`, {}, { file: pdf('baru.pdf') });
    expect(res.status).toBe(200);
    expect(await opens(linkOfB)).toBe(200);
    expect(await opens(res.body.data.file)).toBe(200);
  });

  it('a link material is deleted like a file material', async () => {
    const s = await t.factory.classScene();
    const link = (await t.as(s.teacher.token).post(linksUrl(s), { title: 'Situs', url: 'https://contoh.sch.id' })).body.data;
    const res = await t.as(s.teacher.token).delete(materialUrl(s, link.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CLASS_MSG.materialDeleted });
    expect(await materialRows(s.content.id)).toEqual([]);
  });
});

describe('the page policy', () => {
  it("lets the pages frame YouTube's privacy-enhanced player and the app's own files, nothing else", async () => {
    const res = await t.as().get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
