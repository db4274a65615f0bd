/**
 * A full disk (issue 35): the storage folder on a real 2 MB tmpfs (test/small-fs.ts). Every upload
 * that does not fit — a material and a hand-in (multipart), an avatar, a resumable (tus) upload —
 * answers 507 "Penyimpanan server penuh …" (never 500, never "Unggahan terputus"), leaves no file
 * and no row, is logged at error level, and the active admins get exactly one notice for a burst,
 * also when a second instance meets the full disk too.
 */
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kelasku/contract';
import { buildApp } from '../src/app.js';
import { createTestApp, filesUnder, samples, type TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import { smallFileSystem, type SmallFileSystem } from './small-fs.js';

const FULL = 'Penyimpanan server penuh. Unggahan belum tersimpan; beri tahu admin sekolah.';

let small: SmallFileSystem;
let t: TestContext;
let second: FastifyInstance | null = null;
let base: string;
let teacher: TestUser;
let student: TestUser;
let admins: TestUser[];
let sleepingAdmin: TestUser;
let materialsUrl: string;
let assignmentId: number;

/** A PDF of `size` bytes (a real header, then filler): more than the 2 MB file system holds. */
const pdfOf = (size: number) => Buffer.concat([samples.pdf(), Buffer.alloc(size, 0x20)]).subarray(0, size);
const BIG = 3 * 1024 * 1024;

beforeAll(async () => {
  small = await smallFileSystem(2 * 1024 * 1024);
  t = await createTestApp({ STORAGE_DIR: small.dir, RESUMABLE_STORE: 'folder', STORAGE: 'folder' });
  teacher = await t.factory.teacher();
  student = await t.factory.student({ rombelId: 1 });
  admins = [await t.factory.admin(), await t.factory.admin()];
  sleepingAdmin = await t.factory.admin({ status: 0 });
  const klass = await t.factory.onlineClass(teacher.id, { rombelId: 1 });
  const content = await t.factory.content(klass.id);
  assignmentId = (await t.factory.assignment(content.id, teacher.id)).id;
  materialsUrl = `/api/teacher/online-classes/${klass.id}/contents/${content.id}/materials`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await second?.close();
  await t?.close();
  await small?.remove();
});

/** Every file on the small file system, folders aside. */
const leftovers = () => filesUnder(small.dir);

async function count(query: string): Promise<number> {
  const res = (await t.db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: number }> };
  return Number(res.rows[0]!.n);
}

/** storage_full notices per user. */
async function notices(userId: number): Promise<number> {
  return count(`select count(*)::int as n from notifications where kind = 'storage_full' and user_id = ${userId}`);
}

function tus(method: string, route: string, headers: Record<string, string>, body?: Buffer) {
  return fetch(`${base}${route}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${student.token}`, ...headers },
    ...(body ? { body } : {}),
  });
}

describe('a full disk', () => {
  it('answers a material upload 507 with its message, keeps nothing, logs an error and tells the admins once', async () => {
    const res = await t
      .as(teacher.token)
      .upload('POST', materialsUrl, { title: 'Modul besar' }, { file: { name: 'modul.pdf', data: pdfOf(BIG) } });
    expect(res.status, JSON.stringify(res.body)).toBe(507);
    expect(res.body).toEqual({ success: false, message: FULL });
    expect(MSG.storageFull).toBe(FULL);
    expect(await leftovers()).toEqual([]);
    expect(await count('select count(*)::int as n from stored_files')).toBe(0);
    expect(await count('select count(*)::int as n from materials')).toBe(0);
    const logged = t.logs.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { code?: string } });
    const line = logged.find((l) => l.msg === 'storage full: upload not stored');
    expect(line?.level).toBe(50); // error
    expect(line?.err?.code).toBe('ENOSPC');
    for (const a of admins) expect(await notices(a.id)).toBe(1);
    expect(await notices(sleepingAdmin.id)).toBe(0);
    expect(await notices(teacher.id)).toBe(0);
    // The bell says what happened.
    const bell = await t.as(admins[0]!.token).get('/api/notifications');
    expect(bell.body.data.items[0]).toMatchObject({
      kind: 'storage_full',
      text: 'Penyimpanan server penuh: unggahan siswa dan guru gagal tersimpan. Kosongkan ruang disk server atau tambah kapasitasnya.',
      link: '/',
    });
  });

  it('answers a burst of hand-ins and an avatar 507 too: no file, no row, still one notice per admin', async () => {
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t
          .as(student.token)
          .upload('POST', `/api/student/submissions/${assignmentId}`, {}, { files: { name: `tugas-${i}.pdf`, data: pdfOf(BIG) } }),
      ),
    );
    for (const r of burst) {
      expect(r.status, JSON.stringify(r.body)).toBe(507);
      expect(r.body.message).toBe(FULL);
    }
    const jpeg = Buffer.concat([samples.jpeg(), Buffer.alloc(BIG)]);
    const avatar = await t
      .as(student.token)
      .upload('POST', '/api/profile/update-avatar', {}, { avatar: { name: 'foto.jpg', data: jpeg, type: 'image/jpeg' } });
    expect(avatar.status).toBe(507);
    expect(avatar.body.message).toBe(FULL);
    expect(await leftovers()).toEqual([]);
    expect(await count('select count(*)::int as n from stored_files')).toBe(0);
    expect(await count('select count(*)::int as n from submissions')).toBe(0);
    expect(await count(`select count(*)::int as n from users where id = ${student.id} and avatar_file_id is not null`)).toBe(0);
    for (const a of admins) expect(await notices(a.id)).toBe(1);
  });

  it('answers a resumable (tus) upload 507 with the message and deletes it with what arrived', async () => {
    const made = await tus('POST', '/api/uploads', {
      'upload-length': String(BIG),
      'upload-metadata': `filename ${Buffer.from('tugas.pdf').toString('base64')}`,
    });
    expect(made.status).toBe(201);
    const id = /([0-9a-f]{32})$/.exec(made.headers.get('location') ?? '')![1]!;
    const sent = await tus(
      'PATCH',
      `/api/uploads/${id}`,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      pdfOf(BIG),
    );
    expect(sent.status).toBe(507);
    expect(sent.headers.get('tus-resumable')).toBe('1.0.0');
    expect(await sent.json()).toEqual({ success: false, message: FULL });
    // Gone, with its bytes: a retry starts again once the admin has made room.
    expect((await tus('HEAD', `/api/uploads/${id}`, {})).status).toBe(404);
    expect(await count('select count(*)::int as n from resumable_uploads')).toBe(0);
    expect(await leftovers()).toEqual([]);
    for (const a of admins) expect(await notices(a.id)).toBe(1);
  });

  it('sends no second notice from another instance on the same database within the hour', async () => {
    second = await buildApp(t.config, { database: t.database, logStream: new PassThrough() });
    await second.ready();
    const res = await second.inject({
      method: 'POST',
      url: materialsUrl,
      ...(() => {
        const boundary = '----kelaskuFull';
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLagi\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lagi.pdf"\r\n\r\n`),
          pdfOf(BIG),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return {
          payload,
          headers: { authorization: `Bearer ${teacher.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        };
      })(),
    });
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe(FULL);
    for (const a of admins) expect(await notices(a.id)).toBe(1);
    expect(await leftovers()).toEqual([]);
  });

  it('still stores what fits', async () => {
    const res = await t
      .as(teacher.token)
      .upload('POST', materialsUrl, { title: 'Modul kecil' }, { file: { name: 'kecil.pdf', data: samples.pdf() } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // One stored file (xx/uuid), nothing in the temporary folder.
    expect((await leftovers()).filter((f) => /^[0-9a-f]{2}\//.test(f)).length).toBe(1);
    expect((await leftovers()).filter((f) => f.startsWith('.tmp'))).toEqual([]);
  });
});
