/**
 * Recaps of attendance (issue 38): the wali kelas's month recap and the teacher's class recap on
 * screen and as XLSX read back with exceljs; the admin's "Peringatan Alpa" setting (its message
 * and its save); and axe on every new screen of the recaps and izin requests at both widths.
 *
 * Each test builds its own corner of the school through the API: a rombel with two students, a
 * fresh teacher as its wali kelas with a class for it, a meeting today where one student is Alpa.
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, api, apiIdle, apiToken, freshRombel, freshUser, login, otherPage, toast, violations, signIn } from './fixtures';

/** Today in WIB ("2026-11-30"). */
const wibDay = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

async function recapWorld(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const rombel = await freshRombel(request, 'Rekap');
  const teacher = await freshUser(request, 2);
  const homeroom = await api(request, admin, 'PUT', `/api/admin/homerooms/${rombel.id}`, { teacher_id: teacher.id });
  expect(homeroom.status, JSON.stringify(homeroom.body)).toBe(200);
  const ani = await freshUser(request, 3, { rombel_id: rombel.id });
  const budi = await freshUser(request, 3, { rombel_id: rombel.id });
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: 'Jaringan Dasar',
    description: '',
    rombel_class_id: rombel.id,
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  const today = wibDay();
  const meeting = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/meetings`, {
    date: today,
    starts_at: '00.05',
    ends_at: '00.50',
  });
  expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);
  const meetingId = meeting.body.data.id as number;
  const saved = await api(request, teacher.token, 'PUT', `/api/teacher/online-classes/${classId}/meetings/${meetingId}/attendance`, {
    entries: [
      { student_id: ani.id, status: 'A', note: null, revision: 0 },
      { student_id: budi.id, status: 'H', note: null, revision: 0 },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { admin, rombel, teacher, ani, budi, classId, today, number: meeting.body.data.number as number };
}

/** The rows of the first sheet of a downloaded workbook, as plain values. */
async function readXlsx(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await fs.readFile((await file.path())!)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = Array.from({ length: ws.columnCount }, (_, i) => row.getCell(i + 1).value ?? null);
  });
  return { name: file.suggestedFilename(), rows: Array.from(rows, (r) => r ?? []) };
}

const rowOf = (rows: unknown[][], name: string) => rows.find((r) => r.includes(name));

test('the wali kelas’s month recap and the class recap, on screen and as XLSX', async ({ page, request }) => {
  const w = await recapWorld(request);
  const day = Number(w.today.slice(8, 10));
  await signIn(page, w.teacher.username, w.teacher.password);

  await page.goto('/perwalian');
  await page.getByRole('tab', { name: 'Rekap bulanan' }).click();
  const grid = page.getByRole('table', { name: new RegExp(`^Rekap presensi ${w.rombel.name}`) });
  const aniRow = grid.getByRole('row').filter({ hasText: w.ani.name });
  await expect(aniRow.locator(`td[data-col="${w.today}"]`)).toHaveText('A');
  await expect(aniRow.locator(`td[data-col="${w.today}"] abbr`)).toHaveAttribute('title', 'Alpa');
  await expect(aniRow.locator('td[data-total="A"]')).toHaveText('1');
  await expect(grid.getByRole('row').filter({ hasText: w.budi.name }).locator(`td[data-col="${w.today}"]`)).toHaveText('H');

  const month = await readXlsx(page, () => page.getByRole('button', { name: 'Unduh XLSX' }).click());
  expect(month.name).toMatch(/\.xlsx$/);
  expect(month.rows[0]![0]).toBe('REKAP ABSENSI BULANAN');
  expect(month.rows[2]![0]).toBe(`Rombel: ${w.rombel.name}`);
  expect(month.rows[4]![0]).toBe(`Wali kelas: ${w.teacher.name}`);
  const heading = month.rows[6]!;
  expect(heading.slice(0, 5)).toEqual(['No', 'NIS', 'NISN', 'Nama', 1]);
  expect(heading.slice(-6)).toEqual(['H', 'T', 'S', 'I', 'D', 'A']);
  const aniXlsx = rowOf(month.rows, w.ani.name)!;
  expect(aniXlsx[3 + day]).toBe('A');
  expect(aniXlsx.slice(-6)).toEqual([0, 0, 0, 0, 0, 1]);
  expect(rowOf(month.rows, w.budi.name)![3 + day]).toBe('H');

  // The class recap: students × meetings.
  await page.goto(`/online-class/${w.classId}/rekap-presensi`);
  const classGrid = page.getByRole('table', { name: /^Rekap presensi Jaringan Dasar/ });
  await expect(classGrid.getByRole('columnheader', { name: new RegExp(`P${w.number}`) })).toBeVisible();
  await expect(classGrid.getByRole('row').filter({ hasText: w.ani.name }).locator('td[data-total="A"]')).toHaveText('1');
  const klass = await readXlsx(page, () => page.getByRole('button', { name: 'Unduh XLSX' }).click());
  expect(klass.rows[0]![0]).toBe('REKAP PRESENSI KELAS');
  expect(klass.rows[2]![0]).toBe('Kelas: Jaringan Dasar');
  const dd = w.today.slice(8, 10);
  const mm = w.today.slice(5, 7);
  expect(klass.rows[6]).toEqual(['No', 'NIS', 'Nama', `P${w.number} ${dd}/${mm}`, 'H', 'T', 'S', 'I', 'D', 'A']);
  expect(rowOf(klass.rows, w.ani.name)!.slice(2)).toEqual([w.ani.name, 'A', 0, 0, 0, 0, 0, 1]);
  expect(rowOf(klass.rows, w.budi.name)!.slice(2)).toEqual([w.budi.name, 'H', 1, 0, 0, 0, 0, 0]);
});

test('the admin sets "Peringatan Alpa": out of range is refused with its message, a number is saved', async ({ page, request }) => {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const before = await api(request, admin, 'GET', '/api/admin/attendance/settings');
  await signIn(page, DEMO.admin.username, DEMO.admin.password);
  await page.goto('/school/presensi');
  const card = page.getByRole('region', { name: 'Peringatan Alpa' });
  const days = card.getByRole('textbox', { name: 'Jumlah hari Alpa dalam sebulan' });
  await expect(days).toHaveValue(String(before.body.data.alpa_alert_days));
  await days.fill('40');
  await card.getByRole('button', { name: 'Simpan' }).click();
  await expect(card.getByText('Isi angka 1 sampai 31')).toBeVisible();
  await days.fill('');
  await card.getByRole('button', { name: 'Simpan' }).click();
  await expect(card.getByText('Isi angka 1 sampai 31')).toBeVisible();

  await days.fill('4');
  await card.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Pengaturan presensi berhasil disimpan')).toBeVisible();
  await expect(card.getByText('Isi angka 1 sampai 31')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Jumlah hari Alpa dalam sebulan' })).toHaveValue('4');
  const after = await api(request, admin, 'GET', '/api/admin/attendance/settings');
  expect(after.body.data).toEqual({ alpa_alert_days: 4 });
  // The school's own number again, for the other tests.
  await api(request, admin, 'PUT', '/api/admin/attendance/settings', before.body.data);
});

/** Each screen, once its data is there (and, where given, after a tab is opened), has no serious axe violation. */
async function auditScreens(page: Page, screens: Array<[name: string, url: string, then?: (page: Page) => Promise<void>]>) {
  const found: string[] = [];
  for (const [name, url, then] of screens) {
    await page.goto(url);
    await apiIdle(page);
    await expect(page.locator('[role="status"][aria-label="Memuat…"]')).toHaveCount(0);
    if (then) {
      await then(page);
      await apiIdle(page);
    }
    found.push(...(await violations(page, name)));
  }
  return found;
}

const openTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
};

async function auditAll(browser: Browser, baseURL: string | undefined, request: APIRequestContext, width: number) {
  // Ten screens at one width, Kelas Perwalian's overview among them: more than a minute on a loaded machine.
  test.setTimeout(120_000);
  const w = await recapWorld(request);
  const found: string[] = [];
  const student = await otherPage(browser, baseURL, width);
  await login(student, w.ani.username, w.ani.password);
  found.push(...(await auditScreens(student, [[`riwayat presensi ${width}`, '/presensi/riwayat']])));
  // The student's record: Alpa today, in days and meetings.
  await expect(student.locator('[data-total="A"]')).toContainText('1 hari');
  await expect(student.locator('[data-total="A"]')).toContainText('1 pertemuan');
  await expect(student.getByRole('list', { name: 'Pertemuan' }).getByRole('listitem').first()).toContainText('Alpa');
  found.push(...(await auditScreens(student, [[`izin siswa ${width}`, '/presensi/izin']])));
  await student.context().close();

  const teacher = await otherPage(browser, baseURL, width);
  await login(teacher, w.teacher.username, w.teacher.password);
  found.push(
    ...(await auditScreens(teacher, [
      [`perwalian ${width}`, '/perwalian'],
      [`perwalian rekap bulanan ${width}`, '/perwalian', openTab('Rekap bulanan')],
      [`perwalian rekap semester ${width}`, '/perwalian', openTab('Rekap semester')],
      [`rekap presensi kelas ${width}`, `/online-class/${w.classId}/rekap-presensi`],
    ])),
  );
  await teacher.context().close();

  const admin = await otherPage(browser, baseURL, width);
  await login(admin, DEMO.admin.username, DEMO.admin.password);
  found.push(
    ...(await auditScreens(admin, [
      [`presensi sekolah ${width}`, '/school/presensi'],
      [`presensi sekolah rekap semester ${width}`, '/school/presensi', openTab('Rekap semester')],
    ])),
  );
  await admin.context().close();
  expect(found).toEqual([]);
}

test('axe finds nothing serious on the recap and izin screens (desktop)', async ({ browser, baseURL, request }) => {
  await auditAll(browser, baseURL, request, 1280);
});

test('axe finds nothing serious on the recap and izin screens @phone', async ({ browser, baseURL, request }) => {
  await auditAll(browser, baseURL, request, 390);
});
