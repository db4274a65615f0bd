import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api, freshRombel, freshUser, handIn, otherPage, toast, signIn } from './fixtures';

/**
 * Everyday friction found walking the school's day (issue 35): the newest lesson opens by itself,
 * toasts stay below the header, a lesson without a description does not repeat its title, and the
 * assignment page opens where the teacher's work is.
 */

const classes = '/api/teacher/online-classes';

/** A fresh teacher with a class for a fresh rombel of one fresh student. */
async function scene(request: APIRequestContext) {
  const rombelId = (await freshRombel(request, 'X FRIKSI')).id;
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombelId });
  const klass = await api(request, teacher.token, 'POST', classes, { name: 'Kelas Friksi', description: '', rombel_class_id: rombelId });
  expect(klass.status).toBe(201);
  return { teacher, student, classId: klass.body.data.id as number };
}

async function addLesson(request: APIRequestContext, token: string, classId: number, title: string, description?: string) {
  const res = await api(request, token, 'POST', `${classes}/${classId}/contents`, { title, ...(description ? { description } : {}) });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

/** Whether two boxes overlap. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(l: Locator) {
  const box = await l.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

for (const phone of [false, true]) {
  const tag = phone ? '@phone ' : '';
  const width = phone ? 390 : 1280;

  test(`${tag}the student's class page opens the newest visible lesson; the others stay folded`, async ({ page, request }) => {
    const s = await scene(request);
    await addLesson(request, s.teacher.token, s.classId, 'Pengenalan Jaringan', 'Apa itu jaringan.');
    await addLesson(request, s.teacher.token, s.classId, 'Topologi Jaringan', 'Bus, star, ring.');
    const draft = await addLesson(request, s.teacher.token, s.classId, 'Draf Subnetting', 'Belum siap.');
    const hidden = await api(request, s.teacher.token, 'PUT', `${classes}/${s.classId}/contents/${draft}/visibility`, { hidden: true });
    expect(hidden.status).toBe(200);

    await signIn(page, s.student.username, s.student.password);
    await page.goto(`/my-classes/${s.classId}`);
    const newest = page.getByRole('button', { name: /Pembelajaran 2/ });
    await expect(newest).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Bus, star, ring.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Pembelajaran 1/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Apa itu jaringan.')).toBeHidden();
    // The teacher's draft is not there at all.
    await expect(page.getByRole('button', { name: /Pembelajaran 3/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  test(`${tag}a toast never covers the header's buttons`, async ({ page, request }) => {
    const teacher = await freshUser(request, 2);
    await signIn(page, teacher.username, teacher.password);
    await page.goto('/me');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    // Room to scroll, so the header shows its "Kembali ke beranda" button too.
    await page.evaluate(() => (document.body.style.minHeight = '3000px'));
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    const shown = toast(page, 'Profil berhasil diperbarui');
    await expect(shown).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    const header = page.locator('header');
    await expect(header.getByRole('button', { name: 'Kembali ke beranda' })).toBeVisible();
    if (!phone) await expect(header.getByRole('button', { name: `Menu akun ${teacher.name}` })).toBeVisible();
    else await expect(header.getByRole('button', { name: 'Buka menu' })).toBeVisible();
    const buttons = await header.getByRole('button').all();
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    // The toast slides in from the side: measure it where it comes to rest.
    let last = '';
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await boxOf(shown));
          const still = now === last;
          last = now;
          return still;
        },
        { intervals: [100] },
      )
      .toBe(true);
    const box = await boxOf(shown);
    for (const button of buttons) {
      if (!(await button.isVisible())) continue;
      const b = await boxOf(button);
      expect(overlap(box, b), `${await button.getAttribute('aria-label')} ${JSON.stringify(b)} vs ${JSON.stringify(box)}`).toBe(false);
    }
    // The toast starts below the header and fits the screen.
    expect(box.y).toBeGreaterThanOrEqual((await boxOf(header)).height);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });

  test(`${tag}a lesson made without a description shows its title once, to the teacher and to the student`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const s = await scene(request);
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(`/online-class/${s.classId}`);
    await page.getByRole('button', { name: 'Tambah konten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Agenda/Konten Pembelajaran' });
    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/contents'));
    await dialog.getByRole('textbox', { name: 'Judul' }).fill('Keselamatan Kerja di Lab');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    expect((await post).postDataJSON()).toEqual({ title: 'Keselamatan Kerja di Lab', description: null });
    await expect(toast(page, 'Konten berhasil ditambahkan')).toBeVisible();
    const card = page.getByRole('region', { name: 'Pembelajaran 1' });
    // The teacher's cards start open.
    await expect(card.getByText('Belum ada materi.')).toBeVisible();
    await expect(card.getByText('Keselamatan Kerja di Lab')).toHaveCount(1);

    const pupil = await otherPage(browser, baseURL, width);
    await signIn(pupil, s.student.username, s.student.password);
    await pupil.goto(`/my-classes/${s.classId}`);
    await expect(pupil.getByRole('button', { name: /Pembelajaran 1/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(pupil.getByText('Belum ada materi.')).toBeVisible();
    await expect(pupil.getByText('Keselamatan Kerja di Lab')).toHaveCount(1);
    await pupil.context().close();
  });

  test(`${tag}the assignment page opens on Penilaian Tugas while work waits to be graded`, async ({ page, request }) => {
    const s = await scene(request);
    const lessonId = await addLesson(request, s.teacher.token, s.classId, 'Minggu pertama');
    const base = `${classes}/${s.classId}/contents/${lessonId}/assignments`;
    const made = await api(request, s.teacher.token, 'POST', base, {
      title: 'Rangkuman Topologi',
      description: 'Tulis satu halaman.',
      deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    const url = `/online-class/${s.classId}/contents/${lessonId}/assignment/${id}`;
    const tab = (p: Page, name: string) => p.getByRole('tab', { name });

    // Nothing handed in: the usual first tab.
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(url);
    await expect(tab(page, 'Instruksi Tugas')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Rangkuman Topologi' })).toBeVisible();

    // A hand-in waits: Penilaian Tugas, with the student under Diserahkan.
    await handIn(request, s.student.token, id);
    await page.goto(url);
    await expect(tab(page, 'Penilaian Tugas')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Diserahkan', exact: true }).getByRole('link', { name: s.student.name })).toBeVisible();
    // The teacher may still go to the instructions, and the address keeps that choice.
    await tab(page, 'Instruksi Tugas').click();
    await expect(tab(page, 'Instruksi Tugas')).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(tab(page, 'Instruksi Tugas')).toHaveAttribute('aria-selected', 'true');

    // Graded: nothing waits, the page opens on the instructions again.
    const graded = await api(request, s.teacher.token, 'POST', `${base}/${id}/grade`, { student_id: s.student.id, score: 90 });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    await page.goto(url);
    await expect(tab(page, 'Instruksi Tugas')).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
