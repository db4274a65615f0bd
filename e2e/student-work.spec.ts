import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, classWithLesson, freshRombel, freshUser, handIn, login, openLesson, samplePdf, toast, signIn } from './fixtures';

const DONE = 'Berhasil, Tugasmu berhasil dikumpulkan.';
const HOUR = 3_600_000;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

/**
 * A student in a rombel of their own and a teacher's class with five assignments: one due in three
 * days, one due in five hours, one past its deadline, one handed in and graded with feedback, and one
 * closed (deadline and closing time passed).
 */
async function workScene(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'XI TUGAS', 11);
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const className = `Pemrograman Web ${unique()}`;
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId: rombel.id,
    name: className,
    lessonTitle: 'HTML dan CSS',
  });
  const base = `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`;
  const assign = async (title: string, deadlineMs: number, closesMs?: number) => {
    const res = await api(request, teacher.token, 'POST', base, {
      title,
      description: `Kerjakan ${title}.`,
      deadline: new Date(deadlineMs).toISOString(),
      ...(closesMs ? { closes_at: new Date(closesMs).toISOString() } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id as number, title, api: `${base}/${res.body.data.id}` };
  };
  const now = Date.now();
  const photos = await assign(`Foto Catatan ${unique()}`, now + 3 * 24 * HOUR);
  const soon = await assign(`Kuis Singkat ${unique()}`, now + 5 * HOUR);
  const late = await assign(`Laporan Praktikum ${unique()}`, now - 2 * 24 * HOUR);
  const graded = await assign(`Desain Halaman ${unique()}`, now + 7 * 24 * HOUR);
  const closed = await assign(`Tugas Lama ${unique()}`, now - 3 * 24 * HOUR, now - 24 * HOUR);
  await handIn(request, student.token, graded.id, samplePdf('desain.pdf'));
  const feedback = 'Rapi, tetapi tambahkan teks alternatif pada gambar.';
  const g = await api(request, teacher.token, 'POST', `${graded.api}/grade`, { student_id: student.id, score: 88, feedback });
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  return { teacher, student, className, classId, photos, soon, late, graded, closed, feedback };
}

/** A small real picture drawn by the browser (PNG or JPEG), so the server's content check sees true image bytes. */
async function picture(page: Page, name: string, type: 'image/png' | 'image/jpeg', hue: number) {
  const dataUrl = await page.evaluate(
    ({ type, hue }) => {
      const c = document.createElement('canvas');
      c.width = 120;
      c.height = 90;
      const g = c.getContext('2d')!;
      g.fillStyle = `hsl(${hue} 70% 60%)`;
      g.fillRect(0, 0, 120, 90);
      g.fillStyle = '#222';
      g.font = '16px sans-serif';
      g.fillText('x² + 2x = 0', 10, 50);
      return c.toDataURL(type, 0.9);
    },
    { type, hue },
  );
  return { name, mimeType: type, buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** The page does not scroll sideways (phone layouts must fit 390 px). */
async function expectNoSideScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** The value cell of a row of the "Submission Status" table. */
const statusCell = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

test('@phone a student hands in three photos and an answer, unsubmits, hands in again; Tugas Saya and Nilai Saya', async ({
  page,
  request,
}) => {
  const s = await workScene(request);
  await login(page, s.student.username, s.student.password);

  // On a phone the upcoming work comes first, before the quote and the classes.
  const upcoming = page.getByRole('region', { name: 'Upcoming Assignments' });
  await expect(upcoming).toContainText(s.soon.title);
  const classes = page.getByRole('textbox', { name: 'Cari kelas' });
  await expect(classes).toBeVisible();
  expect((await upcoming.boundingBox())!.y).toBeLessThan((await classes.boundingBox())!.y);
  await expectNoSideScroll(page);

  // Tugas Saya: soonest first, the one due within 24 hours highlighted; relative times.
  await upcoming.getByRole('link', { name: 'Lihat semua di Tugas Saya' }).click();
  await expect(page).toHaveURL(/\/my-work$/);
  await expect(page.getByRole('heading', { name: 'Tugas Saya' })).toBeVisible();
  const todo = page.getByRole('list', { name: 'Belum dikerjakan' }).getByRole('listitem');
  await expect(todo).toHaveCount(2);
  await expect(todo.nth(0)).toContainText(s.soon.title);
  await expect(todo.nth(0)).toContainText('Kurang dari 24 jam');
  await expect(todo.nth(1)).toContainText(s.photos.title);
  await expect(todo.nth(1)).toContainText('Tenggat 3 hari lagi');
  await expect(todo.nth(1)).not.toContainText('Kurang dari 24 jam');
  await expectNoSideScroll(page);

  await page.getByRole('tab', { name: 'Terlambat' }).click();
  const lateList = page.getByRole('list', { name: 'Terlambat' }).getByRole('listitem');
  await expect(lateList).toHaveCount(2);
  await expect(lateList.nth(0)).toContainText(s.late.title);
  await expect(lateList.nth(0)).toContainText('Tenggat 2 hari yang lalu');
  await expect(lateList.nth(1)).toContainText(s.closed.title);
  await expect(lateList.nth(1)).toContainText('Ditutup');

  await page.getByRole('tab', { name: 'Selesai' }).click();
  const doneList = page.getByRole('list', { name: 'Selesai' }).getByRole('listitem');
  await expect(doneList).toHaveCount(1);
  await expect(doneList.first()).toContainText(s.graded.title);
  await expect(doneList.first()).toContainText('Nilai 88');
  await expectNoSideScroll(page);

  // The photo assignment from Tugas Saya: the hand-in form is there at once.
  await page.getByRole('tab', { name: 'Belum dikerjakan' }).click();
  await page.getByRole('link', { name: s.photos.title }).click();
  await expect(page.getByRole('heading', { name: 'Submission Detail' })).toBeVisible();
  await expect(statusCell(page, 'Status')).toHaveText('Belum Mengumpulkan');
  const form = page.getByRole('region', { name: 'Kirim tugas' });

  // Two photos from the gallery and one taken with the camera ("Ambil foto").
  const first = await picture(page, 'halaman-1.png', 'image/png', 10);
  const second = await picture(page, 'halaman-2.jpg', 'image/jpeg', 120);
  const third = await picture(page, 'halaman-3.jpg', 'image/jpeg', 220);
  let chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pilih file' }).click();
  await (await chooser).setFiles([first, second]);
  chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Ambil foto' }).click();
  const camera = await chooser;
  expect(await camera.element().getAttribute('capture')).toBe('environment');
  expect(camera.isMultiple()).toBe(false);
  await camera.setFiles(third);
  const chosen = form.getByRole('list', { name: 'File baru' }).getByRole('listitem');
  await expect(chosen).toHaveCount(3);
  await expect(form).toContainText('3 dari 10 file');
  // Each photo starts uploading at once, in its own row, and says when it is on the server.
  for (const name of ['halaman-1.png', 'halaman-2.jpg', 'halaman-3.jpg']) {
    await expect(chosen.filter({ hasText: name })).toContainText('Selesai diunggah, siap diserahkan');
  }
  const answer = 'Akar-akarnya x = 0 dan x = -2; langkahnya ada di foto.';
  await form.getByRole('textbox', { name: 'Jawaban' }).fill(answer);
  await expectNoSideScroll(page);
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(page, DONE)).toBeVisible();

  // Listed as handed in: three files (photos as thumbnails), the answer, the status.
  const work = page.getByRole('region', { name: 'Tugasmu' });
  const files = work.getByRole('list', { name: 'File tugasmu' }).getByRole('listitem');
  await expect(files).toHaveCount(3);
  for (const name of ['halaman-1.png', 'halaman-2.jpg', 'halaman-3.jpg']) {
    await expect(work.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }
  await expect(work.locator('img')).toHaveCount(3);
  await expect(work).toContainText(answer);
  await expect(work.getByText(/^Terkirim pukul \d{2}\.\d{2} WIB$/)).toBeVisible();
  await expect(statusCell(page, 'Status')).toHaveText('Sudah Mengumpulkan');
  await expect(statusCell(page, 'Grading Status')).toHaveText('Menunggu untuk dinilai');
  await expectNoSideScroll(page);

  // "Batalkan pengiriman" asks first, then the work is back to not handed in, files kept.
  await work.getByRole('button', { name: 'Batalkan pengiriman' }).click();
  const confirm = page.getByRole('dialog', { name: 'Batalkan pengiriman?' });
  await confirm.getByRole('button', { name: 'Batalkan pengiriman' }).click();
  await expect(toast(page, 'Pengiriman dibatalkan')).toBeVisible();
  await expect(statusCell(page, 'Status')).toHaveText('Belum Mengumpulkan');
  const current = form.getByRole('list', { name: 'File yang sudah diunggah' }).getByRole('listitem');
  await expect(current).toHaveCount(3);
  await expect(form.getByRole('textbox', { name: 'Jawaban' })).toHaveValue(answer);

  // Hands in again without the second photo.
  await form.getByRole('button', { name: 'Hapus halaman-2.jpg' }).click();
  await expect(form).toContainText('2 dari 10 file');
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(page, DONE).first()).toBeVisible();
  await expect(work.getByRole('list', { name: 'File tugasmu' }).getByRole('listitem')).toHaveCount(2);
  await expect(work.getByRole('link', { name: 'halaman-2.jpg' })).toHaveCount(0);
  await expect(statusCell(page, 'Status')).toHaveText('Sudah Mengumpulkan');

  // A private comment to the teacher.
  const thread = page.getByRole('region', { name: 'Komentar pribadi' });
  await thread.getByRole('textbox', { name: 'Tulis komentar pribadi' }).fill('Bu, foto kedua saya hapus karena buram.');
  await thread.getByRole('button', { name: 'Kirim' }).click();
  await expect(thread.getByRole('list', { name: 'Daftar komentar pribadi' })).toContainText('Bu, foto kedua saya hapus karena buram.');
  await expect(thread.getByRole('textbox', { name: 'Tulis komentar pribadi' })).toHaveValue('');
  await expectNoSideScroll(page);

  // Nilai Saya from the bottom navigation: the graded score and the teacher's feedback.
  await page.getByRole('navigation', { name: 'Navigasi bawah' }).getByRole('link', { name: 'Nilai Saya' }).click();
  await expect(page).toHaveURL(/\/my-grades$/);
  const card = page.getByRole('region', { name: s.className });
  const graded = card.getByRole('listitem').filter({ hasText: s.graded.title });
  await expect(graded).toContainText('Nilai 88');
  await expect(graded).toContainText(`Masukan: ${s.feedback}`);
  await expect(card).toContainText('Rata-rata88');
  await expect(card.getByRole('listitem').filter({ hasText: s.photos.title })).toContainText('Menunggu dinilai');
  await expectNoSideScroll(page);
});

test('a student on a desktop: class badges, a closed assignment, too many files, returned work and its history', async ({
  page,
  request,
}) => {
  const s = await workScene(request);
  await login(page, s.student.username, s.student.password);

  // The class page shows each assignment's state beside its link.
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: s.className }).click();
  await openLesson(page, 1);
  const item = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(item(s.photos.title)).toContainText('Belum dikerjakan');
  await expect(item(s.late.title)).toContainText('Terlambat');
  await expect(item(s.graded.title)).toContainText('Nilai 88');

  // A closed assignment: a clear message, no form. (The class page may re-render under the click when
  // a live notification arrives; the link is clicked again only if the page did not change.)
  const closedLink = page.getByRole('link', { name: s.closed.title });
  const closedHref = (await closedLink.getAttribute('href'))!;
  await expect(async () => {
    if (!page.url().endsWith(closedHref)) await closedLink.click({ timeout: 2_000 });
    await expect(page).toHaveURL((url) => url.pathname === closedHref, { timeout: 2_000 });
  }).toPass();
  await expect(page.getByRole('region', { name: 'Tugasmu' })).toContainText('Pengumpulan tugas ini sudah ditutup');
  await expect(statusCell(page, 'Ditutup')).toHaveText(/ WIB$/);
  await expect(page.getByRole('button', { name: /^(Upload|Update) Submission$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pilih file' })).toHaveCount(0);
  await expectNoSideScroll(page);

  // Eleven files: the eleventh is refused here with the server's message; an empty hand-in is refused too.
  await page.goto(`/my-classes/${s.classId}/submissions/${s.photos.id}`);
  const form = page.getByRole('region', { name: 'Kirim tugas' });
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(form.getByRole('alert')).toHaveText('Lampirkan file atau tulis jawaban');
  const many = Array.from({ length: 11 }, (_, i) => ({
    name: `bagian-${i + 1}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`bagian ${i + 1}`),
  }));
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pilih file' }).click();
  await (await chooser).setFiles(many);
  await expect(form.getByRole('list', { name: 'File baru' }).getByRole('listitem')).toHaveCount(10);
  await expect(form.getByRole('alert')).toContainText('bagian-11.txt: Paling banyak 10 file dalam satu pengumpulan');
  await form.getByRole('button', { name: 'Hapus bagian-10.txt' }).click();
  await expect(form.getByRole('list', { name: 'File baru' }).getByRole('listitem')).toHaveCount(9);
  await expect(form.getByRole('button', { name: 'Hapus bagian-10.txt' })).toHaveCount(0);
  await expect(form).toContainText('9 dari 10 file');
  await form.getByRole('textbox', { name: 'Jawaban' }).fill('Sembilan bagian.');
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(page, DONE)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tugasmu' }).getByRole('list', { name: 'File tugasmu' }).getByRole('listitem')).toHaveCount(
    9,
  );

  // The teacher extends the deadline, grades with feedback and returns the work.
  const ext = new Date(Date.now() + 10 * 24 * HOUR).toISOString();
  const e = await api(request, s.teacher.token, 'PUT', `${s.photos.api}/students/${s.student.id}/extension`, { deadline: ext });
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const detail = await api(request, s.teacher.token, 'GET', `${s.photos.api}/students/${s.student.id}`);
  const revision = detail.body.data.submission.revision as number;
  const g = await api(request, s.teacher.token, 'POST', `${s.photos.api}/grade`, {
    student_id: s.student.id,
    score: 70,
    feedback: 'Bagian 4 belum lengkap, perbaiki ya.',
    revision,
  });
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  const r = await api(request, s.teacher.token, 'POST', `${s.photos.api}/return`, { student_id: s.student.id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);

  await page.reload();
  await expect(statusCell(page, 'Due Date')).toContainText('Diperpanjang');
  await expect(statusCell(page, 'Grading Status')).toHaveText('Dikembalikan');
  await expect(statusCell(page, 'Score')).toHaveText('70');
  await expect(page.getByText('Bagian 4 belum lengkap, perbaiki ya.')).toBeVisible();
  const work = page.getByRole('region', { name: 'Tugasmu' });
  await expect(work).toContainText('Gurumu mengembalikan tugas ini.');
  await work.getByRole('button', { name: 'Ubah kiriman' }).click();
  const again = page.getByRole('region', { name: 'Ubah kiriman' });
  await again.getByRole('textbox', { name: 'Jawaban' }).fill('Sembilan bagian, bagian 4 sudah dilengkapi.');
  await expect(again.getByRole('button', { name: 'Upload Submission' })).toHaveCount(0);
  await again.getByRole('button', { name: 'Update Submission' }).click();
  await expect(toast(page, DONE)).toBeVisible();
  await expect(statusCell(page, 'Grading Status')).toHaveText('Menunggu untuk dinilai');
  await expect(statusCell(page, 'Status')).toHaveText('Sudah Mengumpulkan');

  // The returned version stays in the history with its score and feedback.
  const history = page.getByRole('region', { name: 'Riwayat pengumpulan' });
  await expect(history).toContainText('Versi 1');
  await expect(history).toContainText('Nilai 70');
  await expect(history).toContainText('Bagian 4 belum lengkap, perbaiki ya.');
  await expect(history.getByRole('link', { name: 'bagian-1.txt' })).toBeVisible();
  await expectNoSideScroll(page);

  // Tugas Saya and Nilai Saya from the sidebar.
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Tugas Saya' }).click();
  await page.getByRole('tab', { name: 'Selesai' }).click();
  const done = page.getByRole('list', { name: 'Selesai' }).getByRole('listitem');
  await expect(done.filter({ hasText: s.photos.title })).toContainText('Menunggu dinilai');
  await expect(done.filter({ hasText: s.graded.title })).toContainText('Nilai 88');
  await expectNoSideScroll(page);
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Nilai Saya' }).click();
  await expect(page.getByRole('region', { name: s.className })).toContainText(s.feedback);
  await expectNoSideScroll(page);
});

test('@phone a big camera photo is made lighter before it is uploaded, and stays readable', async ({ page, request }) => {
  const s = await workScene(request);
  await signIn(page, s.student.username, s.student.password);
  await page.goto(`/my-classes/${s.classId}/submissions/${s.photos.id}`);
  const form = page.getByRole('region', { name: 'Kirim tugas' });
  await expect(form).toContainText('Foto besar diperkecil otomatis');
  // A 12-megapixel phone photo (4000 × 3000, with grain, as a camera makes it).
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 4000;
    c.height = 3000;
    const g = c.getContext('2d')!;
    const img = g.createImageData(4000, 3000);
    for (let i = 0; i < img.data.length; i += 4) {
      const v = 200 + Math.floor(Math.random() * 40);
      img.data[i] = v;
      img.data[i + 1] = v;
      img.data[i + 2] = v - 10;
      img.data[i + 3] = 255;
    }
    g.putImageData(img, 0, 0);
    g.fillStyle = '#111';
    g.font = 'bold 160px sans-serif';
    g.fillText('x² + 2x = 0', 300, 1500);
    return c.toDataURL('image/jpeg', 0.92);
  });
  const original = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Ambil foto' }).click();
  await (await chooser).setFiles({ name: 'IMG_20261125_0712.jpg', mimeType: 'image/jpeg', buffer: original });
  await expect(form.getByRole('list', { name: 'File baru' }).getByRole('listitem')).toHaveCount(1);
  await form.getByRole('button', { name: 'Upload Submission' }).click();
  await expect(toast(page, DONE)).toBeVisible();

  const mine = await api(request, s.student.token, 'GET', `/api/student/submissions/${s.photos.id}`);
  const [stored] = mine.body.data.submission.files as Array<{ file: string; filename: string; size: number; mime: string }>;
  expect(stored!.filename).toBe('IMG_20261125_0712.jpg');
  expect(stored!.mime).toBe('image/jpeg');
  expect(stored!.size).toBeLessThan(original.length / 2);
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, stored!.file);
  expect(size).toEqual([2000, 1500]);
});
