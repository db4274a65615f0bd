import { expect, test, type Page } from '@playwright/test';
import { api, forumWorld, otherPage, signIn } from './fixtures';

/** Issue 41: formulas (TeX between \( \), \[ \] or $$ $$) typeset with KaTeX, loaded only where a page shows one. */

const FORMULA = String.raw`\(x^2 + y^2 = r^2\)`;
const DAY = 86_400_000;

/** The URLs of every file the page requests from now on. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

test('the login page loads no KaTeX file', async ({ page }) => {
  const urls = requestsOf(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  // The login page fetches the signed-in layout ahead: wait until the network is quiet, then look.
  await page.waitForLoadState('networkidle');
  expect(urls.some((u) => u.includes('/assets/'))).toBe(true);
  expect(urls.filter((u) => /katex/i.test(u))).toEqual([]);
});

test('a teacher writes an assignment with a formula, sees it previewed while typing; the student reads it typeset', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const w = await forumWorld(request);
  const made = await api(request, w.teacher.token, 'POST', `/api/teacher/online-classes/${w.classId}/contents/${w.lessonId}/assignments`, {
    title: 'Persamaan Lingkaran',
    description: 'Kerjakan di buku.',
    deadline: new Date(Date.now() + 3 * DAY).toISOString(),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.data.id as number;

  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.classId}/contents/${w.lessonId}/assignment/${id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Assignment' });
  const box = dialog.getByRole('textbox', { name: 'Deskripsi' });
  await box.fill('Kerjakan di buku.');
  // No formula yet: no preview.
  await expect(dialog.getByRole('region', { name: 'Pratinjau rumus' })).toHaveCount(0);
  await box.pressSequentially(` Buktikan ${FORMULA} dan $$\\frac{1}{`, { delay: 10 });
  const preview = dialog.getByRole('region', { name: 'Pratinjau rumus' });
  await expect(preview.locator('.katex')).toHaveCount(1);
  // The display formula is still being typed: no closing $$, so it stays text.
  await expect(preview).toContainText('$$\\frac{1}{');
  await box.pressSequentially('2}$$', { delay: 10 });
  await expect(preview.locator('.katex')).toHaveCount(2);
  await expect(preview.locator('.katex-display')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.katex')).toHaveCount(2);
  await expect(page.getByText('\\(x^2')).toHaveCount(0);

  const student = await otherPage(browser, baseURL);
  await signIn(student, w.student.username, w.student.password);
  await student.goto(`/my-classes/${w.classId}/submissions/${id}`);
  await expect(student.getByText('Kerjakan di buku. Buktikan')).toBeVisible();
  await expect(student.locator('.katex')).toHaveCount(2);
  await expect(student.locator('.katex').first()).toBeVisible();
  await expect(student.getByText('\\(x^2')).toHaveCount(0);
  await expect(student.getByText('$$')).toHaveCount(0);
  await student.context().close();
});

test('@phone a teacher posts an announcement with a formula at 390 px; the student sees it typeset, hostile TeX inert', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const w = await forumWorld(request);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.classId}`);
  const box = page.getByRole('textbox', { name: 'Tulis pengumuman' });
  await box.pressSequentially(`Rumus lingkaran: ${FORMULA}`, { delay: 10 });
  const preview = page.getByRole('region', { name: 'Pratinjau rumus' });
  await expect(preview.locator('.katex')).toBeVisible();
  await page.getByRole('button', { name: 'Kirim' }).click();
  await expect(preview).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Daftar pengumuman' });
  await expect(list.locator('.katex')).toHaveCount(1);

  // TeX that tries to reach HTML or script, and TeX that is only broken, posted directly.
  const hostile = String.raw`Klik \(\href{javascript:alert(1)}{di sini}\) atau \(\url{javascript:alert(2)}\) \(\htmlClass{x}{y}\) lalu \(\frac{1}{\)`;
  const posted = await api(request, w.teacher.token, 'POST', `/api/teacher/online-classes/${w.classId}/announcements`, { body: hostile });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);

  const student = await otherPage(browser, baseURL, 390);
  const dialogs: string[] = [];
  student.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(student, w.student.username, w.student.password);
  await student.goto(`/my-classes/${w.classId}`);
  const section = student.getByRole('region', { name: 'Pengumuman', exact: true });
  const circle = section.getByRole('listitem').filter({ hasText: 'Rumus lingkaran:' });
  await expect(circle.locator('.katex')).toBeVisible();
  await expect(circle.getByText('\\(x^2')).toHaveCount(0);
  const bad = section.getByRole('listitem').filter({ hasText: 'Klik' });
  await expect(bad.getByText('(Rumus tidak valid)')).toBeVisible();
  await expect(bad.getByText('\\(\\frac{1}{\\)')).toBeVisible();
  expect(await section.locator('a[href^="javascript:"], script, [class~="x"]').count()).toBe(0);
  expect(await student.locator('a[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(dialogs).toEqual([]);
  await student.context().close();
});
