#!/usr/bin/env node
/**
 * School-year onboarding at scale (issue 19): the real server (a child process, demo data on a
 * fresh embedded database, or on a scratch PostgreSQL database with IMPORT_DB=postgres) gets an
 * XLSX of 2,000 students as Dapodik-like rows. Measures the preview, the import (the background
 * job, from the click until the job is done), a second preview of the same file (all unchanged),
 * and the server's resident memory (sampled every 100 ms, and its peak VmHWM).
 *
 *   node bench/import.mjs                    # writes bench/RESULTS-import.md
 *   IMPORT_ROWS=2000 IMPORT_DB=embedded|postgres BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 IMPORT_RESULTS=-
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { ROOT, freePort, serverArgs, sleep } from './lib.mjs';

const ROWS = Number(process.env.IMPORT_ROWS ?? 2000);
const KIND = process.env.IMPORT_DB ?? 'embedded';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const log = (...a) => console.error('[import]', ...a);

const rssOf = async (pid, field = 'VmRSS') => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
};
const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function workbook(rombels) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Peserta Didik');
  ws.addRow(['Daftar Peserta Didik']);
  ws.addRow(['SMK Negeri Contoh, tahun ajaran 2026/2027']);
  ws.addRow([]);
  ws.addRow(['No', 'Nama', 'NIPD', 'NISN', 'JK', 'Tanggal Lahir', 'Agama', 'Rombel Saat Ini']);
  const religions = ['Islam', 'Kristen', 'Katolik', 'Hindu', 'Buddha'];
  for (let i = 0; i < ROWS; i++) {
    const n = String(i + 1).padStart(5, '0');
    ws.addRow([
      i + 1,
      `Peserta Didik ${n}`,
      `27${n}`,
      `00827${n}`,
      i % 2 ? 'P' : 'L',
      new Date(Date.UTC(2010, i % 12, (i % 27) + 1)),
      religions[i % 5],
      rombels[i % rombels.length],
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function main() {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-import-bench-'));
  const dbName = `kelasku_import_${process.pid}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: '' };
  if (KIND === 'postgres') {
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    Object.assign(env, { DATABASE_URL: `${PG_URL}/${dbName}`, SEED_DEMO: '1' });
  }
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let peakSampled = 0;
  const sampler = setInterval(async () => (peakSampled = Math.max(peakSampled, await rssOf(child.pid))), 100);
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (i > 600) throw new Error('server did not start');
      await sleep(100);
    }
    const login = await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.data.token}` };
    const rombels = (await (await fetch(`${base}/api/rombel-classes`, { headers: auth })).json()).data.map((r) => r.name);
    const file = await workbook(rombels);
    const idle = await rssOf(child.pid);
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([file]), 'peserta-didik.xlsx');
      return f;
    };
    const time = async (what, fn) => {
      const t0 = performance.now();
      const r = await fn();
      const ms = performance.now() - t0;
      log(`${what}: ${(ms / 1000).toFixed(2)} s`);
      return [r, ms];
    };
    const [preview, previewMs] = await time('preview', async () =>
      (await fetch(`${base}/api/admin/imports/users/preview`, { method: 'POST', headers: auth, body: form() })).json(),
    );
    if (preview.data?.summary.create !== ROWS) throw new Error(`preview: ${JSON.stringify(preview).slice(0, 300)}`);
    const [job, importMs] = await time('import', async () => {
      const started = await (await fetch(`${base}/api/admin/imports/users`, { method: 'POST', headers: auth, body: form() })).json();
      for (;;) {
        const j = (await (await fetch(`${base}/api/admin/imports/${started.data.id}`, { headers: auth })).json()).data;
        if (j.status === 'done' || j.status === 'failed') return j;
        await sleep(200);
      }
    });
    if (job.status !== 'done') throw new Error(`import: ${JSON.stringify(job)}`);
    const [again, againMs] = await time('preview again', async () =>
      (await fetch(`${base}/api/admin/imports/users/preview`, { method: 'POST', headers: auth, body: form() })).json(),
    );
    const [, slipsMs] = await time('slips PDF', async () =>
      (await fetch(`${base}/api/admin/imports/${job.id}/slips.pdf`, { headers: auth })).arrayBuffer(),
    );
    const peak = await rssOf(child.pid, 'VmHWM');
    const lines = [
      `## Import of ${ROWS.toLocaleString('en')} students (${KIND}), ${new Date().toISOString().slice(0, 10)}`,
      '',
      `XLSX of ${(file.length / 1024).toFixed(0)} KB with Dapodik title rows, a date cell per row, ${rombels.length} rombels. \`node bench/import.mjs\`${KIND === 'postgres' ? ' with IMPORT_DB=postgres' : ''}, 2-core machine.`,
      '',
      '| step | seconds |',
      '| --- | ---: |',
      `| preview (upload, read, check, plan) | ${(previewMs / 1000).toFixed(2)} |`,
      `| import (click to job done: ${job.summary.create} users, argon2id each) | ${(importMs / 1000).toFixed(2)} |`,
      `| preview of the same file again (${again.data.summary.unchanged} unchanged) | ${(againMs / 1000).toFixed(2)} |`,
      `| slips PDF (${Math.ceil(ROWS / 10)} pages) | ${(slipsMs / 1000).toFixed(2)} |`,
      '',
      `Server memory: ${mb(idle)} before, ${mb(peakSampled)} highest sampled, ${mb(peak)} peak (VmHWM).`,
      '',
    ];
    const out = lines.join('\n');
    if (process.env.IMPORT_RESULTS !== '-')
      await fs.writeFile(path.resolve(ROOT, process.env.IMPORT_RESULTS ?? 'bench/RESULTS-import.md'), out);
    console.log(out);
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await fs.rm(dataDir, { recursive: true, force: true });
    if (KIND === 'postgres') {
      const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
