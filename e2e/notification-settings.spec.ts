/**
 * Issue 42: "Pengaturan notifikasi" on the profile, on a desktop and on a 390 px phone (@phone): a
 * student turns "Pengumuman kelas" off for HP, changes the quiet hours, saves, reloads and finds them
 * kept; a bad time shows its message under the field; the bell's switches stay on; axe finds no
 * serious violation; nothing is wider than the phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { REACH_MSG } from '@kelasku/contract';
import { api, apiIdle, freshRombel, freshUser, toast, violations, signIn } from './fixtures';

// The profile page loads a dozen cards: on a loaded machine the default minute is too short.
test.slow();

const card = (page: Page) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Pengaturan notifikasi' }) });
const group = (page: Page, name: string) => card(page).getByRole('group', { name });

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';
  const width = phone ? 390 : 1280;

  test(`a student turns announcements off for HP, changes the quiet hours, and finds them kept${tag}`, async ({ page, request }) => {
    const rombel = await freshRombel(request, 'Notif');
    const student = await freshUser(request, 3, { rombel_id: rombel.id });
    await signIn(page, student.username, student.password);
    await page.goto('/me');
    const settings = card(page);
    await expect(settings.getByRole('heading', { name: 'Pengaturan notifikasi' })).toBeVisible({ timeout: 30_000 });

    // The student's groups, each with its three channels; the bell is always on.
    const news = group(page, 'Pengumuman kelas');
    await expect(news.getByRole('switch', { name: 'Lonceng' })).toBeChecked();
    await expect(news.getByRole('switch', { name: 'Lonceng' })).toBeDisabled();
    await expect(news.getByRole('switch', { name: 'HP' })).toBeChecked();
    await expect(news.getByRole('switch', { name: 'Email' })).toBeChecked();
    await expect(group(page, 'Nilai dan masukan guru')).toBeVisible();
    await expect(group(page, 'Ringkasan mingguan anak')).toHaveCount(0);
    await expect(settings.getByText('Isi email di profil untuk menerima email.')).toHaveCount(0);
    await expect(settings.getByText('Notifikasi HP ditahan pada jam ini, kecuali pengingat tenggat kurang dari 2 jam.')).toBeVisible();
    await expect(settings.getByLabel('Mulai (WIB)')).toHaveValue('21:00');
    await expect(settings.getByLabel('Selesai (WIB)')).toHaveValue('05:30');

    await apiIdle(page);
    expect(await violations(page, `pengaturan notifikasi (${width})`)).toEqual([]);
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // A bad time: its message under the field, nothing saved.
    await news.getByRole('switch', { name: 'HP' }).click({ force: true });
    await settings.getByLabel('Mulai (WIB)').fill('25:00');
    await settings.getByRole('button', { name: 'Simpan pengaturan' }).click();
    await expect(settings.getByText(REACH_MSG.quietTimeInvalid)).toBeVisible();
    await expect(settings.getByLabel('Mulai (WIB)')).toHaveAttribute('aria-invalid', 'true');
    expect((await api(request, student.token, 'GET', '/api/notification-settings')).body.data.push.announcements).toBe(true);

    // The same start and end: its message under "Selesai".
    await settings.getByLabel('Mulai (WIB)').fill('05:30');
    await settings.getByRole('button', { name: 'Simpan pengaturan' }).click();
    await expect(settings.getByText(REACH_MSG.quietSameTime)).toBeVisible();
    expect(await violations(page, `pengaturan notifikasi dengan pesan salah (${width})`)).toEqual([]);

    // "22.00" as Indonesians write it is read as 22:00.
    await settings.getByLabel('Mulai (WIB)').fill('22.00');
    await settings.getByLabel('Selesai (WIB)').fill('06:15');
    await settings.getByRole('button', { name: 'Simpan pengaturan' }).click();
    await expect(toast(page, REACH_MSG.settingsSaved)).toBeVisible();
    await expect(settings.getByText(REACH_MSG.quietTimeInvalid)).toHaveCount(0);

    const saved = (await api(request, student.token, 'GET', '/api/notification-settings')).body.data;
    expect(saved.push.announcements).toBe(false);
    expect(saved.email.announcements).toBe(true);
    expect(saved.quiet_hours).toEqual({ enabled: true, start: '22:00', end: '06:15' });

    await page.reload();
    const again = card(page);
    await expect(group(page, 'Pengumuman kelas').getByRole('switch', { name: 'HP' })).not.toBeChecked();
    await expect(group(page, 'Pengumuman kelas').getByRole('switch', { name: 'Email' })).toBeChecked();
    await expect(group(page, 'Nilai dan masukan guru').getByRole('switch', { name: 'HP' })).toBeChecked();
    await expect(again.getByLabel('Mulai (WIB)')).toHaveValue('22:00');
    await expect(again.getByLabel('Selesai (WIB)')).toHaveValue('06:15');
  });
}

test('@phone a user without an e-mail address is told how to get e-mails', async ({ page, request }) => {
  const teacher = await freshUser(request, 2, { email: '' });
  await signIn(page, teacher.username, teacher.password);
  await page.goto('/me');
  const settings = card(page);
  await expect(settings.getByText('Isi email di profil untuk menerima email.')).toBeVisible({ timeout: 30_000 });
  // A teacher's groups: no grades or reminders of their own.
  await expect(group(page, 'Komentar, sebutan dan pesan')).toBeVisible();
  await expect(group(page, 'Pengingat tenggat')).toHaveCount(0);
});
