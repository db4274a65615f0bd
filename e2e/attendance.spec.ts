/**
 * Taking attendance and the teaching journal (issue 38), on the teacher's phone first: a class of 36
 * students, everyone present in one tap, then three exceptions; a save made offline that goes when
 * the phone is back online; two devices of the same teacher saving different marks for one student
 * (the second sees the conflict and decides); the meetings tab with "Tambah pertemuan", cancelling a
 * meeting, the journal of a meeting, and the month's journal read back as XLSX. Axe on every screen
 * at both widths.
 */
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiIdle, apiToken, freshRombel, login, otherPage, pickDate, toast, violations, signIn } from './fixtures';

const CLASS_SIZE = 36;
const pad = (n: number) => String(n).padStart(2, '0');
/** Today by the WIB calendar ("2026-11-30"): inside the active semester, which holds today. */
const todayWib = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

interface Scene {
  rombel: { id: number; name: string };
  classId: number;
  meetingId: number;
  students: { id: number; name: string }[];
  token: string;
  meetingUrl: string;
}

/**
 * A rombel of its own with 36 students (through the admin API), a class of the demo teacher for it,
 * and one meeting outside the timetable today (07.00–08.30) — or none when `withMeeting` is false.
 */
async function scene(request: APIRequestContext, prefix: string, withMeeting = true): Promise<Scene> {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const rombel = await freshRombel(request, prefix);
  const tag = rombel.name.split(' ').pop()!;
  for (let i = 1; i <= CLASS_SIZE; i++) {
    const username = `pr${tag}${pad(i)}`.toLowerCase().slice(0, 30);
    const res = await api(request, admin, 'POST', '/api/admin/resources/users', {
      role: 3,
      name: `Siswa ${tag} ${pad(i)}`,
      gender: i % 2 ? 'L' : 'P',
      email: `${username}@uji.sch.id`,
      username,
      password: 'rahasia1',
      rombel_id: rombel.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }
  const token = await apiToken(request, DEMO.teacher.username, DEMO.teacher.password);
  const klass = await api(request, token, 'POST', '/api/teacher/online-classes', {
    name: `Jaringan Dasar ${tag}`,
    description: null,
    rombel_class_id: rombel.id,
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  let meetingId = 0;
  if (withMeeting) {
    const made = await api(request, token, 'POST', `/api/teacher/online-classes/${classId}/meetings`, {
      date: todayWib(),
      starts_at: '07.00',
      ends_at: '08.30',
      topic: 'Topologi jaringan',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    meetingId = made.body.data.id as number;
  }
  const students = meetingId
    ? (
        (await api(request, token, 'GET', `/api/teacher/online-classes/${classId}/meetings/${meetingId}`)).body.data.students as {
          student: { id: number; name: string };
        }[]
      ).map((s) => s.student)
    : [];
  return { rombel, classId, meetingId, students, token, meetingUrl: `/online-class/${classId}/presensi/${meetingId}` };
}

/** The marks on the server, by student name. */
async function serverMarks(request: APIRequestContext, s: Scene): Promise<Map<string, string | null>> {
  const res = await api(request, s.token, 'GET', `/api/teacher/online-classes/${s.classId}/meetings/${s.meetingId}`);
  const rows = res.body.data.students as { student: { name: string }; status: string | null }[];
  return new Map(rows.map((r) => [r.student.name, r.status]));
}

const studentRow = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const mark = (page: Page, name: string, label: string) => studentRow(page, name).getByRole('button', { name: label, exact: true });
const summary = (page: Page) => page.getByTestId('attendance-summary');

async function noSeriousA11y(page: Page, screen: string) {
  await apiIdle(page);
  expect(await violations(page, screen)).toEqual([]);
}

test('@phone a class of 36: everyone present in one tap, then Sakit, Izin and Alpa for three', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await scene(request, 'X PRES');
  expect(s.students).toHaveLength(CLASS_SIZE);
  await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
  await page.goto(s.meetingUrl);
  await expect(page.getByRole('heading', { name: /^Pertemuan 1,/ })).toHaveText(/^Pertemuan 1, \w+ \d+ \w+, 07\.00–08\.30$/);
  await expect(page.getByRole('list', { name: 'Daftar siswa' }).getByRole('listitem')).toHaveCount(CLASS_SIZE);
  // Everyone starts as Hadir; the toggles are big enough for a thumb.
  const first = mark(page, s.students[0]!.name, 'Hadir');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const box = (await mark(page, s.students[0]!.name, 'Alpa').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(40);
  expect(box.height).toBeGreaterThanOrEqual(40);
  await expect(summary(page)).toHaveText('H 36');
  await noSeriousA11y(page, 'meeting (phone)');

  await page.getByRole('button', { name: 'Semua hadir — simpan' }).click();
  await expect(toast(page, 'Presensi berhasil disimpan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Simpan presensi' })).toBeDisabled();
  expect([...(await serverMarks(request, s)).values()].every((v) => v === 'H')).toBe(true);

  // The class's "Presensi" tab shows the counts.
  await page.getByRole('link', { name: 'Kembali ke daftar pertemuan' }).click();
  const list = page.getByRole('list', { name: 'Daftar pertemuan' });
  await expect(list.getByRole('link', { name: /Pertemuan 1/ })).toContainText('H 36');
  await noSeriousA11y(page, 'meetings tab (phone)');

  await list.getByRole('link', { name: /Pertemuan 1/ }).click();
  const [a, b, c] = [s.students[2]!.name, s.students[10]!.name, s.students[20]!.name];
  await mark(page, a, 'Sakit').click();
  await mark(page, b, 'Izin').click();
  await mark(page, c, 'Alpa').click();
  await studentRow(page, c).getByRole('button', { name: '+ Catatan' }).click();
  await studentRow(page, c).getByLabel(`Catatan untuk ${c}`).fill('Tanpa kabar');
  await expect(mark(page, a, 'Sakit')).toHaveAttribute('aria-pressed', 'true');
  await expect(mark(page, a, 'Hadir')).toHaveAttribute('aria-pressed', 'false');
  await expect(summary(page)).toHaveText('H 33 · S 1 · I 1 · A 1');
  await page.getByRole('button', { name: 'Simpan presensi' }).click();
  await expect(toast(page, 'Presensi berhasil disimpan').last()).toBeVisible();
  await expect(studentRow(page, a).getByText('Belum disimpan')).toHaveCount(0);

  const marks = await serverMarks(request, s);
  expect([marks.get(a), marks.get(b), marks.get(c)]).toEqual(['S', 'I', 'A']);
  expect([...marks.values()].filter((v) => v === 'H')).toHaveLength(33);
  await page.reload();
  await expect(mark(page, c, 'Alpa')).toHaveAttribute('aria-pressed', 'true');
  await expect(studentRow(page, c).getByLabel(`Catatan untuk ${c}`)).toHaveValue('Tanpa kabar');
  await expect(summary(page)).toHaveText('H 33 · S 1 · I 1 · A 1');
  await page.goto(`/online-class/${s.classId}?tab=presensi`);
  await expect(page.getByRole('list', { name: 'Daftar pertemuan' }).getByRole('link', { name: /Pertemuan 1/ })).toContainText(
    'H 33 · S 1 · I 1 · A 1',
  );
});

test('@phone a save made offline is kept on the phone and sent when it is back online', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const s = await scene(request, 'X OFFL');
  await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
  await page.goto(s.meetingUrl);
  await expect(page.getByRole('list', { name: 'Daftar siswa' }).getByRole('listitem')).toHaveCount(CLASS_SIZE);
  const late = s.students[4]!.name;

  await context.setOffline(true);
  await mark(page, late, 'Terlambat').click();
  await page.getByRole('button', { name: 'Simpan presensi' }).click();
  await expect(page.getByText('Tersimpan di ponsel — dikirim saat online')).toBeVisible();
  expect((await serverMarks(request, s)).get(late)).toBeNull();
  // Kept on the phone: the change is still on screen.
  await expect(mark(page, late, 'Terlambat')).toHaveAttribute('aria-pressed', 'true');

  await context.setOffline(false);
  await expect(toast(page, 'Presensi berhasil disimpan')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Tersimpan di ponsel — dikirim saat online')).toHaveCount(0);
  const marks = await serverMarks(request, s);
  expect(marks.get(late)).toBe('T');
  expect([...marks.values()].filter((v) => v === 'H')).toHaveLength(CLASS_SIZE - 1);
  await expect(summary(page)).toHaveText('H 35 · T 1');
});

test('@phone two devices of one teacher: the second sees the conflict and decides', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const s = await scene(request, 'X KONF');
  const one = s.students[7]!.name;
  // The list is taken once (everyone present), so each student has a revision.
  const save = await api(request, s.token, 'PUT', `/api/teacher/online-classes/${s.classId}/meetings/${s.meetingId}/attendance`, {
    entries: s.students.map((st) => ({ student_id: st.id, status: 'H', revision: 0 })),
  });
  expect(save.status, JSON.stringify(save.body)).toBe(200);

  const other = await otherPage(browser, baseURL, 390);
  await login(page, DEMO.teacher.username, DEMO.teacher.password);
  await login(other, DEMO.teacher.username, DEMO.teacher.password);
  await page.goto(s.meetingUrl);
  await other.goto(s.meetingUrl);
  await expect(mark(page, one, 'Hadir')).toHaveAttribute('aria-pressed', 'true');
  await expect(mark(other, one, 'Hadir')).toHaveAttribute('aria-pressed', 'true');

  // The second device chooses Alpa; meanwhile the first saves Sakit.
  await mark(other, one, 'Alpa').click();
  await mark(page, one, 'Sakit').click();
  await page.getByRole('button', { name: 'Simpan presensi' }).click();
  await expect(toast(page, 'Presensi berhasil disimpan')).toBeVisible();

  await other.getByRole('button', { name: 'Simpan presensi' }).click();
  const row = studentRow(other, one);
  await expect(row.getByText(`Sudah diubah menjadi Sakit oleh ${DEMO.teacher.name}`)).toBeVisible();
  await expect(row.getByText('Pilihan di perangkat ini: Alpa')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Simpan presensi' })).toBeDisabled();
  expect((await serverMarks(request, s)).get(one)).toBe('S');

  await row.getByRole('button', { name: 'Tetap Alpa' }).click();
  await other.getByRole('button', { name: 'Simpan presensi' }).click();
  await expect(toast(other, 'Presensi berhasil disimpan')).toBeVisible();
  expect((await serverMarks(request, s)).get(one)).toBe('A');
  // The first device's list follows (live, or on its next read).
  await page.reload();
  await expect(mark(page, one, 'Alpa')).toHaveAttribute('aria-pressed', 'true');
  await other.context().close();
});

test('the meetings tab adds a meeting, which is cancelled and restored; its journal is saved', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await scene(request, 'X JRNL', false);
  const content = await api(request, s.token, 'POST', `/api/teacher/online-classes/${s.classId}/contents`, {
    title: 'Pengkabelan',
    description: 'Kabel UTP straight dan cross.',
  });
  expect(content.status, JSON.stringify(content.body)).toBe(201);
  await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
  await page.goto(`/online-class/${s.classId}?tab=presensi`);
  await expect(page.getByText('Belum ada pertemuan.')).toBeVisible();
  await noSeriousA11y(page, 'meetings tab (desktop, empty)');

  await page.getByRole('button', { name: 'Tambah pertemuan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah pertemuan' });
  await pickDate(page, dialog.getByLabel('Tanggal'), todayWib());
  await dialog.getByText('Jam mulai/selesai').click();
  await dialog.getByRole('textbox', { name: 'Jam mulai' }).fill('13.00');
  await dialog.getByRole('textbox', { name: 'Jam selesai' }).fill('14.30');
  await dialog.getByRole('textbox', { name: 'Topik' }).fill('Pengkabelan UTP');
  await noSeriousA11y(page, 'dialog Tambah pertemuan');
  await dialog.getByRole('button', { name: 'Tambah', exact: true }).click();
  await expect(toast(page, 'Pertemuan berhasil ditambahkan')).toBeVisible();
  const link = page.getByRole('list', { name: 'Daftar pertemuan' }).getByRole('link', { name: /Pertemuan 1/ });
  await expect(link).toContainText('Belum diisi');
  await expect(link).toContainText('13.00–14.30');
  await expect(link).toContainText('Pengkabelan UTP');
  await noSeriousA11y(page, 'meetings tab (desktop)');

  await link.click();
  await expect(page.getByRole('heading', { name: /^Pertemuan 1,/ })).toHaveText(/^Pertemuan 1, .+, 13\.00–14\.30$/);
  await expect(page.getByRole('button', { name: 'Semua hadir — simpan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Presensi mandiri' })).toHaveAttribute('href', /\/mandiri$/);
  await noSeriousA11y(page, 'meeting (desktop)');

  await page.getByRole('combobox', { name: 'Pembelajaran' }).click();
  await page.getByRole('option', { name: 'Pembelajaran 1: Pengkabelan' }).click();
  await page.getByLabel('Kegiatan').fill('Praktik membuat kabel straight dan cross.');
  await page.getByRole('button', { name: 'Simpan jurnal' }).click();
  await expect(toast(page, 'Jurnal pertemuan berhasil disimpan')).toBeVisible();

  await page.getByRole('button', { name: 'Batalkan pertemuan' }).click();
  const cancel = page.getByRole('dialog', { name: 'Batalkan pertemuan' });
  await cancel.getByLabel('Alasan').fill('Rapat guru');
  await cancel.getByRole('button', { name: 'Batalkan pertemuan' }).click();
  await expect(toast(page, 'Pertemuan dibatalkan')).toBeVisible();
  await expect(page.getByText('Alasan: Rapat guru')).toBeVisible();
  await expect(page.getByRole('button', { name: /Simpan presensi|Semua hadir/ })).toHaveCount(0);
  await noSeriousA11y(page, 'meeting cancelled (desktop)');
  await page.getByRole('button', { name: 'Aktifkan kembali' }).click();
  await expect(page.getByRole('button', { name: 'Semua hadir — simpan' })).toBeVisible();
  await expect(page.getByLabel('Kegiatan')).toHaveValue('Praktik membuat kabel straight dan cross.');
  await expect(page.getByRole('combobox', { name: 'Pembelajaran' })).toHaveValue('Pembelajaran 1: Pengkabelan');
  await noSeriousA11y(page, 'meeting with its journal (desktop)');
});

/** A class of 36 with its list taken: 33 present, one Sakit, one Izin, one Alpa (through the API). */
async function takenScene(request: APIRequestContext, prefix: string) {
  const s = await scene(request, prefix);
  const status = (i: number) => (i === 2 ? 'S' : i === 10 ? 'I' : i === 20 ? 'A' : 'H');
  const save = await api(request, s.token, 'PUT', `/api/teacher/online-classes/${s.classId}/meetings/${s.meetingId}/attendance`, {
    entries: s.students.map((st, i) => ({ student_id: st.id, status: status(i), revision: 0 })),
  });
  expect(save.status, JSON.stringify(save.body)).toBe(200);
  return s;
}

test('the month journal lists the meeting and downloads as XLSX', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await takenScene(request, 'X JXLS');
  await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
  await page.goto('/jurnal');
  await expect(page.getByRole('heading', { name: 'Jurnal Mengajar', level: 2 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: s.rombel.name });
  await expect(row).toContainText('07.00–08.30');
  await expect(row).toContainText('Topologi jaringan');
  await expect(row).toContainText('Hadir 33 · Tidak hadir 3');
  await noSeriousA11y(page, 'journal (desktop)');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh XLSX' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Jurnal Mengajar - Budi Santoso - .+\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await fs.readFile((await file.path())!)) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Jurnal Mengajar')!;
  const values = (r: number) => Array.from({ length: 10 }, (_, i) => ws.getRow(r).getCell(i + 1).value ?? null);
  expect(values(1)[0]).toBe('Jurnal Mengajar');
  expect(values(2).slice(0, 2)).toEqual(['Nama guru', DEMO.teacher.name]);
  const header = Array.from({ length: ws.rowCount }, (_, i) => i + 1).find((r) => values(r)[0] === 'Tanggal')!;
  expect(values(header)).toEqual([
    'Tanggal',
    'Jam ke-',
    'Rombel',
    'Mata Pelajaran',
    'Pertemuan',
    'Topik/Materi',
    'Kegiatan',
    'Hadir',
    'Tidak hadir',
    'Catatan',
  ]);
  const ours = Array.from({ length: ws.rowCount }, (_, i) => i + 1).find((r) => values(r)[2] === s.rombel.name)!;
  expect(ours).toBeGreaterThan(header);
  const r = values(ours);
  expect([r[1], r[2], r[3], r[4], r[5], r[7], r[8]]).toEqual([
    '07.00–08.30',
    s.rombel.name,
    `Jaringan Dasar ${s.rombel.name.split(' ').pop()}`,
    1,
    'Topologi jaringan',
    33,
    3,
  ]);
});

test('@phone the month journal as cards, each opening its meeting', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = await takenScene(request, 'X JPHN');
  await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
  await page.goto('/jurnal');
  const card = page.getByRole('list', { name: 'Pertemuan bulan ini' }).getByRole('listitem').filter({ hasText: s.rombel.name });
  await expect(card).toContainText('Hadir 33 · Tidak hadir 3');
  await expect(card).toContainText('07.00–08.30');
  await noSeriousA11y(page, 'journal (phone)');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${s.meetingUrl}$`));
  await expect(summary(page)).toHaveText('H 33 · S 1 · I 1 · A 1');
});
