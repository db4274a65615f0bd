import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, freshRombel, freshUser, toast, signIn } from './fixtures';

/** The user list filtered to one rombel through its Rombel box. */
async function listRombel(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Rombel', exact: true }).fill(name);
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(/rombel=\d+/);
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function xlsxRows(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await fs.readFile(path)) as unknown as ArrayBuffer);
  return wb.worksheets[0]!.getSheetValues().slice(2) as string[][];
}

test.describe('bulk actions on the user list', () => {
  test('an admin deactivates two, moves a rombel, and resets a password onto a slip', async ({ page, browser, request, baseURL }) => {
    const from = await freshRombel(request, 'X MASSAL');
    const to = await freshRombel(request, 'XI MASSAL');
    const [a, b, c] = [
      await freshUser(request, 3, { rombel_id: from.id }),
      await freshUser(request, 3, { rombel_id: from.id }),
      await freshUser(request, 3, { rombel_id: from.id }),
    ];
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/resources/users');
    await listRombel(page, from.name);
    await expect(page.getByRole('row')).toHaveCount(4);

    await page.getByRole('checkbox', { name: `Pilih ${a.name}` }).check();
    await page.getByRole('checkbox', { name: `Pilih ${b.name}` }).check();
    const bar = page.getByRole('region', { name: 'Aksi untuk user terpilih' });
    await expect(bar).toContainText('2 user dipilih');
    await bar.getByRole('button', { name: 'Aksi' }).click();
    await page.getByRole('menuitem', { name: 'Nonaktifkan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Nonaktifkan' }).click();
    await expect(toast(page, '2 user diperbarui')).toBeVisible();
    await expect(row(page, a.name).getByText('Nonaktif', { exact: true })).toBeVisible();
    await expect(row(page, b.name).getByText('Nonaktif', { exact: true })).toBeVisible();
    await expect(row(page, c.name).getByText('Nonaktif', { exact: true })).toHaveCount(0);
    await expect(bar).toHaveCount(0);

    // All three move to next year's rombel.
    await page.getByRole('checkbox', { name: 'Pilih semua user di halaman ini' }).check();
    await bar.getByRole('button', { name: 'Aksi' }).click();
    await page.getByRole('menuitem', { name: 'Pindahkan ke rombel…' }).click();
    const move = page.getByRole('dialog', { name: 'Pindahkan ke rombel' });
    await move.getByRole('combobox', { name: 'Rombel tujuan' }).fill(to.name);
    await move.getByRole('option', { name: to.name }).click();
    await move.getByRole('button', { name: 'Pindahkan' }).click();
    await expect(toast(page, '3 user diperbarui')).toBeVisible();
    await expect(page.getByText('Tidak ada data')).toBeVisible();
    await listRombel(page, to.name);
    await expect(page.getByRole('row')).toHaveCount(4);

    // A new password for c, on a slip downloaded once.
    await page.getByRole('checkbox', { name: `Pilih ${c.name}` }).check();
    await bar.getByRole('button', { name: 'Aksi' }).click();
    await page.getByRole('menuitem', { name: 'Buat ulang password…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Buat ulang password' }).click();
    await expect(toast(page, 'Password 1 user dibuat ulang. Unduh slip akunnya sekarang.')).toBeVisible();
    const slips = page.getByRole('dialog', { name: 'Slip akun' });
    const download = page.waitForEvent('download');
    await slips.getByRole('button', { name: 'Unduh slip Excel' }).click();
    const [slip] = await xlsxRows((await (await download).path())!);
    expect(slip!.slice(1, 5)).toEqual([c.name, 'Siswa', to.name, c.username]);
    // Downloadable again until the first sign-in (or 7 days), as the dialog says.
    await expect(slips.getByText(/Slip bisa diunduh lagi sampai siswa pertama kali masuk atau sampai .+ WIB/)).toBeVisible();
    await expect(slips.getByRole('button', { name: 'Unduh slip Excel' })).toBeEnabled();

    const student = await (await browser.newContext({ baseURL, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })).newPage();
    await student.goto('/login');
    await student.getByLabel('Username atau email').fill(c.username);
    await student.getByRole('textbox', { name: 'Password', exact: true }).fill(slip![5]!);
    await student.getByRole('button', { name: 'Masuk' }).click();
    await expect(student.getByRole('heading', { name: 'Ganti password' })).toBeVisible();
    await student.context().close();
  });

  test('@phone on a phone: filter by rombel, require a new password, and export the rombel', async ({ page, request }) => {
    const rombel = await freshRombel(request, 'X PONSEL');
    const a = await freshUser(request, 3, { rombel_id: rombel.id });
    const b = await freshUser(request, 3, { rombel_id: rombel.id });
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/resources/users');
    await listRombel(page, rombel.name);
    await page.getByRole('checkbox', { name: `Pilih ${a.name}` }).check();
    const bar = page.getByRole('region', { name: 'Aksi untuk user terpilih' });
    await bar.getByRole('button', { name: 'Aksi' }).click();
    await page.getByRole('menuitem', { name: 'Wajibkan ganti password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Wajibkan' }).click();
    await expect(toast(page, '1 user diperbarui')).toBeVisible();
    await row(page, a.name).getByRole('button', { name: 'View' }).click();
    await expect(page.getByText('Wajib ganti password')).toBeVisible();

    await page.goBack();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ekspor' }).click();
    expect((await download).suggestedFilename()).toBe('data-user.xlsx');
    const rows = await xlsxRows((await (await download).path())!);
    expect(rows.map((r) => r[1]).sort()).toEqual([a.name, b.name].sort());
  });
});
