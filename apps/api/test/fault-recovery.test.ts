/**
 * What a crash leaves, recovered while the app runs (issue 35): two real server processes
 * (src/main.ts) on one database and one storage folder, as a school's two instances; the one that
 * runs a user import, with a burst of hand-ins arriving, is killed with SIGKILL. Nothing restarts:
 * - the other instance takes the import up within a minute (pg-boss heartbeat, jobs/queue.ts),
 *   finishes it, creates each user once, and the import's status says it was resumed;
 * - its periodic sweep (FILE_SWEEP_SECONDS) removes the hand-ins' temporary files once older than
 *   ORPHAN_GRACE_MS, while its own upload in progress, older than that by then, is left alone and completes.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@kelasku/contract';
import { filesUnder, freshDatabaseUrl } from './helpers.js';
import { afterFile, api, login, slowUpload, startServer, type Server } from './server-process.js';

const ROWS = 200;
const GRACE_MS = 10_000;
const SWEEP_SECONDS = 2;

async function query<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, what: string, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts an import of ROWS new students (usernames impcrash0000…) as the demo admin; returns its id. */
async function startImport(s: Server, admin: string): Promise<number> {
  const lines = ['Nama;NIS;Rombel;Username'];
  for (let i = 0; i < ROWS; i++) lines.push(`Siswa Impor ${i};${70_000_000 + i};X TKJ 1;impcrash${String(i).padStart(4, '0')}`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'siswa.csv');
  const res = await fetch(`${s.url}/api/admin/imports/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const body = (await res.json()) as { data: { id: number } };
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body.data.id;
}

const importOf = async (s: Server, admin: string, id: number) => (await api(s, 'GET', `/api/admin/imports/${id}`, admin)).json.data;
const tmpFiles = async (storageDir: string) => filesUnder(path.join(storageDir, '.tmp'));

/** Sends a chunk of each upload every second until stopped: uploads in progress, never idle. */
function trickle(uploads: Array<{ send(n: number): Promise<void> }>) {
  let on = true;
  const running = (async () => {
    while (on) {
      await Promise.all(uploads.map((u) => u.send(4 * 1024)));
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  return async () => {
    on = false;
    await running;
  };
}

const seen: string[] = [];
afterAll(() => {
  if (seen.length) console.log(`fault recovery:\n  ${seen.join('\n  ')}`);
});

describe('when the instance running an import and receiving hand-ins is killed, the other instance', () => {
  it('resumes the import within a minute (each user once) and sweeps the leftovers while running, sparing an upload in progress', async () => {
    const { url, drop } = await freshDatabaseUrl();
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-fault-'));
    afterFile(async () => {
      await drop();
      await fs.rm(root, { recursive: true, force: true });
    });
    const storageDir = path.join(root, 'storage');
    const env = { STORAGE_DIR: storageDir, ORPHAN_GRACE_MS: String(GRACE_MS), FILE_SWEEP_SECONDS: String(SWEEP_SECONDS) };
    // The first seeds the demo school; the second starts on it.
    const first = await startServer({ dataDir: path.join(root, 'a'), databaseUrl: url }, env);
    const second = await startServer({ dataDir: path.join(root, 'b'), databaseUrl: url }, { ...env, SEED_DEMO: 'false' });
    const admin = await login(first, 'admin', 'admin123');
    const importId = await startImport(first, admin);
    // Whichever instance took the job is the one to kill.
    const victim = await waitFor(
      async () => [first, second].find((s) => s.output.join('').includes('user import started')),
      'an instance to take the import',
      60_000,
    );
    const survivor = victim === first ? second : first;
    const siswa = await login(victim, 'siswa', 'siswa123');
    const guru = await login(survivor, 'guru', 'guru123');
    const assignmentId: number = (await api(victim, 'GET', '/api/student/upcoming-assignments', siswa)).json.data[0].id;

    // A burst of hand-ins arriving at the victim, and a material arriving at the survivor, all still sending.
    const burst = Array.from({ length: 6 }, () =>
      slowUpload(victim, `/api/student/submissions/${assignmentId}`, siswa, {
        fields: {},
        fileField: 'files',
        filename: 'tugas.pdf',
        fileBytes: 2 * 1024 * 1024,
      }),
    );
    const classId = (await api(survivor, 'GET', '/api/teacher/online-classes', guru)).json.data[0].id;
    const lessonId = (await api(survivor, 'GET', `/api/teacher/online-classes/${classId}/contents`, guru)).json.data[0].id;
    const live = slowUpload(survivor, `/api/teacher/online-classes/${classId}/contents/${lessonId}/materials`, guru, {
      fields: { title: 'Diunggah pelan' },
      fileField: 'file',
      filename: 'tugas.pdf',
      fileBytes: 1024 * 1024,
    });
    await Promise.all([...burst, live].map((u) => u.send(64 * 1024)));
    const liveStarted = Date.now();
    const stopBurst = trickle(burst);
    const stopLive = trickle([live]);
    await waitFor(async () => (await tmpFiles(storageDir)).length === burst.length + 1, 'the uploads to reach storage', 20_000);
    const before = await waitFor(
      async () => {
        const j = await importOf(survivor, admin, importId);
        return j.status === 'running' && j.done >= 25 ? j : null;
      },
      'the import to be under way',
      90_000,
    );
    expect(before.resumed_at).toBeNull();
    const tmpBefore = await tmpFiles(storageDir);
    victim.proc.kill('SIGKILL');
    const killedAt = Date.now();
    await victim.exited;
    await stopBurst();
    await Promise.all(burst.map((u) => u.response));
    const liveTmp = (await tmpFiles(storageDir)).filter((f) => tmpBefore.includes(f));
    expect(liveTmp).toHaveLength(burst.length + 1);

    // Watched from now on: the leftovers go while the app runs, once older than the grace period.
    const swept = waitFor(async () => (await tmpFiles(storageDir)).length === 1, 'the leftovers to be swept', GRACE_MS + 60_000).then(
      () => Date.now() - killedAt,
    );

    // The import: picked up again within a minute of the kill, finished, flagged as resumed.
    const resumed = await waitFor(
      async () => {
        const j = await importOf(survivor, admin, importId);
        return j.resumed_at ? j : null;
      },
      'the import to resume',
      60_000,
    );
    const resumedIn = Date.parse(resumed.resumed_at) - killedAt;
    expect(resumedIn).toBeLessThan(60_000);
    const done = await waitFor(
      async () => {
        const j = await importOf(survivor, admin, importId);
        return j.status === 'done' || j.status === 'failed' ? j : null;
      },
      'the import to finish',
      180_000,
    );
    const finishedIn = Date.now() - killedAt;
    expect(done).toMatchObject({ status: 'done', total: ROWS, done: ROWS, error: null, summary: { create: ROWS } });
    expect(done.resumed_at).toBe(resumed.resumed_at);
    expect(IMPORT_MSG.resumed).toBe('Impor terhenti karena server dimulai ulang; dilanjutkan otomatis.');
    expect(survivor.output.join('')).toContain('user import resumed after its run was cut off');

    const sweptIn = await swept;
    // What is left is the survivor's upload in progress, older than the grace period by now: untouched, and it completes.
    await waitFor(
      async () => Date.now() - liveStarted > GRACE_MS + 2 * SWEEP_SECONDS * 1000,
      'the upload to outlive the grace',
      GRACE_MS + 10_000,
    );
    const remaining = await tmpFiles(storageDir);
    expect(remaining).toHaveLength(1);
    expect(liveTmp).toContain(remaining[0]);
    await stopLive();
    await live.finish();
    const stored = await live.response;
    expect(stored?.status, stored?.body).toBe(201);
    expect(await tmpFiles(storageDir)).toEqual([]);
    expect(survivor.output.join('')).toContain('removed files left by an interrupted upload');

    survivor.proc.kill('SIGTERM');
    expect((await survivor.exited).code, survivor.output.join('').slice(-3000)).toBe(0);
    const [users] = await query<{ n: number; distinct: number; students: number }>(
      url,
      `select count(*)::int as n, count(distinct username)::int as distinct,
              (select count(*)::int from students s join users u on u.id = s.user_id where u.username like 'impcrash%') as students
         from users where username like 'impcrash%'`,
    );
    expect(users).toEqual({ n: ROWS, distinct: ROWS, students: ROWS });
    seen.push(
      `killed with ${before.done}/${ROWS} rows written; the other instance resumed it ${resumedIn} ms after the kill, ` +
        `done after ${finishedIn} ms, ${users!.n} users (each once); ${burst.length} hand-in leftovers swept ${sweptIn} ms after the kill ` +
        `(grace ${GRACE_MS} ms, sweep every ${SWEEP_SECONDS} s); an upload of ${Math.round((Date.now() - liveStarted) / 1000)} s kept and stored`,
    );
  }, 300_000);
});
