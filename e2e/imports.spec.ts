import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, freshRombel, freshUser, login, toast, signIn } from './fixtures';

/** A CSV of `n` students of a rombel as Excel in an Indonesian locale writes it (`;`, with a BOM). */
function classCsv(rombel: string, n: number, mark: string, extra: string[] = []) {
  const rows = Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(2, '0');
    return `Siswa ${mark} ${String.fromCharCode(65 + (i % 26))}${k};${mark.slice(0, 4)}${k};00${mark.slice(0, 4)}${k}00;${i % 2 ? 'P' : 'L'};17/05/2009;${rombel}`;
  });
  return Buffer.from(`\uFEFFNama;NIS;NISN;JK;Tanggal Lahir;Rombel\r\n${[...rows, ...extra].join('\r\n')}\r\n`, 'utf8');
}

async function upload(page: Page, name: string, data: Buffer) {
  const mimeType = name.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  await page.getByLabel('File impor').setInputFiles({ name, mimeType, buffer: data });
}

test.describe('user import', () => {
  test('an admin imports a class of 36, prints the slips; a student signs in, changes the password and sees the class', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const rombel = await freshRombel(request, 'X IMPOR');
    const teacher = await freshUser(request, 2);
    const cls = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
      name: 'Dasar-dasar Jaringan',
      description: null,
      rombel_class_id: rombel.id,
    });
    expect(cls.status).toBe(201);
    const mark = String(Date.now() % 10000).padStart(4, '0');

    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/resources/users/import');
    await expect(page.getByRole('heading', { name: 'Impor User' })).toBeVisible();
    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh template' }).click();
    expect((await template).suggestedFilename()).toBe('template-impor-user.xlsx');

    // The admin fills the template: the example row out, the class of 36 in, as Excel saves it.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await fs.readFile((await (await template).path())!)) as unknown as ArrayBuffer);
    const data = wb.getWorksheet('Data')!;
    const header = (data.getRow(1).values as string[]).slice(1);
    expect(wb.getWorksheet('Pilihan')!.getColumn(1).values).toContain(rombel.name);
    data.spliceRows(2, 1);
    for (let i = 0; i < 36; i++) {
      const k = String(i + 1).padStart(2, '0');
      const cells: Record<string, string> = {
        Nama: `Siswa ${mark} ${String.fromCharCode(65 + (i % 26))}${k}`,
        Peran: 'Siswa',
        NIS: `${mark}${k}`,
        NISN: `00${mark}${k}00`,
        JK: i % 2 ? 'P' : 'L',
        'Tanggal Lahir': '17/05/2009',
        Agama: 'Islam',
        Rombel: rombel.name,
      };
      data.addRow(header.map((h) => cells[h] ?? null));
    }
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    await upload(page, 'kelas-x.xlsx', file);
    const summary = page.getByRole('group', { name: 'Ringkasan pratinjau' });
    await expect(summary).toContainText('36 baru');
    await expect(summary).toContainText('0 salah');
    await expect(page.getByRole('table', { name: 'Pratinjau impor' }).getByRole('row')).toHaveCount(37);
    await page.getByRole('button', { name: 'Impor 36 user' }).click();
    await expect(page.getByText('Impor selesai')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('36 user baru dibuat dan 0 user diperbarui.')).toBeVisible();

    // The slips: a PDF to print and an Excel file, downloadable again until first sign-in or 7 days.
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh slip PDF (untuk dicetak)' }).click();
    const pdf = await fs.readFile((await (await pdfDownload).path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText(/Slip bisa diunduh lagi sampai siswa pertama kali masuk atau sampai .+ WIB/)).toBeVisible();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Unduh slip Excel' }).click();
    const slipBook = new ExcelJS.Workbook();
    await slipBook.xlsx.load((await fs.readFile((await (await xlsxDownload).path())!)) as unknown as ArrayBuffer);
    const slips = slipBook.getWorksheet('Akun')!.getSheetValues().slice(2) as string[][];
    expect(slips).toHaveLength(36);
    const [, name, , rombelName, username, password] = slips[0]!;
    expect(rombelName).toBe(rombel.name);

    // The same file again: nothing to do.
    await page.goto('/resources/users/import');
    await upload(page, 'kelas-x.xlsx', file);
    await expect(summary).toContainText('36 tetap');
    await expect(page.getByText('Semua baris sudah sesuai dengan data sekolah. Tidak ada yang perlu diimpor.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Impor 0 user' })).toBeDisabled();

    // One imported student: the slip's password, the forced change, then the class of the rombel.
    const student = await (await browser.newContext({ baseURL, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })).newPage();
    await student.goto('/login');
    await student.getByLabel('Username atau email').fill(username!);
    await student.getByRole('textbox', { name: 'Password', exact: true }).fill(password!);
    await student.getByRole('button', { name: 'Masuk' }).click();
    await expect(student.getByRole('heading', { name: 'Ganti password' })).toBeVisible();
    const field = (label: string) => student.getByRole('textbox', { name: label, exact: true });
    await field('Password lama').fill(password!);
    await field('Password baru').fill('kelasku1');
    await field('Konfirmasi password baru').fill('kelasku1');
    await student.getByRole('button', { name: 'Simpan password baru' }).click();
    await expect(toast(student, 'Password berhasil diubah. Silakan masuk kembali.')).toBeVisible();
    await login(student, username!, 'kelasku1');
    await expect(student.getByText(name!).first()).toBeVisible();
    await expect(student.getByText('Dasar-dasar Jaringan').first()).toBeVisible();
    await student.context().close();
  });

  test('@phone a wrong row is named with its column, and nothing can be imported until it is fixed', async ({ page, request }) => {
    const rombel = await freshRombel(request, 'X SALAH');
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/resources/users/import');
    const mark = String((Date.now() + 5000) % 10000).padStart(4, '0');
    await upload(
      page,
      'salah.csv',
      classCsv(rombel.name, 2, mark, [`Rina Salah;${mark}99;;P;31/02/2010;${rombel.name}`, `Tono;${mark}98;;L;;Rombel Hantu`]),
    );
    const summary = page.getByRole('group', { name: 'Ringkasan pratinjau' });
    await expect(summary).toContainText('2 salah');
    await expect(page.getByText('Kolom Tanggal Lahir: Tanggal tidak valid, gunakan format dd/mm/yyyy')).toBeVisible();
    await expect(page.getByText('Kolom Rombel: Rombel "Rombel Hantu" tidak ditemukan')).toBeVisible();
    await expect(page.getByText('Masih ada baris yang salah. Perbaiki file lalu unggah lagi; belum ada data yang disimpan.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Impor 2 user' })).toBeDisabled();
    // A picture renamed to .csv is refused in Indonesian.
    await page
      .getByLabel('File impor')
      .setInputFiles({ name: 'foto.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]) });
    await expect(page.getByText('File harus berupa XLSX atau CSV (UTF-8).')).toBeVisible();
  });
});
