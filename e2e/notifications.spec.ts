import { expect, test, type Page } from '@playwright/test';
import { api, forumWorld, login, otherPage, signIn } from './fixtures';

const bell = (page: Page, unread?: number) =>
  page.getByRole('button', { name: unread ? `Notifikasi, ${unread} belum dibaca` : /^Notifikasi/ }).first();
const comment = (page: Page, text: string) => page.getByTestId('forum-comment').filter({ hasText: text });
const DAY = 86_400_000;

test('the teacher posts an assignment and the student’s bell shows it without a reload; a click opens it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const w = await forumWorld(request);
  await login(page, w.student.username, w.student.password);
  await expect(bell(page)).toHaveAccessibleName('Notifikasi');
  const loads: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) loads.push(f.url());
  });

  // The teacher, in another browser, posts an announcement on the class page.
  const teacher = await otherPage(browser, baseURL);
  await signIn(teacher, w.teacher.username, w.teacher.password);
  await teacher.goto(`/online-class/${w.classId}`);
  await teacher.getByRole('textbox', { name: 'Tulis pengumuman' }).fill('Besok praktik di lab.');
  await teacher.getByRole('button', { name: 'Kirim' }).click();
  // …and an assignment.
  const made = await api(request, w.teacher.token, 'POST', `/api/teacher/online-classes/${w.classId}/contents/${w.lessonId}/assignments`, {
    title: 'Laporan Topologi',
    description: 'Gambar dan jelaskan.',
    deadline: new Date(Date.now() + 3 * DAY).toISOString(),
  });
  expect(made.status).toBe(201);

  // The student's bell counts both, with no reload of the page.
  await expect(bell(page, 2)).toBeVisible();
  expect(loads).toEqual([]);
  await bell(page, 2).click();
  const list = page.getByRole('dialog', { name: 'Notifikasi' });
  await expect(list.getByText('Tugas baru "Laporan Topologi" di Jaringan Dasar')).toBeVisible();
  await expect(list.getByText('Pengumuman baru di Jaringan Dasar: Besok praktik di lab.')).toBeVisible();
  // A new assignment opens its hand-in page: the thing to do.
  await list.getByText('Tugas baru "Laporan Topologi" di Jaringan Dasar').click();
  await expect(page).toHaveURL(new RegExp(`/my-classes/${w.classId}/submissions/${made.body.data.id}$`));
  await expect(bell(page, 1)).toBeVisible();
  await bell(page, 1).click();
  await page.getByRole('dialog', { name: 'Notifikasi' }).getByRole('button', { name: 'Tandai semua sudah dibaca' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifikasi');
  await teacher.context().close();
});

test('the student comments and the teacher’s open thread and bell show it without a reload', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const w = await forumWorld(request);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(w.teacherUrl);
  await expect(page.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toBeVisible();

  const student = await otherPage(browser, baseURL);
  await signIn(student, w.student.username, w.student.password);
  await student.goto(w.studentUrl);
  await student.getByRole('button', { name: 'Write your reply.' }).click();
  const dialog = student.getByRole('dialog', { name: 'Comment' });
  await dialog.getByRole('textbox', { name: 'Komentar' }).fill('Bintang mudah dirawat.');
  const sent = Date.now();
  await dialog.getByRole('button', { name: 'Kirim' }).click();

  await expect(comment(page, 'Bintang mudah dirawat.')).toBeVisible();
  test.info().annotations.push({ type: 'latency', description: `comment shown to the teacher ${Date.now() - sent} ms after Kirim` });
  await expect(bell(page, 1)).toBeVisible();
  await bell(page, 1).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Notifikasi' })
      .getByText(`${w.student.name} berkomentar di forum "Kelebihan topologi bintang?" di Jaringan Dasar`),
  ).toBeVisible();
  await student.context().close();
});

test('@phone the bell in the bottom navigation opens the list full screen and a notification opens its page', async ({ page, request }) => {
  const w = await forumWorld(request);
  await login(page, w.student.username, w.student.password);
  const nav = page.getByRole('navigation', { name: 'Navigasi bawah' });
  await expect(nav.getByRole('button', { name: 'Notifikasi' })).toBeVisible();
  const posted = await api(request, w.teacher.token, 'POST', `/api/teacher/online-classes/${w.classId}/announcements`, {
    body: 'Ulangan hari Jumat.',
  });
  expect(posted.status).toBe(201);
  // Three links added one after another are one notification (issue 42).
  for (const n of [1, 2, 3]) {
    const link = await api(request, w.teacher.token, 'POST', `/api/teacher/online-classes/${w.classId}/contents/${w.lessonId}/links`, {
      title: `Bacaan ${n}`,
      url: `https://contoh.sch.id/bacaan-${n}`,
    });
    expect(link.status).toBe(201);
  }
  await nav.getByRole('button', { name: 'Notifikasi, 2 belum dibaca' }).click();
  const list = page.getByRole('dialog', { name: 'Notifikasi' });
  await expect(list.getByText('3 materi baru di Pembelajaran 1: Topologi Jaringan (Jaringan Dasar)')).toBeVisible();
  await expect(list.getByText(/materi baru/i)).toHaveCount(1);
  await expect(list.getByText('Pengumuman baru di Jaringan Dasar: Ulangan hari Jumat.')).toBeVisible();
  const box = await list.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(380);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await list.getByText('Pengumuman baru di Jaringan Dasar: Ulangan hari Jumat.').click();
  await expect(page).toHaveURL(new RegExp(`/my-classes/${w.classId}$`));
  await expect(page.getByText('Ulangan hari Jumat.').first()).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Notifikasi, 1 belum dibaca' })).toBeVisible();
});
