import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ERAPOR_MSG, GRADE_MSG, REPORT_MSG } from '@kelasku/contract';
import { EXAMPLE, sumatifAkhirSemester } from '../apps/api/test/fixtures/erapor/make-erapor-templates';
import { DEMO, api, apiToken, freshRombel, freshUser, handIn, login, otherPage, toast, violations, signIn } from './fixtures';

// Issue 39, Nilai rapor in the browser: the class's scheme editor, the release, a student's
// breakdown and description, the school's default and the semester's lock, the leger, "Nilai Saya".

const DAY = 86_400_000;

/** Another person at another device, signed in. */
async function signedIn(browser: Browser, baseURL: string | undefined, who: { username: string; password: string }, width: number) {
  const page = await otherPage(browser, baseURL, width);
  if (width < 500) await page.setViewportSize({ width, height: 844 });
  await login(page, who.username, who.password);
  return page;
}

/**
 * A rombel of its own with two students (Ani, Budi), its wali kelas who teaches it a class with two
 * assignments: "Topologi" (Sumatif Lingkup Materi, closed: Ani 80, Budi did not hand in → 0) and
 * "Ujian Akhir" (tagged Sumatif Akhir Semester: Ani 90, Budi 70).
 */
async function reportWorld(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  // Letters only: a digit in a name could pass for a score.
  const mark = Date.now()
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const rombel = await freshRombel(request, 'X RPL');
  const teacher = await freshUser(request, 2);
  const homeroom = await api(request, admin, 'PUT', `/api/admin/homerooms/${rombel.id}`, { teacher_id: teacher.id });
  expect(homeroom.status, JSON.stringify(homeroom.body)).toBe(200);
  // Digits no score of this test is made of (0, 1, 6, 7, 9), so the NISN on a row never passes for a grade.
  const nisn = `00${Date.now()
    .toString()
    .slice(-8)
    .replace(/\d/g, (d) => '0167901679'[Number(d)]!)}`;
  const ani = { ...(await freshUser(request, 3, { rombel_id: rombel.id, name: `Ani ${mark}`, nisn })), name: `Ani ${mark}`, nisn };
  const budi = { ...(await freshUser(request, 3, { rombel_id: rombel.id, name: `Budi ${mark}` })), name: `Budi ${mark}` };
  // The teaching assignment makes the class (the leger lists the rombel's subjects); one TP of the subject.
  const subjectName = `Basis Data ${mark}`;
  const subject = await api(request, admin, 'POST', '/api/admin/subjects', {
    code: `BD-${mark}`.toUpperCase(),
    name: subjectName,
    group: 'kejuruan',
    grades: [10],
    department_ids: [],
  });
  expect(subject.status, JSON.stringify(subject.body)).toBe(201);
  const className = `Kelas ${subjectName}`;
  const ta = await api(request, admin, 'POST', '/api/admin/teaching-assignments', {
    rombel_id: rombel.id,
    subject_id: subject.body.data.id,
    teacher_ids: [teacher.id],
    class_name: className,
    hours_per_week: 2,
  });
  expect(ta.status, JSON.stringify(ta.body)).toBe(201);
  const classId = ta.body.data.online_class.id as number;
  const tp = await api(request, admin, 'POST', '/api/admin/learning-objectives', {
    subject_id: subject.body.data.id,
    grade: 10,
    code: 'TP1',
    description: 'Merancang tabel basis data',
  });
  expect(tp.status, JSON.stringify(tp.body)).toBe(201);
  const content = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, {
    title: 'Bab 1',
    description: '',
  });
  expect(content.status, JSON.stringify(content.body)).toBe(201);
  const lessonId = content.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}`;
  const scheme = await api(request, teacher.token, 'GET', `${base}/grade-scheme`);
  expect(scheme.status, JSON.stringify(scheme.body)).toBe(200);
  const sas = (scheme.body.data.categories as Array<{ id: number; name: string }>).find((c) => c.name === 'Sumatif Akhir Semester')!;
  const assignment = async (title: string, deadline: number) => {
    const res = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments`, {
      title,
      description: 'Kerjakan.',
      deadline: new Date(deadline).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const topologi = await assignment('Topologi', Date.now() - DAY);
  const tpTag = await api(request, teacher.token, 'PUT', `${base}/contents/${lessonId}/assignments/${topologi}/grading`, {
    objective_ids: [tp.body.data.id],
  });
  expect(tpTag.status, JSON.stringify(tpTag.body)).toBe(200);
  const ujian = await assignment('Ujian Akhir', Date.now() + 3 * DAY);
  const tagged = await api(request, teacher.token, 'PUT', `${base}/contents/${lessonId}/assignments/${ujian}/grading`, {
    category_id: sas.id,
  });
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
  await handIn(request, ani.token, topologi);
  await handIn(request, ani.token, ujian);
  await handIn(request, budi.token, ujian);
  for (const [id, student, score] of [
    [topologi, ani.id, 80],
    [ujian, ani.id, 90],
    [ujian, budi.id, 70],
  ] as const) {
    const graded = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments/${id}/grade`, {
      student_id: student,
      score,
    });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
  }
  return { admin, rombel, teacher, ani, budi, classId, className, subjectName, base };
}

/** A student's line of the Nilai Akhir: a table row on a computer, a card on a phone. */
const studentLine = (page: Page, name: string, phone: boolean) =>
  phone
    ? page.getByRole('list', { name: 'Nilai Akhir siswa' }).getByRole('listitem').filter({ hasText: name })
    : page.getByRole('table', { name: 'Nilai Akhir siswa' }).getByRole('row').filter({ hasText: name });

const category = (page: Page, n: number) =>
  page.getByRole('list', { name: 'Kategori nilai' }).getByRole('listitem', { name: `Kategori ${n}` });

async function editSchemeReleaseAndDescribe(page: Page, request: APIRequestContext, phone: boolean) {
  const w = await reportWorld(request);
  await login(page, w.teacher.username, w.teacher.password);
  await page.goto(`/online-class/${w.classId}?tab=rapor`);
  await expect(page.getByText('Total bobot: 100%')).toBeVisible();
  await expect(studentLine(page, w.ani.name, phone)).toContainText('84');

  // Weights that do not total 100: the exact message, and nothing is saved.
  await category(page, 1).getByLabel('Bobot (%)').fill('50');
  await expect(page.getByText('Total bobot: 90%')).toBeVisible();
  await expect(page.getByText(GRADE_MSG.weightsTotal(90))).toBeVisible();
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(toast(page, GRADE_MSG.schemeSaved)).toHaveCount(0);
  // An empty name: the contract's message under the field.
  await category(page, 3).getByLabel('Nama kategori').fill('');
  await category(page, 2).getByLabel('Bobot (%)').fill('50');
  await expect(page.getByText('Total bobot: 100%')).toBeVisible();
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(category(page, 3).getByText(GRADE_MSG.categoryName)).toBeVisible();
  await category(page, 3).getByLabel('Nama kategori').fill('Formatif');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(toast(page, GRADE_MSG.schemeSaved)).toBeVisible();
  // 50 % of 80 and 50 % of 90; Budi's closed Topologi counts 0: 50 % of 70.
  await expect(studentLine(page, w.ani.name, phone)).toContainText('85');
  await expect(studentLine(page, w.budi.name, phone)).toContainText('35');

  await page.getByRole('switch', { name: 'Tampilkan nilai akhir ke siswa' }).click({ force: true });
  await expect(toast(page, GRADE_MSG.released)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Tampilkan nilai akhir ke siswa' })).toBeChecked();

  await studentLine(page, w.budi.name, phone)
    .getByRole('button', { name: `Rincian ${w.budi.name}` })
    .click();
  const detail = page.getByRole('region', { name: `Rincian ${w.budi.name}` });
  await expect(detail.getByText('Topologi: 0 (tidak dikumpulkan)')).toBeVisible();
  await expect(detail.getByText('Ujian Akhir: 70')).toBeVisible();
  await detail.getByLabel('Capaian yang baik').fill('Menunjukkan penguasaan yang baik dalam merancang tabel');
  await detail.getByRole('button', { name: 'Simpan deskripsi' }).click();
  await expect(toast(page, REPORT_MSG.descriptionSaved)).toBeVisible();
  await expect(detail.getByText('Ditulis guru')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Kembalikan ke otomatis' })).toBeVisible();

  // e-Rapor: a file that is not an XLSX is refused with the server's words.
  const erapor = page.getByRole('region', { name: 'Isi template e-Rapor' });
  await erapor
    .locator('input[type="file"]')
    .setInputFiles({ name: 'nilai.xlsx', mimeType: 'text/plain', buffer: Buffer.from('bukan excel') });
  await expect(erapor.getByRole('alert')).toHaveText(ERAPOR_MSG.notXlsx);
  return w;
}

test.describe('Nilai rapor', () => {
  test('the teacher edits the scheme, releases the final grades, reads a breakdown and writes a description', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const w = await editSchemeReleaseAndDescribe(page, request, false);
    await page.mouse.move(0, 0);
    expect(await violations(page, 'Rapor')).toEqual([]);

    // e-Rapor's "sumatif akhir semester" template of this subject and rombel: Ani filled, a NISN Kelasku
    // does not know named, Budi (not in the file) listed, the filled file downloaded.
    const template = await sumatifAkhirSemester({
      ...EXAMPLE,
      mapel: w.subjectName,
      rombel: w.rombel.name,
      students: [
        { pdId: 'a1e0f6c2-3b4d-4e5f-8a9b-0c1d2e3f4a51', nama: w.ani.name, nisn: w.ani.nisn },
        { pdId: 'b2f1a7d3-4c5e-4f60-9b0c-1d2e3f4a5b62', nama: 'Siswa Asing', nisn: '0099999999' },
      ],
    });
    const erapor = page.getByRole('region', { name: 'Isi template e-Rapor' });
    await erapor.locator('input[type="file"]').setInputFiles({
      name: 'template-nilai-sumatif-akhir-semester.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: template,
    });
    const result = erapor.getByRole('status', { name: 'Hasil pengisian template' });
    await expect(result.getByText(`Template Sumatif Akhir Semester: ${ERAPOR_MSG.filled(1)}`)).toBeVisible();
    await expect(result.getByText(ERAPOR_MSG.nisnUnknown(11, 'Siswa Asing', '0099999999'))).toBeVisible();
    await expect(result.getByText(`${w.budi.name} (NISN -)`)).toBeVisible();
    const filled = page.waitForEvent('download');
    await result.getByRole('link', { name: /Unduh hasil/ }).click();
    expect((await filled).suggestedFilename()).toBe('template-nilai-sumatif-akhir-semester.xlsx');

    // Another teacher of the class saves first: 409, "Muat ulang" reads the new scheme.
    const now = await api(request, w.teacher.token, 'GET', `${w.base}/grade-scheme`);
    const body = { revision: now.body.data.revision, kktp: 80, categories: now.body.data.categories };
    expect((await api(request, w.teacher.token, 'PUT', `${w.base}/grade-scheme`, body)).status).toBe(200);
    await category(page, 1).getByLabel('Buang N nilai terendah').fill('1');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page.getByText(GRADE_MSG.schemeChanged)).toBeVisible();
    await page.getByRole('button', { name: 'Muat ulang' }).click();
    await expect(page.getByLabel(/^KKTP/)).toHaveValue('80');
    await expect(category(page, 1).getByLabel('Buang N nilai terendah')).toHaveValue('0');

    // The student reads the released final grade, the categories and the description.
    const student = await signedIn(browser, baseURL, w.budi, 1280);
    await student.goto('/my-grades');
    const report = student.getByRole('region', { name: w.className }).getByRole('region', { name: 'Nilai Rapor' });
    await expect(report.getByText('35', { exact: true })).toBeVisible();
    await expect(report.getByRole('table', { name: `Kategori nilai ${w.className}` })).toContainText('Sumatif Lingkup Materi');
    await expect(report.getByText('Menunjukkan penguasaan yang baik dalam merancang tabel')).toBeVisible();
    await expect(report.getByText(REPORT_MSG.notReleased)).toHaveCount(0);
  });

  test('the same on a phone: cards instead of the wide table @phone', async ({ page, request, browser, baseURL }) => {
    const w = await editSchemeReleaseAndDescribe(page, request, true);
    await expect(page.getByRole('table', { name: 'Nilai Akhir siswa' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const student = await signedIn(browser, baseURL, w.ani, 390);
    await student.goto('/my-grades');
    const report = student.getByRole('region', { name: w.className }).getByRole('region', { name: 'Nilai Rapor' });
    await expect(report.getByText('85', { exact: true })).toBeVisible();
  });

  for (const phone of [false, true])
    test(`a student reads "Nilai Rapor" before the release, and the wali kelas opens the leger${phone ? ' @phone' : ''}`, async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      const w = await reportWorld(request);
      await signIn(page, w.ani.username, w.ani.password);
      await page.goto('/my-grades');
      const report = page.getByRole('region', { name: w.className }).getByRole('region', { name: 'Nilai Rapor' });
      await expect(report.getByText(REPORT_MSG.notReleased)).toBeVisible();
      const categories = report.getByRole('table', { name: `Kategori nilai ${w.className}` });
      await expect(categories.getByRole('row').filter({ hasText: 'Sumatif Lingkup Materi' })).toContainText('60%');
      await expect(categories.getByRole('row').filter({ hasText: 'Sumatif Lingkup Materi' })).toContainText('80');
      await expect(categories.getByRole('row').filter({ hasText: 'Sumatif Akhir Semester' })).toContainText('90');
      await expect(report.getByRole('listitem').filter({ hasText: 'TP1 Merancang tabel basis data' })).toContainText(REPORT_MSG.reached);

      const teacher = await signedIn(browser, baseURL, w.teacher, phone ? 390 : 1280);
      await teacher.goto('/perwalian');
      await teacher.getByRole('link', { name: 'Leger Nilai' }).click();
      await expect(teacher).toHaveURL(/\/perwalian\/leger$/);
      const leger = teacher.getByRole('table', { name: `Leger nilai ${w.rombel.name}` });
      await expect(leger).toBeVisible();
      expect(await violations(teacher, 'Leger Nilai')).toEqual([]);
      await expect(leger.getByRole('columnheader', { name: new RegExp(w.subjectName) })).toBeVisible();
      await expect(leger.getByRole('row').filter({ hasText: w.ani.name })).toContainText('84');
      await expect(leger.getByRole('row').filter({ hasText: w.budi.name })).toContainText('28');
      await expect(teacher.getByRole('button', { name: 'Unduh XLSX' })).toBeVisible();
      const download = teacher.waitForEvent('download');
      await teacher.getByRole('button', { name: 'Unduh XLSX' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
      if (phone) {
        // The subjects scroll sideways inside the table's box, the page itself does not.
        expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }

      // Another teacher is no wali kelas of it: their leger page says so, and the rombel's leger is out of reach (404).
      const other = await freshUser(request, 2);
      const stranger = await signedIn(browser, baseURL, other, phone ? 390 : 1280);
      await stranger.goto('/perwalian/leger');
      await expect(stranger.getByText('Kamu bukan wali kelas di semester ini.')).toBeVisible();
      expect((await api(request, other.token, 'GET', `/api/teacher/homerooms/${w.rombel.id}/leger`)).status).toBe(404);
      expect((await api(request, other.token, 'GET', `/api/teacher/online-classes/${w.classId}/report-grades`)).status).toBe(404);

      // The admin picks the rombel on /school/leger.
      const admin = await signedIn(browser, baseURL, DEMO.admin, phone ? 390 : 1280);
      await admin.goto('/school/leger');
      await admin.getByLabel('Rombel').selectOption({ label: w.rombel.name });
      await expect(
        admin
          .getByRole('table', { name: `Leger nilai ${w.rombel.name}` })
          .getByRole('row')
          .filter({ hasText: w.ani.name }),
      ).toContainText('84');
    });

  // Changes the school's default and locks the active semester: the whole school, one test at a time.
  test('the admin sets the default scheme and locks the semester; the teacher sees the lock and cannot save @school-wide', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const w = await reportWorld(request);
    const before = await api(request, w.admin, 'GET', '/api/admin/grade-scheme');
    const semesters = await api(request, w.admin, 'GET', '/api/admin/semesters');
    const active = (semesters.body.data as Array<{ id: number; label: string; active: boolean }>).find((s) => s.active)!;
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, DEMO.admin.username, DEMO.admin.password);
      await page.goto('/school/nilai');
      await expect(page.getByText('Total bobot: 100%')).toBeVisible();
      await category(page, 3).getByLabel('Bobot (%)').fill('10');
      await expect(page.getByText(GRADE_MSG.weightsTotal(110))).toBeVisible();
      await category(page, 1).getByLabel('Bobot (%)').fill('50');
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
      await expect(toast(page, GRADE_MSG.defaultsSaved)).toBeVisible();
      const saved = await api(request, w.admin, 'GET', '/api/admin/grade-scheme');
      expect((saved.body.data.categories as Array<{ weight: number }>).map((c) => c.weight)).toEqual([50, 40, 10]);

      await page.setViewportSize({ width: 1280, height: 800 });
      const semester = page.getByRole('list', { name: 'Kunci nilai per semester' }).getByRole('listitem', { name: active.label });
      await semester.getByRole('button', { name: 'Kunci nilai' }).click();
      const dialog = page.getByRole('dialog', { name: 'Kunci nilai' });
      await dialog.getByRole('button', { name: 'Kunci nilai' }).click();
      await expect(toast(page, GRADE_MSG.lockedNow(active.label))).toBeVisible();
      await expect(semester.getByText('Nilai dikunci')).toBeVisible();

      const teacher = await signedIn(browser, baseURL, w.teacher, 390);
      await teacher.goto(`/online-class/${w.classId}?tab=rapor`);
      await expect(teacher.getByText(GRADE_MSG.locked)).toBeVisible();
      await expect(teacher.getByRole('button', { name: 'Simpan', exact: true })).toBeDisabled();
      await expect(category(teacher, 1).getByLabel('Bobot (%)')).toBeDisabled();
      await expect(teacher.getByRole('switch', { name: 'Tampilkan nilai akhir ke siswa' })).toBeDisabled();
      // The server refuses too, with the same words.
      const now = await api(request, w.teacher.token, 'GET', `${w.base}/grade-scheme`);
      const put = await api(request, w.teacher.token, 'PUT', `${w.base}/grade-scheme`, {
        revision: now.body.data.revision,
        kktp: 70,
        categories: now.body.data.categories,
      });
      expect(put.status).toBe(409);
      expect(put.body.message).toBe(GRADE_MSG.locked);

      await page.reload();
      await semester.getByRole('button', { name: 'Buka kunci' }).click();
      await page.getByRole('dialog', { name: 'Buka kunci nilai' }).getByRole('button', { name: 'Buka kunci' }).click();
      await expect(toast(page, GRADE_MSG.unlockedNow(active.label))).toBeVisible();
      await expect(semester.getByRole('button', { name: 'Kunci nilai' })).toBeVisible();
    } finally {
      await api(request, w.admin, 'DELETE', `/api/admin/semesters/${active.id}/grade-lock`);
      await api(request, w.admin, 'PUT', '/api/admin/grade-scheme', { categories: before.body.data.categories });
    }
  });
});
