/**
 * "Unduh semua (ZIP)": GET …/assignments/{id}/submissions.zip. The ZIP is read back with yauzl and
 * checked folder by folder, byte by byte; a client that leaves mid-download (or stops reading)
 * must not make the server read on, keep a stored file open, or stop answering.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { MSG, SUBMISSION_ZIP_MSG } from '@kelasku/contract';
import { assignments, onlineClasses, storedFiles, submissionFiles, submissions, users } from '../src/db/schema.js';
import { safeSegment, UniqueNames } from '../src/features/submission-zip/names.js';
import { samples, useTestApp } from './helpers.js';
import { assignmentScene, expectNotFound, expectOtherRolesRefused, type Scene } from './assignment-scene.js';

const t = useTestApp();

const zipUrl = (s: Scene, assignmentId = s.assignment.id) =>
  `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/assignments/${assignmentId}/submissions.zip`;

interface Entry {
  data: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
}

/** Every entry of a ZIP, in archive order. */
function readZip(zip: Buffer): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: true }, (err, file) => {
      if (err) return reject(err);
      const out = new Map<string, Entry>();
      file.on('error', reject);
      file.on('end', () => resolve(out));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, { data: Buffer.concat(chunks), method: entry.compressionMethod });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

async function download(token: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return res;
}

/**
 * A submission straight into the database: the files of `version` (earlier versions' files in
 * `older`), handed in unless `submittedAt` is null.
 */
async function handIn(
  assignmentId: number,
  studentId: number,
  files: Array<{ name: string; data: Buffer; mime: string }>,
  over: {
    text?: string | null;
    submittedAt?: Date | null;
    version?: number;
    older?: Array<{ name: string; data: Buffer; mime: string }>;
  } = {},
) {
  const version = over.version ?? 1;
  const [s] = await t.db
    .insert(submissions)
    .values({
      assignmentId,
      studentId,
      version,
      textAnswer: over.text ?? null,
      submittedAt: over.submittedAt === undefined ? new Date() : over.submittedAt,
    })
    .returning();
  const put = async (list: typeof files, v: number) => {
    for (const [position, f] of list.entries()) {
      const stored = await t.factory.file(f.name, f.data, f.mime);
      await t.db.insert(submissionFiles).values({ submissionId: s!.id, version: v, fileId: stored.id, position });
    }
  };
  await put(files, version);
  if (over.older) await put(over.older, version - 1);
  return s!;
}

const jpg = (name: string, data = Buffer.concat([samples.jpeg(), randomBytes(64)])) => ({ name, data, mime: 'image/jpeg' });
const pdf = (name: string, text = name) => ({ name, data: samples.pdf(text), mime: 'application/pdf' });
const txt = (name: string, text: string) => ({ name, data: Buffer.from(text), mime: 'text/plain' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET …/assignments/{id}/submissions.zip', () => {
  it('holds a folder per student who handed in ("NIS - Nama", made safe and unique) with the current files and Jawaban.txt', async () => {
    const s = await assignmentScene(t);
    const f = t.factory;
    const budi = await f.student({ rombelId: s.rombel.id, name: 'Budi Santoso', nis: '1001' });
    const siti = await f.student({ rombelId: s.rombel.id, name: 'Siti: Aminah/?', nis: null });
    const dewi1 = await f.student({ rombelId: s.rombel.id, name: 'Dewi Lestari', nis: null });
    const dewi2 = await f.student({ rombelId: s.rombel.id, name: 'dewi lestari', nis: '' });
    const unsubmitted = await f.student({ rombelId: s.rombel.id, name: 'Andi Batal', nis: '1002' });
    await f.student({ rombelId: s.rombel.id, name: 'Citra Belum', nis: '1003' });

    const photo1 = jpg('foto.jpg');
    const photo2 = jpg('FOTO.jpg');
    const ownAnswer = txt('Jawaban.txt', 'catatan siswa');
    await handIn(s.assignment.id, budi.id, [photo1, photo2, ownAnswer], {
      text: 'Jawaban nomor 1: 42\nNomor 2: ∑ benar',
      version: 2,
      older: [pdf('versi-lama.pdf')],
    });
    const sitiFile = pdf('tugas<akhir>.pdf');
    await handIn(s.assignment.id, siti.id, [sitiFile]);
    // A name as an older upload may have stored it: separators and characters Windows refuses.
    await t.db
      .update(storedFiles)
      .set({ originalName: 'bab 1\\soal: 2?.pdf' })
      .where(eq(storedFiles.originalName, sitiFile.name.replace(/[<>]/g, '')));
    await handIn(s.assignment.id, dewi1.id, [], { text: 'Hanya jawaban teks' });
    const dewi2File = pdf('laporan.pdf');
    await handIn(s.assignment.id, dewi2.id, [dewi2File], { text: '   ' });
    await handIn(s.assignment.id, unsubmitted.id, [pdf('batal.pdf')], { submittedAt: null, text: 'batal' });

    const res = await download(s.teacher.token, zipUrl(s));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    const title = s.assignment.title;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${title} - Pengumpulan.zip"; filename*=UTF-8''${encodeURIComponent(`${title} - Pengumpulan.zip`)}`,
    );

    const zip = await readZip(res.rawPayload);
    // By name ignoring case, then id: Budi, Dewi (twice), Siti. Nobody who did not hand in.
    expect([...zip.keys()]).toEqual([
      '1001 - Budi Santoso/Jawaban.txt',
      '1001 - Budi Santoso/foto.jpg',
      '1001 - Budi Santoso/FOTO (2).jpg',
      '1001 - Budi Santoso/Jawaban (2).txt',
      'Dewi Lestari/Jawaban.txt',
      'dewi lestari (2)/laporan.pdf',
      'Siti Aminah/bab 1 soal 2 .pdf',
    ]);
    const bytes = (name: string) => zip.get(name)!.data;
    expect(bytes('1001 - Budi Santoso/Jawaban.txt').toString('utf8')).toBe('Jawaban nomor 1: 42\nNomor 2: ∑ benar');
    expect(bytes('1001 - Budi Santoso/foto.jpg').equals(photo1.data)).toBe(true);
    expect(bytes('1001 - Budi Santoso/FOTO (2).jpg').equals(photo2.data)).toBe(true);
    expect(bytes('1001 - Budi Santoso/Jawaban (2).txt').equals(ownAnswer.data)).toBe(true);
    expect(bytes('Dewi Lestari/Jawaban.txt').toString('utf8')).toBe('Hanya jawaban teks');
    expect(bytes('dewi lestari (2)/laporan.pdf').equals(dewi2File.data)).toBe(true);
    expect(bytes('Siti Aminah/bab 1 soal 2 .pdf').equals(sitiFile.data)).toBe(true);
    // Photos and PDFs are stored as they are; text is deflated.
    expect(zip.get('1001 - Budi Santoso/foto.jpg')!.method).toBe(0);
    expect(zip.get('Siti Aminah/bab 1 soal 2 .pdf')!.method).toBe(0);
    expect(zip.get('1001 - Budi Santoso/Jawaban.txt')!.method).toBe(8);
  });

  it('makes names safe on every file system: no device names, no trailing dots, bounded length', () => {
    expect(safeSegment('con', 'x', 80)).toBe('_con');
    expect(safeSegment('LPT1.txt', 'x', 80)).toBe('_LPT1.txt');
    expect(safeSegment('  ..rahasia. . ', 'x', 80)).toBe('rahasia');
    expect(safeSegment('\u202Efdp.exe', 'x', 80)).toBe('fdp.exe');
    expect(safeSegment('???', 'Siswa', 80)).toBe('Siswa');
    expect(safeSegment(`${'a'.repeat(200)}.pdf`, 'x', 150)).toBe(`${'a'.repeat(146)}.pdf`);
    const names = new UniqueNames();
    expect(['a.pdf', 'A.pdf', 'a.pdf', 'a (2).pdf', 'README'].map((n) => names.take(n))).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'a (2) (2).pdf',
      'README',
    ]);
  });

  it('holds what a student handed in through the real upload, with an Indonesian title in the download name', async () => {
    const s = await assignmentScene(t);
    await t.db.update(assignments).set({ title: 'Tugas Bab 3: "Ekosistem" – Laut' }).where(eq(assignments.id, s.assignment.id));
    const photo = samples.png();
    const up = await t
      .as(s.student.token)
      .upload(
        'POST',
        `/api/student/submissions/${s.assignment.id}`,
        { text: 'Sudah saya kerjakan.' },
        { files: { name: 'halaman 1.png', data: photo } },
      );
    expect(up.status, JSON.stringify(up.body)).toBe(201);

    const res = await download(s.teacher.token, zipUrl(s));
    expect(res.statusCode).toBe(200);
    const name = 'Tugas Bab 3 Ekosistem – Laut - Pengumpulan.zip';
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Tugas Bab 3 Ekosistem _ Laut - Pengumpulan.zip"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const zip = await readZip(res.rawPayload);
    const folder = `1234 - ${s.student.name}`;
    expect([...zip.keys()]).toEqual([`${folder}/Jawaban.txt`, `${folder}/halaman 1.png`]);
    expect(zip.get(`${folder}/halaman 1.png`)!.data.equals(photo)).toBe(true);
  });

  it('answers 409 with a message when nobody has handed in (unsubmitted work does not count)', async () => {
    const s = await assignmentScene(t, { students: 2 });
    const empty = await download(s.teacher.token, zipUrl(s));
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ success: false, message: SUBMISSION_ZIP_MSG.empty });
    await handIn(s.assignment.id, s.students[0]!.id, [pdf('ditarik.pdf')], { submittedAt: null });
    const stillEmpty = await download(s.teacher.token, zipUrl(s));
    expect(stillEmpty.statusCode).toBe(409);
    expect(stillEmpty.json()).toEqual({ success: false, message: SUBMISSION_ZIP_MSG.empty });
  });

  it('stays readable for the teacher of an archived class', async () => {
    const s = await assignmentScene(t);
    const file = pdf('arsip.pdf');
    await handIn(s.assignment.id, s.student.id, [file]);
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    const res = await download(s.teacher.token, zipUrl(s));
    expect(res.statusCode).toBe(200);
    const zip = await readZip(res.rawPayload);
    expect(zip.get(`1234 - ${s.student.name}/arsip.pdf`)!.data.equals(file.data)).toBe(true);
  });

  it('leaves out a stored file that is missing from storage and sends the rest', async () => {
    const s = await assignmentScene(t, { students: 2 });
    const [a, b] = s.students;
    const kept = pdf('ada.pdf');
    await handIn(s.assignment.id, a!.id, [pdf('hilang.pdf')]);
    await handIn(s.assignment.id, b!.id, [kept]);
    const [lost] = await t.db
      .select({ fileId: submissionFiles.fileId })
      .from(submissionFiles)
      .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
      .where(eq(submissions.studentId, a!.id));
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, lost!.fileId));
    await t.app.files.storage.remove(row!.storageKey);
    const res = await download(s.teacher.token, zipUrl(s));
    expect(res.statusCode).toBe(200);
    const zip = await readZip(res.rawPayload);
    expect([...zip.values()].map((e) => e.data.toString())).toEqual([kept.data.toString()]);
  });
});

describe('the signed download link (POST …/submissions.zip/link)', () => {
  const mint = (s: Scene, token = s.teacher.token) => t.as(token).post(`${zipUrl(s)}/link`, {});

  it('downloads the same ZIP without a bearer header, for five minutes, while the session lasts', async () => {
    const s = await assignmentScene(t);
    await handIn(s.assignment.id, s.student.id, [pdf('laporan.pdf')], { text: 'Jawaban' });
    const minted = await mint(s);
    expect(minted.status).toBe(200);
    const link: string = minted.body.data.url;
    expect(link).toMatch(/^\/api\/downloads\/online-classes\/\d+\/contents\/\d+\/assignments\/\d+\/submissions\.zip\?t=\d+&e=\d+&s=/);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await readZip(res.rawPayload);
    expect([...zip.keys()]).toEqual([`1234 - ${s.student.name}/Jawaban.txt`, `1234 - ${s.student.name}/laporan.pdf`]);
    const exp = Number(new URL(link, 'http://x').searchParams.get('e'));
    expect(exp - Date.now() / 1000).toBeGreaterThan(290);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(300);

    // A user held at the new-password form cannot use it; logging out ends it.
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, s.teacher.id));
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
    await t.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, s.teacher.id));
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await t.as(s.teacher.token).post('/api/logout', {});
    const after = await t.app.inject({ method: 'GET', url: link });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ success: false, message: MSG.fileLinkInvalid });
  });

  it('refuses an altered link (403), another assignment under the same signature (403) and an expired one (410)', async () => {
    const s = await assignmentScene(t);
    await handIn(s.assignment.id, s.student.id, [pdf('laporan.pdf')]);
    const link: string = (await mint(s)).body.data.url;
    const tampered = link.replace(/s=([A-Za-z0-9_-])/, (_m, c: string) => `s=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const moved = link.replace(`/assignments/${s.assignment.id}/`, `/assignments/${s.otherAssignment.id}/`);
    expect((await t.app.inject({ method: 'GET', url: moved })).statusCode).toBe(403);
    const stolenSession = link.replace(/t=\d+/, 't=1');
    expect((await t.app.inject({ method: 'GET', url: stolenSession })).statusCode).toBe(403);
    const bare = link.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(403);
    // A browser tab gets the small Indonesian page.
    const tab = await t.app.inject({ method: 'GET', url: tampered, headers: { accept: 'text/html' } });
    expect(tab.statusCode).toBe(403);
    expect(tab.headers['content-type']).toContain('text/html');

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 301_000);
    const expired = await t.app.inject({ method: 'GET', url: link });
    expect(expired.statusCode).toBe(410);
  });

  it("is minted only for the class's teacher, and not when nobody has handed in (409)", async () => {
    const s = await assignmentScene(t);
    const empty = await mint(s);
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(SUBMISSION_ZIP_MSG.empty);
    await handIn(s.assignment.id, s.student.id, [pdf('laporan.pdf')]);
    await expectNotFound(t, s.otherTeacher.token, [['POST', `${zipUrl(s)}/link`, {}]]);
    await expectOtherRolesRefused(t, [s.admin, s.student], [['POST', `${zipUrl(s)}/link`, {}]]);
  });
});

describe('access', () => {
  it('refuses admins and students (403) and callers without a token (401)', async () => {
    const s = await assignmentScene(t);
    await handIn(s.assignment.id, s.student.id, [pdf('a.pdf')]);
    await expectOtherRolesRefused(t, [s.admin, s.student], [['GET', zipUrl(s)]]);
  });

  it("answers 404 to another teacher, for another class's assignment under the path, and for no such assignment", async () => {
    const s = await assignmentScene(t);
    await handIn(s.assignment.id, s.student.id, [pdf('a.pdf')]);
    await handIn(s.otherAssignment.id, s.outsider.id, [pdf('b.pdf')]);
    await expectNotFound(t, s.otherTeacher.token, [['GET', zipUrl(s)]]);
    await expectNotFound(t, s.teacher.token, [
      ['GET', zipUrl(s, s.otherAssignment.id)],
      ['GET', zipUrl(s, 2_147_483_000)],
    ]);
    const res = await download(
      s.teacher.token,
      `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/assignments/x/submissions.zip`,
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((res.json() as { message: string }).message).not.toBe(MSG.internal);
  });
});

/** Open file descriptors of this process that point into the app's storage folder. */
async function openStorageFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const fd of await fs.readdir('/proc/self/fd')) {
    const target = await fs.readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target.startsWith(t.config.storageDir)) out.push(target);
  }
  return out;
}

/** Counts the bytes the server reads from storage (a counting stage behind every opened object). */
function countStorageReads() {
  const storage = t.app.files.storage;
  const open = storage.open.bind(storage);
  const counter = { bytes: 0, opened: [] as Readable[] };
  vi.spyOn(storage, 'open').mockImplementation(async (key, range) => {
    const source = await open(key, range);
    const meter = new PassThrough({
      transform(chunk: Buffer, _enc, cb) {
        counter.bytes += chunk.length;
        cb(null, chunk);
      },
    });
    pipeline(source, meter, () => {});
    counter.opened.push(source);
    return meter;
  });
  return counter;
}

describe('a client that leaves or stalls', () => {
  const MB = 1024 * 1024;
  let base: string;

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function bigScene() {
    const s = await assignmentScene(t, { students: 3 });
    for (const [i, st] of s.students.entries()) {
      await handIn(s.assignment.id, st.id, [{ name: `video-${i}.mp4`, data: randomBytes(8 * MB), mime: 'video/mp4' }]);
    }
    return s;
  }

  /** Starts the download over a real socket; resolves with the response once the first bytes came. */
  async function startDownload(base: string, token: string, url: string) {
    return new Promise<{ req: http.ClientRequest; res: http.IncomingMessage; first: Buffer }>((resolve, reject) => {
      const req = http.get(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.once('data', (first: Buffer) => {
          res.pause();
          resolve({ req, res, first });
        });
      });
      req.on('error', reject);
    });
  }

  it('stops reading storage when the client disconnects mid-download, closes the stored file and keeps answering', async () => {
    const s = await bigScene();
    const reads = countStorageReads();
    const { req, res, first } = await startDownload(base, s.teacher.token, zipUrl(s));
    expect(res.statusCode).toBe(200);
    expect(first.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    req.destroy();
    await t.app.handlersIdle();
    // The download ended early: only the first object was opened, nothing is left open.
    expect(reads.opened.length).toBe(1);
    // (The counting stage aborts a bucket's HTTP response, which is destroyed a few events later.)
    await vi.waitFor(() => expect(reads.opened.every((r) => r.destroyed)).toBe(true), { timeout: 2000 });
    expect(reads.bytes).toBeLessThan(24 * MB);
    expect(await openStorageFiles()).toEqual([]);
    // The server answers on, and the same download works whole.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    vi.restoreAllMocks();
    const again = await fetch(`${base}${zipUrl(s)}`, { headers: { authorization: `Bearer ${s.teacher.token}` } });
    expect(again.status).toBe(200);
    const zip = await readZip(Buffer.from(await again.arrayBuffer()));
    expect([...zip.values()].map((e) => e.data.length)).toEqual([8 * MB, 8 * MB, 8 * MB]);
  });

  it('reads storage only as fast as the client reads the ZIP (backpressure)', async () => {
    const s = await bigScene();
    const reads = countStorageReads();
    const { req } = await startDownload(base, s.teacher.token, zipUrl(s));
    // The client has stopped reading: the server fills the socket buffers and then waits.
    await new Promise((r) => setTimeout(r, 500));
    const stalled = reads.bytes;
    await new Promise((r) => setTimeout(r, 300));
    expect(reads.bytes).toBe(stalled);
    expect(stalled).toBeLessThan(12 * MB);
    req.destroy();
    await t.app.handlersIdle();
    expect(await openStorageFiles()).toEqual([]);
  });
});
