/**
 * Resumable uploads (tus 1.0.0 at /api/uploads, files/resumable.ts) over real HTTP: a PATCH cut at
 * several offsets resumes from what arrived; limits, the type decided by the first bytes, another
 * user's upload id, unfinished uploads, the forms that use an upload, and the clean-up of abandoned
 * ones. Runs on the folder store and (project s3) on a real S3 protocol server.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FILE_MSG, LIMITS, MSG, SUBMISSION_MSG } from '@kelasku/contract';
import { samples, useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';
import { resumableUploads, storedFiles } from '../src/db/schema.js';
import { runUploadExpiry } from '../src/files/upload-jobs.js';

// s3rver (the test S3 server) lacks ListParts, which @tus/s3-store needs: with STORAGE=s3 the
// uploads are kept in the folder here and copied into the bucket when a form uses them.
const t = useTestApp({ RESUMABLE_STORE: 'folder' });

let teacher: TestUser;
let student: TestUser;
let other: TestUser;
let base: string;
let assignmentId: number;
let materialsUrl: string;

beforeAll(async () => {
  teacher = await t.factory.teacher();
  student = await t.factory.student({ rombelId: 1 });
  other = await t.factory.student({ rombelId: 1 });
  const klass = await t.factory.onlineClass(teacher.id, { rombelId: 1 });
  const content = await t.factory.content(klass.id);
  assignmentId = (await t.factory.assignment(content.id, teacher.id)).id;
  materialsUrl = `/api/teacher/online-classes/${klass.id}/contents/${content.id}/materials`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A PDF of `size` bytes: a real header, then filler. */
function pdfOf(size: number): Buffer {
  const head = samples.pdf();
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to the listening app; `cutAfter` bytes of the body are sent, then the connection is dropped. */
function call(
  method: string,
  path: string,
  token: string | null,
  headers: Record<string, string> = {},
  body?: Buffer,
  cutAfter?: number,
): Promise<Answer | 'cut'> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method,
      headers: {
        'tus-resumable': '1.0.0',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-length': String(body.length) } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (err) => (cutAfter !== undefined ? resolve('cut') : reject(err)));
    if (body && cutAfter !== undefined) {
      req.write(body.subarray(0, cutAfter));
      // Give the server time to read what was sent, then drop the connection as a lost signal does.
      setTimeout(() => {
        req.destroy();
        resolve('cut');
      }, 400);
    } else req.end(body);
  });
}

async function answer(p: Promise<Answer | 'cut'>): Promise<Answer> {
  const a = await p;
  if (a === 'cut') throw new Error('unexpected cut');
  return a;
}

async function create(token: string, name: string, size: number): Promise<{ res: Answer; id: string }> {
  const res = await answer(
    call('POST', '/api/uploads', token, {
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(name)},filetype ${b64('application/pdf')}`,
    }),
  );
  const id = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(res.headers.location ?? ''))?.[1] ?? '';
  return { res, id };
}

const patch = (token: string, id: string, offset: number, bytes: Buffer, cutAfter?: number) =>
  call(
    'PATCH',
    `/api/uploads/${id}`,
    token,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
    cutAfter,
  );

async function offsetOf(token: string, id: string): Promise<number> {
  const res = await answer(call('HEAD', `/api/uploads/${id}`, token));
  expect(res.status).toBe(200);
  return Number(res.headers['upload-offset']);
}

/** Uploads all of `data` in one PATCH; returns the id. */
async function uploadWhole(token: string, name: string, data: Buffer): Promise<string> {
  const { res, id } = await create(token, name, data.length);
  expect(res.status).toBe(201);
  const done = await answer(patch(token, id, 0, data));
  expect(done.status).toBe(204);
  expect(done.headers['upload-offset']).toBe(String(data.length));
  return id;
}

const handIn = (token: string, fields: Record<string, string | string[]>) =>
  t.as(token).upload('POST', `/api/student/submissions/${assignmentId}`, fields, {});

/** The bytes of a stored file, through the link the API gives. */
async function download(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('creating an upload', () => {
  it('answers 201 with the upload URL for a logged-in user, and 401 without a token', async () => {
    const { res, id } = await create(student.token, 'tugas.pdf', 1000);
    expect(res.status).toBe(201);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await offsetOf(student.token, id)).toBe(0);
    const anonymous = await answer(
      call('POST', '/api/uploads', null, { 'upload-length': '10', 'upload-metadata': `filename ${b64('a.pdf')}` }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('refuses a file over 50 MB (413) and a name whose type is not allowed (415) before any byte', async () => {
    const big = await create(student.token, 'besar.pdf', LIMITS.fileBytes + 1);
    expect(big.res.status).toBe(413);
    expect(JSON.parse(big.res.body)).toEqual({ success: false, message: MSG.fileTooLarge });
    const exe = await create(student.token, 'program.exe', 1000);
    expect(exe.res.status).toBe(415);
    expect(JSON.parse(exe.res.body).message).toBe(MSG.fileType);
    const rows = await t.db.select().from(resumableUploads).where(eq(resumableUploads.userId, student.id));
    expect(rows.map((r) => r.originalName)).not.toContain('besar.pdf');
    expect(rows.map((r) => r.originalName)).not.toContain('program.exe');
  });

  it('needs the length and the file name', async () => {
    const noLength = await answer(call('POST', '/api/uploads', student.token, { 'upload-metadata': `filename ${b64('a.pdf')}` }));
    expect(noLength.status).toBe(400);
    expect(JSON.parse(noLength.body).message).toBe(FILE_MSG.uploadLengthRequired);
    const deferred = await answer(
      call('POST', '/api/uploads', student.token, { 'upload-defer-length': '1', 'upload-metadata': `filename ${b64('a.pdf')}` }),
    );
    expect(deferred.status).toBe(400);
    const noName = await answer(call('POST', '/api/uploads', student.token, { 'upload-length': '10' }));
    expect(noName.status).toBe(400);
    expect(JSON.parse(noName.body).message).toBe(FILE_MSG.uploadNameRequired);
  });

  it('cleans the name as a multipart upload does', async () => {
    const { id } = await create(student.token, '../../etc/tugas\u202Efdp.exe.pdf', 100);
    const [row] = await t.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    expect(row!.originalName).toBe('tugasfdp.exe.pdf');
  });
});

describe('a dropped connection', () => {
  // A cut before the type is known (4,100 bytes) keeps nothing; after it, what arrived stays.
  it.each([1000, 64 * 1024, 3 * 1024 * 1024 + 17])('resumes after a cut at %i bytes and the hand-in holds the whole file', async (cut) => {
    const data = pdfOf(5 * 1024 * 1024);
    const { id } = await create(student.token, 'laporan.pdf', data.length);
    expect(await patch(student.token, id, 0, data, cut)).toBe('cut');
    let offset = -1;
    // The server finishes writing what reached it.
    for (let i = 0; i < 50; i++) {
      offset = await offsetOf(student.token, id);
      if (offset === (cut < 4100 ? 0 : cut)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBe(cut < 4100 ? 0 : cut);
    const rest = await answer(patch(student.token, id, offset, data.subarray(offset)));
    expect(rest.status).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(data.length));

    const res = await handIn(student.token, { upload: id });
    expect([200, 201]).toContain(res.status);
    const files = res.body.data.submission.files as Array<{ filename: string; size: number; file: string }>;
    const stored = files.find((f) => f.size === data.length)!;
    expect(stored.filename).toBe('laporan.pdf');
    expect((await download(stored.file)).equals(data)).toBe(true);
    // Used: the upload is gone.
    const head = await answer(call('HEAD', `/api/uploads/${id}`, student.token));
    expect(head.status).toBe(404);
  });

  it('refuses a resume from the wrong offset (409) and keeps the upload', async () => {
    const data = pdfOf(200_000);
    const { id } = await create(student.token, 'x.pdf', data.length);
    expect(await patch(student.token, id, 0, data, 100_000)).toBe('cut');
    const offset = await offsetOf(student.token, id);
    const wrong = await answer(patch(student.token, id, offset + 10, data.subarray(offset + 10)));
    expect(wrong.status).toBe(409);
    expect(JSON.parse(wrong.body).message).toBe(FILE_MSG.uploadOffsetMismatch);
    expect(await offsetOf(student.token, id)).toBe(offset);
  });
});

describe('the type, decided by the first bytes', () => {
  it('refuses an executable named .pdf after its first bytes, keeps nothing and says so on every later call', async () => {
    const size = 20 * 1024 * 1024;
    const { id } = await create(student.token, 'tugas.pdf', size);
    // Only the first 64 KB are sent: the answer comes without the rest.
    const head = Buffer.concat([samples.exe(), Buffer.alloc(64 * 1024)]);
    const res = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${base}/api/uploads/${id}`, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${student.token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
      });
      req.on('response', (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.write(head);
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: MSG.fileType });
    const later = await answer(call('HEAD', `/api/uploads/${id}`, student.token));
    expect(later.status).toBe(415);
    expect((await tusKeys()).some((k) => k.includes(id))).toBe(false);
    const used = await handIn(student.token, { upload: id });
    expect(used.status).toBe(422);
    expect(used.body.errors.files ?? used.body.errors.file).toContain(FILE_MSG.uploadNotFound);
  });

  it('checks the type again when a form uses the upload', async () => {
    // Text has no magic number: the claim copies it under the rules of a multipart file.
    const id = await uploadWhole(student.token, 'catatan.txt', Buffer.from('catatan biasa\n'));
    const res = await handIn(student.token, { upload: id });
    expect([200, 201]).toContain(res.status);
    expect(res.body.data.submission.files.map((f: { filename: string }) => f.filename)).toContain('catatan.txt');
  });
});

describe('whose upload it is', () => {
  it('answers 404 to another user on HEAD, PATCH and DELETE, and a form of theirs cannot use it', async () => {
    const data = pdfOf(10_000);
    const { id } = await create(student.token, 'milikku.pdf', data.length);
    for (const method of ['HEAD', 'DELETE'] as const) {
      const res = await answer(call(method, `/api/uploads/${id}`, other.token));
      expect(res.status).toBe(404);
    }
    const stolen = await answer(patch(other.token, id, 0, data));
    expect(stolen.status).toBe(404);
    expect(JSON.parse(stolen.body).message).toBe(FILE_MSG.uploadNotFound);
    expect(await offsetOf(student.token, id)).toBe(0);

    await answer(patch(student.token, id, 0, data));
    const theirs = await handIn(other.token, { upload: id });
    expect(theirs.status).toBe(422);
    const material = await t.as(teacher.token).upload('POST', materialsUrl, { title: 'Curian', upload: id }, {});
    expect(material.status).toBe(422);
    expect(material.body.errors.file).toContain(FILE_MSG.uploadNotFound);
    const unknown = await answer(call('HEAD', `/api/uploads/${'0'.repeat(32)}`, student.token));
    expect(unknown.status).toBe(404);
    const malformed = await answer(call('HEAD', '/api/uploads/..%2f..%2fetc', student.token));
    expect(malformed.status).toBe(404);
  });

  it('DELETE cancels the owner’s upload', async () => {
    const { id } = await create(student.token, 'batal.pdf', 5000);
    const res = await answer(call('DELETE', `/api/uploads/${id}`, student.token));
    expect(res.status).toBe(204);
    expect((await answer(call('HEAD', `/api/uploads/${id}`, student.token))).status).toBe(404);
  });
});

describe('forms that use uploads', () => {
  it('an unfinished upload is refused by the form (422) and nothing is stored', async () => {
    const data = pdfOf(50_000);
    const { id } = await create(student.token, 'setengah.pdf', data.length);
    expect(await patch(student.token, id, 0, data, 20_000)).toBe('cut');
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
    const res = await handIn(student.token, { upload: id });
    expect(res.status).toBe(422);
    expect(res.body.errors.files ?? res.body.errors.file).toContain(FILE_MSG.uploadUnfinished);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('a teacher adds a material from an upload; a refused form keeps the upload for the next try', async () => {
    const data = pdfOf(30_000);
    const id = await uploadWhole(teacher.token, 'modul.pdf', data);
    const noTitle = await t.as(teacher.token).upload('POST', materialsUrl, { title: '', upload: id }, {});
    expect(noTitle.status).toBe(422);
    expect(await offsetOf(teacher.token, id)).toBe(data.length);
    const ok = await t.as(teacher.token).upload('POST', materialsUrl, { title: 'Modul 1', upload: id }, {});
    expect(ok.status).toBe(201);
    expect(ok.body.data.filename).toBe('modul.pdf');
    expect(ok.body.data.size).toBe(data.length);
    expect((await answer(call('HEAD', `/api/uploads/${id}`, teacher.token))).status).toBe(404);
  });

  it('counts uploads against the hand-in limit of files, with the same message as file parts', async () => {
    const ids: string[] = [];
    for (let i = 0; i < LIMITS.submissionFiles + 1; i++) ids.push(await uploadWhole(other.token, `f${i}.txt`, Buffer.from(`isi ${i}\n`)));
    const res = await handIn(other.token, { upload: ids });
    expect(res.status).toBe(422);
    expect(res.body.errors.files ?? res.body.errors.file).toContain(SUBMISSION_MSG.tooManyFiles);
    // Nothing was used: every upload is still there.
    for (const id of ids) expect(await offsetOf(other.token, id)).toBeGreaterThan(0);
    for (const id of ids) await answer(call('DELETE', `/api/uploads/${id}`, other.token));
  });

  it('a student may hold at most 20 unfinished uploads (429)', async () => {
    const user = await t.factory.student({ rombelId: 1 });
    for (let i = 0; i < 20; i++) expect((await create(user.token, `u${i}.pdf`, 100)).res.status).toBe(201);
    const over = await create(user.token, 'lagi.pdf', 100);
    expect(over.res.status).toBe(429);
    expect(JSON.parse(over.res.body).message).toBe(FILE_MSG.tooManyUploads);
    // A refused file does not count: "Coba lagi" on a wrong file never locks a student out.
    const other = await t.factory.student({ rombelId: 1 });
    for (let i = 0; i < 25; i++) {
      const { id } = await create(other.token, `salah${i}.pdf`, 5000);
      const refused = await answer(patch(other.token, id, 0, Buffer.concat([samples.exe(), Buffer.alloc(4800)])));
      expect(refused.status).toBe(415);
    }
    expect((await create(other.token, 'benar.pdf', 100)).res.status).toBe(201);
  });
});

describe('abandoned uploads', () => {
  it('are deleted with their bytes after 24 hours, finished or not', async () => {
    const data = pdfOf(300_000);
    const finished = await uploadWhole(student.token, 'lama.pdf', data);
    const { id: unfinished } = await create(student.token, 'lama2.pdf', data.length);
    expect(await patch(student.token, unfinished, 0, data, 100_000)).toBe('cut');
    const fresh = await uploadWhole(student.token, 'baru.pdf', data);
    await t.db
      .update(resumableUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(sql`${resumableUploads.id} in (${finished}, ${unfinished})`);
    const removed = await runUploadExpiry(t.app);
    expect(removed).toBeGreaterThanOrEqual(2);
    for (const id of [finished, unfinished]) expect((await answer(call('HEAD', `/api/uploads/${id}`, student.token))).status).toBe(404);
    expect(await offsetOf(student.token, fresh)).toBe(data.length);
    // Their bytes are gone from the tus store too.
    const left = await tusKeys();
    expect(left.some((k) => k.includes(finished) || k.includes(unfinished))).toBe(false);
    expect(left.some((k) => k.includes(fresh))).toBe(true);
  });
});

/** Every name in the tus store (the folder store's `resumable` folder). */
async function tusKeys(): Promise<string[]> {
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  return fs.readdir(path.join(t.config.storageDir, 'resumable')).catch(() => []);
}
