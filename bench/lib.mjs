// Pieces every benchmark uses: a free loopback port, a pause, and how to start the real server.
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** Node's arguments for the built server when there is one, else the sources through tsx; either way the child is node itself. */
export function serverArgs() {
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
