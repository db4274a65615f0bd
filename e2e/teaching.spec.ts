import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiToken, freshRombel, freshUser, login, toast, signIn } from './fixtures';

/**
 * Issue 37: the admin's Mata Pelajaran and Pembagian Tugas Mengajar screens, on a wide screen (the
 * rombels × subjects grid) and on a phone (one rombel's list of subjects). The e2e server's data is
 * shared with every other browser test: each test makes its own rombel, subject and teacher.
 */
let seq = 0;
const stamp = () => `${Date.now().toString(36)}${++seq}${Math.floor(Math.random() * 100)}`.toUpperCase();

/** A subject of every grade and department, made through the API. */
async function freshSubject(request: APIRequestContext, admin: string, k: string) {
  const res = await api(request, admin, 'POST', '/api/admin/subjects', {
    code: `M${k}`,
    name: `Mapel ${k}`,
    group: 'kejuruan',
    grades: [10, 11, 12],
    department_ids: [],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; code: string; name: string };
}

/** The grid's assignments of one rombel (the active semester). */
async function assignmentsOf(request: APIRequestContext, admin: string, rombelId: number) {
  const res = await api(request, admin, 'GET', '/api/admin/teaching-assignments');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.assignments as { rombel: { id: number }; subject: { name: string }; hours_per_week: number }[]).filter(
    (a) => a.rombel.id === rombelId,
  );
}

/** Opens the dialog of a rombel's subject: the grid's cell on a wide screen, the rombel's list on a phone. */
async function openCell(page: Page, phone: boolean, rombel: string, subject: string) {
  await page.goto('/school/teaching');
  await expect(page.getByRole('heading', { name: 'Pembagian Tugas Mengajar' })).toBeVisible();
  await page.getByLabel('Cari rombel').fill(rombel);
  if (phone) {
    // The only rombel left is the one shown; its subjects are listed.
    await expect(page.getByRole('combobox', { name: 'Rombel' })).toHaveValue(rombel);
    await page.getByRole('button', { name: `Tambah guru ${subject}` }).click();
  } else {
    await page.getByRole('button', { name: `Tambah guru ${subject} untuk ${rombel}` }).click();
  }
  const dialog = page.getByRole('dialog', { name: `${subject} — ${rombel}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks a teacher in the dialog's "Guru" box by typing part of the name. */
async function pickTeacher(page: Page, dialog: ReturnType<Page['getByRole']>, name: string) {
  await dialog.getByRole('combobox', { name: 'Guru' }).fill(name);
  await page.getByRole('option', { name }).click();
  await expect(dialog.getByText(`Pemilik kelas: ${name}`)).toBeVisible();
  await dialog.getByLabel('Jam per minggu').click();
}

async function signInAs(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, username, password);
}

/** The admin adds a subject on the Mata Pelajaran screen; the same code again is refused in the dialog. */
async function addSubjectInScreen(page: Page, k: string) {
  await page.goto('/school/subjects');
  await expect(page.getByRole('heading', { name: 'Mata Pelajaran', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Tambah mata pelajaran' }).click();
  let dialog = page.getByRole('dialog', { name: 'Tambah mata pelajaran' });
  await dialog.getByLabel('Kode').fill(`m${k}`);
  await dialog.getByLabel('Nama').fill(`Mapel ${k}`);
  await dialog.getByLabel('Kelompok').selectOption('Kejuruan');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Mata pelajaran berhasil ditambahkan')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Cari mata pelajaran').fill(k);
  const kejuruan = page.getByRole('region', { name: 'Kejuruan' });
  await expect(kejuruan).toContainText(`Mapel ${k}`);
  await expect(kejuruan).toContainText(`M${k}`);
  await expect(kejuruan).toContainText('Semua');

  // The same code (any case) again: refused under the Kode field, nothing added.
  await page.getByRole('button', { name: 'Tambah mata pelajaran' }).click();
  dialog = page.getByRole('dialog', { name: 'Tambah mata pelajaran' });
  await dialog.getByLabel('Kode').fill(`M${k}`);
  await dialog.getByLabel('Nama').fill(`Mapel lain ${k}`);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Kode mata pelajaran sudah digunakan')).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(page.getByText(`Mapel lain ${k}`)).toHaveCount(0);
}

for (const phone of [false, true]) {
  const tag = phone ? '@phone ' : '';

  test(`${tag}an admin adds a subject, assigns a teacher to a rombel's subject, and the teacher finds the class`, async ({
    page,
    request,
  }) => {
    const k = stamp();
    const rombel = await freshRombel(request, 'X MP');
    const teacher = await freshUser(request, 2);
    await login(page, DEMO.admin.username, DEMO.admin.password);
    await addSubjectInScreen(page, k);

    const subject = `Mapel ${k}`;
    const dialog = await openCell(page, phone, rombel.name, subject);
    await pickTeacher(page, dialog, teacher.name);
    await dialog.getByLabel('Jam per minggu').fill('4');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Tugas mengajar berhasil ditambahkan. Kelasnya sudah dibuat.')).toBeVisible();
    await expect(dialog).toBeHidden();
    if (phone) await expect(page.getByRole('article', { name: subject })).toContainText(`${teacher.name} · 4 jam`);
    else await expect(page.getByRole('button', { name: `${subject} ${rombel.name}: ${teacher.name}, 4 jam` })).toBeVisible();
    if (phone) await expect(page.getByText('Jumlah 4 jam per minggu')).toBeVisible();
    else
      await expect(
        page
          .getByRole('row', { name: new RegExp(rombel.name) })
          .getByRole('cell')
          .last(),
      ).toHaveText('4');

    // Now in use: deleting the subject is refused with the server's reason.
    await page.goto('/school/subjects');
    await page.getByLabel('Cari mata pelajaran').fill(k);
    await page.getByRole('button', { name: `Hapus ${subject}` }).click();
    await page.getByRole('dialog', { name: 'Hapus data' }).getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, 'Mata pelajaran tidak dapat dihapus karena masih dipakai di pembagian tugas mengajar')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kejuruan' })).toContainText(subject);

    await signInAs(page, teacher.username, teacher.password);
    await expect(page.getByRole('article', { name: `${subject} — ${rombel.name}` })).toBeVisible();
  });

  test(`${tag}the grid refuses a teacher deactivated meanwhile, with the Indonesian message`, async ({ page, request }) => {
    const k = stamp();
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    const rombel = await freshRombel(request, 'X NA');
    const subject = await freshSubject(request, admin, k);
    const teacher = await freshUser(request, 2);
    await login(page, DEMO.admin.username, DEMO.admin.password);

    const dialog = await openCell(page, phone, rombel.name, subject.name);
    await pickTeacher(page, dialog, teacher.name);
    // Another admin deactivates the teacher while the dialog is open.
    const off = await api(request, admin, 'PATCH', `/api/admin/resources/users/${teacher.id}/status`, { status: 0 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByText(`Guru ${teacher.name} sudah dinonaktifkan`)).toBeVisible();
    expect(await assignmentsOf(request, admin, rombel.id)).toEqual([]);
  });

  test(`${tag}an XLSX naming a subject that does not exist is refused in the preview and imports nothing`, async ({ page, request }) => {
    const k = stamp();
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    const rombel = await freshRombel(request, 'X IM');
    const subject = await freshSubject(request, admin, k);
    const teacher = await freshUser(request, 2);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Pembagian Tugas');
    sheet.addRow(['Rombel', 'Kode Mapel', 'Mapel', 'Guru', 'Jam per Minggu']);
    sheet.addRow([rombel.name, subject.code, subject.name, teacher.name, 4]);
    sheet.addRow([rombel.name, `X${k}`, 'Mapel yang tidak ada', teacher.name, 2]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());

    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/school/teaching');
    await page.getByRole('button', { name: 'Impor XLSX' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor XLSX' });
    await dialog.getByLabel('File XLSX').setInputFiles({
      name: 'pembagian-tugas.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    const preview = dialog.getByRole('table', { name: 'Pratinjau impor' });
    await expect(preview).toContainText(`Baris 3: mata pelajaran "X${k}" tidak ada`);
    await expect(dialog.getByRole('group', { name: 'Ringkasan pratinjau' })).toContainText('1 salah');
    await expect(dialog.getByText('Masih ada baris yang salah')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Impor/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    expect(await assignmentsOf(request, admin, rombel.id)).toEqual([]);
  });
}

test('@phone a subjects XLSX is previewed, then imported, on a phone', async ({ page }) => {
  const k = stamp();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Mata Pelajaran');
  sheet.addRow(['Kode', 'Nama', 'Kelompok', 'Kelas', 'Jurusan']);
  sheet.addRow([`I${k}`, `Impor ${k}`, 'Muatan lokal', '10, 11', '']);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/school/subjects');
  await page.getByRole('button', { name: 'Impor XLSX' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor XLSX' });
  await dialog.getByLabel('File XLSX').setInputFiles({
    name: 'mata-pelajaran.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(dialog.getByRole('group', { name: 'Ringkasan pratinjau' })).toContainText('1 baru');
  await expect(dialog.getByRole('table', { name: 'Pratinjau impor' })).toContainText(`Impor ${k}`);
  await dialog.getByRole('button', { name: 'Impor 1 baris' }).click();
  await expect(toast(page, '1 baris berhasil diimpor')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Cari mata pelajaran').fill(k);
  await expect(page.getByRole('article', { name: `Impor ${k}` })).toContainText(`I${k} · Kelas 10, 11 · Jurusan: Semua`);
  await expect(page.getByRole('region', { name: 'Muatan lokal' })).toBeVisible();
});
