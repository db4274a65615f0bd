/**
 * The admin's account screens (DECISIONS "Roles and access"): deactivation instead of deletion, the
 * delete dialog that says what goes, the login lock and its "Buka kunci", the school's fields and
 * "ganti password saat masuk" in the user form and on the detail page.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiToken, freshRombel, freshUser, handIn, login, toast, signIn } from './fixtures';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The user list searched for one user (by username), so their row is on the first page. */
async function openListFor(page: Page, username: string, query = '') {
  await page.goto(`/resources/users${query}`);
  await page.getByRole('textbox', { name: 'Cari user' }).fill(username);
  await expect(page.getByRole('row')).toHaveCount(2);
}

/** The value beside a label of the detail page. */
const detail = (page: Page, label: string) => page.locator(`dl dt:text-is("${label}") + dd`);

const statusFilter = (page: Page) => page.getByRole('radiogroup', { name: 'Status' });

/** A student of a class of their own who handed in a piece of work (graded) and wrote a comment. */
async function studentWithHistory(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'X AKUN');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    rombel_class_id: rombel.id,
    name: `Kelas Akun ${stamp()}`,
  });
  const classId = klass.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}`;
  const content = await api(request, teacher.token, 'POST', `${base}/contents`, { title: 'Pertemuan 1' });
  const lessonId = content.body.data.id as number;
  const assignment = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments`, {
    title: 'Tugas 1',
    description: 'Kerjakan.',
    deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  const assignmentId = assignment.body.data.id as number;
  await handIn(request, student.token, assignmentId);
  const graded = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments/${assignmentId}/grade`, {
    student_id: student.id,
    score: 85,
  });
  expect(graded.status, JSON.stringify(graded.body)).toBe(200);
  const forum = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/forums`, { topic: 'Diskusi 1' });
  const comment = await api(
    request,
    student.token,
    'POST',
    `/api/student/my-classes/${classId}/contents/${lessonId}/forums/${forum.body.data.id}/comments`,
    { comment: 'Saya hadir.' },
  );
  expect(comment.status).toBe(201);
  return student;
}

test.describe('desktop', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.admin.username, DEMO.admin.password);
  });

  test('deactivating a student from the list ends their session and refuses login until reactivated', async ({
    page,
    browser,
    request,
  }) => {
    const student = await freshUser(request, 3);
    // The student is logged in elsewhere.
    const studentPage = await (await browser.newContext()).newPage();
    await login(studentPage, student.username, student.password);

    await openListFor(page, student.username);
    const theRow = row(page, student.name);
    await expect(theRow.getByText('Nonaktif', { exact: true })).toHaveCount(0);
    await theRow.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Nonaktifkan ${student.name}?` });
    await expect(dialog).toContainText(`${student.name} tidak dapat masuk sampai diaktifkan kembali`);
    await expect(dialog).toContainText('Semua riwayatnya (pengumpulan tugas, nilai dan komentar) tetap tersimpan.');
    await dialog.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
    await expect(toast(page, 'User dinonaktifkan. Ia tidak dapat masuk sampai diaktifkan kembali.')).toBeVisible();
    await expect(theRow.getByText('Nonaktif', { exact: true })).toBeVisible();
    await expect(theRow.getByRole('button', { name: 'Aktifkan', exact: true })).toBeVisible();

    // The status filter: "Nonaktif" lists them (kept in the address), "Aktif" does not.
    await statusFilter(page).getByText('Nonaktif', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=inactive\b/);
    await expect(theRow).toBeVisible();
    await statusFilter(page).getByText('Aktif', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=active\b/);
    await expect(theRow).toHaveCount(0);
    await statusFilter(page).getByText('Semua', { exact: true }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(theRow).toBeVisible();
    // A reload of the filtered address keeps the filter.
    await page.goto('/resources/users?status=inactive');
    await expect(statusFilter(page).getByRole('radio', { name: 'Nonaktif' })).toBeChecked();
    await page.getByRole('textbox', { name: 'Cari user' }).fill(student.username);
    await expect(theRow).toBeVisible();

    // The open session is thrown out at its next request, and logging in is refused.
    await studentPage.reload();
    await expect(studentPage).toHaveURL(/\/login$/);
    await studentPage.getByLabel('Username atau email').fill(student.username);
    await studentPage.getByRole('textbox', { name: 'Password', exact: true }).fill(student.password);
    await studentPage.getByRole('button', { name: 'Masuk' }).click();
    await expect(toast(studentPage, 'Akun kamu tidak aktif. Hubungi admin sekolah.')).toBeVisible();
    await expect(studentPage).toHaveURL(/\/login$/);

    // Reactivated: no badge, and the student logs in again.
    await theRow.getByRole('button', { name: 'Aktifkan', exact: true }).click();
    await expect(toast(page, 'User diaktifkan kembali.')).toBeVisible();
    await expect(theRow).toHaveCount(0);
    await statusFilter(page).getByText('Semua', { exact: true }).click();
    await expect(theRow.getByRole('button', { name: 'Nonaktifkan', exact: true })).toBeVisible();
    await expect(theRow.getByText('Nonaktif', { exact: true })).toHaveCount(0);
    await login(studentPage, student.username, student.password);
    await studentPage.context().close();
  });

  test('the delete dialog says what goes with the user and offers "Nonaktifkan saja"', async ({ page, request }) => {
    const student = await studentWithHistory(request);
    await openListFor(page, student.username);
    await row(page, student.name).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Hapus user ${student.name}?` });
    await expect(dialog).toContainText(
      `Menghapus user ${student.name} juga menghapus 1 pengumpulan tugas (1 sudah dinilai) dan 1 komentar. Tindakan ini tidak dapat dibatalkan.`,
    );
    await expect(dialog.getByRole('button', { name: 'Hapus permanen' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Nonaktifkan saja' }).click();
    await expect(toast(page, 'User dinonaktifkan. Ia tidak dapat masuk sampai diaktifkan kembali.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, student.name).getByText('Nonaktif', { exact: true })).toBeVisible();
    // Deactivated, not deleted: the account and its history are still there.
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    expect((await api(request, admin, 'GET', `/api/admin/resources/users/${student.id}/delete-impact`)).body.data).toEqual({
      submissions: 1,
      graded: 1,
      comments: 1,
    });

    // A user without any work: the dialog says so, and "Hapus permanen" deletes.
    const empty = await freshUser(request, 3);
    await openListFor(page, empty.username);
    await row(page, empty.name).getByRole('button', { name: 'Delete' }).click();
    const second = page.getByRole('dialog', { name: `Hapus user ${empty.name}?` });
    await expect(second).toContainText(
      `User ${empty.name} belum memiliki pengumpulan tugas atau komentar. Tindakan ini tidak dapat dibatalkan.`,
    );
    await second.getByRole('button', { name: 'Hapus permanen' }).click();
    await expect(toast(page, 'User berhasil dihapus')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Tidak ada data' })).toBeVisible();
  });

  test('a locked account shows "Terkunci" and "Buka kunci" lifts the lock', async ({ page, request }) => {
    const student = await freshUser(request, 3);
    // 50 failures from five addresses (10 each, the per-address limit) lock the account everywhere.
    for (let a = 1; a <= 5; a++) {
      const tries = Array.from({ length: 10 }, (_, i) =>
        request.post('/api/login', {
          data: { username: i % 2 ? student.username : `${student.username}@uji.sch.id`, password: `salah${i}` },
          headers: { 'X-Forwarded-For': `203.0.113.${a}` },
        }),
      );
      for (const res of await Promise.all(tries)) expect(res.status()).toBe(401);
    }
    const refused = await request.post('/api/login', { data: { username: student.username, password: student.password } });
    expect(refused.status()).toBe(429);

    await openListFor(page, student.username);
    const theRow = row(page, student.name);
    await expect(theRow.getByText('Terkunci', { exact: true })).toBeVisible();
    // The detail page shows the lock too.
    await theRow.getByRole('button', { name: 'View' }).click();
    await expect(page.getByRole('heading', { name: student.name })).toBeVisible();
    await expect(page.getByText('Terkunci', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buka kunci' })).toBeVisible();
    await page.getByRole('button', { name: 'Kembali' }).click();

    await page.getByRole('textbox', { name: 'Cari user' }).fill(student.username);
    await theRow.getByRole('button', { name: 'Buka kunci' }).click();
    await expect(toast(page, 'Kunci akun dibuka. User dapat masuk kembali.')).toBeVisible();
    await expect(theRow.getByText('Terkunci', { exact: true })).toHaveCount(0);
    await expect(theRow.getByRole('button', { name: 'Buka kunci' })).toHaveCount(0);
    await apiToken(request, student.username, student.password);
  });

  test('the user form checks NIP and NIS, and the detail page shows them with "Wajib ganti password"', async ({ page }) => {
    const s = stamp();
    const name = `Guru Akun ${s}`;
    const username = `guruakun${s}`;
    await page.goto('/resources/users/new');
    await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Siswa' });
    const nis = page.getByRole('textbox', { name: 'NIS', exact: true });
    await nis.fill('12ab');
    await expect(page.getByText('NIS hanya boleh berisi angka, titik, dan tanda hubung (maksimal 20 karakter)')).toBeVisible();
    await expect(nis).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('textbox', { name: 'NISN' }).fill('00123x');
    await expect(page.getByText('NISN berupa 10 digit angka')).toBeVisible();

    // A teacher has NIP and NIK instead; the student's fields and their messages go.
    await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Guru' });
    await expect(nis).toHaveCount(0);
    await expect(page.getByText('NIS hanya boleh berisi angka, titik, dan tanda hubung (maksimal 20 karakter)')).toHaveCount(0);
    const nip = page.getByRole('textbox', { name: 'NIP' });
    await nip.fill('1980 0101');
    await expect(page.getByText('NIP berupa angka, maksimal 18 digit')).toBeVisible();
    await page.getByRole('textbox', { name: 'NIK' }).fill('NIK-1');
    await expect(page.getByText('NIK berupa angka, maksimal 16 digit')).toBeVisible();

    await page.getByRole('textbox', { name: 'Nama' }).fill(name);
    await page.getByRole('combobox', { name: 'Jenis kelamin' }).selectOption({ label: 'Perempuan' });
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('rahasia1');
    await page.getByRole('textbox', { name: 'Konfirmasi password' }).fill('rahasia1');
    const submit = page.getByRole('button', { name: 'Simpan' });
    await expect(submit).toBeDisabled();
    await nip.fill('198001012005011001');
    await page.getByRole('textbox', { name: 'NIK' }).fill('3471010101800001');
    await expect(page.getByText('NIP berupa angka, maksimal 18 digit')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Wajib ganti password saat masuk berikutnya' }).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(toast(page, 'User berhasil ditambahkan')).toBeVisible();
    await expect(page).toHaveURL(/\/resources\/users$/);

    await page.getByRole('textbox', { name: 'Cari user' }).fill(username);
    // The search applies after a pause: wait for the one row it finds (the new user may not be on the
    // unfiltered list's first page).
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await row(page, name).getByRole('button', { name: 'View' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(detail(page, 'NIP')).toHaveText('198001012005011001');
    await expect(detail(page, 'NIK')).toHaveText('3471010101800001');
    await expect(detail(page, 'Status')).toHaveText('Aktif');
    await expect(page.getByText('Wajib ganti password', { exact: true })).toBeVisible();

    // The edit form preloads both; clearing the checkbox clears the badge.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('textbox', { name: 'NIP' })).toHaveValue('198001012005011001');
    await expect(page.getByRole('textbox', { name: 'NIK' })).toHaveValue('3471010101800001');
    const must = page.getByRole('checkbox', { name: 'Wajib ganti password saat masuk berikutnya' });
    await expect(must).toBeChecked();
    await must.uncheck();
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(toast(page, 'User berhasil diperbarui')).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Wajib ganti password', { exact: true })).toHaveCount(0);
  });

  test('editing a deactivated user keeps them deactivated', async ({ page, request }) => {
    const student = await freshUser(request, 3, { nis: '2324001' });
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    expect((await api(request, admin, 'PATCH', `/api/admin/resources/users/${student.id}/status`, { status: 0 })).status).toBe(200);
    await page.goto(`/resources/users/${student.id}/edit`);
    await expect(page.getByRole('textbox', { name: 'NIS', exact: true })).toHaveValue('2324001');
    await page.getByRole('textbox', { name: 'Nama' }).fill(`${student.name} Baru`);
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(toast(page, 'User berhasil diperbarui')).toBeVisible();
    const after = await api(request, admin, 'GET', `/api/admin/resources/users/${student.id}`);
    expect(after.body.data).toMatchObject({ name: `${student.name} Baru`, status: 0, student: { nis: '2324001' } });
  });
});

test('@phone the admin deactivates and reactivates a user from the detail page', async ({ page, request }) => {
  const student = await freshUser(request, 3, { nis: '2324002', nisn: '0012345679' });
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto(`/resources/users/${student.id}`);
  await expect(page.getByRole('heading', { name: student.name })).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Aktif');
  await expect(detail(page, 'NIS')).toHaveText('2324002');
  await expect(detail(page, 'NISN')).toHaveText('0012345679');

  await page.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Nonaktifkan ${student.name}?` });
  await expect(dialog).toContainText('tidak dapat masuk sampai diaktifkan kembali');
  await dialog.getByRole('button', { name: 'Nonaktifkan', exact: true }).click();
  await expect(toast(page, 'User dinonaktifkan. Ia tidak dapat masuk sampai diaktifkan kembali.')).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Nonaktif');
  const refused = await request.post('/api/login', { data: { username: student.username, password: student.password } });
  expect(refused.status()).toBe(403);

  // The list at phone width: the filter from the address, the badge on the row.
  await page.goto('/resources/users?status=inactive');
  await expect(statusFilter(page).getByRole('radio', { name: 'Nonaktif' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Cari user' }).fill(student.username);
  await expect(row(page, student.name).getByText('Nonaktif', { exact: true })).toBeVisible();

  await page.goto(`/resources/users/${student.id}`);
  await page.getByRole('button', { name: 'Aktifkan', exact: true }).click();
  await expect(toast(page, 'User diaktifkan kembali.')).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Aktif');
  await apiToken(request, student.username, student.password);
});
