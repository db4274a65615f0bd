#!/usr/bin/env node
/**
 * Start-up and idle memory of `npm start` on the embedded database: the built server
 * (apps/api/dist/main.js) on an empty data folder (first start: initdb, migrations, demo seed),
 * then again on the same folder (later start), each timed until it prints its address; then the
 * memory (RSS) of the app and of its PostgreSQL processes after it has idled.
 *
 *   node bench/startup.mjs            (STARTUP_RUNS=3 later starts, STARTUP_IDLE=10 seconds idle)
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, sleep } from './lib.mjs';

const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const IDLE = Number(process.env.STARTUP_IDLE ?? 10);

function start(dataDir) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      if (/berjalan di http/.test(out)) resolve({ child, ms: performance.now() - t0 });
    });
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', () => reject(new Error(`exited during start-up:\n${out}`)));
  });
}

const stop = (child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')));

/** Resident memory in MB of a process (0 when gone). */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server of the folder and its child processes. */
function postgresPids(dataDir) {
  const main = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === main;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [main, ...children];
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-startup-'));
try {
  const first = await start(dataDir);
  console.log(`first start (empty folder: initdb, migrations, demo seed): ${(first.ms / 1000).toFixed(1)} s`);
  await sleep(IDLE * 1000);
  const app = rssMb(first.child.pid);
  const pids = postgresPids(dataDir);
  const db = pids.reduce((n, p) => n + rssMb(p), 0);
  console.log(
    `idle memory after ${IDLE} s: app ${app.toFixed(0)} MB + PostgreSQL ${db.toFixed(0)} MB in ${pids.length} processes = ${(app + db).toFixed(0)} MB (RSS; shared pages of the PostgreSQL processes are counted in each)`,
  );
  await stop(first.child);
  const later = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await start(dataDir);
    later.push(s.ms);
    await stop(s.child);
  }
  console.log(`later starts: ${later.map((ms) => (ms / 1000).toFixed(1)).join(' s, ')} s (machine load ${os.loadavg()[0].toFixed(1)})`);
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
