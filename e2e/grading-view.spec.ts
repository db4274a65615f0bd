import { expect, test, type Page } from '@playwright/test';
import { api, apiIdle, pickDate, toast, signIn } from './fixtures';
import { gradingScene, handInWork, pdfWithText, png, stamp, textFile } from './grading-fixtures';

const column = (page: Page, name: 'Diserahkan' | 'Ditugaskan' | 'Dinilai') => page.getByRole('region', { name, exact: true });
const grading = (page: Page) => page.getByRole('region', { name: 'Penilaian', exact: true });

/** Two students who handed in (Ani: a PDF, a photo, a text file and an answer; Budi: a text file) and one who did not. */
async function handedInScene(request: Parameters<typeof gradingScene>[0]) {
  const mark = stamp();
  const s = await gradingScene(request, [`Ani Lestari ${mark}`, `Budi Hartono ${mark}`, `Citra Dewi ${mark}`]);
  const [ani, budi] = s.students as [(typeof s.students)[0], (typeof s.students)[0]];
  await handInWork(
    request,
    ani.token,
    s.assignmentId,
    [
      await pdfWithText('laporan.pdf', 'Laporan halaman profil'),
      png('tangkapan-layar.png', 320, 200, [220, 40, 40]),
      textFile('catatan.txt', '<h1>Profil Ani</h1>\nMemakai flexbox.'),
    ],
    'Halaman sudah saya unggah ke hosting sekolah.',
  );
  await handInWork(request, budi.token, s.assignmentId, [textFile('budi.txt', 'Jawaban Budi versi 1')]);
  return s;
}

test('the teacher previews a PDF, a photo and a text file, grades with feedback, returns, moves on with the keyboard and extends', async ({
  page,
  request,
}) => {
  const s = await handedInScene(request);
  const [ani, budi, citra] = s.students as [(typeof s.students)[0], (typeof s.students)[0], (typeof s.students)[0]];
  await signIn(page, s.teacher.username, s.teacher.password);
  await page.goto(`${s.page}?tab=penilaian`);
  await expect(column(page, 'Ditugaskan').getByRole('link', { name: citra.name })).toBeVisible();
  await column(page, 'Diserahkan').getByRole('link', { name: ani.name }).click();
  await expect(page).toHaveURL(new RegExp(`${s.studentPage(ani.id)}$`));
  await expect(page.getByRole('heading', { name: ani.name })).toBeVisible();

  // The files are shown in the page: the PDF page drawn by pdf.js, the photo, the text file; and the answer.
  const work = page.getByRole('region', { name: 'Kiriman siswa' });
  const pdfPage = work.getByRole('img', { name: 'laporan.pdf, halaman 1 dari 1' });
  await expect(pdfPage).toHaveAttribute('data-drawn', 'true');
  expect(await pdfPage.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(100);
  const photo = work.getByRole('img', { name: 'tangkapan-layar.png' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(work.getByLabel('Isi catatan.txt')).toHaveText('<h1>Profil Ani</h1>\nMemakai flexbox.');
  await expect(work.getByText('Halaman sudah saya unggah ke hosting sekolah.')).toBeVisible();

  // Kembalikan waits for a grade.
  const form = grading(page);
  await expect(form.getByRole('button', { name: 'Kembalikan' })).toBeDisabled();
  await expect(form.getByText('Beri nilai dulu sebelum mengembalikan tugas ini')).toBeVisible();
  await form.getByRole('textbox', { name: 'Nilai (0–100)' }).fill('88');
  await form.getByRole('textbox', { name: 'Masukan' }).fill('Rapi. Tambahkan teks alternatif pada foto.');
  await form.getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(page, 'Nilai berhasil disimpan')).toBeVisible();
  await expect(page.getByTestId('score')).toHaveText('88');
  await form.getByRole('button', { name: 'Kembalikan' }).click();
  await expect(toast(page, 'Tugas dikembalikan ke siswa')).toBeVisible();
  await expect(page.getByText('Dikembalikan', { exact: true })).toBeVisible();
  const mine = await api(request, ani.token, 'GET', `/api/student/submissions/${s.assignmentId}`);
  expect(mine.body.data.submission).toMatchObject({
    score: 88,
    feedback: 'Rapi. Tambahkan teks alternatif pada foto.',
    grading_status: 'Dikembalikan',
  });

  // A private comment.
  const thread = page.getByRole('region', { name: 'Komentar pribadi' });
  await thread.getByRole('textbox', { name: 'Tulis komentar pribadi' }).fill('Fotonya sudah jelas, terima kasih.');
  await thread.getByRole('button', { name: 'Kirim' }).click();
  await expect(thread.getByRole('listitem').filter({ hasText: 'Fotonya sudah jelas, terima kasih.' })).toBeVisible();
  await expect(thread.getByRole('textbox', { name: 'Tulis komentar pribadi' })).toHaveValue('');

  // J and K move between the students who handed in, not while typing.
  await expect(page.getByRole('button', { name: 'Berikutnya' })).toHaveAttribute('title', /J/);
  await thread.getByRole('textbox', { name: 'Tulis komentar pribadi' }).press('j');
  await expect(page).toHaveURL(new RegExp(`${s.studentPage(ani.id)}$`));
  await page.getByRole('heading', { name: ani.name }).click();
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`${s.studentPage(budi.id)}$`));
  await expect(page.getByRole('heading', { name: budi.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kiriman siswa' }).getByLabel('Isi budi.txt')).toHaveText('Jawaban Budi versi 1');
  await expect(grading(page).getByRole('textbox', { name: 'Masukan' })).toHaveValue('');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`${s.studentPage(ani.id)}$`));
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(page).toHaveURL(new RegExp(`${s.studentPage(budi.id)}$`));
  await expect(page.getByLabel('Isi budi.txt')).toHaveText('Jawaban Budi versi 1');
  // The page refreshes Budi's work when it comes back to it: let that finish before Budi hands in again.
  await apiIdle(page);

  // Budi hands in again while the teacher looks: the new work appears by itself (the live stream), and the grade goes to it.
  // (A grade sent for work that changed meanwhile is still refused: the API tests send a stale revision.)
  await handInWork(request, budi.token, s.assignmentId, [textFile('budi.txt', 'Jawaban Budi versi 2')]);
  await expect(page.getByLabel('Isi budi.txt')).toHaveText('Jawaban Budi versi 2');
  await grading(page).getByRole('textbox', { name: 'Nilai (0–100)' }).fill('70');
  await grading(page).getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(page, 'Nilai berhasil disimpan')).toBeVisible();
  await expect(page.getByTestId('score')).toHaveText('70');

  // An extension for Budi only: a closing time before the new deadline is refused with the message.
  await page.getByRole('button', { name: 'Perpanjang untuk siswa ini' }).click();
  const modal = page.getByRole('dialog', { name: 'Perpanjang untuk siswa ini' });
  await pickDate(page, modal.getByLabel('Tenggat baru (WIB)'), '2031-07-10', '23:59');
  await pickDate(page, modal.getByLabel('Waktu penutupan (WIB)'), '2031-07-05', '07:00');
  await modal.getByRole('button', { name: 'Simpan' }).click();
  await expect(modal.getByText('Waktu penutupan tidak boleh sebelum tenggat')).toBeVisible();
  await pickDate(page, modal.getByLabel('Waktu penutupan (WIB)'), '2031-07-12', '07:00');
  await modal.getByRole('button', { name: 'Simpan' }).click();
  await expect(toast(page, 'Tenggat untuk siswa ini berhasil diperpanjang')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Tenggat: 10 Juli 2031 23.59 WIB · Ditutup: 12 Juli 2031 07.00 WIB')).toBeVisible();
  await expect(page.getByText('Diperpanjang', { exact: true })).toBeVisible();
  const budiView = await api(request, budi.token, 'GET', `/api/student/submissions/${s.assignmentId}`);
  expect(budiView.body.data.submission).toMatchObject({ extended: true });
  expect(Date.parse(budiView.body.data.submission.deadline)).toBe(Date.parse('2031-07-10T23:59:00+07:00'));

  // Removed again: the assignment's deadline applies.
  await page.getByRole('button', { name: 'Perpanjang untuk siswa ini' }).click();
  await modal.getByRole('button', { name: 'Hapus perpanjangan' }).click();
  await expect(toast(page, 'Perpanjangan tenggat untuk siswa ini dihapus')).toBeVisible();
  await expect(page.getByText('Tenggat: 30 Juni 2031 23.59 WIB')).toBeVisible();

  // The lists follow: Ani and Budi under Dinilai with their scores.
  await page.getByRole('link', { name: 'Kembali ke penilaian' }).click();
  await expect(column(page, 'Dinilai').getByRole('link', { name: ani.name })).toContainText('88');
  await expect(column(page, 'Dinilai').getByRole('link', { name: budi.name })).toContainText('70');
  await expect(column(page, 'Dinilai').getByRole('link', { name: ani.name })).toContainText('Dikembalikan');
});

test('@phone at 390 px the columns stack, the preview comes first and the score form stays reachable', async ({ page, request }) => {
  const s = await handedInScene(request);
  const ani = s.students[0]!;
  await signIn(page, s.teacher.username, s.teacher.password);
  await page.goto(`${s.page}?tab=penilaian`);
  // Measured once the columns hold their students (a column still loading is shorter).
  await expect(column(page, 'Diserahkan').getByRole('link', { name: ani.name })).toBeVisible();
  await apiIdle(page);
  const submitted = (await column(page, 'Diserahkan').boundingBox())!;
  const assigned = (await column(page, 'Ditugaskan').boundingBox())!;
  expect(assigned.y).toBeGreaterThanOrEqual(submitted.y + submitted.height);
  expect(submitted.width).toBeGreaterThan(300);
  await column(page, 'Diserahkan').getByRole('link', { name: ani.name }).click();

  const work = page.getByRole('region', { name: 'Kiriman siswa' });
  await expect(work.getByRole('img', { name: 'laporan.pdf, halaman 1 dari 1' })).toHaveAttribute('data-drawn', 'true');
  await expect(work.getByRole('img', { name: 'tangkapan-layar.png' })).toBeVisible();
  await expect(work.getByLabel('Isi catatan.txt')).toContainText('Memakai flexbox.');
  const preview = (await work.boundingBox())!;
  const form = (await grading(page).boundingBox())!;
  expect(preview.y).toBeLessThan(form.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'Langsung ke nilai dan masukan' }).click();
  const score = grading(page).getByRole('textbox', { name: 'Nilai (0–100)' });
  await expect(score).toBeInViewport();
  await score.fill('95');
  await grading(page).getByRole('textbox', { name: 'Masukan' }).fill('Sangat baik.');
  await grading(page).getByRole('button', { name: 'Simpan nilai' }).click();
  await expect(toast(page, 'Nilai berhasil disimpan')).toBeVisible();
  await grading(page).getByRole('button', { name: 'Kembalikan' }).click();
  await expect(toast(page, 'Tugas dikembalikan ke siswa')).toBeVisible();
  // On a phone the toasts lie over the top bar with Berikutnya; a pointer resting on one keeps it open.
  await page.mouse.move(195, 700);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Berikutnya' }).click();
  await expect(page.getByRole('heading', { name: s.students[1]!.name })).toBeVisible();
});
