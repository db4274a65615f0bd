/**
 * Issue 39 — "Impor nilai dari Excel": the gradebook XLSX downloaded through the "Nilai" tab, edited
 * (here with exceljs, as Excel would), uploaded: the preview names every changed cell (before →
 * after) and every refused cell with its exact message (nothing applies while there is one); the
 * fixed file is applied and the table shows the new scores. Desktop and phone (390 px).
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { api, toast, violations, signIn } from './fixtures';
import { quickWorld } from './quick-grading-world';

async function edited(path: string, edit: (ws: ExcelJS.Worksheet) => void) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await fs.readFile(path)) as unknown as ArrayBuffer);
  edit(wb.getWorksheet('Jaringan Dasar')!);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (page: Page, buffer: Buffer) =>
  page.getByRole('dialog', { name: 'Impor nilai dari Excel' }).locator('input[type="file"]').setInputFiles({
    name: 'Nilai - Jaringan Dasar.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });

for (const phone of [false, true]) {
  test(`${phone ? '@phone ' : ''}the teacher imports grades edited in Excel: errors first, then the changed cells, applied`, async ({
    page,
    request,
  }) => {
    const w = await quickWorld(request, phone ? 'ImporHp' : 'Impor');
    const first = await api(request, w.teacher.token, 'GET', `${w.apiBase}/quick-grading`);
    const ani = (first.body.data as { student: { id: number }; revision: number }[]).find((r) => r.student.id === w.ani.id)!;
    const g = await api(request, w.teacher.token, 'PUT', `${w.apiBase}/quick-grading/${w.ani.id}`, { score: 80, revision: ani.revision });
    expect(g.status, JSON.stringify(g.body)).toBe(200);

    await signIn(page, w.teacher.username, w.teacher.password);
    await page.goto(`/online-class/${w.classId}?tab=nilai`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh XLSX' }).click();
    const file = (await (await download).path())!;
    const ws = new ExcelJS.Workbook();
    await ws.xlsx.load((await fs.readFile(file)) as unknown as ArrayBuffer);
    const sheet = ws.getWorksheet('Jaringan Dasar')!;
    // Rows by name: Ani 2, Budi 3, Citra 4, Dedi 5; "Tugas Jaringan" is column D.
    expect([2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(3).value)).toEqual([w.ani.name, w.budi.name, w.citra.name, w.dedi.name]);
    expect(sheet.getRow(1).getCell(4).value).toBe('Tugas Jaringan');

    // Text in a score cell, a score for work never handed in: refused, nothing to apply.
    const bad = await edited(file, (s) => {
      s.getCell('D2').value = 90;
      s.getCell('D3').value = 'tujuh puluh';
      s.getCell('D5').value = 70;
    });
    await page.getByRole('button', { name: 'Impor nilai dari Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor nilai dari Excel' });
    await upload(page, bad);
    const errors = dialog.getByRole('list', { name: 'Kesalahan di berkas' });
    await expect(errors).toContainText('Isi sel D3 harus angka 0 sampai 100');
    await expect(errors).toContainText('Sel D5: siswa belum mengumpulkan tugas ini, nilai tidak bisa diisi');
    await expect(dialog.getByRole('button', { name: /^Terapkan \d+ perubahan$/ })).toBeDisabled();
    await expect(dialog).toHaveCSS('opacity', '1');
    expect(await violations(page, 'impor nilai')).toEqual([]);

    // Fixed: Ani 80 → 90, Budi – → 75.
    const good = await edited(file, (s) => {
      s.getCell('D2').value = 90;
      s.getCell('D3').value = 75;
    });
    await upload(page, good);
    await expect(errors).toHaveCount(0);
    const changes = dialog.getByRole('table', { name: 'Nilai yang berubah' });
    // The row whose "Sel" is exactly the cell: the names' random mark may hold "d2" too ("Budi qd2v").
    const changeAt = (ref: string) => changes.getByRole('row').filter({ has: page.getByRole('cell', { name: ref, exact: true }) });
    await expect(changeAt('D2')).toContainText(`${w.ani.name}Tugas Jaringan80 → 90`);
    await expect(changeAt('D3')).toContainText(`${w.budi.name}Tugas Jaringan– → 75`);
    await expect(changes.getByRole('row')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Terapkan 2 perubahan' }).click();
    await expect(toast(page, '2 nilai berhasil diperbarui dari berkas')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const cell = (name: string) =>
      page.getByRole('table', { name: 'Tabel nilai siswa' }).getByRole('row').filter({ hasText: name }).getByRole('cell').first();
    await expect(cell(w.ani.name)).toHaveText('90');
    await expect(cell(w.budi.name)).toHaveText('75');
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
