import { expect, test, type Page } from '@playwright/test';
import { api, freshRombel, freshUser, otherPage, pickDate, toast, signIn } from './fixtures';

/**
 * A deadline picked without a time is 23.59 WIB of that day, not 00.00 (DECISIONS "Limits and audit"):
 * "Jumat" closes on Friday night, not on Thursday night. The form says it in full before saving.
 */
for (const phone of [false, true]) {
  test(`${phone ? '@phone ' : ''}a teacher picks only a date: the deadline is 23.59 WIB on the form, the assignment and the student's page`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const rombelId = (await freshRombel(request, 'X TENGGAT')).id;
    const teacher = await freshUser(request, 2);
    const student = await freshUser(request, 3, { rombel_id: rombelId });
    const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
      name: 'Kelas Tenggat',
      description: '',
      rombel_class_id: rombelId,
    });
    expect(klass.status).toBe(201);
    const classId = klass.body.data.id as number;
    const content = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, {
      title: 'Minggu pertama',
      description: '',
    });
    expect(content.status).toBe(201);

    await signIn(page, teacher.username, teacher.password);
    await page.goto(`/online-class/${classId}`);
    await page.getByRole('button', { name: 'Sub konten' }).first().click();
    await page.getByRole('menuitem', { name: 'Add Assignment' }).click();
    const modal = page.getByRole('dialog', { name: 'Buat Assignment' });
    await modal.getByRole('textbox', { name: 'Judul' }).fill('Laporan Jumat');
    await modal.getByRole('textbox', { name: 'Deskripsi' }).fill('Kumpulkan paling lambat hari Jumat.');

    // Only a day, Friday 4 December 2026: the time stands at 23.59.
    const deadline = modal.getByLabel('Tenggat (WIB)');
    await pickDate(page, deadline, '2026-12-04');
    await expect(page.getByRole('spinbutton', { name: 'Jam' })).toHaveValue('23');
    await expect(page.getByRole('spinbutton', { name: 'Menit' })).toHaveValue('59');
    await page.getByRole('button', { name: 'Pilih tanggal dan jam' }).click();
    await expect(deadline).toHaveText('04/12/2026 23.59');
    const full = modal.getByText('Jumat, 4 Desember 2026 pukul 23.59 WIB', { exact: true });
    await expect(full).toBeVisible();
    await expectInside(full, page, phone);

    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/assignments'));
    await modal.getByRole('button', { name: 'Simpan' }).click();
    // 23.59 WIB is 16.59 UTC of the same day.
    expect((await post).postDataJSON()).toMatchObject({ title: 'Laporan Jumat', deadline: '2026-12-04T16:59:00.000Z' });
    await expect(toast(page, 'Tugas berhasil ditambahkan')).toBeVisible();
    await expect(modal).toBeHidden();

    await page.getByRole('link', { name: 'Laporan Jumat' }).click();
    await expect(page.getByText('Tenggat: 4 Desember 2026 23.59 WIB')).toBeVisible();
    const assignmentId = Number(/assignment\/(\d+)$/.exec(page.url())![1]);

    // The edit form opens on the same day and time.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Assignment' });
    await expect(edit.getByText('Jumat, 4 Desember 2026 pukul 23.59 WIB', { exact: true })).toBeVisible();
    await edit.getByRole('button', { name: 'Batal' }).click();
    await expect(edit).toBeHidden();

    // The student, at another computer (or phone), reads the same day and time.
    const pupil = await otherPage(browser, baseURL, phone ? 390 : 1280);
    await signIn(pupil, student.username, student.password);
    await pupil.goto(`/my-classes/${classId}/submissions/${assignmentId}`);
    await expect(pupil.getByText('Tenggat: 4 Desember 2026 23.59 WIB')).toBeVisible();
    await expect(pupil.getByText('4 Desember 2026 23.59 WIB', { exact: true })).toBeVisible();
    await pupil.context().close();
  });
}

test('a time the teacher picks is kept; a closing time picked as a date alone is 23.59 too', async ({ page, request }) => {
  const teacher = await freshUser(request, 2);
  const rombelId = (await freshRombel(request, 'X TENGGAT')).id;
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: 'Kelas Jam',
    description: '',
    rombel_class_id: rombelId,
  });
  const classId = klass.body.data.id as number;
  await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, { title: 'Minggu kedua', description: '' });
  await signIn(page, teacher.username, teacher.password);
  await page.goto(`/online-class/${classId}`);
  await page.getByRole('button', { name: 'Sub konten' }).first().click();
  await page.getByRole('menuitem', { name: 'Add Assignment' }).click();
  const modal = page.getByRole('dialog', { name: 'Buat Assignment' });
  await pickDate(page, modal.getByLabel('Tenggat (WIB)'), '2026-12-04', '07:30');
  await expect(modal.getByLabel('Tenggat (WIB)')).toHaveText('04/12/2026 07.30');
  await expect(modal.getByText('Jumat, 4 Desember 2026 pukul 07.30 WIB', { exact: true })).toBeVisible();
  // The closing time, picked as a date alone, is 23.59 of that day.
  await pickDate(page, modal.getByLabel('Waktu penutupan (WIB)'), '2026-12-05');
  await page.getByRole('button', { name: 'Pilih tanggal dan jam' }).click();
  await expect(modal.getByText('Sabtu, 5 Desember 2026 pukul 23.59 WIB', { exact: true })).toBeVisible();
});

/** The full date under the field is inside the page's width (a phone at 390 px too). */
async function expectInside(locator: ReturnType<Page['getByText']>, page: Page, phone: boolean) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(phone ? 390 : page.viewportSize()!.width);
}
