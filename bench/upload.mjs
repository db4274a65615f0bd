#!/usr/bin/env node
/**
 * Upload and download of a 50 MB material against the real server (a child process on the
 * embedded database with the demo school, in a scratch data folder), over loopback.
 * Reports the server process's peak memory growth during each transfer (Linux: VmHWM from
 * /proc/<pid>/status, reset before each transfer, plus VmRSS sampled every few milliseconds;
 * goal: under 30 MB for one 50 MB upload), the transfer rates, and a seek (range request)
 * near the end of the file. Checks that the bytes read back are the bytes sent and that no
 * unfinished upload is left in storage.
 *
 *   node bench/upload.mjs                  # writes bench/RESULTS-upload.md
 *   ROUNDS=5 node bench/upload.mjs
 *
 * Exports run(opts) → markdown lines, for bench/run.mjs.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freePort, postStream, runWhenMain, serverArgs, sleep } from './lib.mjs';

const MB = 1024 * 1024;
const GOAL_MB = 30;

const serverCommand = () => [process.execPath, serverArgs()];

async function startServer(env) {
  const [cmd, args] = serverCommand();
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, base };
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start within 120 s:\n${output}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([new Promise((r) => child.once('exit', r)), sleep(30_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Memory of a process in KiB, from /proc (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * Watches a process's memory while `work` runs: the peak resident size (the kernel's high-water
 * mark, reset first, so nothing between samples is missed) and the largest sampled VmRSS.
 */
async function watchMemory(pid, work) {
  await sleep(300);
  const before = [];
  for (let i = 0; i < 5; i++) {
    before.push(memoryOf(pid).rss);
    await sleep(20);
  }
  const baseline = Math.max(...before);
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  let sampledMax = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      sampledMax = Math.max(sampledMax, memoryOf(pid).rss);
      await sleep(5);
    }
  })();
  let result;
  try {
    result = await work();
  } finally {
    sampling = false;
    await sampler;
  }
  const after = memoryOf(pid);
  const peak = hwmReset ? Math.max(after.hwm, sampledMax) : sampledMax;
  return {
    result,
    baselineMb: baseline / 1024,
    peakGrowthMb: (peak - baseline) / 1024,
    sampledGrowthMb: (sampledMax - baseline) / 1024,
    hwmReset,
  };
}

/** The file's bytes, made on the fly (a PDF header, then a repeating pattern); never held whole. */
function* fileChunks(size, seed) {
  const chunk = Buffer.alloc(256 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + seed) & 0xff;
  Buffer.from('%PDF-1.4\n%kelasku bench\n').copy(chunk);
  let sent = 0;
  while (sent < size) {
    const n = Math.min(chunk.length, size - sent);
    yield chunk.subarray(0, n);
    sent += n;
  }
}

/** Uploads a material by streaming a multipart body; answers the status, body, seconds and the file's SHA-256. */
function upload(base, url, token, size, seed) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nVideo praktik (bench)\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="praktik-besar.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  function* body() {
    yield head;
    for (const chunk of fileChunks(size, seed)) {
      hash.update(chunk);
      yield chunk;
    }
    yield tail;
  }
  const t0 = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
  return postStream(`${base}${url}`, headers, head.length + size + tail.length, body()).then((res) => ({
    status: res.status,
    body: JSON.parse(res.text),
    seconds: (performance.now() - t0) / 1000,
    sha256: hash.digest('hex'),
  }));
}

/** Reads a link to the end without keeping it; answers the status, bytes, seconds and SHA-256. */
async function download(base, link, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(`${base}${link}`, { headers });
  const hash = createHash('sha256');
  let bytes = 0;
  let firstByteMs = null;
  for await (const chunk of res.body) {
    if (firstByteMs === null) firstByteMs = performance.now() - t0;
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { status: res.status, bytes, seconds: (performance.now() - t0) / 1000, firstByteMs, sha256: hash.digest('hex') };
}

async function api(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function pendingUploads(storageDir) {
  return (await fs.readdir(path.join(storageDir, '.tmp')).catch(() => [])).length;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export async function run(opts = {}) {
  const rounds = Number(opts.rounds ?? process.env.ROUNDS ?? 3);
  const size = Number(opts.fileBytes ?? 50 * MB);
  const resultsFile = opts.resultsFile === undefined ? path.join(ROOT, 'bench/RESULTS-upload.md') : opts.resultsFile;
  if (process.platform !== 'linux') throw new Error("bench/upload.mjs reads /proc to measure the server's memory: run it on Linux.");

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-upload-'));
  const storageDir = path.join(dataDir, 'storage');
  let server;
  try {
    const port = await freePort();
    server = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DATABASE_URL: '',
    });
    const { base, child } = server;
    const login = await api(base, null, 'POST', '/api/login', { username: 'guru', password: 'guru123' });
    const token = login.data.token;
    const classes = await api(base, token, 'GET', '/api/teacher/online-classes');
    const classId = classes.data[0].id;
    const content = await api(base, token, 'POST', `/api/teacher/online-classes/${classId}/contents`, { title: 'Benchmark unggah' });
    const url = `/api/teacher/online-classes/${classId}/contents/${content.data.id}/materials`;

    // Warm-up: code paths compiled and pools opened before anything is measured.
    for (let i = 0; i < 3; i++) {
      const warm = await upload(base, url, token, 2 * MB, 100 + i);
      if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${JSON.stringify(warm.body)}`);
      await download(base, warm.body.data.file);
    }

    const results = [];
    for (let r = 0; r < rounds; r++) {
      const up = await watchMemory(child.pid, () => upload(base, url, token, size, r));
      if (up.result.status !== 201) throw new Error(`upload answered ${up.result.status}: ${JSON.stringify(up.result.body)}`);
      const link = up.result.body.data.file;
      const down = await watchMemory(child.pid, () => download(base, link));
      const seekAt = size - 5 * MB;
      const seek = await download(base, link, { range: `bytes=${seekAt}-${seekAt + MB - 1}` });
      results.push({ up, down, seek, intact: down.result.sha256 === up.result.sha256 && down.result.bytes === size });
    }
    const pending = await pendingUploads(storageDir);

    const mbps = (s) => (size / MB / s).toFixed(0);
    const worstGrowth = Math.max(...results.map((x) => x.up.peakGrowthMb));
    const lines = [
      '## Upload and download of a 50 MB file',
      '',
      `The demo teacher uploads a ${(size / MB).toFixed(0)} MB material (multipart, streamed) to the real server ` +
        `(child process, ${path.basename(serverCommand()[1].at(-1))}, embedded database) over loopback, then reads it back ` +
        `through its signed link, and seeks 5 MB before the end with a 1 MB range request. ${rounds} rounds after a warm-up. ` +
        `Server memory: peak resident size during the transfer minus the resident size just before it ` +
        `(${results[0].up.hwmReset ? 'kernel high-water mark, reset before each transfer, and' : ''} VmRSS sampled every 5 ms). ` +
        `Machine: ${os.cpus().length} cores, Node ${process.version}. Run ${new Date().toISOString()}.`,
      '',
      '| round | upload | upload rate | server memory growth (upload) | download | download rate | server memory growth (download) | seek: first byte | bytes intact |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...results.map(
        (x, i) =>
          `| ${i + 1} | ${x.up.result.seconds.toFixed(2)} s | ${mbps(x.up.result.seconds)} MB/s | ${x.up.peakGrowthMb.toFixed(1)} MB | ` +
          `${x.down.result.seconds.toFixed(2)} s | ${mbps(x.down.result.seconds)} MB/s | ${x.down.peakGrowthMb.toFixed(1)} MB | ` +
          `${x.seek.firstByteMs.toFixed(1)} ms (${x.seek.status}) | ${x.intact ? 'yes' : '**NO**'} |`,
      ),
      '',
      `Median: upload ${mbps(median(results.map((x) => x.up.result.seconds)))} MB/s, download ${mbps(median(results.map((x) => x.down.result.seconds)))} MB/s. ` +
        `Largest server memory growth during an upload: **${worstGrowth.toFixed(1)} MB** ` +
        `(goal: under ${GOAL_MB} MB — ${worstGrowth < GOAL_MB ? 'met' : '**not met**'}); the server's resident size before the transfers was ` +
        `${results[0].up.baselineMb.toFixed(0)} MB (mostly the embedded database). Unfinished uploads left in storage: ${pending}.`,
      '',
    ];
    if (resultsFile) await fs.writeFile(resultsFile, `# Kelasku benchmark: file upload and download\n\n${lines.join('\n')}`);
    return lines;
  } finally {
    if (server) await stopServer(server.child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, run);
