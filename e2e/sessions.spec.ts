import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiToken, forumWorld, freshUser, login, toast, violations } from './fixtures';

/**
 * Sessions in the browser: an ended session keeps what was being written and returns to the same
 * page after the login, a deep link opens after the login, a required password change takes over
 * the signed-in area, and drafts belong to one user.
 */

const SESSION_ENDED = 'Sesi kamu telah berakhir. Silakan masuk kembali.';
const DRAFT_RESTORED = 'Draf yang belum terkirim dipulihkan.';

/** The whole address is this path of the app (with its query), nothing more. */
const at = (path: string) => new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const loginFor = (path: string) => at(`/login?next=${encodeURIComponent(path)}`);

/** Fills the login form already on screen and sends it (where it leads is the test's to check). */
async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username atau email').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

/** Ends this browser's session from outside, as a logout elsewhere or an expiry would: its token is revoked. */
async function revokeBrowserToken(page: Page, request: APIRequestContext, { leaveFirst = false } = {}) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  // Left first, the app's open tab cannot hear of the logout on its live stream and end the session itself.
  if (leaveFirst) await page.goto('about:blank');
  expect((await api(request, token!, 'POST', '/api/logout')).status).toBe(200);
}

const storedDrafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kelasku:draft:')));

test.describe('an ended session', () => {
  test('keeps the comment being written and returns to the forum after the login', async ({ page, request }) => {
    const w = await forumWorld(request);
    await login(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comment' });
    const text = 'Topologi bintang mudah dirawat: satu kabel putus, yang lain tetap jalan.';
    await dialog.getByRole('textbox', { name: 'Komentar' }).fill(text);

    await revokeBrowserToken(page, request);
    // Sending meets the ended session (unless the thread's 5-second refresh met it a moment before).
    await dialog
      .getByRole('button', { name: 'Kirim' })
      .click({ timeout: 3000 })
      .catch(() => undefined);

    await expect(page).toHaveURL(loginFor(w.studentUrl));
    await expect(page.getByText(SESSION_ENDED)).toBeVisible();
    expect(await violations(page, 'login after an ended session')).toEqual([]);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    expect(await storedDrafts(page)).toEqual([`kelasku:draft:${w.student.id}:${w.studentUrl}#komentar`]);

    await signIn(page, w.student.username, w.student.password);
    await expect(page).toHaveURL(at(w.studentUrl));
    // The box shows the comment not sent yet; opening it brings the text back.
    await expect(page.getByTestId('comment-draft')).toHaveText(text);
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    await expect(dialog.getByText(DRAFT_RESTORED)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Komentar' })).toHaveValue(text);
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await expect(page.getByTestId('forum-comment').filter({ hasText: text })).toBeVisible();
    // Sent: the draft is gone.
    await expect(page.getByTestId('comment-draft')).toHaveCount(0);
    expect(await storedDrafts(page)).toEqual([]);
  });

  test('keeps a half-filled page form (the user form, the profile) and restores it after the login', async ({ page, request }) => {
    const admin = await freshUser(request, 1);
    await login(page, admin.username, admin.password);
    await page.goto('/resources/users/new');
    await page.getByLabel('Nama').fill('Calon Siswa Draf');
    await page.getByLabel('Username').fill('calon.draf');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('rahasia1');
    await expect.poll(() => storedDrafts(page)).toEqual([`kelasku:draft:${admin.id}:/resources/users/new#user`]);
    await revokeBrowserToken(page, request);
    await page.reload();
    await expect(page).toHaveURL(loginFor('/resources/users/new'));
    await expect(page.getByText(SESSION_ENDED)).toBeVisible();
    await signIn(page, admin.username, admin.password);
    await expect(page).toHaveURL(at('/resources/users/new'));
    await expect(page.getByText(DRAFT_RESTORED)).toBeVisible();
    await expect(page.getByLabel('Nama')).toHaveValue('Calon Siswa Draf');
    await expect(page.getByLabel('Username')).toHaveValue('calon.draf');
    // Never a password.
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
    // Cancel drops it.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/resources/users/new');
    await expect(page.getByLabel('Nama')).toHaveValue('');
    await expect(page.getByText(DRAFT_RESTORED)).toHaveCount(0);

    // The profile too: a page opened with its draft is back in edit mode.
    await page.goto('/me');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Alamat').fill('Jl. Draf No. 7');
    await expect.poll(() => storedDrafts(page)).toEqual([`kelasku:draft:${admin.id}:/me#profil`]);
    await page.reload();
    await expect(page.getByText(DRAFT_RESTORED)).toBeVisible();
    await expect(page.getByLabel('Alamat')).toHaveValue('Jl. Draf No. 7');
    await expect(page.getByRole('button', { name: 'Simpan Perubahan' })).toBeVisible();
  });

  test('on opening the app with a dead token, says so and returns to the page', async ({ page, request }) => {
    const u = await freshUser(request, 3);
    await login(page, u.username, u.password);
    await page.goto('/me?tab=1');
    await expect(page.getByLabel('Nama')).toHaveValue(u.name);
    // Opened anew, not reloaded: a reload racing the open tab's own end of the session would find no
    // token at all (a plain login, no notice).
    await revokeBrowserToken(page, request, { leaveFirst: true });
    await page.goto('/me?tab=1');
    await expect(page).toHaveURL(loginFor('/me?tab=1'));
    await expect(page.getByText(SESSION_ENDED)).toBeVisible();
    await signIn(page, u.username, u.password);
    await expect(page).toHaveURL(at('/me?tab=1'));
    await expect(page.getByLabel('Nama')).toHaveValue(u.name);
  });
});

/** An assignment of the demo student's classes, found through the API as that student. */
async function demoAssignment(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.student.username, DEMO.student.password);
  const classes = (await api(request, token, 'GET', '/api/student/my-classes')).body.data as { id: number }[];
  for (const c of classes) {
    const lessons = (await api(request, token, 'GET', `/api/student/my-classes/${c.id}/contents`)).body.data as { id: number }[];
    for (const content of lessons) {
      const detail = await api(request, token, 'GET', `/api/student/my-classes/${c.id}/contents/${content.id}`);
      const assignment = (detail.body.data.assignment as { id: number; title: string }[])[0];
      if (assignment) return { classId: c.id, assignment };
    }
  }
  throw new Error('the demo student has no assignment');
}

test.describe('a deep link', () => {
  test('@phone opened without a session lands on its page after the login', async ({ page, request }) => {
    const { classId, assignment } = await demoAssignment(request);
    const path = `/my-classes/${classId}/submissions/${assignment.id}`;
    await page.goto(path);
    await expect(page).toHaveURL(loginFor(path));
    // Nobody was signed in: no "session ended" note.
    await expect(page.getByRole('heading', { name: 'Masuk' })).toBeVisible();
    await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
    await signIn(page, DEMO.student.username, DEMO.student.password);
    await expect(page).toHaveURL(at(path));
    await expect(page.getByRole('heading', { name: 'Submission Detail' })).toBeVisible();
    await expect(page.getByText(assignment.title, { exact: true }).first()).toBeVisible();
  });

  test('to another site or to the login page itself is not followed', async ({ page }) => {
    for (const next of ['//example.com/x', '/\\example.com', 'https://example.com', '/login']) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
      await expect(page).toHaveURL(at('/dashboard'));
      await page.evaluate(() => localStorage.clear());
    }
  });
});

test.describe('a required password change', () => {
  test('shows only the password form until the password is changed', async ({ page, request }) => {
    const u = await freshUser(request, 3, { must_change_password: true });
    await page.goto('/login');
    await signIn(page, u.username, u.password);
    await expect(page.getByRole('heading', { name: 'Ganti password' })).toBeVisible();
    await expect(page.getByText('Admin meminta kamu mengganti password sebelum melanjutkan.')).toBeVisible();
    // No menus: no navigation, no link anywhere; only Keluar in the header.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Keluar' })).toBeVisible();
    expect(await violations(page, 'required password change')).toEqual([]);
    // What the dashboard would load is refused by the server.
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const refused = await api(request, token, 'GET', '/api/student/my-classes');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Kamu harus mengganti password terlebih dahulu sebelum melanjutkan.');
    // Any other page of the app is the same screen.
    await page.goto('/me');
    await expect(page.getByRole('heading', { name: 'Ganti password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);

    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    const save = page.getByRole('button', { name: 'Simpan password baru' });
    await expect(save).toBeDisabled();
    await field('Password lama').fill('salahlama');
    await field('Password baru').fill('baru1');
    await field('Konfirmasi password baru').fill('baru2');
    await expect(page.getByText('Konfirmasi password tidak sama')).toBeVisible();
    await expect(save).toBeDisabled();
    await field('Konfirmasi password baru').fill('baru1');
    await save.click();
    await expect(page.getByText('Password lama salah')).toBeVisible();

    await field('Password lama').fill(u.password);
    await save.click();
    await expect(toast(page, 'Password berhasil diubah. Silakan masuk kembali.')).toBeVisible();
    await expect(page).toHaveURL(at('/login'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Every token was revoked, the one the browser had too.
    expect((await api(request, token, 'GET', '/api/me')).status).toBe(401);

    await signIn(page, u.username, 'baru1');
    await expect(page).toHaveURL(at('/dashboard'));
    await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  });

  test('@phone set by the admin while signed in takes over at the next call; Keluar still works', async ({ page, request }) => {
    const u = await freshUser(request, 3);
    await login(page, u.username, u.password);
    const bottom = page.getByRole('navigation', { name: 'Navigasi bawah' });
    await expect(bottom).toBeVisible();
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    const set = await api(request, admin, 'PUT', `/api/admin/resources/users/${u.id}`, {
      name: u.name,
      gender: 'L',
      username: u.username,
      must_change_password: true,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    // The next API call takes over: the tap on Profil, or a call the open page makes first (then
    // the link is gone before the tap).
    const form = page.getByRole('heading', { name: 'Ganti password' });
    await expect(async () => {
      if (!(await form.isVisible())) await bottom.getByRole('link', { name: 'Profil' }).click({ timeout: 2_000 });
      await expect(form).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
    expect(await violations(page, 'required password change at 390 px')).toEqual([]);
    await page.getByRole('button', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(at('/login'));
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

test.describe('drafts', () => {
  test("one user's draft is never shown to the next user of the same browser", async ({ page, request }) => {
    const w = await forumWorld(request);
    const classmate = await freshUser(request, 3, { rombel_id: w.rombelId });
    await login(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comment' });
    await dialog.getByRole('textbox', { name: 'Komentar' }).fill('Rahasia siswa pertama');
    // Closed by Escape (not Batal): the draft stays.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('comment-draft')).toHaveText('Rahasia siswa pertama');

    // The session ends without a logout, so nothing cleared the draft; a classmate signs in here.
    await revokeBrowserToken(page, request);
    await page.reload();
    await expect(page).toHaveURL(loginFor(w.studentUrl));
    expect(await storedDrafts(page)).toHaveLength(1);
    await signIn(page, classmate.username, classmate.password);
    await expect(page).toHaveURL(at(w.studentUrl));
    await expect(page.getByTestId('forum-post')).toBeVisible();
    await expect(page.getByTestId('comment-draft')).toHaveCount(0);
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Komentar' })).toHaveValue('');
    await expect(dialog.getByText(DRAFT_RESTORED)).toHaveCount(0);
    // The first student's draft left the browser at this login.
    expect(await storedDrafts(page)).toEqual([]);
  });

  test('Batal and a logout remove drafts; a form closed by its X keeps one', async ({ page, request }) => {
    const w = await forumWorld(request);
    await login(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    const dialog = page.getByRole('dialog', { name: 'Comment' });
    const box = dialog.getByRole('textbox', { name: 'Komentar' });
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    await box.fill('Tidak jadi');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('comment-draft')).toHaveCount(0);
    expect(await storedDrafts(page)).toEqual([]);

    await page.getByRole('button', { name: 'Write your reply.' }).click();
    await expect(box).toHaveValue('');
    await box.fill('Nanti saya lanjutkan');
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(page.getByTestId('comment-draft')).toHaveText('Nanti saya lanjutkan');

    // A logout on a shared lab computer leaves nothing behind.
    await page.getByRole('button', { name: `Menu akun ${w.student.name}` }).click();
    await page.getByRole('menuitem', { name: 'Keluar' }).click();
    await expect(page).toHaveURL(at('/login'));
    expect(await storedDrafts(page)).toEqual([]);
  });
});
