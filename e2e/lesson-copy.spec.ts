import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, freshRombel, freshUser, samplePdf, toast, signIn } from './fixtures';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const DAY = 86_400_000;

/**
 * A teacher with two current classes of two fresh rombels: the source (one built content: a PDF
 * material, a forum and an assignment) and the target (one content already), and a student of
 * the target's rombel.
 */
async function copyWorld(request: APIRequestContext) {
  const rombelA = await freshRombel(request, 'X Salin A');
  const rombelB = await freshRombel(request, 'X Salin B');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombelB.id });
  const makeClass = async (name: string, rombelId: number) => {
    const res = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', { name, rombel_class_id: rombelId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const source = { id: await makeClass(`Jaringan Dasar ${unique()}`, rombelA.id), name: '' };
  const target = { id: await makeClass(`Jaringan Dasar B ${unique()}`, rombelB.id), name: '' };
  source.name = (await api(request, teacher.token, 'GET', `/api/teacher/online-classes/${source.id}`)).body.data.name;
  target.name = (await api(request, teacher.token, 'GET', `/api/teacher/online-classes/${target.id}`)).body.data.name;
  const base = `/api/teacher/online-classes/${source.id}`;
  const content = await api(request, teacher.token, 'POST', `${base}/contents`, {
    title: 'Pengenalan Topologi',
    description: 'Bus, ring, bintang.',
  });
  const lessonId = content.body.data.id as number;
  const material = await request.post(`${base}/contents/${lessonId}/materials`, {
    headers: { Authorization: `Bearer ${teacher.token}` },
    multipart: { title: 'Modul Topologi', file: samplePdf('modul-topologi.pdf') },
  });
  expect(material.status(), await material.text()).toBe(201);
  await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/forums`, {
    topic: 'Diskusi Topologi',
    description: 'Mana terbaik?',
  });
  const assignment = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments`, {
    title: 'Gambar Topologi',
    description: 'Gambar tiga topologi.',
    deadline: new Date(Date.now() + 3 * DAY).toISOString(),
  });
  expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
  await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${target.id}/contents`, { title: 'Sudah Ada' });
  return { rombelA, rombelB, teacher, student, source, target };
}

/** Chooses an option of a Mantine Select (searchable: typed first, so a long list is narrowed). */
async function choose(page: Page, field: ReturnType<Page['getByRole']>, option: string) {
  await field.click();
  await field.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the signed file of a material link through its new tab, and checks it is served. */
async function opensFile(page: Page, link: ReturnType<Page['getByRole']>) {
  const fileResponse = page.context().waitForEvent('response', (r) => /\/api\/files\/\d+\?e=/.test(r.url()));
  const popup = page.waitForEvent('popup');
  await link.click();
  const res = await fileResponse;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  await (await popup).close();
}

test('a teacher copies a content to another class, where its material opens and its deadline moved', async ({ page, request }) => {
  const w = await copyWorld(request);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.source.id}`);
  const card = page.getByRole('region', { name: 'Pembelajaran 1' });
  await card.getByRole('button', { name: 'Sub konten Pembelajaran 1' }).click();
  await page.getByRole('menuitem', { name: 'Salin ke kelas lain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salin Pembelajaran 1 ke kelas lain' });
  await expect(dialog).toBeVisible();
  // Only the teacher's other classes are offered.
  await dialog.getByRole('combobox', { name: 'Kelas tujuan' }).click();
  await expect(page.getByRole('option', { name: new RegExp(w.source.name) })).toHaveCount(0);
  await page.getByRole('option', { name: `${w.target.name} (${w.rombelB.name})` }).click();
  await dialog.getByRole('textbox', { name: 'Geser tanggal (hari)' }).fill('7');
  await dialog.getByRole('button', { name: 'Salin' }).click();
  await expect(toast(page, `Konten berhasil disalin ke ${w.target.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/online-class/${w.target.id}`);
  const copy = page.getByRole('region', { name: 'Pembelajaran 2' });
  await expect(copy.getByText('Pengenalan Topologi')).toBeVisible();
  await expect(copy.getByRole('link', { name: 'Diskusi Topologi' })).toBeVisible();
  await expect(copy.getByRole('link', { name: 'Gambar Topologi' })).toBeVisible();
  await opensFile(page, copy.getByRole('link', { name: 'Modul Topologi' }));

  // The deadline moved by a week.
  const deadlineOf = async (classId: number, index: number) => {
    const list = await api(request, w.teacher.token, 'GET', `/api/teacher/online-classes/${classId}/contents`);
    const c = list.body.data[index];
    const url = `/api/teacher/online-classes/${classId}/contents/${c.id}/assignments/${c.assignment[0].id}`;
    return Date.parse((await api(request, w.teacher.token, 'GET', url)).body.data.deadline);
  };
  expect((await deadlineOf(w.target.id, 1)) - (await deadlineOf(w.source.id, 0))).toBe(7 * DAY);
});

test('a teacher copies a whole class for another rombel and lands on the new class', async ({ page, request }) => {
  const w = await copyWorld(request);
  const rombelC = await freshRombel(request, 'XI Salin C');
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.source.id}`);
  await page.getByRole('button', { name: 'Salin kelas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salin kelas' });
  await expect(dialog.getByRole('textbox', { name: 'Nama kelas' })).toHaveValue(w.source.name);
  await choose(page, dialog.getByRole('combobox', { name: 'Rombel tujuan' }), rombelC.name);
  const name = `Jaringan Lanjut ${unique()}`;
  await dialog.getByRole('textbox', { name: 'Nama kelas' }).fill(name);
  await dialog.getByRole('button', { name: 'Salin' }).click();
  await expect(toast(page, 'Kelas berhasil disalin')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/online-class/${w.source.id}$`));
  await expect(page).toHaveURL(/\/online-class\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(rombelC.name)).toBeVisible();
  const card = page.getByRole('region', { name: 'Pembelajaran 1' });
  await expect(card.getByText('Pengenalan Topologi')).toBeVisible();
  await opensFile(page, card.getByRole('link', { name: 'Modul Topologi' }));
});

test('an announcement the teacher posts and edits shows to the class’s student, newest first', async ({ page, browser, request }) => {
  const w = await copyWorld(request);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.target.id}`);
  const section = page.getByRole('region', { name: 'Pengumuman' });
  await expect(section.getByText('Belum ada pengumuman.')).toBeVisible();
  const box = section.getByRole('textbox', { name: 'Tulis pengumuman' });
  await box.fill('Besok praktik di lab.');
  await section.getByRole('button', { name: 'Kirim' }).click();
  await expect(toast(page, 'Pengumuman berhasil dibuat')).toBeVisible();
  await expect(box).toHaveValue('');
  await box.fill('Ulangan hari Jumat.\nBawa kalkulator.');
  await section.getByRole('button', { name: 'Kirim' }).click();
  const items = section.getByRole('list', { name: 'Daftar pengumuman' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Ulangan hari Jumat.');

  await section.getByRole('button', { name: 'Edit pengumuman: Besok praktik di lab.' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Pengumuman' });
  await dialog.getByRole('textbox', { name: 'Pengumuman' }).fill('Besok praktik di lab 2.');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Pengumuman berhasil diperbarui')).toBeVisible();
  await expect(items.nth(1)).toContainText('Besok praktik di lab 2.');
  await expect(items.nth(1)).toContainText('(diedit)');
  await expect(items.first()).not.toContainText('(diedit)');

  // The student of the class's rombel reads them, with no way to change them.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, w.student.username, w.student.password);
  await student.goto(`/my-classes/${w.target.id}`);
  const seen = student.getByRole('region', { name: 'Pengumuman' });
  const seenItems = seen.getByRole('listitem');
  await expect(seenItems).toHaveCount(2);
  await expect(seenItems.first()).toContainText('Ulangan hari Jumat.');
  await expect(seenItems.first()).toContainText(w.teacher.name);
  await expect(seenItems.nth(1)).toContainText('(diedit)');
  await expect(seen.getByRole('button')).toHaveCount(0);
  await expect(seen.getByRole('textbox')).toHaveCount(0);

  // The teacher deletes one; the student sees the rest after a reload.
  await section.getByRole('button', { name: 'Hapus pengumuman: Ulangan hari Jumat.' }).click();
  await page.getByRole('dialog', { name: 'Hapus Pengumuman' }).getByRole('button', { name: 'Hapus' }).click();
  await expect(toast(page, 'Pengumuman berhasil dihapus')).toBeVisible();
  await expect(items).toHaveCount(1);
  await student.reload();
  await expect(seenItems).toHaveCount(1);
  await studentContext.close();
});

test('@phone at 390 px a teacher copies a content and posts an announcement; the student reads it', async ({ page, browser, request }) => {
  const w = await copyWorld(request);
  await signIn(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.source.id}`);
  await expect(page.getByRole('button', { name: 'Salin kelas' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Pembelajaran 1' });
  await card.getByRole('button', { name: 'Sub konten Pembelajaran 1' }).click();
  await page.getByRole('menuitem', { name: 'Salin ke kelas lain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salin Pembelajaran 1 ke kelas lain' });
  await dialog.getByRole('combobox', { name: 'Kelas tujuan' }).click();
  await page.getByRole('option', { name: `${w.target.name} (${w.rombelB.name})` }).click();
  await dialog.getByRole('button', { name: 'Salin' }).click();
  await expect(toast(page, `Konten berhasil disalin ke ${w.target.name}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto(`/online-class/${w.target.id}`);
  await expect(page.getByRole('region', { name: 'Pembelajaran 2' }).getByText('Pengenalan Topologi')).toBeVisible();
  const section = page.getByRole('region', { name: 'Pengumuman' });
  await section.getByRole('textbox', { name: 'Tulis pengumuman' }).fill('Materi baru sudah ada, silakan dibaca.');
  await section.getByRole('button', { name: 'Kirim' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const studentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const student = await studentContext.newPage();
  await signIn(student, w.student.username, w.student.password);
  await student.goto(`/my-classes/${w.target.id}`);
  await expect(student.getByRole('region', { name: 'Pengumuman' }).getByText('Materi baru sudah ada, silakan dibaca.')).toBeVisible();
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await studentContext.close();
});

test('a class without announcements shows its student no Pengumuman section', async ({ page, request }) => {
  const w = await copyWorld(request);
  await signIn(page, w.student.username, w.student.password);
  await page.goto(`/my-classes/${w.target.id}`);
  await expect(page.getByText('Sudah Ada')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pengumuman' })).toHaveCount(0);
});
