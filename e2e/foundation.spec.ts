import { expect, test } from '@playwright/test';
import { DEMO, freshRombel, freshUser, login, toast, signIn } from './fixtures';

test.describe('sessions and guards', () => {
  test('a visitor is sent to /login from any page, which returns there afterwards', async ({ page }) => {
    for (const path of ['/', '/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    for (const path of ['/me', '/resources/users', '/my-classes/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
    }
    await expect(page.getByRole('heading', { name: 'Masuk' })).toBeVisible();
  });

  test('the submit button stays disabled until both fields are filled', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Masuk' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Username atau email').fill('siswa');
    await expect(submit).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('x');
    await expect(submit).toBeEnabled();
  });

  test('a wrong password shows the red toast "Username atau password salah"', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username atau email').fill('siswa');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('salah-sekali');
    await page.getByRole('button', { name: 'Masuk' }).click();
    const red = toast(page, 'Username atau password salah');
    await expect(red).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Its close button is named for screen readers, and closes it.
    await red.getByRole('button', { name: 'Tutup pemberitahuan' }).click();
    await expect(red).toHaveCount(0);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const pw = page.getByRole('textbox', { name: 'Password', exact: true });
    await pw.fill('rahasia');
    await expect(pw).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Tampilkan atau sembunyikan password' }).click();
    await expect(pw).toHaveAttribute('type', 'text');
  });

  for (const [role, account] of Object.entries(DEMO)) {
    test(`the demo ${role} logs in, sees the menu of the role and logs out`, async ({ page }) => {
      await login(page, account.username, account.password);
      await expect(page.getByRole('button', { name: `Menu akun ${account.name}` })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Menu utama' });
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      if (role === 'admin') await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
      else await expect(nav.getByText('My Class')).toBeVisible();
      // A logged-in visitor of /login goes home.
      await page.goto('/login');
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole('button', { name: `Menu akun ${account.name}` }).click();
      await page.getByRole('menuitem', { name: 'Keluar' }).click();
      await expect(page).toHaveURL(/\/login$/);
      // Logout reloads the page once its offline data is gone: asked again if the reload wins the race.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'reloading')).toBeNull();
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('another role\'s area shows "Permission Denied :(" and an unknown path "Not Found :("', async ({ page }) => {
    await login(page, DEMO.student.username, DEMO.student.password);
    for (const path of ['/resources/users', '/online-class/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/permissiondenied$/);
      await expect(page.getByRole('heading', { name: 'Permission Denied :(' })).toBeVisible();
    }
    await page.goto('/tidak/ada/halaman');
    await expect(page.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke Beranda' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a dead token anywhere ends the session and says so', async ({ page }) => {
    await login(page, DEMO.teacher.username, DEMO.teacher.password);
    await page.evaluate(() => localStorage.setItem('token', 'tokenyangsudahtidakberlakulagi0123456789'));
    await page.goto('/me');
    await expect(page).toHaveURL(/\/login\?next=%2Fme$/);
    await expect(page.getByText('Sesi kamu telah berakhir. Silakan masuk kembali.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('going offline shows "Error! No Connection."', async ({ page, context }) => {
    await login(page, DEMO.student.username, DEMO.student.password);
    await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByRole('alert').filter({ hasText: 'Error! No Connection.' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Error! No Connection.')).toHaveCount(0);
  });

  test('a page whose code cannot arrive offline says so in Indonesian and comes back with the connection', async ({ page, context }) => {
    await login(page, DEMO.student.username, DEMO.student.password);
    await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();
    await context.setOffline(true);
    // The profile page's code has not been fetched yet: opening it offline cannot load it.
    await page.getByRole('button', { name: `Menu akun ${DEMO.student.name}` }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Halaman gagal dimuat' })).toBeVisible();
    await expect(page.getByText('Periksa koneksi internet Anda. Halaman dimuat ulang otomatis begitu koneksi kembali.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Error! No Connection.' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByLabel('Nama')).toHaveValue(DEMO.student.name);
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByText('Halaman gagal dimuat')).toHaveCount(0);
    await expect(page.getByText('Error! No Connection.')).toHaveCount(0);
  });

  test('the header shows the page title and gains a back button after scrolling 150 px', async ({ page }) => {
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/me');
    const header = page.locator('.kls-header');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header.getByRole('paragraph').filter({ hasText: DEMO.admin.name }).first()).toBeVisible();
    await expect(header.getByRole('button', { name: `Menu akun ${DEMO.admin.name}` })).toBeVisible();
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 400);
    });
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await header.getByRole('button', { name: 'Kembali ke beranda' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('profile', () => {
  test('a teacher edits the profile with the SPEC rules and sees the 5 s toast', async ({ page, request }) => {
    const u = await freshUser(request, 2);
    await signIn(page, u.username, u.password);
    await page.goto('/me');
    const name = page.getByLabel('Nama');
    await expect(name).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('button', { name: 'Simpan Perubahan' })).toBeVisible();
    await name.fill('12345');
    await expect(page.getByText('Masukkan nama yang benar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Simpan Perubahan' })).toBeDisabled();
    await name.fill('Ibu Ratna Sari');
    await page.getByLabel('Telepon').fill('0812-3456');
    await expect(page.getByText('Nomor telepon harus 10 sampai 14 angka, diawali 0 atau +62')).toBeVisible();
    // Typed as many write it; kept and shown as 0812-3456-7890.
    await page.getByLabel('Telepon').fill('+62 812 3456 7890');
    await expect(page.getByText('Nomor telepon harus 10 sampai 14 angka, diawali 0 atau +62')).toHaveCount(0);
    // NIP and NIK belong to the school (DECISIONS): the admin sets them, the profile sends them unchanged.
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(toast(page, 'Profil berhasil diperbarui')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Nama')).toHaveValue('Ibu Ratna Sari');
    await expect(page.getByLabel('Telepon')).toHaveValue('0812-3456-7890');
  });

  test('the school owns NIP and NIK: a teacher sees them read-only, as the admin set them', async ({ page, request }) => {
    const u = await freshUser(request, 2, { nip: '198501012010011001', nik: '3201010101850001' });
    await signIn(page, u.username, u.password);
    await page.goto('/me');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Nama')).not.toHaveAttribute('readonly', '');
    for (const label of ['NIP', 'NIK']) {
      await expect(page.getByLabel(label)).toHaveAttribute('readonly', '');
    }
    await expect(page.getByLabel('NIP')).toHaveValue('198501012010011001');
    await expect(page.getByText('Dikelola sekolah. Hubungi admin untuk mengubahnya.')).toHaveCount(2);
  });

  test('a student without a rombel fills rombel and NIS once; then they are read-only', async ({ page, request }) => {
    const rombel = await freshRombel(request, 'PROFIL');
    const u = await freshUser(request, 3);
    await signIn(page, u.username, u.password);
    await page.goto('/me');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByText('Dikelola sekolah. Hubungi admin untuk mengubahnya.')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Rombel' }).click();
    await page.getByRole('option', { name: rombel.name }).click();
    await page.getByLabel('NIS', { exact: true }).fill('12345678');
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(toast(page, 'Profil berhasil diperbarui')).toBeVisible();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('NIS', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('combobox', { name: 'Rombel' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('combobox', { name: 'Rombel' })).toHaveValue(rombel.name);
    // NISN is still empty, so the student may still fill it once.
    await expect(page.getByLabel('NISN')).not.toHaveAttribute('readonly', '');
    await expect(page.getByText('Dikelola sekolah. Hubungi admin untuk mengubahnya.')).toHaveCount(2);
  });

  test('a taken username is refused with the server message and " please try again!"', async ({ page, request }) => {
    const u = await freshUser(request, 3);
    await signIn(page, u.username, u.password);
    await page.goto('/me');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Username').fill('guru');
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(toast(page, 'Username sudah digunakan please try again!')).toBeVisible();
  });

  test('a student changes the password and is logged out; the new password works', async ({ page, request }) => {
    const u = await freshUser(request, 3);
    await signIn(page, u.username, u.password);
    await page.goto('/me');
    await page.getByRole('button', { name: 'Ganti Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ganti Password' });
    await dialog.getByRole('textbox', { name: 'Password lama', exact: true }).fill('salahlama');
    await dialog.getByRole('textbox', { name: 'Password baru', exact: true }).fill('baru123');
    await dialog.getByRole('textbox', { name: 'Konfirmasi password baru', exact: true }).fill('baru124');
    await expect(dialog.getByText('Konfirmasi password tidak sama')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Konfirmasi password baru', exact: true }).fill('baru123');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByText('Password lama salah')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password lama', exact: true }).fill(u.password);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Password berhasil diubah')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
    await login(page, u.username, 'baru123');
  });

  test('an avatar upload shows the new photo; a wrong file type is refused', async ({ page, request }) => {
    const u = await freshUser(request, 3);
    await signIn(page, u.username, u.password);
    await page.goto('/me');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Ganti Foto' }).click();
    await (await chooser).setFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, 'Foto profil berhasil diperbarui')).toBeVisible();
    const img = page.locator('img[alt="' + u.name + '"]').first();
    await expect(img).toHaveAttribute('src', /\/api\/files\/\d+\?e=\d+&s=/);
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Ganti Foto' }).click();
    await (await chooser2).setFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('bukan gambar') });
    await expect(toast(page, 'Foto profil harus berupa file JPEG atau PNG please try again!')).toBeVisible();
  });
});

test.describe('phone', () => {
  test('@phone bottom navigation, no desktop header, and Keluar on the profile page', async ({ page }) => {
    await login(page, DEMO.student.username, DEMO.student.password);
    const bottom = page.getByRole('navigation', { name: 'Navigasi bawah' });
    await expect(bottom).toBeVisible();
    await expect(page.getByRole('button', { name: `Menu akun ${DEMO.student.name}` })).toHaveCount(0);
    await bottom.getByRole('link', { name: 'Profil' }).click();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByRole('heading', { name: DEMO.student.name })).toBeVisible();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
