import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, DEMO, freshUser, login, throttleUploads, toast, signIn } from './fixtures';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A real PNG of noise (noise does not compress, so a side of 1000 px gives about 3 MB). */
function noisePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = crypto.randomBytes((side * 3 + 1) * side);
  for (let row = 0; row < side; row++) raw[row * (side * 3 + 1)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function confirmDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
}

test.describe('teacher dashboard and classes', () => {
  test('an empty dashboard offers "Tambah Kelas"; a class is created, searched, edited and deleted', async ({ page, request }) => {
    const teacher = await freshUser(request, 2);
    await login(page, teacher.username, teacher.password);
    await expect(page).toHaveTitle('Teacher | Dashboard');
    await expect(page.getByRole('heading', { name: 'My Class' })).toBeVisible();

    // Empty: only the big button.
    await page.getByRole('button', { name: 'Tambah Kelas' }).click();
    let dialog = page.getByRole('dialog', { name: 'Tambah Kelas Baru' });
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Simpan' });
    await expect(save).toBeDisabled();
    // The default rombel is the first of the rombel options (other tests add rombels, so read the list).
    const firstRombel = (await api(request, teacher.token, 'GET', '/api/rombel-classes')).body.data[0].name as string;
    await expect(dialog.getByRole('combobox', { name: 'Rombel' })).toHaveValue(firstRombel);
    // The demo rombel X TKJ 1, whose students the Tentang tab lists below.
    await dialog.getByRole('combobox', { name: 'Rombel' }).click();
    await page.getByRole('option', { name: 'X TKJ 1', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Nama Kelas' }).fill('Jaringan Dasar');
    await save.click();
    await expect(toast(page, 'Kelas berhasil ditambahkan')).toBeVisible();
    await expect(dialog).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(nav.getByRole('link', { name: 'Jaringan Dasar' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Jaringan Dasar' });
    await expect(card.getByText('X TKJ 1', { exact: true })).toBeVisible();
    await expect(card.getByText(teacher.name)).toBeVisible();

    // A second class through the floating button, in another rombel: cards sorted by rombel name.
    await page.getByRole('button', { name: 'Tambah Kelas' }).click();
    dialog = page.getByRole('dialog', { name: 'Tambah Kelas Baru' });
    await dialog.getByRole('textbox', { name: 'Nama Kelas' }).fill('Administrasi Server');
    await dialog.getByRole('combobox', { name: 'Rombel' }).click();
    await page.getByRole('option', { name: 'XII TKJ 1' }).click();
    await dialog.getByRole('textbox', { name: 'Deskripsi' }).fill('Kelas server');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article').nth(0)).toHaveAccessibleName('Jaringan Dasar');
    await expect(page.getByRole('article').nth(1)).toHaveAccessibleName('Administrasi Server');

    // Search: case-insensitive substring of the name.
    const search = page.getByPlaceholder('Search…');
    await search.fill('jaringan');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card).toBeVisible();
    await search.fill('tidak ada');
    await expect(page.getByRole('article')).toHaveCount(0);
    await search.fill('');
    await expect(page.getByRole('article')).toHaveCount(2);

    // Edit from the card menu.
    await page.getByRole('button', { name: 'Menu kelas Administrasi Server' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Kelas' });
    await expect(dialog.getByRole('textbox', { name: 'Nama Kelas' })).toHaveValue('Administrasi Server');
    await expect(dialog.getByRole('combobox', { name: 'Rombel' })).toHaveValue('XII TKJ 1');
    await dialog.getByRole('textbox', { name: 'Nama Kelas' }).fill('Administrasi Server Linux');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Kelas berhasil diperbarui')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Administrasi Server Linux' })).toBeVisible();

    // Open the class; edit it from its title and from the description.
    await card.getByRole('link', { name: /View/ }).click();
    await expect(page).toHaveURL(/\/online-class\/\d+$/);
    await expect(page.getByRole('tab', { name: 'Konten' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('heading', { name: 'Jaringan Dasar' }).getByRole('button').click();
    dialog = page.getByRole('dialog', { name: 'Edit Kelas' });
    await expect(dialog.getByRole('textbox', { name: 'Nama Kelas' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Nama Kelas' }).fill('Jaringan Dasar Lanjut');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Jaringan Dasar Lanjut' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Jaringan Dasar Lanjut' })).toBeVisible();

    await page.getByRole('tab', { name: 'Tentang' }).click();
    await expect(page.getByRole('heading', { name: 'Tentang Kelas Online' })).toBeVisible();
    await page.getByText('No Description').click();
    dialog = page.getByRole('dialog', { name: 'Edit Kelas' });
    await expect(dialog.getByRole('textbox', { name: 'Deskripsi' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Deskripsi' }).fill('Belajar <b>subnetting</b>');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
    // Shown as text, never as HTML.
    await expect(page.getByText('Belajar <b>subnetting</b>')).toBeVisible();
    // The students of X TKJ 1 (demo data, read only).
    await expect(page.getByRole('heading', { name: 'Siswa' })).toBeVisible();
    await expect(page.getByText(/^Total: \d+ siswa$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Daftar siswa' }).getByText(DEMO.student.name)).toBeVisible();

    // Back to the dashboard and delete a class with confirmation.
    await page.getByRole('button', { name: 'Kembali' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Menu kelas Jaringan Dasar Lanjut' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Hapus Kelas' })).toBeVisible();
    await confirmDialog(page);
    await expect(toast(page, 'Kelas berhasil dihapus')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Jaringan Dasar Lanjut' })).toHaveCount(0);
  });

  test('contents and materials: add, edit, upload with progress and cancel, open in a new tab, delete', async ({ page, request }) => {
    const teacher = await freshUser(request, 2);
    const created = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
      name: 'Sistem Komputer',
      rombel_class_id: 1,
    });
    expect(created.status).toBe(201);
    const classId = created.body.data.id as number;
    await signIn(page, teacher.username, teacher.password);
    await page.goto(`/online-class/${classId}`);
    await expect(page.getByRole('heading', { name: 'Sistem Komputer' })).toBeVisible();
    await expect(page.getByText('Belum ada konten pembelajaran.')).toBeVisible();

    // Add a content.
    await page.getByRole('button', { name: 'Tambah konten' }).click();
    let dialog = page.getByRole('dialog', { name: 'Tambah Agenda/Konten Pembelajaran' });
    await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Judul' }).fill('Pengenalan Hardware');
    await dialog.getByRole('textbox', { name: 'Deskripsi' }).fill('Komponen utama komputer');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Konten berhasil ditambahkan')).toBeVisible();
    const card = page.getByRole('region', { name: 'Pembelajaran 1' });
    await expect(card.getByRole('heading', { name: 'Pembelajaran 1' })).toBeVisible();
    await expect(card.getByText('Pengenalan Hardware')).toBeVisible();
    await expect(card.getByText(/^Dibuat \d{1,2} \S+ \d{4}$/)).toBeVisible();

    // The hover actions show for the keyboard too: Tab from the card's title reaches them.
    await card.getByRole('button', { name: /^Pembelajaran 1 / }).focus();
    await page.keyboard.press('Tab');
    const editButton = card.getByRole('button', { name: 'Edit Pembelajaran 1' });
    await expect(editButton).toBeFocused();
    await expect(card.locator('.kls-hover-actions')).toHaveCSS('opacity', '1');
    await editButton.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Edit Konten' });
    await expect(dialog.getByRole('textbox', { name: 'Judul' })).toHaveValue('Pengenalan Hardware');
    await dialog.getByRole('textbox', { name: 'Judul' }).fill('Pengenalan Perangkat Keras');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Konten berhasil diperbarui')).toBeVisible();
    await expect(card.getByText('Pengenalan Perangkat Keras')).toBeVisible();

    // Collapse and expand.
    const toggle = card.getByRole('button', { name: /^Pembelajaran 1 / });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // Upload a material with a visible progress bar, cancel it, then upload for real.
    const png = noisePng(1000);
    expect(png.length).toBeGreaterThan(2_500_000);
    const openMaterialModal = async () => {
      await card.getByRole('button', { name: 'Sub konten Pembelajaran 1' }).click();
      await page.getByRole('menuitem', { name: 'Add Material' }).click();
      const d = page.getByRole('dialog', { name: 'Tambah Materi' });
      await expect(d.getByRole('button', { name: 'Unggah' })).toBeDisabled();
      await d.getByLabel('File materi', { exact: true }).setInputFiles({ name: 'motherboard.png', mimeType: 'image/png', buffer: png });
      // Each file becomes a material titled after its name, editable before the upload.
      const title = d.getByRole('textbox', { name: 'Judul motherboard.png' });
      await expect(title).toHaveValue('motherboard');
      await title.fill('Diagram Motherboard');
      return d;
    };

    await throttleUploads(page, 400_000);
    dialog = await openMaterialModal();
    await dialog.getByRole('button', { name: 'Unggah' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Progres motherboard.png' })).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Progres semua file' })).toBeVisible();
    await expect(dialog.getByText(/^\d{1,3}%$/).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Batal', exact: true }).click();
    await expect(dialog.getByText('Dibatalkan')).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Batal', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Belum ada materi.')).toBeVisible();

    await throttleUploads(page, 2_000_000);
    dialog = await openMaterialModal();
    await dialog.getByRole('button', { name: 'Unggah' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Progres motherboard.png' })).toBeVisible();
    await expect(toast(page, '1 materi berhasil ditambahkan')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await throttleUploads(page, -1);
    const link = card.getByRole('link', { name: 'Diagram Motherboard' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);

    // A click mints a fresh signed link (the page's may be hours old); the new tab opens it without a bearer header.
    const minted = page.waitForResponse((r) => /\/api\/files\/\d+\/link$/.test(r.url()));
    const fileResponse = page.context().waitForEvent('response', (r) => /\/api\/files\/\d+\?e=/.test(r.url()));
    const popupPromise = page.waitForEvent('popup');
    await link.click();
    const popup = await popupPromise;
    const fresh = (await (await minted).json()).data.url as string;
    const res = await fileResponse;
    expect(res.url()).toContain(fresh);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('image/png');
    expect(Number(res.headers()['content-length'])).toBe(png.length);
    // A link altered by hand shows a small Indonesian page with the way back, not JSON.
    await popup.close();
    const altered = await page.context().newPage();
    await altered.goto(fresh.replace(/s=([0-9a-zA-Z_-])/, (_m, c: string) => `s=${c === 'A' ? 'B' : 'A'}`));
    await expect(altered.getByText('Tautan file tidak valid. Kembali ke Kelasku dan buka file itu lagi.')).toBeVisible();
    await expect(altered.getByRole('link', { name: 'Kembali ke Kelasku' })).toBeVisible();
    await altered.close();

    // Delete the material, then the content, each after a confirmation.
    await card.getByRole('button', { name: 'Hapus materi Diagram Motherboard' }).click();
    await expect(page.getByRole('dialog', { name: 'Hapus Materi' })).toBeVisible();
    await confirmDialog(page);
    await expect(toast(page, 'Materi berhasil dihapus')).toBeVisible();
    await expect(link).toHaveCount(0);
    await expect(card.getByText('Belum ada materi.')).toBeVisible();

    await card.getByRole('button', { name: 'Hapus Pembelajaran 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Hapus Konten' })).toBeVisible();
    await confirmDialog(page);
    await expect(toast(page, 'Konten berhasil dihapus')).toBeVisible();
    await expect(page.getByText('Belum ada konten pembelajaran.')).toBeVisible();
  });

  /** A fresh teacher with a class and one content, on the class page with the material form open. */
  async function openMaterialForm(page: Page, request: APIRequestContext) {
    const teacher = await freshUser(request, 2);
    const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', { name: 'Kelas Materi', rombel_class_id: 1 });
    const classId = klass.body.data.id as number;
    await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, { title: 'Materi' });
    await login(page, teacher.username, teacher.password);
    await page.goto(`/online-class/${classId}`);
    await page.getByRole('button', { name: 'Sub konten Pembelajaran 1' }).click();
    await page.getByRole('menuitem', { name: 'Add Material' }).click();
    return page.getByRole('dialog', { name: 'Tambah Materi' });
  }

  test('the material form refuses a file over 50 MB before sending it', async ({ page, request }, testInfo) => {
    const dialog = await openMaterialForm(page, request);
    // Playwright passes files over 50 MB by path only.
    const big = testInfo.outputPath('besar.mp4');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 50 * 1024 * 1024 + 1);
    await dialog.getByLabel('File materi', { exact: true }).setInputFiles(big);
    await expect(dialog.getByText('besar.mp4: Ukuran file maksimal 50 MB')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Unggah' })).toBeDisabled();
  });

  test("the server's refusal of a file type is shown in the form", async ({ page, request }) => {
    const dialog = await openMaterialForm(page, request);
    await dialog
      .getByLabel('File materi', { exact: true })
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00 program') });
    await dialog.getByRole('button', { name: 'Unggah' }).click();
    await expect(dialog.getByText('Tipe file tidak didukung')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("another teacher's class id shows the not-found page", async ({ page, request }) => {
    const owner = await freshUser(request, 2);
    const klass = await api(request, owner.token, 'POST', '/api/teacher/online-classes', { name: 'Kelas Rahasia', rombel_class_id: 1 });
    const other = await freshUser(request, 2);
    await signIn(page, other.username, other.password);
    await page.goto(`/online-class/${klass.body.data.id}`);
    await expect(page.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
    await expect(page.getByText('Kelas Rahasia')).toHaveCount(0);
  });

  test('@phone the floating add button sits above the bottom navigation and opens the form', async ({ page, request }) => {
    const teacher = await freshUser(request, 2);
    await api(request, teacher.token, 'POST', '/api/teacher/online-classes', { name: 'Kelas Ponsel', rombel_class_id: 1 });
    await login(page, teacher.username, teacher.password);
    await expect(page.getByRole('article', { name: 'Kelas Ponsel' })).toBeVisible();
    const add = page.getByRole('button', { name: 'Tambah Kelas' });
    const bottomNav = page.getByRole('navigation', { name: 'Navigasi bawah' });
    const [addBox, navBox] = [await add.boundingBox(), await bottomNav.boundingBox()];
    expect(addBox!.y + addBox!.height).toBeLessThanOrEqual(navBox!.y);
    await add.click();
    await expect(page.getByRole('dialog', { name: 'Tambah Kelas Baru' })).toBeVisible();
  });
});
