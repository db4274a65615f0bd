import { expect, test, type Page } from '@playwright/test';
import { DEMO, api, apiToken, expectStays, freshUser, holdScript, login, pickDate, toast } from './fixtures';

/** Unique per run and per test, so parallel workers and reruns never collide. */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function confirmDeleteOf(page: Page, rowText: string) {
  await row(page, rowText).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hapus data' });
  await expect(dialog).toContainText(rowText);
  await dialog.getByRole('button', { name: 'Hapus' }).click();
}

/** A user's delete dialog (what goes with the user, "Nonaktifkan saja" or "Hapus permanen"): deletes. */
async function confirmUserDeleteOf(page: Page, name: string) {
  await row(page, name).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Hapus user ${name}?` });
  await expect(dialog).toContainText('Tindakan ini tidak dapat dibatalkan.');
  await dialog.getByRole('button', { name: 'Hapus permanen' }).click();
}

test.beforeEach(async ({ page }) => {
  await login(page, DEMO.admin.username, DEMO.admin.password);
});

test('the admin dashboard shows the four user totals', async ({ page }) => {
  for (const label of ['Total Users', 'Total Admin', 'Total Teachers', 'Total Students']) {
    await expect(page.getByRole('group', { name: label })).toContainText(new RegExp(`${label}\\s*\\d+`));
  }
  // The tiles show what the server counts (read-only use of the shared data).
  const token = await apiToken(page.request, DEMO.admin.username, DEMO.admin.password);
  const stats = (await api(page.request, token, 'GET', '/api/admin/dashboard/users')).body.data;
  expect(stats.total_users).toBeGreaterThanOrEqual(stats.total_admin + stats.total_teachers + stats.total_students);
  expect(stats.total_admin).toBeGreaterThanOrEqual(1);
});

test('an admin creates, searches, views, edits and deletes a user', async ({ page }) => {
  const s = stamp();
  const name = `Guru Uji ${s}`;
  const username = `guru${s}`;
  const email = `${username}@uji.sch.id`;

  await page.goto('/resources/users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  // The admin's own account is hidden.
  await expect(page.getByRole('row').filter({ hasText: DEMO.teacher.name }).first()).toBeVisible();
  await expect(row(page, DEMO.admin.name)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/resources\/users\/new$/);
  await expect(page.getByRole('heading', { name: 'Users | Create User' })).toBeVisible();

  // Submit stays disabled until role, gender, name, password and its confirmation are set and equal.
  const submit = page.getByRole('button', { name: 'Simpan' });
  await expect(submit).toBeDisabled();
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Guru' });
  await page.getByRole('textbox', { name: 'Nama' }).fill('12345');
  await page.getByRole('combobox', { name: 'Jenis kelamin' }).selectOption({ label: 'Laki-laki' });
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('rahasia1');
  await expect(submit).toBeDisabled();
  const confirm = page.getByRole('textbox', { name: 'Konfirmasi password' });
  await confirm.fill('rahasia2');
  await expect(page.getByText('Konfirmasi password tidak sama')).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(submit).toBeDisabled();
  await confirm.fill('rahasia1');
  await expect(page.getByText('Konfirmasi password tidak sama')).toHaveCount(0);
  await expect(submit).toBeEnabled();

  // A numeric name: red toast, nothing sent.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/admin/resources/users')) posts.push(r.url());
  });
  await submit.click();
  await expect(toast(page, 'Masukkan nama yang benar')).toBeVisible();
  expect(posts).toHaveLength(0);
  await expect(page).toHaveURL(/\/resources\/users\/new$/);

  // A taken username: the server's 409 message plus " please try again!", and the form stays.
  await page.getByRole('textbox', { name: 'Nama' }).fill(name);
  await submit.click();
  await expect(toast(page, 'Username sudah digunakan please try again!')).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/users\/new$/);
  await expect(submit).toBeEnabled();

  // Success: green toast with the server's message, back to the list, the new row is there.
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await submit.click();
  await expect(toast(page, 'User berhasil ditambahkan')).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/users$/);
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name)).toContainText('Guru');
  await expect(row(page, name)).toContainText(email);

  // Search by name, username, email and role.
  const search = page.getByRole('textbox', { name: 'Cari user' });
  for (const q of [name.toUpperCase(), username, email]) {
    await search.fill(q);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, name)).toBeVisible();
  }
  await search.fill('guru');
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, DEMO.student.name)).toHaveCount(0);
  await search.fill(`tidak-ada-${s}`);
  await expect(page.getByRole('cell', { name: 'Tidak ada data' })).toBeVisible();
  await search.fill(username);

  // View: the detail loads by id, also after a reload.
  await row(page, name).getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/resources\/users\/\d+$/);
  const userId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: 'User Detail' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const details = page.locator('dl');
  await expect(details).toContainText(String(userId));
  await expect(details).toContainText(username);
  await expect(details).toContainText('Laki-laki');
  await expect(details).toContainText(email);
  await page.getByRole('button', { name: 'Kembali' }).click();
  await expect(page).toHaveURL(/\/resources\/users$/);

  // Edit: SPEC §5 rules, a new password only when filled.
  await page.getByRole('textbox', { name: 'Cari user' }).fill(username);
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/users/${userId}/edit$`));
  await expect(page.getByRole('heading', { name: `Edit User ${name}` })).toBeVisible();
  const save = page.getByRole('button', { name: 'Simpan Perubahan' });
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
  await expect(save).toBeEnabled();
  const telpon = page.getByRole('textbox', { name: 'Telepon' });
  await telpon.fill('0812-3456');
  await expect(page.getByText('Nomor telepon harus 10 sampai 14 angka, diawali 0 atau +62')).toBeVisible();
  await expect(save).toBeDisabled();
  await telpon.fill('0812-3456-7890');
  await page.getByRole('textbox', { name: 'Username' }).fill('ab');
  await expect(page.getByText('Username harus 3 sampai 50 karakter')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  // The birthday picker offers nothing after 31-12-2021 (the server's rule: "Tanggal lahir paling lambat 31-12-2021").
  await page.getByLabel('Tanggal lahir').click();
  await expect(page.locator('select[data-select="year"] option[value="2022"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await pickDate(page, page.getByLabel('Tanggal lahir'), '2000-05-17');
  await expect(page.getByLabel('Tanggal lahir')).toHaveText('17/05/2000');
  await page.getByRole('combobox', { name: 'Agama' }).selectOption('Islam');
  await page.getByRole('combobox', { name: 'Jenis kelamin' }).selectOption({ label: 'Perempuan' });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('baru123');
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Konfirmasi password' }).fill('baru124');
  await expect(page.getByText('Konfirmasi password tidak sama')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByRole('textbox', { name: 'Konfirmasi password' }).fill('baru123');
  const newName = `${name} Baru`;
  await page.getByRole('textbox', { name: 'Nama' }).fill(newName);
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/resources/users/${userId}`));
  await save.click();
  const sent = (await put).postDataJSON();
  expect(sent).toMatchObject({
    name: newName,
    status: 1,
    telpon: '0812-3456-7890',
    birthday: '2000-05-17',
    religion: 'Islam',
    gender: 'P',
    password: 'baru123',
  });
  await expect(toast(page, 'User berhasil diperbarui')).toBeVisible();
  await expect(page).toHaveURL(/\/resources\/users$/);
  await expect(row(page, newName)).toBeVisible();
  // The new password works.
  await apiToken(page.request, username, 'baru123');

  // The detail shows the edited values.
  await page.goto(`/resources/users/${userId}`);
  await expect(page.locator('dl')).toContainText('Perempuan');
  await expect(page.locator('dl')).toContainText('Islam');
  await expect(page.locator('dl')).toContainText('17 Mei 2000');

  // Delete after a confirmation; the row goes without a reload.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Cari user' }).fill(username);
  await expect(row(page, newName)).toBeVisible();
  await confirmUserDeleteOf(page, newName);
  await expect(toast(page, 'User berhasil dihapus')).toBeVisible();
  await expect(row(page, newName)).toHaveCount(0);
});

test('a search answered only after a delete does not bring the deleted user back', async ({ page, request }) => {
  const user = await freshUser(request, 3);
  const shorter = user.username.slice(0, -1);
  await page.goto('/resources/users');
  const search = page.getByRole('textbox', { name: 'Cari user' });
  await search.fill(user.username);
  await expect(row(page, user.name)).toBeVisible();

  // A slow network: the server reads the next search at once (the user is still there), but its
  // answer reaches the browser only after the delete has been answered.
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/admin/resources/users/${user.id}`),
  );
  let first = true;
  await page.route(
    (url) => url.pathname === '/api/admin/resources/users' && url.searchParams.get('q') === shorter,
    async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      await deleted;
      await route.fulfill({ response });
    },
  );
  const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === shorter);
  await search.fill(shorter);
  await asked;
  await confirmUserDeleteOf(page, user.name);
  await expect(toast(page, 'User berhasil dihapus')).toBeVisible();
  await expect(row(page, user.name)).toHaveCount(0);
});

test('Cancel on Create User goes back one page; an edit with empty password fields does not send them', async ({ page, request }) => {
  const user = await freshUser(request, 3);
  await page.goto('/resources/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/resources\/users$/);

  await page.goto(`/resources/users/${user.id}/edit`);
  await expect(page.getByRole('heading', { name: `Edit User ${user.name}` })).toBeVisible();
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
  const sent = (await put).postDataJSON();
  expect(sent).not.toHaveProperty('password');
  expect(sent).not.toHaveProperty('confirm_password');
  expect(sent.status).toBe(1);
  await expect(toast(page, 'User berhasil diperbarui')).toBeVisible();
  // Opened directly, there is no page to go back to: the list is shown.
  await expect(page).toHaveURL(/\/resources\/users$/);
  await apiToken(request, user.username, user.password);
});

test('the user list comes in pages of 50 (page in the address, kept by back and reload); the server search finds a user on a later page', async ({
  page,
  request,
}) => {
  const s = stamp();
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const USERS = '/api/admin/resources/users';
  const name = (i: number) => `Halaman ${s} ${String(i).padStart(2, '0')}`;
  // 55 students through the API, eleven at a time.
  const ids: number[] = [];
  for (let from = 1; from <= 55; from += 11) {
    const batch = await Promise.all(
      Array.from({ length: 11 }, (_, k) => from + k).map((i) =>
        api(request, admin, 'POST', USERS, {
          role: 3,
          name: name(i),
          gender: 'P',
          email: `hal${s}n${i}@uji.sch.id`,
          username: `hal${s}n${i}`,
          password: 'rahasia1',
          confirm_password: 'rahasia1',
        }),
      ),
    );
    for (const res of batch) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.id as number);
    }
  }

  // Unfiltered, the list is longer than a page: the last of them is not on page 1.
  await page.goto('/resources/users');
  const pages = page.getByRole('navigation', { name: 'Halaman daftar user' });
  await expect(pages.getByRole('button', { name: 'Halaman 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Halaman berikutnya' })).toBeEnabled();
  await expect(row(page, DEMO.teacher.name)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(51);
  await expect(row(page, name(55))).toHaveCount(0);

  // The server search finds it (by username), alone on one page.
  const search = page.getByRole('textbox', { name: 'Cari user' });
  await search.fill(`hal${s}n55`);
  await expect(row(page, name(55))).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(pages).toHaveCount(0);

  // All 55 by name: 50 on page 1 (by name), 5 on page 2.
  await search.fill(`halaman ${s}`);
  await expect(pages).toContainText('55 user');
  await expect(page.getByRole('row')).toHaveCount(51);
  await expect(page.getByRole('row').nth(1)).toContainText(name(1));
  await expect(page.getByRole('row').nth(50)).toContainText(name(50));
  await expect(row(page, name(51))).toHaveCount(0);
  await pages.getByRole('button', { name: 'Halaman 2', exact: true }).click();
  await expect(page).toHaveURL(/\/resources\/users\?page=2$/);
  await expect(page.getByRole('row')).toHaveCount(6);
  await expect(row(page, name(55))).toBeVisible();
  await expect(row(page, name(1))).toHaveCount(0);

  // Reload keeps the page and the search.
  await page.reload();
  await expect(search).toHaveValue(`halaman ${s}`);
  await expect(page.getByRole('row')).toHaveCount(6);
  await expect(pages.getByRole('button', { name: 'Halaman 2', exact: true })).toHaveAttribute('aria-current', 'page');

  // A detail and back: the same page of the same search.
  await row(page, name(53)).getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: name(53) })).toBeVisible();
  await page.getByRole('button', { name: 'Kembali' }).click();
  await expect(page).toHaveURL(/\/resources\/users\?page=2$/);
  await expect(row(page, name(55))).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(6);

  // The browser's back goes to page 1.
  await page.goBack();
  await expect(page).toHaveURL(/\/resources\/users$/);
  await expect(page.getByRole('row')).toHaveCount(51);
  await page.goForward();
  await expect(row(page, name(55))).toBeVisible();

  // A delete on page 2 refreshes the page without a reload.
  await confirmUserDeleteOf(page, name(55));
  await expect(toast(page, 'User berhasil dihapus')).toBeVisible();
  await expect(row(page, name(55))).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(5);
  await expect(pages).toContainText('54 user');

  // A role's label searches by role (back on page 1).
  await search.fill('SISWA');
  await expect(page).toHaveURL(/\/resources\/users$/);
  await expect(row(page, DEMO.student.name)).toBeVisible();
  await expect(row(page, DEMO.teacher.name)).toHaveCount(0);
  await search.fill('guru');
  await expect(row(page, DEMO.teacher.name)).toBeVisible();
  await expect(row(page, DEMO.student.name)).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Siswa' })).toHaveCount(0);

  // Clean up (the deleted one answers 404).
  for (let k = 0; k < ids.length; k += 11)
    await Promise.all(ids.slice(k, k + 11).map((id) => api(request, admin, 'DELETE', `${USERS}/${id}`)));
});

test.describe('without the service worker', () => {
  // The worker would serve the script from its cache, past the test's hold.
  test.use({ serviceWorkers: 'block' });

  test('a row opened while the search still waits for its pause stays open', async ({ page }) => {
    // The detail page's script arrives late (a slow phone): the list still shows while it loads, and
    // the search's pause ends in that time.
    const held = await holdScript(page, 'UserDetailPage');
    await page.goto('/resources/users');
    const teacherRow = row(page, DEMO.teacher.name);
    await expect(teacherRow).toBeVisible();
    await page.getByRole('textbox', { name: 'Cari user' }).fill('siswa');
    await teacherRow.getByRole('button', { name: 'View' }).click();
    await expectStays(page, /\/resources\/users\/\d+$/, page.getByRole('heading', { name: DEMO.teacher.name }));
    expect(held()).toBe(1);
  });
});

test('an admin creates, searches, views, edits and deletes a rombel; a rombel with students is refused', async ({ page, request }) => {
  const s = stamp();
  const name = `XII UJI ${s}`;

  await page.goto('/resources/rombel-class');
  await expect(page.getByRole('heading', { name: 'Kelola Rombel' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Department', 'Name', 'Grade', 'Action']);

  // Add: save disabled until name and grade are set; only enabled departments can be chosen.
  await page.getByRole('button', { name: 'Add Rombel' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Rombel' });
  const department = dialog.getByRole('combobox', { name: 'Department' });
  await expect(department.locator('option:checked')).toHaveText(/Teknik Komputer/i);
  await expect(department.locator('option[disabled]:not([value=""])').first()).toBeAttached();
  const save = dialog.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(save).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Grade' }).selectOption('12');
  await expect(save).toBeEnabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('   ');
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await save.click();
  await expect(toast(page, 'Rombel berhasil ditambahkan')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name)).toContainText('12');

  // A taken name keeps the dialog open with the server's message.
  await page.getByRole('button', { name: 'Add Rombel' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Rombel' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name.toLowerCase());
  await dialog.getByRole('combobox', { name: 'Grade' }).selectOption('11');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Nama rombel sudah digunakan');
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();

  // Search by name (any case) or grade.
  const search = page.getByRole('textbox', { name: 'Cari rombel' });
  await search.fill(name.toLowerCase());
  await expect(page.getByRole('row')).toHaveCount(2);
  await search.fill('12');
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, 'X TKJ 2')).toHaveCount(0);
  await search.fill(s);

  // Edit in the modal; the table updates in place.
  const newName = `${name} B`;
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Rombel' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(dialog.getByRole('combobox', { name: 'Grade' })).toHaveValue('12');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(newName);
  await dialog.getByRole('combobox', { name: 'Grade' }).selectOption('11');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Rombel berhasil diperbarui')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, newName)).toContainText('11');

  // A student in the rombel: the detail lists them and the delete is refused with the server's reason.
  const token = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const list = (await api(request, token, 'GET', '/api/admin/resources/rombel-classes')).body.data as { id: number; name: string }[];
  const rombelId = list.find((r) => r.name === newName)!.id;
  const student = await freshUser(request, 3, { rombel_id: rombelId, nis: '12345678', nisn: '0012345678' });

  await row(page, newName).getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/rombel-class/${rombelId}$`));
  await expect(page.getByRole('heading', { name: `Rombel Class Details: ${newName}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Students: 1' })).toBeVisible();
  await expect(page.locator('dl')).toContainText('Rombel Name');
  await expect(page.locator('dl')).toContainText('Teknik Komputer');
  await expect(page.getByRole('columnheader')).toHaveText(['#', 'Student ID', 'Name', 'NIS', 'NISN']);
  await expect(row(page, student.name)).toHaveText(new RegExp(`1\\s*${student.id}\\s*${student.name}\\s*12345678\\s*0012345678`));

  await page.getByRole('button', { name: 'Kembali' }).click();
  await page.getByRole('textbox', { name: 'Cari rombel' }).fill(s);
  await confirmDeleteOf(page, newName);
  await expect(toast(page, 'Rombel tidak dapat dihapus karena masih memiliki siswa')).toBeVisible();
  await expect(row(page, newName)).toBeVisible();

  // Without the student the delete goes through and the row leaves.
  expect((await api(request, token, 'DELETE', `/api/admin/resources/users/${student.id}`)).status).toBe(200);
  await confirmDeleteOf(page, newName);
  await expect(toast(page, 'Rombel berhasil dihapus')).toBeVisible();
  await expect(row(page, newName)).toHaveCount(0);
});

test('an admin creates, searches, views, edits and deletes a motivational word; a refused save keeps the modal open', async ({ page }) => {
  const s = stamp();
  const title = `Semangat ${s}`;
  const from = `Pepatah ${s}`;
  const body = `Belajar hari ini adalah bekal untuk hari esok yang lebih baik, jangan pernah menyerah ${s}.`;
  expect(body.length).toBeGreaterThan(70);

  await page.goto('/resources/motivational-words');
  await expect(page.getByRole('heading', { name: 'Kelola Kata Motivasi' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Title', 'Body', 'From', 'Active', 'Action']);

  // Add: active on by default, save enabled only when title, body and from are set.
  await page.getByRole('button', { name: 'Add Motivational' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Motivational' });
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();
  const save = dialog.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Body' }).fill(body);
  await expect(save).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'From' }).fill(from);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, 'Kata motivasi berhasil ditambahkan')).toBeVisible();
  await expect(dialog).toBeHidden();
  const r = row(page, title);
  await expect(r).toContainText(`${body.slice(0, 70)}...`);
  await expect(r).not.toContainText(body);
  await expect(r).toContainText(from);
  await expect(r).toContainText('True');

  // A save the server refuses (title too long): the modal stays open with the message in red.
  await page.getByRole('button', { name: 'Add Motivational' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Motivational' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`${title} ${'x'.repeat(300)}`);
  await dialog.getByRole('textbox', { name: 'Body' }).fill('Isi');
  await dialog.getByRole('textbox', { name: 'From' }).fill(from);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Maksimal 255 karakter');
  // Shown in red (whatever shade the theme settles on).
  const [red, green, blue] = (await alert.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(green! + 80);
  expect(red).toBeGreaterThan(blue! + 80);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'xxxxxxxx' })).toHaveCount(0);

  // Search by title, body or from, any case.
  const search = page.getByRole('textbox', { name: 'Cari kata motivasi' });
  for (const q of [title.toUpperCase(), `menyerah ${s}`, from.toLowerCase()]) {
    await search.fill(q);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, title)).toBeVisible();
  }

  // Edit: switch it off and rename; the table updates in place.
  const newTitle = `${title} Baru`;
  await row(page, title).getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Motivational' });
  await expect(dialog.getByRole('textbox', { name: 'Body' })).toHaveValue(body);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(newTitle);
  await dialog.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Kata motivasi berhasil diperbarui')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, newTitle)).toContainText('False');

  // View: the detail loads by id, also after a reload.
  await row(page, newTitle).getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/resources\/motivational-words\/\d+$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Motivational Word Details' })).toBeVisible();
  const details = page.locator('dl');
  for (const text of ['Active', 'False', newTitle, body, from, 'Created At', 'WIB']) await expect(details).toContainText(text);
  await page.getByRole('button', { name: 'Kembali' }).click();

  // Delete after a confirmation; the row goes without a reload.
  await page.getByRole('textbox', { name: 'Cari kata motivasi' }).fill(s);
  await confirmDeleteOf(page, newTitle);
  await expect(toast(page, 'Kata motivasi berhasil dihapus')).toBeVisible();
  await expect(row(page, newTitle)).toHaveCount(0);
});
