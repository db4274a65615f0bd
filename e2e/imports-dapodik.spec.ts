/**
 * A Dapodik "Daftar Peserta Didik" export as a school downloads it (issue 35 "Onboarding"): title
 * rows, a two-row header with "Data Ayah / Data Ibu / Data Wali" merged over their sub-headers. The
 * preview shows the students with no error; a NISN twice in the file is named by row and column.
 * Then the slips say how long they stay. At desktop width and, tagged @phone, at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, freshRombel, signIn } from './fixtures';
import { dapodikWorkbook, type DapodikStudent } from '../apps/api/test/dapodik-fixture';

async function upload(page: Page, name: string, data: Buffer) {
  await page
    .getByLabel('File impor')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: data });
}

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`an admin imports a Dapodik export with merged two-row headers${tag}`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const rombel = await freshRombel(request, 'X DAPODIK');
    // NISNs unique to this run (10 digits), NIPDs with dots as Dapodik writes them.
    const run = `${String(Date.now()).slice(-5)}${phone ? 1 : 0}`;
    const students: DapodikStudent[] = ['Agus Salim', 'Bunga Lestari', 'Cahya Nugraha'].map((name, i) => ({
      name: `${name} ${run}`,
      nipd: `${run}.10.00${i + 1}`,
      gender: i === 1 ? 'P' : 'L',
      nisn: `0${run}00${i + 1}`,
      birthday: '2008-03-11',
      hp: `08123456780${i + 1}`,
      rombel: rombel.name,
      father: `Ayah ${name}`,
      mother: `Ibu ${name}`,
    }));

    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/resources/users/import');
    await expect(page.getByRole('heading', { name: 'Impor User' })).toBeVisible();
    const summary = page.getByRole('group', { name: 'Ringkasan pratinjau' });

    // The same NISN twice: the later row names the earlier one, in the NISN column.
    await upload(
      page,
      'daftar-pd-ganda.xlsx',
      await dapodikWorkbook([...students, { ...students[0]!, name: `Dobel ${run}`, nipd: '9999' }]),
    );
    await expect(summary).toContainText('1 salah');
    await expect(page.getByText(`Kolom NISN: NISN ${students[0]!.nisn} sama dengan baris 7`)).toBeVisible();

    // The export as downloaded: the three students from row 7, none of the parents, no error.
    await upload(page, 'daftar-pd.xlsx', await dapodikWorkbook(students));
    await expect(summary).toContainText('3 baru');
    await expect(summary).toContainText('0 salah');
    const table = page.getByRole('table', { name: 'Pratinjau impor' });
    await expect(table.getByRole('row')).toHaveCount(4);
    for (const [i, s] of students.entries()) {
      const row = table.getByRole('row').nth(i + 1);
      await expect(row.getByRole('cell').first()).toHaveText(String(7 + i));
      await expect(row).toContainText(s.name);
    }
    await expect(table).not.toContainText('Ayah');
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Impor 3 user' }).click();
    await expect(page.getByText('Impor selesai')).toBeVisible({ timeout: 30_000 });
    // The slips: downloadable again, until first sign-in or 7 days, as the page says.
    await expect(
      page.getByText(/Slip bisa diunduh lagi sampai siswa pertama kali masuk atau sampai \d+ \w+ \d{4} \d{2}\.\d{2} WIB/),
    ).toBeVisible();
    for (let i = 0; i < 2; i++) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Unduh slip PDF (untuk dicetak)' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    }
    await expect(page.getByRole('button', { name: 'Unduh slip Excel' })).toBeEnabled();
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
