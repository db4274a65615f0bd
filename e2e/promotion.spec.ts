import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, api, apiToken, freshUser, login, toast, signIn } from './fixtures';

/**
 * The new school year. The e2e server's demo data is shared with every other browser test, so these
 * tests only ever promote rombels they created (the page's "Saring rombel" keeps the others out).
 */
const stamp = () => `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A grade-X rombel named "X {k} 1" with two fresh students, and a class of a fresh teacher for it. */
async function lastYear(request: APIRequestContext, k: string) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const made = await api(request, admin, 'POST', '/api/admin/resources/rombel-classes/bulk', {
    department_id: 1,
    grade: 10,
    names: [`X ${k} 1`],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const rombel = made.body.data[0] as { id: number; name: string };
  const students = [await freshUser(request, 3, { rombel_id: rombel.id }), await freshUser(request, 3, { rombel_id: rombel.id })];
  const teacher = await freshUser(request, 2);
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    name: `Jaringan Dasar ${k}`,
    rombel_class_id: rombel.id,
  });
  expect(klass.status).toBe(201);
  return { admin, rombel, students, teacher, klass: klass.body.data as { id: number; name: string } };
}

test('an admin creates next year’s rombels in bulk, maps, previews and applies; the teacher finds the class under Arsip, read-only', async ({
  page,
  request,
}) => {
  const k = stamp();
  const y = await lastYear(request, k);
  await login(page, DEMO.admin.username, DEMO.admin.password);
  await page.getByRole('link', { name: 'Kenaikan Kelas' }).click();
  await expect(page.getByRole('heading', { name: 'Kenaikan Kelas' })).toBeVisible();

  // Next year's rombel, made with the bulk form.
  await page.getByRole('button', { name: 'Buat rombel baru sekaligus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat rombel baru sekaligus' });
  await dialog.getByLabel('Tingkat').selectOption('11');
  await dialog.getByLabel('Nama rombel').fill(`XI ${k} 1\n\n`);
  await dialog.getByRole('button', { name: 'Buat 1 rombel' }).click();
  await expect(toast(page, '1 rombel berhasil ditambahkan')).toBeVisible();

  // Only this test's rombels take part; X {k} 1 suggests XI {k} 1, which itself goes nowhere.
  await page.getByLabel('Saring rombel').fill(k);
  const next = page.getByLabel(`Rombel berikutnya untuk X ${k} 1`);
  await expect(next.locator('option:checked')).toHaveText(`XI ${k} 1 (kelas 11)`);
  await expect(page.getByLabel(`Rombel berikutnya untuk XI ${k} 1`).locator('option:checked')).toHaveText('Tidak dinaikkan');

  await page.getByRole('button', { name: 'Pratinjau' }).click();
  const preview = page.getByLabel('Pratinjau kenaikan kelas');
  await expect(preview).toContainText('2 siswa naik kelas');
  await expect(preview).toContainText('0 siswa lulus');
  await expect(preview).toContainText('1 kelas online diarsipkan');

  await page.getByRole('button', { name: 'Terapkan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Terapkan kenaikan kelas?' });
  await expect(confirm).toContainText('2 siswa naik kelas');
  await confirm.getByRole('button', { name: 'Terapkan' }).click();
  await expect(toast(page, 'Kenaikan kelas berhasil diterapkan')).toBeVisible();

  // The students moved; the class is in the admin's archive.
  const me = await api(request, y.students[0]!.token, 'GET', '/api/me');
  expect(me.body.data.student.rombel_id).not.toBe(y.rombel.id);
  await page.getByRole('link', { name: 'Arsip Kelas' }).click();
  await expect(page.getByRole('row').filter({ hasText: y.klass.name })).toContainText(`X ${k} 1`);

  // The teacher: gone from the dashboard, listed under Arsip, read-only.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, y.teacher.username, y.teacher.password);
  await expect(page.getByText('Tambah Kelas').first()).toBeVisible();
  await expect(page.getByRole('article', { name: y.klass.name })).toHaveCount(0);
  await page.getByRole('link', { name: 'Arsip', exact: true }).click();
  await page.getByRole('article', { name: y.klass.name }).getByRole('link', { name: 'Lihat' }).click();
  await expect(page.getByText('Kelas ini sudah diarsipkan')).toBeVisible();
  await expect(page.getByRole('heading', { name: y.klass.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tambah konten' })).toHaveCount(0);
});

test('@phone a teacher opens an archived class on a phone: banner, no edit buttons', async ({ page, request }) => {
  const k = stamp();
  const y = await lastYear(request, k);
  const content = await api(request, y.teacher.token, 'POST', `/api/teacher/online-classes/${y.klass.id}/contents`, {
    title: `Pertemuan ${k}`,
  });
  expect(content.status).toBe(201);
  const under = `/api/teacher/online-classes/${y.klass.id}/contents/${content.body.data.id}`;
  const assignment = await api(request, y.teacher.token, 'POST', `${under}/assignments`, {
    title: `Tugas ${k}`,
    description: 'Kerjakan.',
    deadline: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(assignment.status).toBe(201);
  const forum = await api(request, y.teacher.token, 'POST', `${under}/forums`, { topic: `Diskusi ${k}`, description: null });
  expect(forum.status).toBe(201);
  const res = await api(request, y.admin, 'POST', '/api/admin/promotion', { mappings: [{ from_rombel_id: y.rombel.id, to: 'lulus' }] });
  expect(res.body.data).toEqual({ moved: 0, graduated: 2, archived: 1 });

  await signIn(page, y.teacher.username, y.teacher.password);
  await page.goto('/online-class/arsip');
  await expect(page.getByRole('heading', { name: 'Arsip' })).toBeVisible();
  await page.getByRole('article', { name: y.klass.name }).getByRole('link', { name: 'Lihat' }).click();
  await expect(page.getByText('Kelas ini sudah diarsipkan')).toBeVisible();
  await expect(page.getByText(`Pertemuan ${k}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tambah konten' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Sub konten/ })).toHaveCount(0);

  // The assignment and the forum read the same: no edit, delete, grading or new comment.
  await page.goto(`/online-class/${y.klass.id}/contents/${content.body.data.id}/assignment/${assignment.body.data.id}`);
  await expect(page.getByRole('heading', { name: `Tugas ${k}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Hapus' })).toHaveCount(0);
  await page.goto(`/online-class/${y.klass.id}/contents/${content.body.data.id}/forums/${forum.body.data.id}`);
  await expect(page.getByRole('heading', { name: `Diskusi ${k}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write your reply.' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Hapus forum' })).toHaveCount(0);
});
