/**
 * Helpers of the browser tests of uploads (resumable hand-ins, materials, "Ganti file"): real files
 * on disk, what the progress bar shows, and the tus requests a page sends.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';

export const MB = 1024 * 1024;

/**
 * A valid PDF of `bytes` bytes written to a temporary file (a real file on disk keeps its name,
 * size and date when it is picked twice, as a phone's gallery does): a small document whose
 * comment lines pad it out, with varied bytes so nothing on the way could shrink it.
 */
export function pdfFile(name: string, bytes: number): { path: string; sha256: string; size: number } {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const line = Buffer.from(`%${'0123456789abcdefghijklmnopqrstuvwxyz'.repeat(2)}\n`);
  const body = Buffer.alloc(bytes - head.length - tail.length);
  for (let i = 0; i < body.length; i += line.length) line.copy(body, i);
  const data = Buffer.concat([head, body, tail]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-tus-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return { path: file, sha256: createHash('sha256').update(data).digest('hex'), size: data.length };
}

/** The percentage shown by the file's progress bar, or null when there is none. */
export const shownPercent = (bar: Locator) =>
  bar.getAttribute('aria-valuenow', { timeout: 1000 }).then(
    (v) => (v === null ? null : Number(v)),
    () => null,
  );

/**
 * Records, in the page, every percentage the file's bar shows (sampled every 50 ms) from now on:
 * what the student saw, including a drop back towards 0 % if the upload restarted.
 */
export async function recordPercentages(page: Page, name: string) {
  await page.evaluate((label) => {
    const w = window as unknown as { seen: number[]; recorder?: number };
    w.seen = [];
    if (w.recorder) window.clearInterval(w.recorder);
    w.recorder = window.setInterval(() => {
      const bar = [...document.querySelectorAll('[role="progressbar"]')].find((b) => b.getAttribute('aria-label') === `Progres ${label}`);
      const v = bar?.getAttribute('aria-valuenow');
      if (v != null) w.seen.push(Number(v));
    }, 50);
  }, name);
  return () => page.evaluate(() => (window as unknown as { seen: number[] }).seen);
}

/** The tus requests of the page: creations (POST) and the offsets the PATCHes start from. */
export function watchTus(page: Page) {
  const log = { creations: 0, patchOffsets: [] as number[] };
  page.on('request', (r: Request) => {
    if (!new URL(r.url()).pathname.startsWith('/api/uploads')) return;
    if (r.method() === 'POST') log.creations++;
    if (r.method() === 'PATCH') log.patchOffsets.push(Number(r.headers()['upload-offset']));
  });
  return log;
}
