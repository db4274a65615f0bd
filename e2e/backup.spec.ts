/**
 * "Cadangan data" (issue 24): the admin downloads the whole school as one archive from the
 * dashboard, on a desktop and on a phone. The file is a gzip'd tar that starts with manifest.json.
 */
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiIdle, login } from './fixtures';

/** The entry names of a tar (ustar headers of 512 bytes; pax extension headers skipped). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  const field = (h: Buffer, at: number, len: number) =>
    h
      .subarray(at, at + len)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  for (let off = 0; off + 512 <= tar.length;) {
    const header = tar.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const prefix = field(header, 345, 155);
    if (type !== 'x' && type !== 'g') names.push(prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/** "kelasku-cadangan-YYYYMMDD-HHmm" of a moment, in WIB. */
function stampOf(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `kelasku-cadangan-${p.year}${p.month}${p.day}-${p.hour}${p.minute}.tar.gz`;
}

async function downloadBackup(page: Page) {
  await login(page, DEMO.admin.username, DEMO.admin.password);
  await apiIdle(page);
  const card = page.getByRole('region', { name: 'Cadangan data' });
  await expect(card).toContainText('seluruh data sekolah');
  await expect(card).toContainText('tempat yang aman');
  const before = new Date();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Unduh cadangan' }).click();
  const file = await download;
  const after = new Date();
  // Named after the moment in WIB (the minute may turn while it starts).
  expect([stampOf(before), stampOf(after)]).toContain(file.suggestedFilename());
  const bytes = await fs.readFile((await file.path())!);
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const names = tarNames(zlib.gunzipSync(bytes));
  expect(names[0]).toBe('manifest.json');
  expect(names.at(-1)).toBe('checksums.json');
  expect(names.some((n) => n.startsWith('tables/users/'))).toBe(true);
  return card;
}

test('the admin downloads a backup of the whole school from the dashboard', async ({ page }) => {
  await downloadBackup(page);
});

test('@phone the admin downloads a backup at 390 px', async ({ page }) => {
  const card = await downloadBackup(page);
  await expect(card.getByRole('button', { name: 'Unduh cadangan' })).toBeInViewport({ ratio: 1 });
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
