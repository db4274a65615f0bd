/**
 * The parent's screens (issue 40). At 390 px: the demo student (Andi Pratama, X TKJ 1) makes a
 * pairing code through the API; a new parent signs up with it from the login page's link, reads and
 * accepts the privacy notice, sees the child's missing work, grades and attendance, and sends an
 * izin request with a photo of the letter; the wali kelas of X TKJ 1 (the demo teacher) approves it
 * on /perwalian and the parent sees "Disetujui". At 390 px and on desktop: a parent of a fresh
 * student gets the contract's message for a bad code on "Tambah Anak", and the not-found page for
 * a child who is not theirs; the dashboard, the child's tabs and the summaries pass the axe check.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PARENT_MSG } from '@kelasku/contract';
import { DEMO, api, apiIdle, apiToken, freshRombel, freshUser, handIn, login, pickDate, toast, violations, signIn } from './fixtures';

const REASON = 'Mengantar nenek berobat ke rumah sakit di kota';
const SIZES = [
  { tag: '@phone', width: 390 },
  { tag: '', width: 1280 },
] as const;

/** A day in WIB, `offset` days from today ("2026-12-03"). */
const wibDay = (offset = 0) => new Date(Date.now() + 7 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
const uniqueUsername = () => `ortu${Date.now().toString(36)}${++seq}`;

/** A pairing code of the student whose token this is (POST /api/student/pairing-code). */
async function pairingCode(request: APIRequestContext, token: string): Promise<string> {
  const made = await api(request, token, 'POST', '/api/student/pairing-code');
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data.code as string;
}

/** A small PNG: a photo of the letter drawn by the browser. */
async function letterPhoto(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fffdf5';
    g.fillRect(0, 0, 240, 160);
    g.fillStyle = '#1d2a6b';
    g.font = '14px serif';
    g.fillText('Surat izin orang tua', 16, 40);
    return canvas.toDataURL('image/png');
  });
  return { name: 'surat-izin.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** A parent (signed up through the API with a fresh student's code) who has accepted the privacy notice. */
async function parentOfFreshStudent(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'Ortu Web');
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const code = await pairingCode(request, student.token);
  const username = uniqueUsername();
  const password = 'rahasia123';
  const signup = await request.post('/api/parent-signup', {
    data: { code, relation: 'ayah', name: 'Bapak Uji Ortu', username, password, confirm_password: password, email: null },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = (await signup.json()).data.token as string;
  const accepted = await api(request, token, 'POST', '/api/parent/privacy/accept');
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { username, password, student, rombel };
}

/**
 * Work of the demo student the parent must see: in the demo teacher's class of X TKJ 1, an
 * assignment two days past its deadline (missing), and one handed in and graded with feedback.
 */
async function childWork(request: APIRequestContext, siswa: string) {
  const guru = await apiToken(request, DEMO.teacher.username, DEMO.teacher.password);
  const classes = await api(request, guru, 'GET', '/api/teacher/online-classes');
  const klass = (classes.body.data as { id: number; name: string; rombel: { name: string } }[]).find((c) => c.rombel.name === 'X TKJ 1');
  expect(klass, 'a class of the demo teacher for X TKJ 1').toBeTruthy();
  const lessons = await api(request, guru, 'GET', `/api/teacher/online-classes/${klass!.id}/contents`);
  const lessonId = (lessons.body.data as { id: number }[])[0]!.id;
  const base = `/api/teacher/online-classes/${klass!.id}/contents/${lessonId}/assignments`;
  const mark = Date.now().toString(36);
  const assign = async (title: string, deadlineMs: number) => {
    const res = await api(request, guru, 'POST', base, {
      title,
      description: `Kerjakan ${title}.`,
      deadline: new Date(deadlineMs).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id as number, title };
  };
  const late = await assign(`Laporan Ortu ${mark}`, Date.now() - 2 * 86_400_000);
  const graded = await assign(`Rangkuman Ortu ${mark}`, Date.now() + 7 * 86_400_000);
  await handIn(request, siswa, graded.id);
  const feedback = 'Rapi dan lengkap, pertahankan.';
  const g = await api(request, guru, 'POST', `${base}/${graded.id}/grade`, {
    student_id: (await api(request, siswa, 'GET', '/api/me')).body.data.id,
    score: 86,
    feedback,
  });
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  const attendance = await api(request, siswa, 'GET', '/api/student/attendance');
  expect(attendance.status).toBe(200);
  return {
    late: late.title,
    graded: graded.title,
    feedback,
    className: klass!.name,
    semester: attendance.body.data.semester.label as string,
  };
}

test.describe('orang tua @phone', () => {
  test('a parent signs up with the child’s code, reads the child’s pages and sends an izin the wali kelas approves @phone', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000); // two people on two phones, an axe check on each screen
    const siswa = await apiToken(request, DEMO.student.username, DEMO.student.password);
    const code = await pairingCode(request, siswa);
    const seen = await childWork(request, siswa);

    // Sign-up from the login page's link: the code first, then the account.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Orang tua/wali? Daftar dengan kode dari anak' }).click();
    await expect(page).toHaveURL(/\/daftar-orang-tua$/);
    await page.getByRole('textbox', { name: 'Kode dari anak' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Lanjut' }).click();
    await expect(page.getByText('Kode untuk Andi (X TKJ 1)')).toBeVisible();
    expect(await violations(page, 'daftar orang tua (390)')).toEqual([]);
    await page.getByRole('radio', { name: 'Ibu' }).check();
    await page.getByRole('textbox', { name: 'Nama lengkap' }).fill('Siti Aminah');
    await page.getByRole('textbox', { name: 'Username' }).fill(uniqueUsername());
    await page.getByLabel(/^Password/).fill('rahasia123');
    await page.getByLabel(/^Ulangi password/).fill('rahasia12');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await expect(page.getByText('Konfirmasi password tidak sama')).toBeVisible();
    await page.getByLabel(/^Ulangi password/).fill('rahasia123');
    await page.getByRole('textbox', { name: 'Nomor HP' }).fill('0812-3456-7788');
    await page.getByRole('button', { name: 'Daftar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The privacy notice stands in place of the data until it is accepted.
    await expect(page.getByRole('heading', { name: 'Pemberitahuan Privasi' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pemberitahuan Privasi' }).getByRole('heading', { level: 3 }).first()).toBeVisible();
    await apiIdle(page);
    expect(await violations(page, 'pemberitahuan privasi (390)')).toEqual([]);
    await page.getByRole('button', { name: 'Saya mengerti dan setuju' }).click();
    await expect(toast(page, PARENT_MSG.privacyAccepted)).toBeVisible();

    // The dashboard: a card for Andi.
    const card = page.getByRole('region', { name: DEMO.student.name });
    await expect(card.getByText('X TKJ 1 · Anda: Ibu')).toBeVisible();
    await expect(card.getByText(`Wali kelas: ${DEMO.teacher.name}`)).toBeVisible();
    await expect(card.getByText(/terlambat/)).toBeVisible();
    await apiIdle(page);
    expect(await violations(page, 'dashboard orang tua (390)')).toEqual([]);
    await card.getByRole('link', { name: `Lihat ${DEMO.student.name}` }).click();
    await expect(page).toHaveURL(/\/anak\/\d+$/);
    await expect(page.getByRole('heading', { name: DEMO.student.name, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pelajaran hari ini' })).toBeVisible();

    // Tugas: the missing work, read only.
    await page.getByRole('tab', { name: 'Tugas' }).click();
    const late = page.getByRole('list', { name: 'Terlambat' });
    await expect(late.getByText(seen.late, { exact: true })).toBeVisible();
    await expect(late.getByRole('link')).toHaveCount(0);
    await apiIdle(page);
    expect(await violations(page, 'anak tugas (390)')).toEqual([]);

    // Nilai: each class of the child.
    await page.getByRole('tab', { name: 'Nilai' }).click();
    const grades = page.getByRole('region', { name: `Nilai ${seen.className}` });
    const graded = grades.getByRole('listitem').filter({ hasText: seen.graded });
    await expect(graded).toContainText('Nilai 86');
    await expect(graded).toContainText(`Masukan: ${seen.feedback}`);
    await apiIdle(page);
    expect(await violations(page, 'anak nilai (390)')).toEqual([]);

    // Presensi: the semester's record, and an izin request with a photo of the letter.
    await page.getByRole('tab', { name: 'Presensi' }).click();
    await expect(page.getByText(`Semester ${seen.semester}`)).toBeVisible();
    await page.getByRole('region', { name: 'Ajukan izin / sakit' }).getByText('Izin', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Izin' })).toBeChecked();
    await pickDate(page, page.getByLabel('Tanggal mulai'), wibDay(3));
    await pickDate(page, page.getByLabel('Tanggal selesai'), wibDay(3));
    await page.getByRole('textbox', { name: 'Keterangan' }).fill(REASON);
    await page.getByLabel('Surat izin atau surat dokter').setInputFiles(await letterPhoto(page));
    await expect(page.getByText('surat-izin.png')).toBeVisible();
    await page.getByRole('button', { name: 'Kirim permohonan' }).click();
    await expect(toast(page, 'Permohonan terkirim ke wali kelas')).toBeVisible();
    const mine = page.getByRole('list', { name: 'Permohonan izin' }).getByRole('listitem').filter({ hasText: REASON });
    await expect(mine.getByText('Menunggu')).toBeVisible();
    await expect(mine.getByText('oleh Siti Aminah')).toBeVisible();
    await page.mouse.move(0, 0);
    await apiIdle(page);
    expect(await violations(page, 'anak presensi (390)')).toEqual([]);

    // The wali kelas of X TKJ 1 approves it on their page, on another phone.
    const teacher = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    await signIn(teacher, DEMO.teacher.username, DEMO.teacher.password);
    await teacher.goto('/perwalian');
    await apiIdle(teacher);
    const requestsTab = teacher.getByRole('tab', { name: /Permohonan izin/ });
    if ((await requestsTab.count()) > 0) await requestsTab.first().click();
    const request40 = teacher.getByRole('listitem').filter({ hasText: REASON });
    await request40.getByRole('button', { name: 'Setujui' }).click();
    await expect(request40.getByText('Disetujui', { exact: true })).toBeVisible();
    await teacher.close();

    // The parent sees the decision.
    await page.reload();
    await expect(mine.getByText('Disetujui', { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Batalkan' })).toHaveCount(0);
  });
});

for (const size of SIZES) {
  test(
    `a parent: a bad code on Tambah Anak, not found for another child, the pages pass axe ${size.tag}`.trim(),
    async ({ page, request }) => {
      test.setTimeout(150_000); // an axe check on each screen and each tab
      const parent = await parentOfFreshStudent(request);
      const siswa = await apiToken(request, DEMO.student.username, DEMO.student.password);
      const siswaId = (await api(request, siswa, 'GET', '/api/me')).body.data.id as number;
      await login(page, parent.username, parent.password);
      const label = `(${size.width})`;

      // The dashboard: the fresh student's card.
      const card = page.getByRole('region', { name: parent.student.name });
      await expect(card.getByText(`${parent.rombel.name} · Anda: Ayah`)).toBeVisible();
      await expect(card.getByText('Tidak ada tugas yang tertunda')).toBeVisible();
      await apiIdle(page);
      expect(await violations(page, `dashboard orang tua ${label}`)).toEqual([]);

      // Tambah Anak with a code nobody made: the contract's message.
      await page.goto('/tambah-anak');
      await page.getByRole('textbox', { name: 'Kode dari anak' }).fill('ZZZZ-ZZZZ');
      await page.getByRole('radio', { name: 'Ayah' }).check();
      await page.getByRole('button', { name: 'Tambah Anak' }).click();
      await expect(page.getByRole('alert').filter({ hasText: PARENT_MSG.codeInvalid })).toBeVisible();
      expect(await violations(page, `tambah anak ${label}`)).toEqual([]);

      // Another student's page: not found.
      await page.goto(`/anak/${siswaId}`);
      await expect(page.getByText('Not Found :(')).toBeVisible();
      await expect(page.getByText(DEMO.student.name)).toHaveCount(0);

      // The own child's tabs, each opened once; then the weekly summaries with the e-mail switch.
      await page.goto(`/anak/${parent.student.id}`);
      for (const tab of ['Hari ini', 'Tugas', 'Nilai', 'Presensi', 'Pengumuman', 'Pesan']) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
        await apiIdle(page);
        expect(await violations(page, `anak ${tab} ${label}`)).toEqual([]);
      }
      await expect(page.getByText('Belum ada pesan dari wali kelas.')).toBeVisible();

      await page.goto('/ringkasan');
      const email = page.getByRole('switch', { name: 'Kirim ringkasan mingguan ke email saya' });
      await expect(email).toBeEnabled();
      const before = await email.isChecked();
      await email.click({ force: true });
      await expect(toast(page, PARENT_MSG.settingsSaved)).toBeVisible();
      await page.reload();
      await expect(email).toBeChecked({ checked: !before });
      await apiIdle(page);
      expect(await violations(page, `ringkasan ${label}`)).toEqual([]);
    },
  );
}
