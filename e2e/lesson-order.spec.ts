import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, freshRombel, freshUser, openLesson, pickDate, samplePdf, tapUntil, toast, signIn } from './fixtures';

/**
 * Issue 21: the teacher puts contents and their items in order (up/down buttons and dragging with
 * the keyboard), and schedules an item that students see only from its time on.
 */

interface World {
  teacher: Awaited<ReturnType<typeof freshUser>>;
  student: Awaited<ReturnType<typeof freshUser>>;
  classId: number;
  lessonIds: number[];
}

/** A fresh teacher with a class of three contents for a rombel of its own with one student; the first content holds `items`. */
async function world(request: APIRequestContext, prefix: string): Promise<World> {
  const rombelId = (await freshRombel(request, prefix)).id;
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombelId });
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: 'Jaringan Dasar',
    rombel_class_id: rombelId,
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  const lessonIds: number[] = [];
  for (const title of ['Topologi', 'Pengalamatan IP', 'Subnetting']) {
    const c = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, { title });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    lessonIds.push(c.body.data.id as number);
  }
  return { teacher, student, classId, lessonIds };
}

const lessonBase = (w: World, i = 0) => `/api/teacher/online-classes/${w.classId}/contents/${w.lessonIds[i]}`;

async function addMaterial(request: APIRequestContext, w: World, title: string) {
  const res = await request.post(`${lessonBase(w)}/materials`, {
    headers: { Authorization: `Bearer ${w.teacher.token}` },
    multipart: { title, file: samplePdf(`${title}.pdf`) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function addForum(request: APIRequestContext, w: World, topic: string) {
  const res = await api(request, w.teacher.token, 'POST', `${lessonBase(w)}/forums`, { topic });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function addAssignment(request: APIRequestContext, w: World, title: string): Promise<number> {
  const deadline = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const res = await api(request, w.teacher.token, 'POST', `${lessonBase(w)}/assignments`, { title, description: 'Kerjakan.', deadline });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** The "Pembelajaran N" headings of the cards, top to bottom. */
const cardOrder = (page: Page) =>
  page.locator('section[aria-label^="Pembelajaran"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

/** The links of one list inside the first card ("Material", "Forum Diskusi"), top to bottom. */
const listOrder = (page: Page, label: RegExp) =>
  page
    .locator('section[aria-label="Pembelajaran 1"] li')
    .getByRole('link', { name: label })
    .evaluateAll((els) => els.map((e) => e.textContent?.trim()));

/** Waits for the order save that `act` starts. */
async function saved(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.url().endsWith('/order') && r.request().method() === 'PUT');
  await act();
  expect((await answer).status()).toBe(200);
}

/**
 * Drags a row with the keyboard: focus its handle, Space, the arrow once per place in `places`
 * (each waits for the screen reader's announcement of that place), Space; the drop saves the order.
 */
async function dragByKeyboard(page: Page, handle: string, arrow: 'ArrowUp' | 'ArrowDown', places: number[]) {
  await saved(page, async () => {
    const label = handle.replace('Pindahkan ', '');
    const announced = (text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });
    await page.getByRole('button', { name: handle }).focus();
    await page.keyboard.press('Space');
    // Lifted: the first announcement of its place. dnd-kit measures the drop targets just after the
    // lift; an arrow pressed before that is dropped (seen once on a loaded CI machine).
    await expect(announced(`${label} dipindah ke posisi`)).toHaveCount(1);
    await page.waitForTimeout(300);
    for (const place of places) {
      await page.keyboard.press(arrow);
      await expect(announced(`${label} dipindah ke posisi ${place} dari`)).toHaveCount(1);
    }
    await page.keyboard.press('Space');
  });
}

test('the teacher reorders contents and items by keyboard; the order survives a reload', async ({ page, request }) => {
  const w = await world(request, 'Urut');
  for (const title of ['Modul A', 'Modul B', 'Modul C']) await addMaterial(request, w, title);
  for (const topic of ['Diskusi A', 'Diskusi B']) await addForum(request, w, topic);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.classId}`);
  await expect.poll(() => cardOrder(page)).toEqual(['Pembelajaran 1', 'Pembelajaran 2', 'Pembelajaran 3']);

  // Up/down buttons.
  await saved(page, () => page.getByRole('button', { name: 'Turunkan Pembelajaran 1' }).click());
  await expect.poll(() => cardOrder(page)).toEqual(['Pembelajaran 2', 'Pembelajaran 1', 'Pembelajaran 3']);
  await saved(page, () => page.getByRole('button', { name: 'Naikkan materi Modul C' }).click());
  await expect.poll(() => listOrder(page, /^Modul/)).toEqual(['Modul A', 'Modul C', 'Modul B']);

  // Dragging with the keyboard: focus the handle, Space, an arrow, Space.
  await dragByKeyboard(page, 'Pindahkan Pembelajaran 3', 'ArrowUp', [2, 1]);
  await expect.poll(() => cardOrder(page)).toEqual(['Pembelajaran 3', 'Pembelajaran 2', 'Pembelajaran 1']);
  await dragByKeyboard(page, 'Pindahkan forum Diskusi A', 'ArrowDown', [2]);
  await expect.poll(() => listOrder(page, /^Diskusi/)).toEqual(['Diskusi B', 'Diskusi A']);

  await page.reload();
  await expect.poll(() => cardOrder(page)).toEqual(['Pembelajaran 3', 'Pembelajaran 2', 'Pembelajaran 1']);
  await expect.poll(() => listOrder(page, /^Modul/)).toEqual(['Modul A', 'Modul C', 'Modul B']);
  await expect.poll(() => listOrder(page, /^Diskusi/)).toEqual(['Diskusi B', 'Diskusi A']);

  // The student sees the same order and the same numbers.
  const student = await page.context().browser()!.newPage();
  await signIn(student, w.student.username, w.student.password);
  await student.goto(`/my-classes/${w.classId}`);
  await expect(student.getByText(/^Pembelajaran \d$/)).toHaveText(['Pembelajaran 3', 'Pembelajaran 2', 'Pembelajaran 1']);
  await student.close();
});

test('a scheduled assignment stays out of the student’s sight until its time', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const w = await world(request, 'Jadwal');
  const assignmentId = await addAssignment(request, w, 'Tugas Terjadwal');
  await addAssignment(request, w, 'Tugas Terbuka');
  // A whole minute (the picker's step) 30 to 90 seconds ahead.
  const at = Math.floor((Date.now() + 90_000) / 60_000) * 60_000;
  const wib = new Date(at + 7 * 3600_000).toISOString();

  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.classId}`);
  await page.getByRole('button', { name: 'Atur visibilitas tugas Tugas Terjadwal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atur visibilitas tugas Tugas Terjadwal' });
  await dialog.getByRole('radio', { name: 'Jadwalkan' }).check();
  await pickDate(page, dialog.getByRole('button', { name: 'Waktu tayang (WIB)' }), wib.slice(0, 10), wib.slice(11, 16));
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Visibilitas berhasil disimpan')).toBeVisible();
  const row = page.locator('li').filter({ hasText: 'Tugas Terjadwal' });
  await expect(row.getByText(/^Terjadwal /)).toBeVisible();

  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, w.student.username, w.student.password);
  await student.goto(`/my-classes/${w.classId}`);
  await openLesson(student, 1);
  await expect(student.getByRole('link', { name: 'Tugas Terbuka' })).toBeVisible();
  await expect(student.getByRole('link', { name: 'Tugas Terjadwal' })).toHaveCount(0);
  await student.goto(`/my-classes/${w.classId}/submissions/${assignmentId}`);
  await expect(student.getByText(/Not Found|tidak ditemukan/).first()).toBeVisible();
  expect(Date.now()).toBeLessThan(at);

  // Its time comes: after a reload it is there.
  await student.waitForTimeout(Math.max(0, at - Date.now()) + 1_000);
  await student.goto(`/my-classes/${w.classId}`);
  await openLesson(student, 1);
  // The minute's job announces the assignment now, and the live update redraws the list the tap
  // lands on: a tap lost to the redraw is tapped again, as a student would.
  const opened = new RegExp(`/my-classes/${w.classId}/submissions/${assignmentId}$`);
  await tapUntil(student, student.getByRole('link', { name: 'Tugas Terjadwal' }), opened, 60_000);
  await expect(student.getByText('Tugas Terjadwal', { exact: true })).toBeVisible();
  await context.close();
});

test('on a phone the teacher moves a content and keeps it as a draft the student does not see @phone', async ({
  page,
  browser,
  request,
}) => {
  const w = await world(request, 'Ponsel');
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.classId}`);
  await saved(page, () => page.getByRole('button', { name: 'Naikkan Pembelajaran 2' }).click());
  await expect.poll(() => cardOrder(page)).toEqual(['Pembelajaran 2', 'Pembelajaran 1', 'Pembelajaran 3']);

  await page.getByRole('button', { name: 'Atur visibilitas Pembelajaran 3' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atur visibilitas Pembelajaran 3' });
  await dialog.getByRole('radio', { name: 'Sembunyikan (draf)' }).check();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Visibilitas berhasil disimpan')).toBeVisible();
  await expect(page.locator('section[aria-label="Pembelajaran 3"]').getByText('Draf', { exact: true })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.reload();
  await expect.poll(() => cardOrder(page)).toEqual(['Pembelajaran 2', 'Pembelajaran 1', 'Pembelajaran 3']);
  await expect(page.locator('section[aria-label="Pembelajaran 3"]').getByText('Draf', { exact: true })).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const student = await context.newPage();
  await signIn(student, w.student.username, w.student.password);
  await student.goto(`/my-classes/${w.classId}`);
  await expect(student.getByText(/^Pembelajaran \d$/)).toHaveText(['Pembelajaran 2', 'Pembelajaran 1']);
  await context.close();
});
