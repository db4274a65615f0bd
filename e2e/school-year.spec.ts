import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, apiToken, freshRombel, freshUser, handIn, login, pickDate, toast, signIn } from './fixtures';

/**
 * Issue 37's admin screens: Jurusan, Semester (and starting the next one), Wali Kelas, and the
 * rombel page showing its wali kelas. The demo data is shared with the other tests of the run, so
 * each test makes and checks its own departments, semesters, rombels and teachers.
 */
const stamp = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/** A row of a table (desktop) or a card (phone) holding `text`. */
const item = (page: Page, text: string | RegExp) => page.locator('tbody tr, section[aria-label]').filter({ hasText: text });

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** A school year no semester uses yet, within the date pickers' years (this year + 50). */
async function freeYear(request: APIRequestContext): Promise<number> {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const res = await api(request, admin, 'GET', '/api/admin/semesters');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const taken = new Set((res.body.data as { school_year: string }[]).map((s) => Number(s.school_year.slice(0, 4))));
  const now = new Date().getFullYear();
  const free = Array.from({ length: 40 }, (_, i) => now + 8 + i).filter((y) => !taken.has(y) && !taken.has(y - 1) && !taken.has(y + 1));
  return free[Math.floor(Math.random() * free.length)]!;
}

for (const tag of ['', '@phone ']) {
  test(`${tag}an admin adds a department, enables it and makes a rombel in it`, async ({ page }) => {
    const k = stamp();
    const code = `AKL-${k}`;
    const name = `Akuntansi ${k}`;
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/school/departments');
    await expect(page.getByRole('heading', { name: 'Jurusan' })).toBeVisible();
    await expect(item(page, 'Teknik Komputer').first()).toContainText('Aktif');

    // The demo's AKL exists (disabled): its code is taken, said under the field.
    await page.getByRole('button', { name: 'Tambah jurusan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah jurusan' });
    await dialog.getByRole('textbox', { name: 'Kode' }).fill('akl');
    await dialog.getByRole('textbox', { name: 'Nama jurusan' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Singkatan' }).fill('AKL');
    await dialog.getByRole('switch', { name: 'Aktif' }).uncheck({ force: true });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByText('Kode jurusan sudah digunakan')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Kode' }).fill(code);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Jurusan berhasil ditambahkan')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(item(page, code)).toContainText('Nonaktif');

    // Enabled through its edit dialog.
    await page.getByRole('button', { name: `Ubah jurusan ${code}` }).click();
    const edit = page.getByRole('dialog', { name: 'Ubah jurusan' });
    await expect(edit.getByRole('textbox', { name: 'Nama jurusan' })).toHaveValue(name);
    await edit.getByRole('switch', { name: 'Aktif' }).check({ force: true });
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Jurusan berhasil diperbarui')).toBeVisible();
    await expect(item(page, code)).toContainText('Aktif');
    await expect(item(page, code)).not.toContainText('Nonaktif');

    // "X AKL 1 …" in it, through the existing rombel form.
    const rombel = `X AKL 1 ${k}`;
    await page.goto('/resources/rombel-class');
    await page.getByRole('button', { name: 'Add Rombel' }).click();
    const form = page.getByRole('dialog', { name: 'Add Rombel' });
    await form.getByRole('combobox', { name: 'Department' }).selectOption({ label: name });
    await form.getByRole('textbox', { name: 'Name' }).fill(rombel);
    await form.getByRole('combobox', { name: 'Grade' }).selectOption('10');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Rombel berhasil ditambahkan')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: rombel })).toContainText(name);

    await page.goto('/school/departments');
    if (tag) await expect(item(page, code)).toContainText('AKL · 1 rombel');
    else await expect(item(page, code).getByRole('cell').nth(3)).toHaveText('1');
    if (tag) await expectNoSideScroll(page);
  });

  test(`${tag}an admin adds a semester; bad dates are refused in Indonesian`, async ({ page, request }) => {
    const y = await freeYear(request);
    const year = `${y}/${y + 1}`;
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/school/semesters');
    await expect(page.getByRole('heading', { name: 'Semester', exact: true })).toBeVisible();
    await expect(item(page, /Aktif/).first()).toBeVisible();

    await page.getByRole('button', { name: 'Tambah semester' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah semester' });
    await dialog.getByRole('textbox', { name: 'Tahun pelajaran' }).fill(`${y}/${y + 2}`);
    await pickDate(page, dialog.getByLabel(/^Tanggal mulai/), `${y}-12-31`);
    await pickDate(page, dialog.getByLabel(/^Tanggal selesai/), `${y}-07-01`);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByText('Tahun kedua harus tahun pertama ditambah satu')).toBeVisible();
    await expect(dialog.getByText('Tanggal selesai harus setelah tanggal mulai')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Tahun pelajaran' }).fill(year);
    await pickDate(page, dialog.getByLabel(/^Tanggal mulai/), `${y}-07-01`);
    await pickDate(page, dialog.getByLabel(/^Tanggal selesai/), `${y}-12-31`);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Semester berhasil ditambahkan')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = item(page, `${year} Ganjil`);
    await expect(row).toContainText(`1 Juli ${y} – 31 Desember ${y}`);
    await expect(row.getByRole('button', { name: `Jadikan aktif ${year} Ganjil` })).toBeVisible();
    if (tag) await expectNoSideScroll(page);

    // Genap starting before Ganjil has ended: the server names the semester it overlaps.
    await page.getByRole('button', { name: 'Tambah semester' }).click();
    await dialog.getByRole('textbox', { name: 'Tahun pelajaran' }).fill(year);
    await dialog.getByRole('combobox', { name: 'Semester' }).selectOption({ label: 'Genap' });
    await pickDate(page, dialog.getByLabel(/^Tanggal mulai/), `${y}-12-01`);
    await pickDate(page, dialog.getByLabel(/^Tanggal selesai/), `${y + 1}-06-30`);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByText(`Tanggalnya bertumpang tindih dengan ${year} Ganjil`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(dialog).toBeHidden();
  });

  test(`${tag}an admin sets a rombel's wali kelas and reads it on the rombel page`, async ({ page, request }) => {
    const rombel = await freshRombel(request, 'X Wali');
    const teacher = await freshUser(request, 2);
    // A subject taught in the rombel this semester, for the rombel page's table.
    const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
    const k = stamp();
    const subject = await api(request, admin, 'POST', '/api/admin/subjects', {
      code: `MTK-${k}`,
      name: `Matematika ${k}`,
      group: 'umum',
      grades: [10],
    });
    expect(subject.status, JSON.stringify(subject.body)).toBe(201);
    const assignment = await api(request, admin, 'POST', '/api/admin/teaching-assignments', {
      rombel_id: rombel.id,
      subject_id: subject.body.data.id,
      teacher_ids: [teacher.id],
      hours_per_week: 4,
    });
    expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/school/homerooms');
    await expect(page.getByRole('heading', { name: 'Wali Kelas' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Cari rombel' }).fill(rombel.name);
    await expect(item(page, rombel.name)).toHaveCount(1);

    const select = page.getByRole('combobox', { name: `Wali kelas ${rombel.name}` });
    await select.click();
    await select.fill(teacher.name);
    await page.getByRole('option', { name: teacher.name, exact: true }).click();
    await expect(toast(page, 'Wali kelas berhasil disimpan')).toBeVisible();
    await page.reload();
    await page.getByRole('textbox', { name: 'Cari rombel' }).fill(rombel.name);
    await expect(page.getByRole('combobox', { name: `Wali kelas ${rombel.name}` })).toHaveValue(teacher.name);
    if (tag) await expectNoSideScroll(page);

    await page.goto(`/resources/rombel-class/${rombel.id}`);
    await expect(page.getByRole('heading', { name: new RegExp(rombel.name) })).toBeVisible();
    await expect(page.getByText('Wali kelas', { exact: true }).locator('..')).toContainText(teacher.name);
    await expect(page.getByRole('heading', { name: 'Mata pelajaran semester ini' })).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Matematika ${k}` })
        .getByRole('cell'),
    ).toHaveText([`Matematika ${k}`, teacher.name, '4']);

    // "Hapus" clears it.
    await page.goto('/school/homerooms');
    await page.getByRole('textbox', { name: 'Cari rombel' }).fill(rombel.name);
    await page.getByRole('button', { name: `Hapus wali kelas ${rombel.name}` }).click();
    await expect(toast(page, 'Wali kelas dihapus')).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Wali kelas ${rombel.name}` })).toHaveValue('');
  });
}

/** A fresh rombel, teacher and student; the teacher's class with an assignment the student handed in (ungraded). */
async function classWithUngradedWork(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'X Semester');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: `Akuntansi Dasar ${stamp()}`,
    rombel_class_id: rombel.id,
  });
  expect(klass.status, JSON.stringify(klass.body)).toBe(201);
  const classId = klass.body.data.id as number;
  const content = await api(request, teacher.token, 'POST', `/api/teacher/online-classes/${classId}/contents`, { title: 'Jurnal Umum' });
  expect(content.status).toBe(201);
  const assignment = await api(
    request,
    teacher.token,
    'POST',
    `/api/teacher/online-classes/${classId}/contents/${content.body.data.id}/assignments`,
    {
      title: 'Latihan jurnal',
      description: 'Kerjakan.',
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    },
  );
  expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
  await handIn(request, student.token, assignment.body.data.id as number);
  return { teacher, klass: klass.body.data as { id: number; name: string } };
}

// Every class of the semester goes to the archive: after every other browser test (@school-wide,
// a project of its own in playwright.config.ts).
test.describe('starting the next semester @school-wide', () => {
  // It changes the active semester for every test of the run: one at a time, asserting on its own data.
  test.describe.configure({ mode: 'serial' });

  test('an admin previews the next semester, starts it, and the old classes are archived', async ({ page, request }) => {
    const world = await classWithUngradedWork(request);
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/school/semesters');
    const card = page.getByRole('region', { name: 'Mulai semester berikutnya' });
    await expect(card).toBeVisible();

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/semesters/next/preview') && r.request().method() === 'POST');
    await card.getByRole('button', { name: 'Lihat pratinjau' }).click();
    const res = await answer;
    expect(res.status(), await res.text()).toBe(200);
    const p = (await res.json()).data as { from: { label: string }; to: { label: string }; archived_classes: number; assignments: number };
    expect(p.archived_classes).toBeGreaterThanOrEqual(1);
    const preview = card.getByLabel('Pratinjau semester berikutnya');
    await expect(preview).toContainText(`${p.from.label} → ${p.to.label}`);
    await expect(preview).toContainText(`${p.archived_classes} kelas ${p.from.label} diarsipkan`);
    await expect(preview).toContainText(`${p.assignments} tugas mengajar`);
    await expect(preview.getByRole('alert')).toContainText('pengumpulan tugas belum dinilai');

    await card.getByRole('button', { name: `Mulai ${p.to.label}` }).click();
    const confirm = page.getByRole('dialog', { name: `Mulai ${p.to.label}?` });
    await expect(confirm).toContainText(`${p.archived_classes} kelas`);
    await confirm.getByRole('button', { name: `Mulai ${p.to.label}` }).click();
    await expect(toast(page, `${p.to.label} dimulai`)).toBeVisible();
    await expect(item(page, p.to.label).first()).toContainText('Aktif');
    await expect(item(page, p.from.label).first()).not.toContainText('Aktif');
    await expect(page.getByRole('button', { name: `Jadikan aktif ${p.from.label}` })).toBeVisible();

    // The teacher's class of the ended semester: gone from the dashboard, listed under Arsip, read-only.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await login(page, world.teacher.username, world.teacher.password);
    await expect(page.getByText('Tambah Kelas').first()).toBeVisible();
    await expect(page.getByRole('article', { name: world.klass.name })).toHaveCount(0);
    await page.goto('/online-class/arsip');
    await page.getByRole('article', { name: world.klass.name }).getByRole('link', { name: 'Lihat' }).click();
    await expect(page.getByText('Kelas ini sudah diarsipkan')).toBeVisible();
  });
});
