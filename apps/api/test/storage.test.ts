/**
 * The FileStorage contract, run against the storage folder (DiskStorage) and an S3-compatible
 * bucket (S3Storage on the run's s3rver); then the S3 storage under the real app: a 50 MB upload
 * over a real socket with the server's memory measured while it streams, a request cut in the
 * middle of the file, and a server process killed in the middle of an upload.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { count } from 'drizzle-orm';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MB } from '@kelasku/contract';
import { loadConfig } from '../src/config.js';
import { storedFiles } from '../src/db/schema.js';
import { S3Storage } from '../src/files/s3-storage.js';
import { DiskStorage, storageFromConfig, type FileStorage, type PendingObject } from '../src/files/storage.js';
import {
  createTestApp,
  freshDatabaseUrl,
  readStored,
  samples,
  storedObjects,
  testBucketEnv,
  uploadsUnderWay,
  type TestContext,
} from './helpers.js';
import { afterFile, api, login, startServer } from './server-process.js';

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

// A full garbage collection on demand (as --expose-gc gives), to measure what is really held.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Writes `total` bytes (byte i is i mod 251) into an object in 1 MiB chunks, ending the stream unless told not to. */
async function write(pending: PendingObject, total: number, end = true): Promise<void> {
  const chunk = Buffer.alloc(MB);
  for (let sent = 0; sent < total; sent += MB) {
    const n = Math.min(MB, total - sent);
    for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
    const data = Buffer.from(chunk.subarray(0, n));
    if (!pending.stream.write(data)) await new Promise((r) => pending.stream.once('drain', r));
  }
  if (end) await new Promise<void>((resolve, reject) => pending.stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

const pattern = (start: number, length: number) => Buffer.from(Array.from({ length }, (_, i) => (start + i) % 251));

async function committedKeys(storage: FileStorage): Promise<string[]> {
  return (await storedObjects(storage)).filter((k) => !k.startsWith('.tmp/'));
}

const roots: string[] = [];
afterAll(async () => {
  for (const r of roots) await fs.rm(r, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-storage-'));
  roots.push(dir);
  return dir;
}

describe.each(['folder', 's3'] as const)('the FileStorage contract: %s', (kind) => {
  let storage: FileStorage;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    env = kind === 's3' ? await testBucketEnv() : {};
    storage = await storageFromConfig(loadConfig({ DATA_DIR: await tempDir(), ...env }));
    expect(storage).toBeInstanceOf(kind === 's3' ? S3Storage : DiskStorage);
  });

  it('stores bytes under a fresh xx/uuid key, reads them whole and by inclusive range, removes them; a missing object is ENOENT', async () => {
    const pending = await storage.create();
    expect(pending.key).toMatch(KEY);
    await pipeline(async function* () {
      yield Buffer.from('Kelasku: ');
      yield Buffer.from('materi bab satu');
    }, pending.stream);
    await pending.commit();

    expect((await readAll(await storage.open(pending.key))).toString()).toBe('Kelasku: materi bab satu');
    expect((await readAll(await storage.open(pending.key, { start: 9, end: 14 }))).toString()).toBe('materi');
    expect((await readAll(await storage.open(pending.key, { start: 23, end: 23 }))).toString()).toBe('u');
    expect(await committedKeys(storage)).toContain(pending.key);

    await storage.remove(pending.key);
    await expect(storage.open(pending.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.open(pending.key, { start: 0, end: 3 })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await committedKeys(storage)).not.toContain(pending.key);
    // Removing what is gone is no error.
    await storage.remove(pending.key);
  });

  it('stores a 12 MiB object (three parts in a bucket) intact, readable across a part boundary', async () => {
    const pending = await storage.create();
    await write(pending, 12 * MB);
    await pending.commit();
    const whole = await readAll(await storage.open(pending.key));
    expect(whole.length).toBe(12 * MB);
    expect(Buffer.compare(whole, pattern(0, 12 * MB))).toBe(0);
    // 5 MiB is where the first part ends.
    const across = await readAll(await storage.open(pending.key, { start: 5 * MB - 3, end: 5 * MB + 2 }));
    expect(across).toEqual(pattern(5 * MB - 3, 6));
    await storage.remove(pending.key);
  });

  it('keeps nothing of an aborted upload: in the middle of a small one, of a multi-part one, and after its stream ended', async () => {
    const before = await storedObjects(storage);
    const small = await storage.create();
    await write(small, 100_000, false);
    await small.abort();

    const big = await storage.create();
    await write(big, 7 * MB, false);
    await big.abort();

    // A small file is sent whole when its stream ends: abort() must remove what arrived.
    const ended = await storage.create();
    await write(ended, 1000);
    await new Promise((r) => setTimeout(r, 100));
    await ended.abort();

    expect(await storedObjects(storage)).toEqual(before);
    for (const p of [small, big, ended]) await expect(storage.open(p.key)).rejects.toMatchObject({ code: 'ENOENT' });
    // commit() after abort() changes nothing.
    await ended.commit();
    expect(await storedObjects(storage)).toEqual(before);
  });

  it('lists the committed objects with their time, and nothing of other names', async () => {
    const a = await storage.create();
    await write(a, 10);
    await a.commit();
    const b = await storage.create();
    await write(b, 20);
    await b.commit();
    // Something else in the same place is not ours: never listed, so never swept.
    if (storage instanceof S3Storage) {
      await storage.client.send(new PutObjectCommand({ Bucket: env.S3_BUCKET!, Key: 'cadangan/lain.txt', Body: 'bukan milik Kelasku' }));
    }
    const listed = [];
    for await (const o of storage.list()) listed.push(o);
    const mine = listed.filter((o) => o.key === a.key || o.key === b.key);
    expect(mine.map((o) => o.pending)).toEqual([false, false]);
    for (const o of mine) expect(Math.abs(o.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(listed.every((o) => o.pending || KEY.test(o.key))).toBe(true);
    await storage.remove(a.key);
    await storage.remove(b.key);
  });

  it('refuses a key that is not one of its own, and ignores an unknown unfinished upload', async () => {
    await expect(storage.remove('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.open('ab/../../x')).rejects.toThrow(/invalid storage key/);
    await storage.removePending('bukan-kunci');
    await storage.removePending(`ab/00000000-0000-0000-0000-000000000000\nunggahan-tak-dikenal`);
  });
});

describe('S3 storage configuration', () => {
  it('fails at start-up with a message that names S3_BUCKET and S3_ENDPOINT when the bucket is missing or the server is down', async () => {
    const env = await testBucketEnv();
    const dataDir = await tempDir();
    await expect(storageFromConfig(loadConfig({ DATA_DIR: dataDir, ...env, S3_BUCKET: 'tidak-ada-bucket' }))).rejects.toThrow(
      /^Bucket S3_BUCKET=tidak-ada-bucket di S3_ENDPOINT=http:\/\/127\.0\.0\.1:\d+ tidak ditemukan\./,
    );
    const closed = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    await expect(storageFromConfig(loadConfig({ DATA_DIR: dataDir, ...env, S3_ENDPOINT: `http://127.0.0.1:${closed}` }))).rejects.toThrow(
      /S3_BUCKET=.* S3_ENDPOINT=http:\/\/127\.0\.0\.1:\d+ tidak dapat dihubungi \(ECONNREFUSED\)/,
    );
  });
});

describe('the app on S3 storage, over a real socket', () => {
  let t: TestContext;
  let port: number;
  let teacherToken: string;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(await testBucketEnv());
    expect(t.app.files.storage).toBeInstanceOf(S3Storage);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const teacher = await t.factory.teacher();
    teacherToken = teacher.token;
    const klass = await t.factory.onlineClass(teacher.id);
    const content = await t.factory.content(klass.id);
    url = `/api/teacher/online-classes/${klass.id}/contents/${content.id}/materials`;
  });

  afterAll(async () => {
    await t?.close();
  });

  /**
   * A material upload of `fileSize` bytes (a PDF header, then spaces) that the caller sends in
   * steps; the same 64 KiB buffer is sent again and again, so the client itself holds no file.
   * `onSent` is told the bytes of the file sent so far, after each write.
   */
  function rawUpload(fileSize: number, onSent?: (sent: number) => void) {
    const boundary = `----kelaskuS3${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nMateri besar\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="besar.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: {
        authorization: `Bearer ${teacherToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + fileSize + tail.length,
      },
    });
    req.on('error', () => {});
    const response = new Promise<{ status: number; body: any } | null>((resolve) => {
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        readAll(res).then(
          (text) => resolve({ status: res.statusCode!, body: JSON.parse(text.toString()) }),
          () => resolve(null),
        );
      });
      req.on('close', () => {
        if (!answered) resolve(null);
      });
    });
    req.write(head);
    const filler = Buffer.alloc(64 * 1024, 0x20);
    const first = Buffer.concat([Buffer.from('%PDF-1.4\n'), filler.subarray(9)]);
    let sent = 0;
    const send = async (n: number) => {
      const end = Math.min(fileSize, sent + n);
      while (sent < end && !req.destroyed) {
        const chunk = (sent === 0 ? first : filler).subarray(0, Math.min(filler.length, end - sent));
        sent += chunk.length;
        const flushed = req.write(chunk);
        onSent?.(sent);
        if (!flushed) await new Promise((r) => req.once('drain', r));
      }
    };
    const finish = async () => {
      await send(fileSize - sent);
      req.end(tail);
      return response;
    };
    return { req, send, finish, response };
  }

  it('streams a 50 MB upload to the bucket with the server memory flat (well under the file size), and serves it back', async () => {
    const rowsBefore = (await t.db.select({ n: count() }).from(storedFiles))[0]!.n;
    // Two uploads, each measured as the growth above the lowest level seen before, during and after
    // it. The first stops the world at every 3.7 MB the client has sent (client and server share
    // this process) for a full collection and a sample: what the upload really holds — the limit
    // is on that. The second samples every 20 ms as the process runs: Buffers already dropped count
    // until V8 collects them, which it does by itself after some 64 MB of them (an upload to the
    // storage folder shows the same).
    const measure = async (collect: boolean) => {
      await new Promise((r) => setTimeout(r, 200));
      gc();
      const levels: Array<{ rss: number; arrayBuffers: number }> = [];
      const sample = () => {
        if (collect) gc();
        const { rss, arrayBuffers } = process.memoryUsage();
        levels.push({ rss, arrayBuffers });
      };
      sample();
      let next = 3.7 * MB;
      const timer = collect ? undefined : setInterval(sample, 20);
      const onSent = (sent: number) => {
        if (!collect || sent < next) return;
        next += 3.7 * MB;
        sample();
      };
      const started = performance.now();
      try {
        const res = await rawUpload(LIMITS.fileBytes, onSent).finish();
        const seconds = (performance.now() - started) / 1000;
        await new Promise((r) => setTimeout(r, 200));
        sample();
        const growth = (k: 'rss' | 'arrayBuffers') => Math.max(...levels.map((l) => l[k])) - Math.min(...levels.map((l) => l[k]));
        return { res, peak: { rss: growth('rss'), arrayBuffers: growth('arrayBuffers') }, seconds, samples: levels.length };
      } finally {
        clearInterval(timer);
      }
    };
    const mb = (n: number) => (n / MB).toFixed(1);
    const { res, peak, seconds, samples } = await measure(true);
    const raw = await measure(false);
    expect(raw.res?.status, JSON.stringify(raw.res?.body)).toBe(201);
    console.log(
      `S3 upload of ${mb(LIMITS.fileBytes)} MB over HTTP, peak growth of the server process: ` +
        `held (${samples} samples, each after a full collection) rss +${mb(peak.rss)} MB, Buffers +${mb(peak.arrayBuffers)} MB (${seconds.toFixed(1)} s); ` +
        `as it runs (${raw.samples} samples) rss +${mb(raw.peak.rss)} MB, Buffers +${mb(raw.peak.arrayBuffers)} MB (${raw.seconds.toFixed(1)} s)`,
    );
    expect(res?.status, JSON.stringify(res?.body)).toBe(201);
    expect(res!.body.data.size).toBe(LIMITS.fileBytes);
    // The bytes held: the 5 MiB parts on their way and the next one gathering (about four 5 MiB
    // buffers at a part boundary) and what the client's socket and the bucket's have not yet taken
    // (25–30 MB measured, by how the collections fall), never the 50 MB file.
    expect(peak.arrayBuffers).toBeLessThan(36 * MB);
    // The whole process (the test's client and the JavaScript heap's own growth included).
    expect(peak.rss).toBeLessThan(40 * MB);

    // The objects are in the bucket, with their rows, and are served by range.
    expect((await t.db.select({ n: count() }).from(storedFiles))[0]!.n).toBe(rowsBefore + 2);
    const got = await fetch(`http://127.0.0.1:${port}${res!.body.data.file}`, { headers: { range: `bytes=${LIMITS.fileBytes - 10}-` } });
    expect(got.status).toBe(206);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(Buffer.alloc(10, 0x20));
    const head = await fetch(`http://127.0.0.1:${port}${res!.body.data.file}`, { headers: { range: 'bytes=0-7' } });
    expect(Buffer.from(await head.arrayBuffer()).toString()).toBe('%PDF-1.4');
    // Full collections take a while on a busy machine.
  }, 120_000);

  it('keeps no object and no row when the request is cut in the middle of the file (parts already in the bucket)', async () => {
    const underWay = uploadsUnderWay(t.app.files.storage);
    const objectsBefore = await storedObjects(t.app.files.storage);
    const rowsBefore = (await t.db.select({ n: count() }).from(storedFiles))[0]!.n;
    const up = rawUpload(30 * MB);
    await up.send(12 * MB);
    expect(underWay()).toHaveLength(1);
    // Let the first parts reach the bucket, then the client goes away.
    await new Promise((r) => setTimeout(r, 300));
    up.req.destroy();
    expect(await up.response).toBeNull();
    for (let i = 0; i < 500 && underWay().length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(underWay()).toEqual([]);
    expect(await storedObjects(t.app.files.storage)).toEqual(objectsBefore);
    expect((await t.db.select({ n: count() }).from(storedFiles))[0]!.n).toBe(rowsBefore);
    // The server carries on.
    const ok = await t.as(teacherToken).upload('POST', url, { title: 'Sesudahnya' }, { file: { name: 'a.pdf', data: samples.pdf() } });
    expect(ok.status).toBe(201);
  });
});

// `npm run test:quick` leaves out the whole-process tests (vitest.config.ts).
describe.skipIf(process.env.KELASKU_QUICK === '1')('a server process on S3 storage killed in the middle of an upload', () => {
  it('restarts on the same bucket with no object and no row of the cut upload; what was stored stays, row for row', async () => {
    const { url: databaseUrl, drop } = await freshDatabaseUrl();
    afterFile(drop);
    const data = { dataDir: await tempDir(), databaseUrl };
    const env = { ...(await testBucketEnv()), LOG_LEVEL: 'debug' };
    const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        return (await db.query<T>(text, values)).rows;
      } finally {
        await db.end();
      }
    };
    const s1 = await startServer(data, env);
    const token = await login(s1, 'guru', 'guru123');
    const classId = (await api(s1, 'GET', '/api/teacher/online-classes', token)).json.data[0].id;
    const [content] = await sql<{ id: number }>('select id from contents where online_class_id = $1 order by id limit 1', [classId]);
    const lessonId = content!.id;

    // A 20 MB upload; the process dies once 12 MB have gone out.
    const boundary = `----kelaskuKill${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nTerputus oleh crash\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="besar.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const socket = net.connect(s1.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /api/teacher/online-classes/${classId}/contents/${lessonId}/materials HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 20 * MB + 100}\r\n\r\n`,
    );
    socket.write(head);
    const chunk = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MB - 9, 0x20)]);
    for (let i = 0; i < 12; i++)
      if (!socket.write(i === 0 ? chunk : Buffer.alloc(MB, 0x20))) await new Promise((r) => socket.once('drain', r));
    await new Promise((r) => setTimeout(r, 500));
    s1.proc.kill('SIGKILL');
    expect((await s1.exited).signal).toBe('SIGKILL');
    socket.destroy();

    // The restart sweeps (s3rver cannot list unfinished uploads: logged at debug, not an error).
    const s2 = await startServer(data, env);
    expect(s2.output.join('')).toContain('S3: the server does not list unfinished uploads');
    expect(await sql(`select id from materials where title = 'Terputus oleh crash'`)).toEqual([]);
    // Every object in the bucket has its row and every row its object: no partial file, no orphan row.
    const storage = (await storageFromConfig(loadConfig({ DATA_DIR: data.dataDir, ...env }))) as S3Storage;
    const objects = await committedKeys(storage);
    const rows = (await sql<{ storage_key: string }>('select storage_key from stored_files')).map((r) => r.storage_key).sort();
    expect(rows.length).toBeGreaterThan(0);
    expect(objects).toEqual(rows);
    expect(await readStored(storage, rows[0]!)).not.toBeNull();
    s2.proc.kill('SIGTERM');
    expect((await s2.exited).code, s2.output.join('').slice(-4000)).toBe(0);
  }, 120_000);
});
