/**
 * Crashes against the real server process (apps/api/src/main.ts), on its own data folder and port,
 * on the embedded database or (with TEST_DATABASE_URL) a scratch PostgreSQL database:
 * SIGKILL in the middle of an upload and in the middle of many multi-row writes, then a restart on
 * the same data: no partial file, no orphan row, every acknowledged write kept. SIGTERM lets the
 * request in flight finish and closes the database. Start-up removes what a crash left behind,
 * but only once it is older than the grace period (another instance's upload is left alone).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { dbKind, filesUnder, samples } from './helpers.js';
import { api, freshData, login, slowUpload, startServer, type Server } from './server-process.js';
import { ROLE_IDS } from '@kelasku/contract';

/** The demo teacher's first class and its first content. */
async function firstLesson(server: Server, token: string): Promise<{ classId: number; lessonId: number }> {
  const classes = await api(server, 'GET', '/api/teacher/online-classes', token);
  const classId = classes.json.data[0].id;
  const lessons = await api(server, 'GET', `/api/teacher/online-classes/${classId}/contents`, token);
  return { classId, lessonId: lessons.json.data[0].id };
}

/** A material form (title + a PDF named besar.pdf) for slowUpload. */
const material = (title: string, fileBytes: number) => ({ fields: { title }, fileField: 'file', filename: 'besar.pdf', fileBytes });

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Runs SQL on the server's database (the embedded one only while no server has it open). */
async function query<T = Record<string, unknown>>(data: { dataDir: string; databaseUrl: string | null }, text: string): Promise<T[]> {
  if (data.databaseUrl) {
    const c = new pg.Client({ connectionString: data.databaseUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows as T[];
    } finally {
      await c.end();
    }
  }
  const d = await openDatabase({ databaseUrl: null, dataDir: data.dataDir });
  try {
    return ((await d.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  } finally {
    await d.close();
  }
}

const storageOf = (dataDir: string) => path.join(dataDir, 'storage');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Rows and files that belong to nothing: what no crash may leave behind (once swept). */
async function orphans(data: { dataDir: string; databaseUrl: string | null }) {
  const [o] = await query<{ students: number; teachers: number; unreferenced: number; missing_detail: number }>(
    data,
    `select
       (select count(*)::int from students s where not exists (select 1 from users u where u.id = s.user_id)) as students,
       (select count(*)::int from teachers t where not exists (select 1 from users u where u.id = t.user_id)) as teachers,
       (select count(*)::int from stored_files f where not exists (select 1 from users u where u.avatar_file_id = f.id)
          and not exists (select 1 from materials m where m.file_id = f.id)
          and not exists (select 1 from submission_files s where s.file_id = f.id)
          and not exists (select 1 from questions q where q.image_file_id = f.id)
          and not exists (select 1 from leave_requests l where l.file_id = f.id)) as unreferenced,
       (select count(*)::int from users u where (u.role_id = ${ROLE_IDS.student} and not exists (select 1 from students s where s.user_id = u.id))
          or (u.role_id = ${ROLE_IDS.teacher} and not exists (select 1 from teachers t where t.user_id = u.id))) as missing_detail`,
  );
  const keys = new Set((await query<{ storage_key: string }>(data, 'select storage_key from stored_files')).map((r) => r.storage_key));
  const files = (await filesUnder(storageOf(data.dataDir))).filter((f) => !f.startsWith('.tmp'));
  return {
    ...o!,
    filesWithoutRow: files.filter((f) => !keys.has(f)),
    rowsWithoutFile: [...keys].filter((k) => !files.includes(k)),
  };
}

const seen: string[] = [];
afterAll(() => {
  if (seen.length) console.info(`crash tests (${dbKind}):\n  ${seen.join('\n  ')}`);
});

describe(`the real server process (${dbKind})`, () => {
  it('SIGKILL in the middle of an upload: after a restart no partial file and no row, committed data kept; fresh leftovers of another instance stay', async () => {
    const data = await freshData('crash');
    const s1 = await startServer(data);
    const token = await login(s1, 'guru', 'guru123');
    const { classId, lessonId } = await firstLesson(s1, token);
    const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/materials`;

    // Committed before the crash.
    const form = new FormData();
    form.append('title', 'Tersimpan sebelum crash');
    form.append('file', new Blob([samples.pdf('tersimpan')]), 'tersimpan.pdf');
    const kept = await fetch(`${s1.url}${base}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(kept.status).toBe(201);
    const keptLink: string = ((await kept.json()) as { data: { file: string } }).data.file;

    // The crash: a 20 MB upload is killed after 4 MB have reached the disk.
    const up = slowUpload(s1, base, token, material('Terputus oleh crash', 20 * 1024 * 1024));
    await up.send(4 * 1024 * 1024);
    const tmp = path.join(storageOf(data.dataDir), '.tmp');
    const partial = await waitFor(async () => {
      for (const f of await fs.readdir(tmp)) {
        const st = await fs.stat(path.join(tmp, f)).catch(() => null);
        if (st && st.size > 1024 * 1024) return { name: f, size: st.size };
      }
      return null;
    }, 'the partial upload on disk');
    s1.proc.kill('SIGKILL');
    expect((await s1.exited).signal).toBe('SIGKILL');
    expect(await up.response).toBeNull(); // the client never got an answer
    seen.push(`upload: killed with ${(partial.size / 1024 / 1024).toFixed(1)} MB of 20 MB in ${path.join('.tmp', partial.name)}`);

    // The crash happened 61 minutes ago (the grace period is an hour); meanwhile another instance is uploading, and just stored a file.
    await fs.utimes(path.join(tmp, partial.name), minutesAgo(61), minutesAgo(61));
    const otherUpload = path.join(tmp, randomUUID());
    await fs.writeFile(otherUpload, 'upload of another instance, in flight');
    const otherId = randomUUID();
    const otherStored = path.join(storageOf(data.dataDir), otherId.slice(0, 2), otherId);
    await fs.mkdir(path.dirname(otherStored), { recursive: true });
    await fs.writeFile(otherStored, 'stored by another instance a moment ago, row not committed yet');
    const oldId = randomUUID();
    const oldOrphan = path.join(storageOf(data.dataDir), oldId.slice(0, 2), oldId);
    await fs.mkdir(path.dirname(oldOrphan), { recursive: true });
    await fs.writeFile(oldOrphan, 'stored long ago, its row never committed');
    await fs.utimes(oldOrphan, minutesAgo(90), minutesAgo(90));

    const s2 = await startServer(data);
    const sweepLine = s2.output
      .join('')
      .split('\n')
      .find((l) => l.includes('interrupted upload'));
    expect(sweepLine, s2.output.join('')).toBeTruthy();
    const swept = JSON.parse(sweepLine!);
    expect(swept.pending).toBe(1);
    expect(swept.files).toBe(1);
    seen.push(
      `upload: restart swept ${swept.pending} unfinished upload(s), ${swept.files} file(s) without a row, ${swept.rows} unreferenced row(s)`,
    );
    await expect(fs.stat(path.join(tmp, partial.name))).rejects.toThrow();
    await expect(fs.stat(oldOrphan)).rejects.toThrow();
    expect(await fs.readFile(otherUpload, 'utf8')).toContain('in flight');
    expect(await fs.readFile(otherStored, 'utf8')).toContain('a moment ago');

    const token2 = await login(s2, 'guru', 'guru123');
    const detail = await api(s2, 'GET', `/api/teacher/online-classes/${classId}/contents/${lessonId}`, token2);
    const titles = detail.json.data.materials.map((m: { title: string }) => m.title);
    expect(titles).toContain('Tersimpan sebelum crash');
    expect(titles).not.toContain('Terputus oleh crash');
    const bytes = Buffer.from(await (await fetch(`${s2.url}${keptLink}`)).arrayBuffer());
    expect(bytes.equals(samples.pdf('tersimpan'))).toBe(true);
    s2.proc.kill('SIGTERM');
    expect((await s2.exited).code, s2.output.join('').slice(-4000)).toBe(0);

    // Another instance's files are not ours to judge; everything else matches row for row.
    await fs.rm(otherUpload);
    await fs.rm(otherStored);
    const o = await orphans(data);
    expect(o).toMatchObject({ students: 0, teachers: 0, unreferenced: 0, missing_detail: 0, filesWithoutRow: [], rowsWithoutFile: [] });
    expect(await filesUnder(tmp)).toEqual([]);
  }, 180_000);

  it('SIGKILL in the middle of a resumable upload: after a restart it resumes from what reached the disk, and the material holds the whole file', async () => {
    const data = await freshData('crash');
    const s1 = await startServer(data);
    const token = await login(s1, 'guru', 'guru123');
    const { classId, lessonId } = await firstLesson(s1, token);
    const file = Buffer.alloc(20 * 1024 * 1024, 0x20);
    samples.pdf('tus').copy(file);
    randomBytes(1024 * 1024).copy(file, 2 * 1024 * 1024);
    const created = await fetch(`${s1.url}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(file.length),
        'upload-metadata': `filename ${Buffer.from('modul-besar.pdf').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;

    // 6 MB of 20 MB are sent over a raw socket, then the server is killed.
    const socket = net.connect(s1.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nTus-Resumable: 1.0.0\r\n` +
        `Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${file.length}\r\n\r\n`,
    );
    socket.write(file.subarray(0, 6 * 1024 * 1024));
    const onDisk = path.join(storageOf(data.dataDir), 'resumable', id);
    const before = await waitFor(async () => {
      const st = await fs.stat(onDisk).catch(() => null);
      return st && st.size >= 4 * 1024 * 1024 ? st.size : null;
    }, 'the resumable upload on disk');
    s1.proc.kill('SIGKILL');
    expect((await s1.exited).signal).toBe('SIGKILL');
    socket.destroy();

    const s2 = await startServer(data);
    try {
      const head = await fetch(`${s2.url}${location}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
      });
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(before);
      expect(offset).toBeLessThanOrEqual(6 * 1024 * 1024);
      seen.push(
        `resumable upload: killed with ${(before / 1024 / 1024).toFixed(1)} MB on disk, resumed from ${(offset / 1024 / 1024).toFixed(1)} MB`,
      );
      const rest = await fetch(`${s2.url}${location}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: file.subarray(offset),
      });
      expect(rest.status).toBe(204);
      const form = new FormData();
      form.append('title', 'Modul besar');
      form.append('upload', id);
      const saved = await fetch(`${s2.url}/api/teacher/online-classes/${classId}/contents/${lessonId}/materials`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(saved.status).toBe(201);
      const link: string = ((await saved.json()) as { data: { file: string } }).data.file;
      const bytes = Buffer.from(await (await fetch(`${s2.url}${link}`)).arrayBuffer());
      expect(bytes.equals(file)).toBe(true);
    } finally {
      s2.proc.kill('SIGTERM');
      await s2.exited;
    }
  }, 180_000);

  it('SIGKILL in the middle of multi-row writes: after a restart every acknowledged write is there, nothing half-written', async () => {
    const data = await freshData('crash');
    const s1 = await startServer(data);
    const admin = await login(s1, 'admin', 'admin123');
    const guru = await login(s1, 'guru', 'guru123');
    const siswa = await login(s1, 'siswa', 'siswa123');
    const { classId, lessonId } = await firstLesson(s1, guru);
    const forum = await api(s1, 'POST', `/api/teacher/online-classes/${classId}/contents/${lessonId}/forums`, guru, {
      topic: 'Forum crash',
    });
    expect(forum.status, forum.text).toBe(201);
    const forumId: number = forum.json.data.id;

    const acked = {
      users: [] as Array<{ username: string; role: number }>,
      comments: [] as number[],
      deletedClasses: [] as number[],
      classes: [] as number[],
    };
    let sent = 0;
    let stop = false;
    const run = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        sent++;
        try {
          const kind = (lane + i) % 3;
          if (kind === 0) {
            // A user and its detail row in one transaction.
            const role = i % 2 ? ROLE_IDS.teacher : ROLE_IDS.student;
            const username = `crash${lane}x${i}${randomBytes(2).toString('hex')}`;
            const r = await api(s1, 'POST', '/api/admin/resources/users', admin, {
              role,
              name: 'Korban Crash',
              gender: 'L',
              username,
              password: 'rahasia1',
              confirm_password: 'rahasia1',
              ...(role === ROLE_IDS.student ? { rombel_id: 1, nis: '1' } : { nip: '1' }),
            });
            if (r.status === 201) acked.users.push({ username, role });
          } else if (kind === 1) {
            const r = await api(s1, 'POST', `/api/student/my-classes/${classId}/contents/${lessonId}/forums/${forumId}/comments`, siswa, {
              comment: `crash ${lane}-${i}`,
            });
            if (r.status === 201) acked.comments.push(r.json.data.id);
          } else {
            // A class with contents, then its delete (a cascade over several tables).
            const c = await api(s1, 'POST', '/api/teacher/online-classes', guru, { name: `Kelas crash ${lane}-${i}`, rombel_class_id: 1 });
            if (c.status !== 201) continue;
            acked.classes.push(c.json.data.id);
            for (let k = 0; k < 3; k++)
              await api(s1, 'POST', `/api/teacher/online-classes/${c.json.data.id}/contents`, guru, { title: `Isi ${k}` });
            const d = await api(s1, 'DELETE', `/api/teacher/online-classes/${c.json.data.id}`, guru);
            if (d.status === 200) acked.deletedClasses.push(c.json.data.id);
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = Array.from({ length: 12 }, (_, lane) => run(lane));
    await waitFor(
      async () => acked.users.length >= 10 && acked.comments.length >= 10 && acked.deletedClasses.length >= 3,
      'some acknowledged writes',
      60_000,
    );
    s1.proc.kill('SIGKILL');
    stop = true;
    await s1.exited;
    await Promise.all(lanes);
    seen.push(
      `writes: killed with ${sent} requests sent, acknowledged ${acked.users.length} users, ${acked.comments.length} comments, ${acked.deletedClasses.length} class deletes`,
    );

    // The restart recovers the database; its sweep runs with the grace period over (crash long ago).
    const s2 = await startServer(data, { ORPHAN_GRACE_MS: '0' });
    expect((await api(s2, 'GET', '/api/health')).status).toBe(200);
    s2.proc.kill('SIGTERM');
    expect((await s2.exited).code, s2.output.join('').slice(-4000)).toBe(0);

    const users = await query<{ username: string; role_id: number }>(
      data,
      `select username, role_id from users where username like 'crash%'`,
    );
    const byName = new Map(users.map((u) => [u.username, u.role_id]));
    for (const u of acked.users) expect(byName.get(u.username), u.username).toBe(u.role);
    const commentIds = new Set((await query<{ id: number }>(data, 'select id from comments')).map((r) => Number(r.id)));
    for (const id of acked.comments) expect(commentIds.has(id), `comment ${id}`).toBe(true);
    const classIds = new Set((await query<{ id: number }>(data, 'select id from online_classes')).map((r) => Number(r.id)));
    for (const id of acked.deletedClasses) expect(classIds.has(id), `deleted class ${id}`).toBe(false);
    const [dangling] = await query<{ n: number }>(
      data,
      'select count(*)::int as n from contents c where not exists (select 1 from online_classes o where o.id = c.online_class_id)',
    );
    expect(dangling!.n).toBe(0);
    const o = await orphans(data);
    expect(o).toMatchObject({ students: 0, teachers: 0, unreferenced: 0, missing_detail: 0, filesWithoutRow: [], rowsWithoutFile: [] });
    seen.push(
      `writes: after restart ${users.length} crash users (${users.length - acked.users.length} committed without an answer), 0 without their detail row, 0 orphans`,
    );
  }, 240_000);

  it('SIGTERM lets the upload in flight finish, refuses new work, closes the database and exits 0', async () => {
    const data = await freshData('crash');
    const s = await startServer(data);
    const token = await login(s, 'guru', 'guru123');
    const { classId, lessonId } = await firstLesson(s, token);
    const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/materials`;
    const up = slowUpload(s, base, token, material('Selesai saat berhenti', 3 * 1024 * 1024));
    await up.send(1024 * 1024);
    await waitFor(async () => (await filesUnder(path.join(storageOf(data.dataDir), '.tmp'))).length > 0, 'the upload to start');
    s.proc.kill('SIGTERM');
    await waitFor(async () => s.output.join('').includes('shutting down'), 'the shutdown to begin');
    // New connections are no longer taken.
    const fresh = await fetch(`${s.url}/api/health`).then(
      (r) => r.status,
      (e: Error) => e.message,
    );
    expect(fresh === 503 || typeof fresh === 'string', String(fresh)).toBe(true);
    await up.finish();
    const res = await up.response;
    expect(res?.status, res?.body).toBe(201);
    const exit = await s.exited;
    expect(exit.code).toBe(0);
    seen.push(`SIGTERM: new request answered ${fresh}; the upload in flight finished with ${res?.status}; exit code ${exit.code}`);

    if (data.databaseUrl) {
      const [c] = await query<{ n: number }>(
        data,
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(c!.n).toBe(0);
    }
    // The database opens cleanly and holds the upload that finished during the shutdown.
    const [m] = await query<{ n: number }>(data, `select count(*)::int as n from materials where title = 'Selesai saat berhenti'`);
    expect(m!.n).toBe(1);
    const o = await orphans(data);
    expect(o).toMatchObject({ unreferenced: 0, filesWithoutRow: [], rowsWithoutFile: [] });
    expect(await filesUnder(path.join(storageOf(data.dataDir), '.tmp'))).toEqual([]);
  }, 120_000);

  // Only PostgreSQL lets a lock from outside hold a request half-way; the embedded database has a
  // single connection inside the server. The shutdown code is the same for both.
  if (dbKind === 'postgres') {
    it('SIGTERM waits for a handler whose client went away, so its later statements still run', async () => {
      const data = await freshData('crash');
      const s = await startServer(data);
      const guru = await login(s, 'guru', 'guru123');
      const siswa = await login(s, 'siswa', 'siswa123');
      const { classId, lessonId } = await firstLesson(s, guru);
      const base = `/api/student/my-classes/${classId}/contents/${lessonId}/forums`;
      const forum = await api(s, 'POST', `/api/teacher/online-classes/${classId}/contents/${lessonId}/forums`, guru, {
        topic: 'Forum berhenti',
      });
      expect(forum.status, forum.text).toBe(201);
      await api(s, 'GET', `${base}/${forum.json.data.id}`, siswa); // the session is checked and cached

      // The class table locked from outside: the comment's access check waits on it; the insert comes after.
      const lock = new pg.Client({ connectionString: data.databaseUrl! });
      await lock.connect();
      await lock.query('begin');
      await lock.query('lock table online_classes in access exclusive mode');
      const abort = new AbortController();
      const request = fetch(`${s.url}${base}/${forum.json.data.id}/comments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${siswa}`, 'content-type': 'application/json' },
        body: JSON.stringify({ comment: 'Dikirim sebelum server berhenti' }),
        signal: abort.signal,
      }).catch((e: Error) => e.name);
      await waitFor(
        async () =>
          (await lock.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rowCount,
        'the request to wait on the lock',
      );
      s.proc.kill('SIGTERM');
      await waitFor(async () => s.output.join('').includes('shutting down'), 'the shutdown to begin');
      abort.abort(); // the client leaves: close() no longer waits for its connection
      expect(await request).toBe('AbortError');
      await new Promise((r) => setTimeout(r, 500)); // time for close() to finish and, before the fix, the pool to end
      await lock.query('rollback');
      await lock.end();

      const exit = await s.exited;
      const output = s.output.join('');
      expect(exit.code, output.slice(-4000)).toBe(0);
      expect(output).not.toMatch(/Cannot use a pool/);
      const rows = await query<{ n: number }>(
        data,
        `select count(*)::int as n from comments where body = 'Dikirim sebelum server berhenti'`,
      );
      expect(rows[0]!.n).toBe(1);
      seen.push('SIGTERM: a handler whose client left finished its insert before the database closed');
    }, 120_000);
  }
});
