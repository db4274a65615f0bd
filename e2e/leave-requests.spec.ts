/**
 * Izin and sakit requests at 390 px (issue 38): the demo student (Andi Pratama, X TKJ 1) asks for
 * Sakit today and tomorrow with a photo of the letter; the wali kelas of X TKJ 1 (the demo teacher,
 * seed/school-year.ts HOMEROOMS) reads the letter and approves it on "Perwalian"; the student sees
 * "Disetujui", and the month recap shows S for the student today. A text file named .jpg is refused
 * with the server's message under the picker.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiIdle, apiToken, otherPage, pickDate, toast, violations, signIn } from './fixtures';

const REASON = 'Demam tinggi, istirahat sesuai surat dokter';

/** Today and tomorrow in WIB ("2026-11-30"). */
const wibDay = (offset = 0) => new Date(Date.now() + 7 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** A photo of a letter drawn by the browser, as a PNG. */
async function letterPhoto(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fffdf5';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#1d2a6b';
    g.font = '16px serif';
    g.fillText('Surat Keterangan Dokter', 20, 40);
    g.fillText('Andi Pratama perlu istirahat 2 hari.', 20, 80);
    return canvas.toDataURL('image/png');
  });
  return { name: 'surat-dokter.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/**
 * A meeting of X TKJ 1 today, so the recap has a column for today: one of the timetable's if the
 * demo teacher's class has one, else one added by hand (outside the timetable's periods).
 */
async function meetingToday(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.teacher.username, DEMO.teacher.password);
  const classes = await api(request, token, 'GET', '/api/teacher/online-classes');
  expect(classes.status, JSON.stringify(classes.body)).toBe(200);
  const klass = (classes.body.data as { id: number; rombel: { id: number; name: string } }[]).find((c) => c.rombel.name === 'X TKJ 1');
  expect(klass, 'a class of the demo teacher for X TKJ 1').toBeTruthy();
  const path = `/api/teacher/online-classes/${klass!.id}/meetings`;
  const list = await api(request, token, 'GET', path);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const today = wibDay();
  if ((list.body.data as { date: string; cancelled: boolean }[]).some((m) => m.date === today && !m.cancelled)) return;
  const made = await api(request, token, 'POST', path, { date: today, starts_at: '00.05', ends_at: '00.50', topic: 'Jam tambahan' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}

test.describe('izin dan sakit @phone', () => {
  test('a text file named .jpg is refused with the server’s message @phone', async ({ page }) => {
    await signIn(page, DEMO.student.username, DEMO.student.password);
    await page.goto('/presensi/izin');
    const mine = page.getByRole('list', { name: 'Permohonanku' }).getByRole('listitem');
    await expect(mine.first()).toBeVisible(); // the demo's earlier request
    const before = await mine.count();
    await page.getByRole('textbox', { name: 'Keterangan' }).fill('Demam');
    await page.getByLabel('Surat izin atau surat dokter').setInputFiles({
      name: 'surat.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('Ini bukan foto, hanya teks biasa.\n'),
    });
    await expect(page.getByText('surat.jpg')).toBeVisible();
    await page.getByRole('button', { name: 'Kirim permohonan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Surat harus berupa foto (JPG, PNG, WebP) atau PDF' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Keterangan' })).toHaveValue('Demam');
    await expect(mine).toHaveCount(before);
    await expect(mine.filter({ hasText: 'Menunggu' })).toHaveCount(0);
  });

  test('the student asks for Sakit with a photo, the wali kelas approves, the recap shows S @phone', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    await meetingToday(request);
    const today = wibDay();

    // The student: Sakit, today and tomorrow, with a photo of the letter.
    await signIn(page, DEMO.student.username, DEMO.student.password);
    await page.goto('/presensi/izin');
    await expect(page.getByRole('radio', { name: 'Sakit' })).toBeChecked();
    await pickDate(page, page.getByLabel('Tanggal selesai'), wibDay(1));
    await page.getByRole('textbox', { name: 'Keterangan' }).fill(REASON);
    await page.getByLabel('Surat izin atau surat dokter').setInputFiles(await letterPhoto(page));
    await expect(page.getByText('surat-dokter.png')).toBeVisible();
    await page.getByRole('button', { name: 'Kirim permohonan' }).click();
    await expect(toast(page, 'Permohonan terkirim ke wali kelas')).toBeVisible();
    const mine = page.getByRole('list', { name: 'Permohonanku' }).getByRole('listitem').filter({ hasText: REASON });
    await expect(mine.getByText('Menunggu')).toBeVisible();
    await expect(mine.getByText('Sakit', { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Batalkan' })).toBeVisible();
    await page.mouse.move(0, 0); // no hover colour on the button just tapped
    expect(await violations(page, 'izin siswa (390)')).toEqual([]);

    // The wali kelas of X TKJ 1, on another phone.
    const teacher = await otherPage(browser, baseURL, 390);
    await signIn(teacher, DEMO.teacher.username, DEMO.teacher.password);
    await teacher.goto('/perwalian');
    await expect(teacher.getByRole('tab', { name: /Permohonan izin/ })).toHaveAttribute('aria-selected', 'true');
    const card = teacher.getByRole('list', { name: 'Permohonan izin' }).getByRole('listitem').filter({ hasText: REASON });
    await expect(card.getByText(DEMO.student.name)).toBeVisible();
    await expect(card.getByText('Menunggu')).toBeVisible();
    await expect(card.getByText('Sakit', { exact: true })).toBeVisible();
    await apiIdle(teacher);
    expect(await violations(teacher, 'perwalian (390)')).toEqual([]);

    // "Lihat surat" opens the letter itself (fetched with the token) in a new tab.
    const popup = teacher.waitForEvent('popup');
    await card.getByRole('button', { name: /Lihat surat/ }).click();
    const letter = await popup;
    await expect.poll(() => letter.url()).toMatch(/^blob:/);
    await letter.close();

    await card.getByRole('button', { name: 'Setujui' }).click();
    await expect(toast(teacher, 'Permohonan disetujui')).toBeVisible();
    await expect(card.getByText('Disetujui', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Setujui' })).toHaveCount(0);

    // The student sees the decision.
    await page.reload();
    await expect(mine.getByText('Disetujui', { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Batalkan' })).toHaveCount(0);

    // The month recap: S for the student today.
    await teacher.getByRole('tab', { name: 'Rekap bulanan' }).click();
    const grid = teacher.getByRole('table', { name: /^Rekap presensi X TKJ 1/ });
    const row = grid.getByRole('row').filter({ hasText: DEMO.student.name });
    await expect(row.locator(`td[data-col="${today}"]`)).toHaveText('S');
    await expect(row.locator(`td[data-col="${today}"] abbr`)).toHaveAttribute('title', 'Sakit');
    expect(Number(await row.locator('td[data-total="S"]').textContent())).toBeGreaterThanOrEqual(1);
    await apiIdle(teacher);
    expect(await violations(teacher, 'perwalian rekap bulanan (390)')).toEqual([]);
    await teacher.getByRole('tab', { name: 'Rekap semester' }).click();
    const semester = teacher.getByRole('table', { name: /^Rekap semester X TKJ 1/ });
    await expect(semester.getByRole('row').filter({ hasText: DEMO.student.name }).locator('td[data-total="S"]')).not.toHaveText('0');
    expect(await violations(teacher, 'perwalian rekap semester (390)')).toEqual([]);
    await teacher.context().close();
  });
});
