/**
 * Building lessons, materials (issue 21): several files at once with a progress bar per file and for
 * all, one file cancelled; link materials with YouTube played embedded (youtube-nocookie.com) and
 * other links in a new tab, for the teacher and the student; rename, change a link, replace a file.
 * The browser is offline for YouTube: the player's own load fails, so only the frame is checked.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  api,
  classWithLesson,
  freshRombel,
  freshUser,
  openLesson,
  samplePdf,
  throttleUploads,
  toast,
  violations,
  signIn,
} from './fixtures';

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1';
/** The player is made only when the video's thumbnail is tapped (issue 42, data-saver.spec.ts). */
const play = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: `Putar video YouTube: ${title}` }).click();

/** A valid PDF of about `kb` kilobytes (padding after the end marker), so its upload takes a while when throttled. */
const pdfOf = (name: string, kb: number) => {
  const base = samplePdf(name);
  return { ...base, buffer: Buffer.concat([base.buffer, Buffer.alloc(kb * 1024, 0x20)]) };
};

/** A fresh teacher with a class of a fresh rombel (with one student) and one content. */
async function lessonScene(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'X TKJ Materi');
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const ids = await classWithLesson(request, teacher.token, { rombelId: rombel.id, name: 'Jaringan Dasar', lessonTitle: 'Subnetting' });
  const base = `/api/teacher/online-classes/${ids.classId}/contents/${ids.lessonId}`;
  return { teacher, student, ...ids, base };
}

type Scene = Awaited<ReturnType<typeof lessonScene>>;

async function teacherPage(page: Page, s: Scene) {
  await signIn(page, s.teacher.username, s.teacher.password);
  await page.goto(`/online-class/${s.classId}`);
  const card = page.getByRole('region', { name: 'Pembelajaran 1' });
  await expect(card.getByText('Subnetting')).toBeVisible();
  return card;
}

async function openSub(page: Page, card: ReturnType<Page['getByRole']>, item: 'Add Material' | 'Add Link') {
  await card.getByRole('button', { name: 'Sub konten Pembelajaran 1' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item === 'Add Material' ? 'Tambah Materi' : 'Tambah Tautan' });
}

/** The materials of the content as the API has them. */
async function materialsOf(request: APIRequestContext, s: Scene) {
  const res = await api(request, s.teacher.token, 'GET', s.base);
  return res.body.data.materials as Array<{ id: number; title: string; kind: string; filename: string | null; url: string | null }>;
}

test('several files upload at once, each with its progress; one is cancelled, the others become materials', async ({ page, request }) => {
  const s = await lessonScene(request);
  const card = await teacherPage(page, s);
  const dialog = await openSub(page, card, 'Add Material');
  await expect(dialog.getByRole('button', { name: 'Unggah' })).toBeDisabled();
  await dialog
    .getByLabel('File materi', { exact: true })
    .setInputFiles([pdfOf('Modul Jaringan.pdf', 600), pdfOf('Lembar Kerja.pdf', 1500), pdfOf('Latihan Soal.pdf', 600)]);
  // Each file is one row titled after its name, editable before the upload.
  await expect(dialog.getByRole('textbox', { name: 'Judul Lembar Kerja.pdf' })).toHaveValue('Lembar Kerja');
  await expect(dialog.getByRole('textbox', { name: 'Judul Latihan Soal.pdf' })).toHaveValue('Latihan Soal');
  await dialog.getByRole('textbox', { name: 'Judul Modul Jaringan.pdf' }).fill('Modul 1: Jaringan');
  await expect(dialog.getByText('3 dari 20 file')).toBeVisible();
  expect(await violations(page, 'Tambah Materi')).toEqual([]);

  await throttleUploads(page, 300_000);
  await dialog.getByRole('button', { name: 'Unggah 3 file' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Progres semua file' })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Progres Lembar Kerja.pdf' })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Progres Modul Jaringan.pdf' })).toBeVisible();
  // The big file is cancelled while it goes up; the others carry on.
  await expect(dialog.getByRole('listitem', { name: 'Lembar Kerja.pdf' }).getByText(/^\d{1,3}%$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Batalkan unggahan Lembar Kerja.pdf' }).click();
  await expect(dialog.getByRole('listitem', { name: 'Lembar Kerja.pdf' }).getByText('Dibatalkan')).toBeVisible();
  await expect(toast(page, '2 materi berhasil ditambahkan')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await throttleUploads(page, -1);

  await expect(card.getByRole('link', { name: 'Modul 1: Jaringan' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Latihan Soal' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Lembar Kerja' })).toHaveCount(0);
  const stored = await materialsOf(request, s);
  expect(stored.map((m) => [m.title, m.filename])).toEqual([
    ['Modul 1: Jaringan', 'Modul Jaringan.pdf'],
    ['Latihan Soal', 'Latihan Soal.pdf'],
  ]);
});

test('the 21st file is refused before anything is sent', async ({ page, request }) => {
  const s = await lessonScene(request);
  const card = await teacherPage(page, s);
  const dialog = await openSub(page, card, 'Add Material');
  const files = Array.from({ length: 21 }, (_, i) => samplePdf(`Bab ${i + 1}.pdf`));
  await dialog.getByLabel('File materi', { exact: true }).setInputFiles(files);
  await expect(dialog.getByText('Bab 21.pdf: Paling banyak 20 file sekaligus.')).toBeVisible();
  await expect(dialog.getByText('20 dari 20 file')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Judul Bab/ })).toHaveCount(20);
  // A row can be taken out before the upload.
  await dialog.getByRole('button', { name: 'Hapus Bab 20.pdf dari daftar' }).click();
  await expect(dialog.getByRole('button', { name: 'Unggah 19 file' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();
  expect(await materialsOf(request, s)).toEqual([]);
});

test('a YouTube link plays embedded for the teacher and the student; other links open in a new tab', async ({ page, browser, request }) => {
  const s = await lessonScene(request);
  const card = await teacherPage(page, s);

  let dialog = await openSub(page, card, 'Add Link');
  await dialog.getByRole('textbox', { name: 'Judul' }).fill('Video Subnetting');
  await dialog.getByRole('textbox', { name: 'Tautan' }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Tautan harus berupa alamat lengkap yang diawali http:// atau https://')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Tautan' }).fill(YOUTUBE);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Materi berhasil ditambahkan')).toBeVisible();
  await expect(dialog).toBeHidden();
  await play(card, 'Video Subnetting');
  const frame = card.locator('iframe[title="Video Subnetting"]');
  await expect(frame).toHaveAttribute('src', EMBED);
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expect(frame).toHaveAttribute('allowfullscreen', '');

  dialog = await openSub(page, card, 'Add Link');
  await dialog.getByRole('textbox', { name: 'Judul' }).fill('Kuis Google Form');
  await dialog.getByRole('textbox', { name: 'Tautan' }).fill('https://docs.google.com/forms/d/e/kuis/viewform');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  const quiz = card.getByRole('link', { name: /Kuis Google Form/ });
  await expect(quiz).toHaveAttribute('href', 'https://docs.google.com/forms/d/e/kuis/viewform');
  await expect(quiz).toHaveAttribute('target', '_blank');
  await expect(quiz).toHaveAttribute('rel', /noopener/);
  await expect(card.locator('iframe')).toHaveCount(1);

  // The page policy lets the app frame the privacy-enhanced player only.
  const csp = (await request.get(`/online-class/${s.classId}`)).headers()['content-security-policy'];
  expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, s.student.username, s.student.password);
  await student.goto(`/my-classes/${s.classId}`);
  await openLesson(student, 1);
  await play(student, 'Video Subnetting');
  await expect(student.locator('iframe[title="Video Subnetting"]')).toHaveAttribute('src', EMBED);
  const studentQuiz = student.getByRole('link', { name: /Kuis Google Form/ });
  await expect(studentQuiz).toHaveAttribute('target', '_blank');
  await expect(studentQuiz).toHaveAttribute('rel', /noopener/);
  expect(await violations(student, 'Kelas siswa dengan video')).toEqual([]);
  await studentContext.close();
});

test('a material is renamed, a link changed and a file replaced from the row menu', async ({ page, request }) => {
  const s = await lessonScene(request);
  const uploaded = await request.post(`${s.base}/materials`, {
    headers: { Authorization: `Bearer ${s.teacher.token}` },
    multipart: { title: 'Modul Lama', file: samplePdf('lama.pdf') },
  });
  expect(uploaded.status()).toBe(201);
  const link = await api(request, s.teacher.token, 'POST', `${s.base}/links`, { title: 'Situs Sekolah', url: 'https://contoh.sch.id' });
  expect(link.status).toBe(201);
  const card = await teacherPage(page, s);

  // Rename.
  await card.getByRole('button', { name: 'Aksi materi Modul Lama' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Materi' });
  await expect(dialog.getByRole('textbox', { name: 'Tautan' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Judul' }).fill('Modul Subnetting');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Materi berhasil diperbarui')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Modul Subnetting' })).toBeVisible();

  // Change a link into a YouTube video: it now plays in the page.
  await card.getByRole('button', { name: 'Aksi materi Situs Sekolah' }).click();
  await expect(page.getByRole('menuitem', { name: 'Ganti file' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Tautan' });
  await expect(dialog.getByRole('textbox', { name: 'Tautan' })).toHaveValue('https://contoh.sch.id');
  await dialog.getByRole('textbox', { name: 'Tautan' }).fill('data:text/html,hai');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Tautan harus berupa alamat lengkap yang diawali http:// atau https://')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Judul' }).fill('Video Pembahasan');
  await dialog.getByRole('textbox', { name: 'Tautan' }).fill('https://youtu.be/dQw4w9WgXcQ');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await play(card, 'Video Pembahasan');
  await expect(card.locator('iframe[title="Video Pembahasan"]')).toHaveAttribute('src', EMBED);

  // Replace the file.
  await card.getByRole('button', { name: 'Aksi materi Modul Subnetting' }).click();
  await page.getByRole('menuitem', { name: 'Ganti file' }).click();
  dialog = page.getByRole('dialog', { name: 'Ganti File Materi' });
  await expect(dialog.getByText('lama.pdf')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unggah' })).toBeDisabled();
  await dialog.getByLabel('File pengganti').setInputFiles(samplePdf('modul-revisi.pdf'));
  await dialog.getByRole('button', { name: 'Unggah' }).click();
  await expect(dialog).toBeHidden();

  const stored = await materialsOf(request, s);
  expect(stored.map((m) => [m.title, m.kind, m.filename ?? m.url])).toEqual([
    ['Modul Subnetting', 'file', 'modul-revisi.pdf'],
    ['Video Pembahasan', 'link', 'https://youtu.be/dQw4w9WgXcQ'],
  ]);
});

test('@phone materials at 390 px: several files, a link with its video, the row menu', async ({ page, request }) => {
  const s = await lessonScene(request);
  const card = await teacherPage(page, s);

  const dialog = await openSub(page, card, 'Add Material');
  await dialog.getByLabel('File materi', { exact: true }).setInputFiles([samplePdf('Modul A.pdf'), samplePdf('Modul B.pdf')]);
  await expect(dialog.getByRole('textbox', { name: 'Judul Modul B.pdf' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unggah 2 file' })).toBeEnabled();
  // The pointer rests where the menu item was tapped; a hovered button is not what is checked here.
  await page.mouse.move(0, 0);
  expect(await violations(page, 'Tambah Materi (ponsel)')).toEqual([]);
  await dialog.getByRole('button', { name: 'Unggah 2 file' }).click();
  await expect(toast(page, '2 materi berhasil ditambahkan')).toBeVisible();

  const link = await openSub(page, card, 'Add Link');
  await link.getByRole('textbox', { name: 'Judul' }).fill('Video Subnetting');
  await link.getByRole('textbox', { name: 'Tautan' }).fill(YOUTUBE);
  await link.getByRole('button', { name: 'Simpan' }).click();
  await expect(link).toBeHidden();
  await play(card, 'Video Subnetting');
  const frame = card.locator('iframe[title="Video Subnetting"]');
  await expect(frame).toHaveAttribute('src', EMBED);
  const box = await frame.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(box!.width).toBeGreaterThan(200);
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: 'Aksi materi Modul B' }).click();
  await expect(page.getByRole('menuitem', { name: 'Ganti file' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Materi' })).toBeVisible();
});
