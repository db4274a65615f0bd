/**
 * Parents from the user import (issue 40): a Dapodik export whose siblings share their father's NIK
 * and where one student has a guardian. The preview says how many parent accounts the import makes
 * ("… akun orang tua baru, … ditautkan ke akun yang sudah ada"), the import writes them, and the
 * slips hold them as "Orang Tua" with their children. At desktop width and, tagged @phone, at 390 px,
 * with axe on the preview.
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { DEMO, freshRombel, violations, signIn } from './fixtures';
import { dapodikWorkbook, type DapodikStudent } from '../apps/api/test/dapodik-fixture';

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`an admin imports students with their parents; the slips hold the parents${tag}`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const rombel = await freshRombel(request, 'X ORTU');
    const run = `${String(Date.now()).slice(-5)}${phone ? 1 : 0}`;
    const fatherNik = `3404${run}990001`.slice(0, 16);
    const students: DapodikStudent[] = ['Dewi Anggraini', 'Eko Saputra'].map((name, i) => ({
      name: `${name} ${run}`,
      nipd: `${run}.20.00${i + 1}`,
      gender: i === 0 ? 'P' : 'L',
      nisn: `0${run}10${i + 1}`,
      birthday: '2008-03-11',
      hp: `08123456790${i + 1}`,
      rombel: rombel.name,
      father: `Sutrisno ${run}`,
      fatherNik,
      mother: `Ibu ${name} ${run}`,
      ...(i === 1 ? { guardian: { name: `Paman Eko ${run}`, nik: `3404${run}880002`.slice(0, 16) } } : {}),
    }));

    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/resources/users/import');
    await page.getByLabel('File impor').setInputFiles({
      name: 'daftar-pd.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await dapodikWorkbook(students),
    });
    await expect(page.getByRole('group', { name: 'Ringkasan pratinjau' })).toContainText('2 baru');
    // The father of both is one account: father, two mothers and the guardian.
    await expect(page.getByText('4 akun orang tua baru, 0 ditautkan ke akun yang sudah ada.')).toBeVisible();
    expect(await violations(page, 'pratinjau impor dengan orang tua')).toEqual([]);
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Impor 2 user' }).click();
    await expect(page.getByText('Impor selesai')).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh slip Excel' }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fs.readFile((await (await download).path())!)) as unknown as ArrayBuffer);
    const slips = (book.getWorksheet('Akun')!.getSheetValues().slice(2) as string[][]).map((r) => r.slice(1));
    expect(slips).toHaveLength(6);
    const father = slips.find((r) => r[0] === `Sutrisno ${run}`)!;
    expect([father[1], father[2], father[3], father[5]]).toEqual([
      'Orang Tua',
      rombel.name,
      `ayah.0${run}101`,
      `Ayah dari Dewi Anggraini ${run} (${rombel.name}), Eko Saputra ${run} (${rombel.name})`,
    ]);
  });
}
