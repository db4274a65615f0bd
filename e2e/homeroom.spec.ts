/**
 * Kelas Perwalian (issue 40) at 390 px and on desktop: the demo teacher (Budi Santoso), wali kelas of
 * X TKJ 1, sees a student at risk with the reason, makes an account for the student's mother (the
 * first password shown once, the parent slips as a PDF), opens the WhatsApp link with its message
 * already written (checked by its address and decoded text), and sends a message in Kelasku that
 * the mother reads through the parent API. A teacher who is no wali kelas is told so.
 *
 * Each test makes its own student in X TKJ 1 and its own risk: a fresh teacher's class for the
 * rombel with three assignments whose deadlines have passed (missing work, whatever the date).
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, api, apiIdle, apiToken, classWithLesson, freshUser, login, otherPage, toast, violations, signIn } from './fixtures';

const DAY = 24 * 3600_000;
const ROMBEL = 'X TKJ 1';

/** A fresh student of X TKJ 1 (the demo teacher made its wali kelas if the seed did not) with three missing pieces of work. */
async function homeroomWorld(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const guru = await apiToken(request, DEMO.teacher.username, DEMO.teacher.password);
  const rombels = await api(request, admin, 'GET', '/api/admin/resources/rombel-classes');
  const rombel = (rombels.body.data as { id: number; name: string }[]).find((r) => r.name === ROMBEL)!;
  expect(rombel, 'the demo rombel X TKJ 1').toBeTruthy();
  const mine = await api(request, guru, 'GET', '/api/teacher/homerooms');
  if (!(mine.body.data as { rombel: { id: number } }[]).some((h) => h.rombel.id === rombel.id)) {
    const me = await api(request, guru, 'GET', '/api/me');
    const set = await api(request, admin, 'PUT', `/api/admin/homerooms/${rombel.id}`, { teacher_id: me.body.data.id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const teacher = await freshUser(request, 2);
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: 'Basis Data',
    lessonTitle: 'Bab 1',
  });
  for (const title of ['Tugas ERD', 'Tugas Normalisasi', 'Tugas SQL']) {
    const res = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`, {
      title,
      description: 'Kerjakan.',
      deadline: new Date(Date.now() - DAY).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return { rombel, student };
}

/** "a", "a dan b", "a, b, dan c": the reasons as the message lists them. */
const inWords = (list: string[]) =>
  list.length <= 2 ? list.join(' dan ') : `${list.slice(0, -1).join(', ')}, dan ${list[list.length - 1]}`;

/** The student's row (desktop table) or card (phone). */
function studentEntry(page: Page, name: string, phone: boolean): Locator {
  const students = page.getByRole(phone ? 'list' : 'table', { name: `Siswa ${ROMBEL}` });
  return students.getByRole(phone ? 'listitem' : 'row').filter({ hasText: name });
}

async function wholeFlow(browser: Browser, baseURL: string | undefined, request: APIRequestContext, width: number) {
  test.setTimeout(150_000);
  const phone = width < 500;
  const w = await homeroomWorld(request);
  const page = await otherPage(browser, baseURL, width);
  await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
  await page.goto('/perwalian');
  await expect(page.getByRole('heading', { name: 'Kelas Perwalian', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Presensi hari ini' })).toBeVisible();
  await expect(page.getByText('Belum dicatat', { exact: true })).toBeVisible();

  // "Perlu perhatian": the student, with the reason.
  const risk = page.getByRole('list', { name: 'Perlu perhatian' }).getByRole('listitem').filter({ hasText: w.student.name });
  await expect(risk.getByText(/^\d+ tugas belum dikumpulkan$/)).toBeVisible();
  const reason = (await risk.getByText(/^\d+ tugas belum dikumpulkan$/).textContent())!;
  expect(Number(reason.split(' ')[0])).toBeGreaterThanOrEqual(3);
  // Every reason (the seed's classes may add a final grade under the KKTP), as the message names them.
  const reasons = await risk.locator('[data-risk]').allTextContents();
  expect(reasons).toContain(reason);

  // The student's row: missing work, no parent yet.
  const entry = studentEntry(page, w.student.name, phone);
  await expect(entry.getByText('Belum ada orang tua')).toBeVisible();
  if (phone) await expect(entry.getByText(/^\d+ belum dikumpulkan · \d+ terlambat$/)).toBeVisible();
  else expect(Number(await entry.locator('td[data-missing]').textContent())).toBeGreaterThanOrEqual(3);
  await apiIdle(page);
  expect(await violations(page, `kelas perwalian (${width})`)).toEqual([]);
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await entry.getByRole('button', { name: 'Hubungi orang tua' }).click();
  await expect(page.getByRole('menuitem', { name: 'Siswa ini belum punya orang tua yang terhubung' })).toBeDisabled();
  expect(await violations(page, `menu hubungi orang tua (${width})`)).toEqual([]);
  await page.getByRole('menuitem', { name: 'Tambah orang tua' }).click();

  // "Tambah orang tua": the mother's account, its first password shown once.
  const mother = `Siti ${w.student.username.slice(-5)}`;
  const digits = `0812${String(Date.now()).slice(-8)}`;
  const add = page.getByRole('dialog', { name: `Tambah orang tua ${w.student.name}` });
  await add.getByRole('textbox', { name: 'Nama' }).fill(mother);
  await add.getByRole('radio', { name: 'Ibu' }).check();
  await add.getByRole('textbox', { name: 'Nomor HP (WhatsApp)' }).fill(digits);
  await add.getByRole('button', { name: 'Buat akun' }).click();
  await expect(toast(page, 'Akun orang tua dibuat')).toBeVisible();
  const created = page.getByRole('dialog', { name: 'Akun orang tua dibuat' });
  const facts = created.getByRole('table');
  const username = (await facts
    .getByRole('row', { name: /Username/ })
    .locator('code')
    .textContent())!;
  const password = (await facts
    .getByRole('row', { name: /Password awal/ })
    .locator('code')
    .textContent())!;
  expect(username).not.toBe('');
  expect(password.length).toBeGreaterThanOrEqual(6);
  // The form's dialog fades out as this one shows: axe reads the page once it has gone.
  await expect(add).toBeHidden();
  expect(await violations(page, `akun orang tua dibuat (${width})`)).toEqual([]);
  const download = page.waitForEvent('download');
  await created.getByRole('button', { name: 'Unduh slip orang tua (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await created.getByRole('button', { name: 'Selesai' }).click();
  await expect(created).toBeHidden();

  // WhatsApp: https://wa.me/62… with the message already written, in a new tab.
  await expect(entry.getByText(mother)).toBeVisible();
  await entry.getByRole('button', { name: 'Hubungi orang tua' }).click();
  const wa = page.getByRole('menuitem', { name: `WhatsApp ${mother} (Ibu)` });
  await expect(wa).toHaveAttribute('target', '_blank');
  await expect(wa).toHaveAttribute('rel', /noopener/);
  const href = new URL((await wa.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/62${digits.slice(1)}`);
  const text = href.searchParams.get('text')!;
  const greeting = /^Selamat (pagi|siang|sore|malam), /.exec(text)?.[0];
  expect(greeting, text).toBeTruthy();
  expect(text).toBe(
    `${greeting}Ibu ${mother}. Saya ${DEMO.teacher.name}, wali kelas ${ROMBEL}. ` +
      `Saya ingin berbicara tentang ${w.student.name}: ${inWords(reasons)}. Kapan Ibu bisa dihubungi? Terima kasih.`,
  );

  // A message in Kelasku, which the mother reads.
  await page.getByRole('menuitem', { name: 'Kirim pesan di Kelasku' }).click();
  const dialog = page.getByRole('dialog', { name: `Pesan untuk orang tua ${w.student.name}` });
  await expect(dialog.getByText('Belum ada pesan untuk orang tua siswa ini.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Kirim pesan' }).click();
  await expect(dialog.getByText('Pesan wajib diisi')).toBeVisible();
  const body = `Ibu ${mother}, mohon dampingi ananda mengerjakan tugas yang tertinggal minggu ini.`;
  await dialog.getByRole('textbox', { name: 'Pesan' }).fill(body);
  await dialog.getByRole('button', { name: 'Kirim pesan' }).click();
  await expect(toast(page, 'Pesan terkirim ke orang tua')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Riwayat pesan' }).getByRole('listitem').filter({ hasText: body })).toContainText(
    DEMO.teacher.name,
  );
  await apiIdle(page);
  expect(await violations(page, `pesan orang tua (${width})`)).toEqual([]);

  // The mother signs in with the first password, sets her own, accepts the privacy notice and reads the message.
  const first = await apiToken(request, username, password);
  const changed = await api(request, first, 'PATCH', '/api/profile/update-password', {
    password,
    new_password: 'rahasia1',
    new_password_confirmation: 'rahasia1',
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const parent = await apiToken(request, username, 'rahasia1');
  const accepted = await api(request, parent, 'POST', '/api/parent/privacy/accept');
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const read = await api(request, parent, 'GET', `/api/parent/children/${w.student.id}/messages`);
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  expect(read.body.data).toEqual([expect.objectContaining({ body, sender: expect.objectContaining({ name: DEMO.teacher.name }) })]);
  await page.context().close();
}

async function notHomeroom(browser: Browser, baseURL: string | undefined, request: APIRequestContext, width: number) {
  const other = await freshUser(request, 2);
  const page = await otherPage(browser, baseURL, width);
  await login(page, other.username, other.password);
  await page.goto('/perwalian');
  await expect(page.getByText('Kamu bukan wali kelas di semester ini.')).toBeVisible();
  await apiIdle(page);
  expect(await violations(page, `bukan wali kelas (${width})`)).toEqual([]);
  await page.context().close();
}

test('the wali kelas sees an at-risk student, adds a parent, opens WhatsApp and sends a message (desktop)', async ({
  browser,
  baseURL,
  request,
}) => {
  await wholeFlow(browser, baseURL, request, 1280);
});

test('the wali kelas sees an at-risk student, adds a parent, opens WhatsApp and sends a message @phone', async ({
  browser,
  baseURL,
  request,
}) => {
  await wholeFlow(browser, baseURL, request, 390);
});

test('a teacher who is no wali kelas is told so (desktop)', async ({ browser, baseURL, request }) => {
  await notHomeroom(browser, baseURL, request, 1280);
});

test('a teacher who is no wali kelas is told so @phone', async ({ browser, baseURL, request }) => {
  await notHomeroom(browser, baseURL, request, 390);
});
