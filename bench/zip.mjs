#!/usr/bin/env node
/**
 * "Unduh semua (ZIP)" at class size (issue 20): a class of 36 students each hands in a 50 MB file
 * of random bytes (so nothing compresses; a third each PDF, JPEG photo and MP4 video) and a short
 * text answer through the real upload path, against the real server (a child process on a
 * scratch PostgreSQL database). The teacher then downloads the whole ZIP (1.8 GB) over loopback
 * while the server's resident memory is sampled every 100 ms (and its kernel high-water mark,
 * reset just before). Reports idle and peak RSS, bytes, time and rate; checks the archive's
 * central directory lists every file. The scratch database and the stored files are removed
 * afterwards.
 *
 *   node bench/zip.mjs                  # writes bench/RESULTS-zip.md
 *   ZIP_STUDENTS=36 ZIP_FILE_MB=50 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 node bench/zip.mjs
 *
 * Exports run(opts) → markdown lines, for bench/run.mjs (BENCH_EXTRA=1).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, postStream, runWhenMain, sleep } from './lib.mjs';
import { withSeededClass } from './deadline-rush.mjs';

const MB = 1024 * 1024;
/** Peak minus idle resident memory allowed during the download. */
const GOAL_MB = 50;
const log = (...a) => console.error('[zip]', ...a);

/** The first bytes of each kind, so the server's content sniffing accepts the file; the rest is random. */
const KINDS = [
  { ext: 'pdf', type: 'application/pdf', head: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1') },
  { ext: 'jpg', type: 'image/jpeg', head: Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex') },
  { ext: 'mp4', type: 'video/mp4', head: Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex') },
];

/** Hands in one file of `size` random bytes and a text answer, streamed as multipart; resolves with the status. */
function handIn(base, assignmentId, token, size, kind, name) {
  const boundary = `----zip${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nJawaban ${name}: lihat berkas terlampir.\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}.${kind.ext}"\r\nContent-Type: ${kind.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  function* body() {
    yield head;
    yield kind.head;
    for (let sent = kind.head.length; sent < size; sent += MB) yield randomBytes(Math.min(MB, size - sent));
    yield tail;
  }
  const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
  return postStream(`${base}/api/student/submissions/${assignmentId}`, headers, head.length + size + tail.length, body());
}

const rssOf = (pid, field = 'VmRSS') => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) * 1024;
};

/** Reads the ZIP to its end without keeping it; answers status, bytes, seconds, time to first byte and the entry count of its end record. */
async function download(base, url, token) {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let firstByteMs = null;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body) {
    if (firstByteMs === null) firstByteMs = performance.now() - t0;
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-64 * 1024);
  }
  const seconds = (performance.now() - t0) / 1000;
  // End of central directory record: "PK\5\6", the total number of entries at offset 10.
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = eocd >= 0 ? tail.readUInt16LE(eocd + 10) : null;
  return { status: res.status, type: res.headers.get('content-type'), bytes, seconds, firstByteMs, entries };
}

export async function run(opts = {}) {
  const pgUrl = (opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
  const students = Number(opts.students ?? process.env.ZIP_STUDENTS ?? 36);
  const fileBytes = Number(opts.fileMb ?? process.env.ZIP_FILE_MB ?? 50) * MB;
  const resultsFile =
    opts.resultsFile === undefined ? (process.env.ZIP_RESULTS ?? path.join(ROOT, 'bench/RESULTS-zip.md')) : opts.resultsFile;
  if (process.platform !== 'linux') throw new Error("bench/zip.mjs reads /proc to measure the server's memory: run it on Linux.");

  const need = students * fileBytes;
  const disk = await fs.statfs(os.tmpdir());
  const free = disk.bavail * disk.bsize;
  if (free < need * 1.5)
    throw new Error(`bench/zip.mjs needs ${(need / 2 ** 30).toFixed(1)} GB free in ${os.tmpdir()}; ${(free / 2 ** 30).toFixed(1)} GB are`);

  return withSeededClass({ pgUrl, tag: 'zip', students }, async ({ server, scene }) => {
    const { base, child } = server;
    const url = `/api/teacher/online-classes/${scene.klass}/contents/${scene.content}/assignments/${scene.assignment}/submissions.zip`;

    log(`${students} students hand in ${fileBytes / MB} MB each`);
    const t0 = performance.now();
    for (const [i, token] of scene.tokens.entries()) {
      const res = await handIn(
        base,
        scene.assignment,
        token,
        fileBytes,
        KINDS[i % KINDS.length],
        `tugas-${String(i + 1).padStart(2, '0')}`,
      );
      if (res.status !== 201) throw new Error(`hand-in answered ${res.status}: ${res.text}`);
    }
    const uploadSeconds = (performance.now() - t0) / 1000;

    // Warm-up: the route compiled, the pools open (a small assignment would do, but this one is at hand: read 1 MB, then leave).
    const warm = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${scene.teacherToken}` } });
    const reader = warm.body.getReader();
    for (let got = 0; got < MB;) got += (await reader.read()).value?.length ?? MB;
    await reader.cancel();
    await sleep(1000);

    const idleSamples = [];
    for (let i = 0; i < 10; i++) {
      idleSamples.push(rssOf(child.pid));
      await sleep(100);
    }
    const idle = Math.max(...idleSamples);
    let hwmReset = true;
    try {
      writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    } catch {
      hwmReset = false;
    }
    const samples = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push(rssOf(child.pid));
        await sleep(100);
      }
    })();
    let result;
    try {
      result = await download(base, url, scene.teacherToken);
    } finally {
      sampling = false;
      await sampler;
    }
    const hwm = hwmReset ? rssOf(child.pid, 'VmHWM') : 0;
    const peak = Math.max(hwm, ...samples);
    const growthMb = (peak - idle) / MB;
    const stillAnswers = (await fetch(`${base}/api/health`)).status === 200;
    if (result.status !== 200) throw new Error(`the ZIP answered ${result.status}`);

    const payload = students * fileBytes;
    const mb = (b) => (b / MB).toFixed(0);
    const lines = [
      '## Download of every submission as one ZIP',
      '',
      `${students} students each hand in one ${fileBytes / MB} MB file of random bytes (a third each PDF, JPEG, MP4; nothing ` +
        `compresses, so the archive stores them as they are) and a text answer, through the real upload ` +
        `(${uploadSeconds.toFixed(0)} s for all). The teacher then downloads ` +
        `\`GET …/assignments/{id}/submissions.zip\` from the real server (child process, ` +
        `${path.relative(ROOT, child.spawnargs.at(-1))}, scratch PostgreSQL database) over loopback, reading as fast as it can. ` +
        `Server memory: resident size (VmRSS) sampled every 100 ms during the download` +
        `${hwmReset ? ' and the kernel high-water mark (VmHWM, reset just before)' : ''}; idle is the resident size just before, ` +
        `after a warm-up download that was left after 1 MB. Machine: ${os.cpus().length} cores, Node ${process.version}. ` +
        `Run ${new Date().toISOString()}.`,
      '',
      '| students | files + answers | payload | ZIP bytes | time | rate | first byte | idle RSS | peak RSS | peak − idle | samples |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      `| ${students} | ${result.entries} entries | ${mb(payload)} MB | ${result.bytes.toLocaleString('en-US')} | ` +
        `${result.seconds.toFixed(1)} s | ${(result.bytes / MB / result.seconds).toFixed(0)} MB/s | ${result.firstByteMs.toFixed(0)} ms | ` +
        `${mb(idle)} MB | ${mb(peak)} MB | **${growthMb.toFixed(1)} MB** | ${samples.length} |`,
      '',
      `Memory stays flat: peak − idle **${growthMb.toFixed(1)} MB** for a ${(result.bytes / 2 ** 30).toFixed(2)} GB download ` +
        `(goal: under ${GOAL_MB} MB — ${growthMb < GOAL_MB ? 'met' : '**not met**'}). ` +
        `The archive's end record lists ${result.entries} entries (expected ${students * 2}: ` +
        `${result.entries === students * 2 ? 'yes' : '**NO**'}); the server answered afterwards: ${stillAnswers ? 'yes' : '**NO**'}.`,
      '',
    ];
    if (resultsFile && resultsFile !== '-') await fs.writeFile(resultsFile, `# Kelasku benchmark: submissions ZIP\n\n${lines.join('\n')}`);
    return lines;
  });
}

runWhenMain(import.meta.url, run);
