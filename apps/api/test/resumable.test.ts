/**
 * Resumable uploads (tus 1.0.0 at /api/uploads, files/resumable.ts) over real HTTP: a PATCH cut at
 * several offsets resumes from what arrived; limits, the type decided by the first bytes, another
 * user's upload id, unfinished uploads, the forms that use an upload, the clean-up of abandoned
 * ones, and hostile protocol input (bad headers, bodies past the length, forged and traversal ids).
 * Runs on the folder store and (project s3) on a real S3 protocol server.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  route: string,
  token: string | null,
  headers: Record<string, string | string[] | undefined> = {},
  body?: Buffer,
  cutAfter?: number,
): Promise<Answer | 'cut'> {
  return new Promise((resolve, reject) => {
    const all: Record<string, string | string[] | undefined> = {
      'tus-resumable': '1.0.0',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-length': String(body.length) } : {}),
      ...headers,
    };
    // A header given as undefined is not sent (no Tus-Resumable; no Content-Length: chunked).
    const sent = Object.fromEntries(Object.entries(all).filter((e): e is [string, string | string[]] => e[1] !== undefined));
    const req = http.request(`${base}${route}`, { method, headers: sent });
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

describe('discovery (OPTIONS, tus 1.0.0)', () => {
  it('answers 204 with the version, the extensions and the 50 MB limit, without a token and without CORS', async () => {
    for (const token of [null, student.token]) {
      const res = (await call('OPTIONS', '/api/uploads', token, { 'tus-resumable': undefined })) as Answer;
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['tus-resumable']).toBe('1.0.0');
      expect(res.headers['tus-version']).toBe('1.0.0');
      expect(res.headers['tus-extension']).toBe('creation,termination');
      expect(res.headers['tus-max-size']).toBe(String(50 * 1024 * 1024));
      expect(Number(res.headers['tus-max-size'])).toBe(LIMITS.fileBytes);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    // What it offers works: creation (with the length), then termination.
    const made = (await call('POST', '/api/uploads', student.token, {
      'upload-length': '10',
      'upload-metadata': `filename ${b64('tugas.pdf')}`,
    })) as Answer;
    expect(made.status).toBe(201);
    const gone = (await call('DELETE', made.headers.location!, student.token)) as Answer;
    expect(gone.status).toBe(204);
  });
});

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

  it.each([0, 64 * 1024])('resumes at %i bytes after a cut while the server was still looking up the upload', async (from) => {
    const data = pdfOf(200_000);
    const { id } = await create(student.token, 'bab-2.pdf', data.length);
    if (from > 0) expect((await answer(patch(student.token, id, 0, data.subarray(0, from)))).status).toBe(204);
    const blocker = await t.database.pool.connect();
    try {
      // The PATCH waits for its row behind this lock; the phone loses its signal meanwhile.
      await blocker.query('begin');
      await blocker.query('lock table resumable_uploads in access exclusive mode');
      expect(await patch(student.token, id, from, data.subarray(from), 1000)).toBe('cut');
      await blocker.query('rollback');
    } finally {
      blocker.release();
    }
    expect(await offsetOf(student.token, id)).toBe(from);
    const rest = await answer(patch(student.token, id, from, data.subarray(from)));
    expect(rest.status).toBe(204);
    expect(await offsetOf(student.token, id)).toBe(data.length);
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

/** The tus store: the folder store's `resumable` folder. */
const tusStore = () => path.join(t.config.storageDir, 'resumable');

/** Every name in the tus store. */
async function tusKeys(): Promise<string[]> {
  return fs.readdir(tusStore()).catch(() => []);
}

/** The bytes the tus store holds for an upload (the folder store's file), or null when it has none. */
async function storedBytes(id: string): Promise<number | null> {
  const stat = await fs.stat(path.join(tusStore(), id)).catch(() => null);
  return stat ? stat.size : null;
}

/**
 * Hostile tus requests: whatever a client sends, the answer is a 4xx in our envelope (never a 5xx),
 * a refused request stores nothing (no row, no file in the store) and leaves the uploads it names
 * as they were, and no id reaches a file outside the store.
 */
describe('hostile tus requests', () => {
  let mallory: TestUser;
  beforeAll(async () => {
    mallory = await t.factory.student({ rombelId: 1 });
  });

  const rowsOf = async (user: TestUser) => t.db.select().from(resumableUploads).where(eq(resumableUploads.userId, user.id));

  afterEach(async () => {
    // Mallory's uploads are cancelled after each test: the limit of open uploads is never reached.
    for (const row of await rowsOf(mallory)) if (!row.refused) await answer(call('DELETE', `/api/uploads/${row.id}`, mallory.token));
  });

  /** Asserts a refusal in our envelope, with the tus header a client needs to read it. */
  function refused(res: Answer, status: number, message: string) {
    expect(res.status, res.body).toBe(status);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(JSON.parse(res.body)).toEqual({ success: false, message });
  }

  /** Runs `act` and checks that it left no upload row of `user` and no file in the tus store. */
  async function storesNothing(user: TestUser, act: () => Promise<void>) {
    const rows = (await rowsOf(user)).length;
    const keys = await tusKeys();
    await act();
    expect((await rowsOf(user)).length).toBe(rows);
    expect(await tusKeys()).toEqual(keys);
  }

  const post = (headers: Record<string, string | string[] | undefined>) => answer(call('POST', '/api/uploads', mallory.token, headers));
  const pdfMeta = `filename ${b64('tugas.pdf')},filetype ${b64('application/pdf')}`;

  /** A PATCH of `bytes` with the given headers (the usual ones unless overridden; undefined leaves one out). */
  const patchWith = (id: string, headers: Record<string, string | string[] | undefined>, bytes: Buffer, token = mallory.token) =>
    answer(
      call(
        'PATCH',
        `/api/uploads/${id}`,
        token,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', ...headers },
        bytes,
      ),
    );

  describe('Upload-Metadata on creation', () => {
    it.each([
      ['a value that is not base64', `filename tugas.pdf`],
      ['a value with a character outside base64', `filename dGVz!A==`],
      ['a value of a wrong length', `filename ${b64('tugas.pdf').slice(0, -1)}`],
      ['two values for a key', `filename ${b64('a.pdf')} ${b64('b.pdf')}`],
      ['an empty key', `filetype ${b64('application/pdf')}, ${b64('a.pdf')}`],
      ['a key given twice', `filename ${b64('a.pdf')},filename ${b64('b.exe')}`],
      ['a key outside ASCII', `filenäme ${b64('a.pdf')}`],
      ['a trailing comma', `filename ${b64('a.pdf')},`],
    ])('refuses %s with 400 and stores nothing', async (_what, metadata) => {
      await storesNothing(mallory, async () => {
        refused(await post({ 'upload-length': '1000', 'upload-metadata': metadata }), 400, MSG.malformed);
      });
    });

    it.each([
      ['a filename key without a value', 'filename'],
      ['a filename key without a value, among others', `filename,filetype ${b64('application/pdf')}`],
      ['no filename key', `filetype ${b64('application/pdf')}`],
      ['an empty header', ''],
    ])('refuses %s with 400 (the name is required) and stores nothing', async (_what, metadata) => {
      await storesNothing(mallory, async () => {
        refused(await post({ 'upload-length': '1000', 'upload-metadata': metadata }), 400, FILE_MSG.uploadNameRequired);
      });
    });

    it.each([
      ['folders before the name', '../../etc/passwd.pdf', 'passwd.pdf'],
      ['Windows folders', 'C:\\Users\\guru\\tugas.pdf', 'tugas.pdf'],
      ['a NUL inside the name', 'tu\u0000gas.pdf', 'tugas.pdf'],
      ['control characters and a CR LF', 'a\r\nSet-Cookie: x\u0007.pdf', 'aSet-Cookie x.pdf'],
      ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x2e, 0x70, 0x64, 0x66]), '\ufffd\ufffd.pdf'],
    ])('cleans a name with %s as a multipart upload does, and keeps the bytes under the upload id only', async (_what, raw, clean) => {
      const res = await post({ 'upload-length': '1000', 'upload-metadata': `filename ${Buffer.from(raw).toString('base64')}` });
      expect(res.status, res.body).toBe(201);
      const id = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(res.headers.location))![1]!;
      const [row] = await t.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      expect(row!.originalName).toBe(clean);
      // The store holds uploads by id only (the bytes, and the tus record beside them).
      expect(await tusKeys()).toContain(id);
      for (const key of await tusKeys()) expect(key).toMatch(/^[0-9a-f]{32}(\.json)?$/);
      expect((await answer(call('DELETE', `/api/uploads/${id}`, mallory.token))).status).toBe(204);
    });

    it.each([
      ['only folders', '../../'],
      ['only a NUL', '\u0000'],
      ['an allowed type hidden before a NUL', 'tugas.pdf\u0000.exe'],
    ])('refuses a name with %s as an unknown type (415) and stores nothing', async (_what, raw) => {
      await storesNothing(mallory, async () => {
        refused(await post({ 'upload-length': '1000', 'upload-metadata': `filename ${b64(raw)}` }), 415, MSG.fileType);
      });
    });

    it('takes a very long name within the header limit, cut to 200 characters with its extension', async () => {
      const res = await post({ 'upload-length': '1000', 'upload-metadata': `filename ${b64(`${'n'.repeat(10_000)}.pdf`)}` });
      expect(res.status, res.body).toBe(201);
      const id = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(res.headers.location))![1]!;
      const [row] = await t.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      expect(row!.originalName).toBe(`${'n'.repeat(196)}.pdf`);
      await answer(call('DELETE', `/api/uploads/${id}`, mallory.token));
    });

    it('refuses a header over the server’s limit (431) and stores nothing', async () => {
      await storesNothing(mallory, async () => {
        const res = await post({ 'upload-length': '1000', 'upload-metadata': `filename ${b64(`${'n'.repeat(40_000)}.pdf`)}` });
        expect(res.status).toBe(431);
      });
    });
  });

  describe('Upload-Length on creation', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['not a number', 'abc'],
      ['negative', '-5'],
      ['a fraction', '10.5'],
      ['in exponent form', '1e3'],
      ['hexadecimal', '0x10'],
      ['with a sign', '+10'],
      ['too many digits', '12345678901234567890'],
      ['given twice', ['10', '20']],
    ])('refuses a length that is %s (400) and stores nothing', async (_what, length) => {
      await storesNothing(mallory, async () => {
        refused(await post({ 'upload-length': length, 'upload-metadata': pdfMeta }), 400, FILE_MSG.uploadLengthRequired);
      });
    });

    it.each([
      ['alone', undefined],
      ['beside a length', '1000'],
    ])('refuses Upload-Defer-Length %s: the length is needed at creation (400), nothing stored', async (_what, length) => {
      await storesNothing(mallory, async () => {
        const res = await post({ 'upload-defer-length': '1', 'upload-length': length, 'upload-metadata': pdfMeta });
        refused(res, 400, FILE_MSG.uploadLengthRequired);
      });
    });

    it('refuses concatenation (Upload-Concat), also of another user’s upload, with 400 and stores nothing', async () => {
      const { id: theirs } = await create(student.token, 'milik-orang.pdf', 1000);
      for (const concat of ['partial', `final;/api/uploads/${theirs}`]) {
        await storesNothing(mallory, async () => {
          refused(await post({ 'upload-length': '1000', 'upload-metadata': pdfMeta, 'upload-concat': concat }), 400, MSG.malformed);
        });
      }
      expect(await offsetOf(student.token, theirs)).toBe(0);
    });

    it('ignores bytes sent with the creation request: the upload starts empty and its type is checked on the first PATCH', async () => {
      const data = Buffer.concat([samples.exe(), Buffer.alloc(5000)]);
      const res = await answer(
        call(
          'POST',
          '/api/uploads',
          mallory.token,
          { 'upload-length': String(data.length), 'upload-metadata': pdfMeta, 'content-type': 'application/offset+octet-stream' },
          data,
        ),
      );
      expect(res.status, res.body).toBe(201);
      const id = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(res.headers.location))![1]!;
      expect(await offsetOf(mallory.token, id)).toBe(0);
      expect(await storedBytes(id)).toBe(0);
      refused(await patchWith(id, {}, data), 415, MSG.fileType);
      expect(await storedBytes(id)).toBeNull();
    });
  });

  describe('the internal upload id header', () => {
    it('cannot be chosen by the client, on creation or on a PATCH', async () => {
      const data = pdfOf(6000);
      const { id: theirs } = await create(student.token, 'punya-siswa.pdf', data.length);
      const res = await post({ 'upload-length': String(data.length), 'upload-metadata': pdfMeta, 'x-kelasku-upload-id': theirs });
      expect(res.status).toBe(201);
      const mine = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(res.headers.location))![1]!;
      expect(mine).not.toBe(theirs);
      const [theirRow] = await t.db.select().from(resumableUploads).where(eq(resumableUploads.id, theirs));
      expect(theirRow!.userId).toBe(student.id);
      const traversal = await post({ 'upload-length': '10', 'upload-metadata': pdfMeta, 'x-kelasku-upload-id': '../../etc' });
      expect(traversal.status).toBe(201);
      expect(String(traversal.headers.location)).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

      // A PATCH of one's own upload naming another's id in the header writes to one's own.
      const sent = await patchWith(mine, { 'x-kelasku-upload-id': theirs }, data);
      expect(sent.status).toBe(204);
      expect(await offsetOf(mallory.token, mine)).toBe(data.length);
      expect(await offsetOf(student.token, theirs)).toBe(0);
      expect(await storedBytes(theirs)).toBe(0);
    });
  });

  describe('Tus-Resumable', () => {
    it.each([
      ['missing', undefined],
      ['of another version', '0.2.2'],
    ])('a creation with the header %s is refused with 412 and the version the server speaks, nothing stored', async (_what, version) => {
      await storesNothing(mallory, async () => {
        const res = await post({ 'tus-resumable': version, 'upload-length': '1000', 'upload-metadata': pdfMeta });
        refused(res, 412, MSG.malformed);
        expect(res.headers['tus-version']).toBe('1.0.0');
      });
    });

    it('HEAD, PATCH and DELETE without it are refused with 412 and the upload is left as it was', async () => {
      const data = pdfOf(8000);
      const { id } = await create(mallory.token, 'versi.pdf', data.length);
      for (const method of ['HEAD', 'DELETE'] as const) {
        const res = await answer(call(method, `/api/uploads/${id}`, mallory.token, { 'tus-resumable': undefined }));
        expect(res.status).toBe(412);
        expect(res.headers['tus-version']).toBe('1.0.0');
      }
      for (const version of [undefined, '0.2.2']) refused(await patchWith(id, { 'tus-resumable': version }, data), 412, MSG.malformed);
      expect(await offsetOf(mallory.token, id)).toBe(0);
      expect(await storedBytes(id)).toBe(0);
      expect((await patchWith(id, {}, data)).status).toBe(204);
      expect(await offsetOf(mallory.token, id)).toBe(data.length);
    });
  });

  describe('PATCH', () => {
    /** A new upload (of mallory's unless `token` is given) for `data`, with its first `sent` bytes already sent. */
    async function started(data: Buffer, sent = 0, token = mallory.token): Promise<string> {
      const { res, id } = await create(token, 'serangan.pdf', data.length);
      expect(res.status).toBe(201);
      if (sent > 0) expect((await patchWith(id, {}, data.subarray(0, sent), token)).status).toBe(204);
      return id;
    }

    it.each([
      ['text/plain', 'text/plain', ''],
      ['application/json with a JSON body', 'application/json', '{"a":1}'],
      ['multipart/form-data', 'multipart/form-data; boundary=x', '--x--\r\n'],
    ])('refuses a Content-Type %s with 415 and stores no byte', async (_what, type, body) => {
      const data = pdfOf(6000);
      const id = await started(data);
      const res = await patchWith(id, { 'content-type': type }, body ? Buffer.from(body) : data);
      refused(res, 415, MSG.malformed);
      expect(await offsetOf(mallory.token, id)).toBe(0);
      expect(await storedBytes(id)).toBe(0);
      // The upload goes on with the right type.
      expect((await patchWith(id, {}, data)).status).toBe(204);
    });

    // Fastify itself refuses a body of a type it has no reader for, before the upload's handler.
    it.each([
      ['missing', undefined],
      ['application/octet-stream', 'application/octet-stream'],
      ['image/png', 'image/png'],
    ])('refuses a Content-Type %s, which the server does not read at all, with 415, storing nothing', async (_what, type) => {
      const data = pdfOf(6000);
      const id = await started(data);
      const res = await patchWith(id, { 'content-type': type }, data);
      expect(res.status).toBe(415);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: 'Tipe konten tidak didukung.' });
      expect(await offsetOf(mallory.token, id)).toBe(0);
      expect(await storedBytes(id)).toBe(0);
    });

    it('a JSON Content-Type with file bytes is refused (the JSON reader fails first: 400) and stores nothing', async () => {
      const data = pdfOf(6000);
      const id = await started(data);
      const res = await patchWith(id, { 'content-type': 'application/json' }, data);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ success: false, message: MSG.malformed });
      expect(await offsetOf(mallory.token, id)).toBe(0);
      expect(await storedBytes(id)).toBe(0);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['not a number', 'abc'],
      ['negative', '-1'],
      ['a fraction', '1.5'],
      ['in exponent form', '1e2'],
      ['with a leading zero', '00'],
      ['given twice', ['0', '0']],
    ])('refuses an Upload-Offset that is %s with 400 and stores no byte', async (_what, offset) => {
      const data = pdfOf(6000);
      const id = await started(data);
      refused(await patchWith(id, { 'upload-offset': offset }, data), 400, MSG.malformed);
      expect(await offsetOf(mallory.token, id)).toBe(0);
      expect(await storedBytes(id)).toBe(0);
    });

    it('refuses an Upload-Offset beyond what the server has (409), also past the length, and keeps what it has', async () => {
      const data = pdfOf(10_000);
      const id = await started(data, 5000);
      for (const offset of [5001, 9000, 10_000, 10_001, 999_999_999_999_999]) {
        refused(await patchWith(id, { 'upload-offset': String(offset) }, data.subarray(5000)), 409, FILE_MSG.uploadOffsetMismatch);
      }
      expect(await offsetOf(mallory.token, id)).toBe(5000);
      expect(await storedBytes(id)).toBe(5000);
    });

    it('refuses a body longer than the declared length (413): the upload never grows past it', async () => {
      const data = pdfOf(10_000);
      const more = Buffer.concat([data, randomBytes(5000)]);
      // Declared by Content-Length: refused before any byte is written.
      const id = await started(data);
      refused(await patchWith(id, {}, more), 413, MSG.fileTooLarge);
      expect(await offsetOf(mallory.token, id)).toBe(0);
      expect(await storedBytes(id)).toBe(0);
      // The same from the middle of the upload.
      expect((await patchWith(id, {}, data.subarray(0, 6000))).status).toBe(204);
      refused(await patchWith(id, { 'upload-offset': '6000' }, more.subarray(6000)), 413, MSG.fileTooLarge);
      expect(await offsetOf(mallory.token, id)).toBe(6000);
      expect(await storedBytes(id)).toBe(6000);
      // Finished: not one byte more.
      expect((await patchWith(id, { 'upload-offset': '6000' }, data.subarray(6000))).status).toBe(204);
      refused(await patchWith(id, { 'upload-offset': '10000' }, Buffer.from('x')), 413, MSG.fileTooLarge);
      refused(await patchWith(id, { 'upload-offset': '10000', 'content-length': undefined }, Buffer.from('x')), 413, MSG.fileTooLarge);
      expect(await offsetOf(mallory.token, id)).toBe(10_000);
      expect(await storedBytes(id)).toBe(10_000);
    });

    it.each([0, 6000])(
      'refuses a chunked body (no Content-Length) longer than the length from offset %i (413); a form gets the declared size at most',
      async (from) => {
        const user = await t.factory.student({ rombelId: 1 });
        const data = pdfOf(10_000);
        const id = await started(data, from, user.token);
        const more = Buffer.concat([data, randomBytes(50_000)]);
        const res = await patchWith(id, { 'upload-offset': String(from), 'content-length': undefined }, more.subarray(from), user.token);
        refused(res, 413, MSG.fileTooLarge);
        const offset = await offsetOf(user.token, id);
        expect(offset).toBeLessThanOrEqual(data.length);
        expect(await storedBytes(id)).toBe(offset);
        // What was kept is the start of the file: the rest completes it, and the form stores the declared size.
        if (offset < data.length) {
          expect((await patchWith(id, { 'upload-offset': String(offset) }, data.subarray(offset), user.token)).status).toBe(204);
        }
        const handedIn = await handIn(user.token, { upload: id });
        expect([200, 201], JSON.stringify(handedIn.body)).toContain(handedIn.status);
        const files = handedIn.body.data.submission.files as Array<{ size: number; file: string }>;
        expect(files).toHaveLength(1);
        expect(files[0]!.size).toBe(data.length);
        expect((await download(files[0]!.file)).equals(data)).toBe(true);
      },
    );

    it('cannot change the declared length (Upload-Length on a PATCH): 400, the length stays', async () => {
      const data = pdfOf(10_000);
      const id = await started(data, 5000);
      const res = await patchWith(id, { 'upload-offset': '5000', 'upload-length': '60000' }, randomBytes(20_000));
      refused(res, 400, MSG.malformed);
      const head = await answer(call('HEAD', `/api/uploads/${id}`, mallory.token));
      expect(head.headers['upload-length']).toBe('10000');
      expect(head.headers['upload-offset']).toBe('5000');
      expect(await storedBytes(id)).toBe(5000);
    });

    it('an empty first PATCH changes nothing and does not refuse the upload', async () => {
      const data = pdfOf(6000);
      const id = await started(data);
      const empty = await patchWith(id, {}, Buffer.alloc(0));
      expect(empty.status, empty.body).toBe(204);
      expect(empty.headers['upload-offset']).toBe('0');
      expect((await patchWith(id, {}, data)).status).toBe(204);
      expect(await offsetOf(mallory.token, id)).toBe(data.length);
    });
  });

  describe('upload ids', () => {
    it('a garbage or path-traversal id is 404 on HEAD, PATCH and DELETE, and no file outside the store is touched', async () => {
      // Files beside and above the store that a traversal would reach.
      const sentinels = [path.join(t.config.storageDir, 'sentinel'), path.join(t.config.storageDir, 'sentinel.json')];
      for (const f of sentinels) await fs.writeFile(f, 'jangan disentuh');
      const data = pdfOf(6000);
      const { id } = await create(mallory.token, 'asli.pdf', data.length);
      expect((await patchWith(id, {}, data.subarray(0, 5000))).status).toBe(204);
      const reachUs = [
        '..%2F..%2Fetc',
        '..%2F..%2Fetc%2Fpasswd',
        '..%2Fsentinel',
        '..%5C..%5Csentinel',
        'not-an-id',
        id.toUpperCase(),
        `${id}.json`,
        `${id}%00`,
        `${id}%2F..`,
        '%00',
        `${'0'.repeat(31)}g`,
      ];
      // Stopped before our handler (no route, or a parameter over its length): 404 all the same.
      const byRouter = ['../../etc', '%2E%2E', `${'a'.repeat(300)}`, `..%2F..%2F${'0'.repeat(70)}`];
      const before = await tusKeys();
      for (const bad of [...reachUs, ...byRouter]) {
        for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
          const res =
            method === 'PATCH'
              ? await answer(
                  call(
                    'PATCH',
                    `/api/uploads/${bad}`,
                    mallory.token,
                    { 'upload-offset': '5000', 'content-type': 'application/offset+octet-stream' },
                    data.subarray(5000),
                  ),
                )
              : await answer(call(method, `/api/uploads/${bad}`, mallory.token));
          expect(res.status, `${method} ${bad}: ${res.body}`).toBe(404);
          if (method !== 'HEAD') {
            const body = JSON.parse(res.body);
            expect(body.success).toBe(false);
            if (reachUs.includes(bad)) expect(body.message, `${method} ${bad}`).toBe(FILE_MSG.uploadNotFound);
          }
        }
      }
      for (const f of sentinels) expect(await fs.readFile(f, 'utf8')).toBe('jangan disentuh');
      expect(await tusKeys()).toEqual(before);
      expect(await offsetOf(mallory.token, id)).toBe(5000);
      expect(await storedBytes(id)).toBe(5000);
      for (const f of sentinels) await fs.rm(f);
    });

    it('a Host header that is not a host name is no 5xx', async () => {
      for (const host of ['exa mple', '[', 'a:b:c', '%']) {
        const res = await answer(call('POST', '/api/uploads', mallory.token, { host, 'upload-length': '100', 'upload-metadata': pdfMeta }));
        expect(res.status, `${host}: ${res.body}`).toBeLessThan(500);
        if (res.status === 201) {
          const id = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(res.headers.location))![1]!;
          const head = await answer(call('HEAD', `/api/uploads/${id}`, mallory.token, { host }));
          expect(head.status).toBe(200);
          await answer(call('DELETE', `/api/uploads/${id}`, mallory.token));
        }
      }
    });

    it('proxy headers the tus server would judge do not break an upload', async () => {
      const res = await post({ 'upload-length': '6000', 'upload-metadata': pdfMeta, 'x-forwarded-proto': 'https, http' });
      expect(res.status, res.body).toBe(201);
      const id = /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(res.headers.location))![1]!;
      expect((await patchWith(id, { 'x-forwarded-proto': 'gopher' }, pdfOf(6000))).status).toBe(204);
      await answer(call('DELETE', `/api/uploads/${id}`, mallory.token));
    });
  });
});
