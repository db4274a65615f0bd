/**
 * Compressed answers (@fastify/compress): JSON of 1 KB and more is compressed (brotli, else gzip)
 * for a browser that accepts it, and the built
 * web app is served from the .br/.gz files the build writes beside each asset. Smaller replies,
 * clients that do not accept an encoding, and file links go as they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
const indexHtml = `<!doctype html><html lang="id"><head><title>Kelasku</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div>${' '.repeat(1200)}</body></html>`;
const appJs = `export const kelas = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Pembelajaran ${i}`))};\n`;
for (const [name, text] of [
  ['index.html', indexHtml],
  ['assets/app.js', appJs],
] as const) {
  const file = path.join(webDir, name);
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
}

const t = useTestApp({ WEB_DIR: webDir });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('JSON replies', () => {
  it('are compressed from 1 KB for a client that accepts it (brotli first, else gzip), holding the same JSON', async () => {
    const admin = await t.factory.admin();
    for (let i = 0; i < 8; i++) await t.factory.student();
    const auth = { authorization: `Bearer ${admin.token}` };
    const plain = await get('/api/admin/resources/users', auth);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Never stored by a browser or proxy, so no cache can hand the plain copy to a client that asked for brotli.
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);

    const br = await get('/api/admin/resources/users', { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const zipped = await get('/api/admin/resources/users', { ...auth, 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('stay plain when small, when every encoding is refused with q=0, or when only identity is accepted', async () => {
    const small = await get('/api/health', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ success: true, data: { status: 'ok' } });

    const admin = await t.factory.admin();
    for (const header of ['gzip;q=0, br;q=0, identity', 'identity']) {
      const res = await get('/api/admin/resources/users', { authorization: `Bearer ${admin.token}`, 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.json().success, header).toBe(true);
    }
  });
});

describe('the built web app', () => {
  it('is served from the brotli or gzip file the build wrote, as the browser prefers, else plain', async () => {
    const br = await get('/assets/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(appJs);

    const gz = await get('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(appJs);

    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
  });

  it('answers an app path with the compressed index.html, not cached', async () => {
    const res = await get('/my-classes/12', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(indexHtml);
  });
});
