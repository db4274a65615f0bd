// Pieces every benchmark uses: a free loopback port, a pause, and how to start the real server.
import { existsSync } from 'node:fs';
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
