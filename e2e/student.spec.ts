import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, api, freshRombel, freshUser, login, toast, signIn } from './fixtures';

const DONE = 'Berhasil, Tugasmu berhasil dikumpulkan.';
const NO_ROMBEL = 'Silahkan lengkapi profile kamu untuk dapat mengikuti kelas';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

/**
 * A teacher with a long name, a student with a NIS in a fresh rombel, and a class with one content holding a
 * material, a forum and an assignment due in three days.
 */
async function classScene(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'X E2E');
  const teacherName = `Guru ${unique()} Pengampu Jaringan`;
  const teacher = await freshUser(request, 2, { name: teacherName });
  const nis = String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8);
  const student = await freshUser(request, 3, { rombel_id: rombel.id, nis });
  const className = `Jaringan Dasar ${unique()}`;
  const created = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    rombel_class_id: rombel.id,
    name: className,
    description: 'Kelas tentang dasar-dasar jaringan komputer.',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const classId = created.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}`;
  const content = await api(request, teacher.token, 'POST', `${base}/contents`, {
    title: 'Pengenalan Topologi',
    description: 'Topologi bus, ring dan bintang.',
  });
  const lessonId = content.body.data.id as number;
  const material = await request.post(`${base}/contents/${lessonId}/materials`, {
    headers: { Authorization: `Bearer ${teacher.token}` },
    multipart: {
      title: 'Modul Topologi',
      file: {
        name: 'modul.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
      },
    },
  });
  expect(material.status(), await material.text()).toBe(201);
  const forum = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/forums`, {
    topic: 'Diskusi Topologi Bintang',
    description: 'Apa kelebihannya?',
  });
  expect(forum.status, JSON.stringify(forum.body)).toBe(201);
  const assignmentTitle = `Tugas Subnetting ${unique()}`;
  const assignment = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments`, {
    title: assignmentTitle,
    description: 'Hitung subnet untuk 192.168.10.0/26.',
    deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
  return {
    rombel,
    teacher: { ...teacher, name: teacherName },
    student: { ...student, nis },
    className,
    classId,
    lessonId,
    forumId: forum.body.data.id as number,
    assignmentId: assignment.body.data.id as number,
    assignmentTitle,
    assignmentUrl: `${base}/contents/${lessonId}/assignments/${assignment.body.data.id}`,
  };
}

/** The value cell of a row of the "Submission Status" table. */
const statusCell = (page: Page, label: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

test.describe('student dashboard, class page and submission', () => {
  test('the student finds the class, hands in and replaces a file, and sees the grade', async ({ page, request }) => {
    const s = await classScene(request);
    await login(page, s.student.username, s.student.password);
    await expect(page.getByRole('heading', { name: 'Dashboard Siswa' })).toBeVisible();

    // The class card: rombel, class name, teacher cut at 15 characters, View.
    const card = page.getByRole('article', { name: s.className });
    await expect(card).toBeVisible();
    await expect(card).toContainText(s.rombel.name);
    await expect(card.getByText(`${s.teacher.name.slice(0, 15)}...`, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: `View ${s.className}` })).toHaveAttribute('href', `/my-classes/${s.classId}`);

    // Search: a case-insensitive substring of the class name.
    const search = page.getByRole('textbox', { name: 'Cari kelas' });
    await search.fill(s.className.slice(9).toUpperCase());
    await expect(card).toBeVisible();
    await search.fill('tidak-ada-kelas-ini');
    await expect(card).toBeHidden();
    await expect(page.getByText('Tidak ada kelas yang cocok')).toBeVisible();
    await search.fill('');
    await expect(card).toBeVisible();

    // Upcoming Assignments → lihat.
    const upcoming = page.getByRole('region', { name: 'Upcoming Assignments' });
    await expect(upcoming).toContainText(s.assignmentTitle);
    await expect(upcoming).toContainText(s.className);
    await expect(upcoming).toContainText('WIB');
    await upcoming.getByRole('link', { name: `lihat ${s.assignmentTitle}` }).click();
    await expect(page).toHaveURL(new RegExp(`/my-classes/${s.classId}/submissions/${s.assignmentId}$`));
    await expect(page.getByRole('heading', { name: 'Submission Detail' })).toBeVisible();

    const instructions = page.getByRole('region', { name: 'Instruksi Tugas' });
    await expect(instructions).toContainText(s.assignmentTitle);
    await expect(instructions).toContainText(s.teacher.name);
    await expect(instructions).toContainText('100 poin');
    await expect(instructions).toContainText(/Tenggat: .+ WIB/);
    await expect(instructions).toContainText('Hitung subnet untuk 192.168.10.0/26.');
    await expect(statusCell(page, 'Status')).toHaveText('Belum Mengumpulkan');
    await expect(statusCell(page, 'Grading Status')).toHaveText('Belum Mengumpulkan');
    await expect(statusCell(page, 'Due Date')).toHaveText(/ WIB$/);

    // Not handed in yet: the form is there at once. An empty file is refused here, a refused type by
    // the server as soon as the file starts uploading, in that file's own row.
    const form = page.getByRole('region', { name: 'Kirim tugas' });
    await expect(form).toContainText('paling besar 50 MB per file');
    const pick = async (files: { name: string; mimeType: string; buffer: Buffer }[]) => {
      const chooser = page.waitForEvent('filechooser');
      await form.getByRole('button', { name: 'Pilih file' }).click();
      await (await chooser).setFiles(files);
    };
    const picked = (name: string) => form.getByRole('list', { name: 'File baru' }).getByRole('listitem').filter({ hasText: name });
    await pick([{ name: 'kosong.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
    await expect(form.getByRole('alert')).toHaveText(/kosong\.txt: File kosong tidak dapat diunggah/);
    await expect(form.getByRole('list', { name: 'File baru' })).toHaveCount(0);
    await pick([{ name: 'program.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00 bukan tugas') }]);
    const refused = picked('program.exe').getByRole('alert');
    await expect(refused).toContainText('Gagal mengunggah — tugas BELUM terkirim');
    await expect(refused).toContainText('Tipe file tidak didukung');
    await expect(refused.getByRole('button', { name: 'Coba lagi program.exe' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeDisabled();
    await expect(statusCell(page, 'Grading Status')).toHaveText('Belum Mengumpulkan');
    await picked('program.exe').getByRole('button', { name: 'Hapus program.exe' }).click();
    await expect(form.getByRole('list', { name: 'File baru' })).toHaveCount(0);

    // Hold the file's bytes back a moment so its own progress row can be seen while it uploads.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') await held;
      await route.continue();
    });
    const first = Buffer.from('Jawaban pertama: 4 subnet, 62 host.');
    await pick([{ name: 'jawaban-pertama.txt', mimeType: 'text/plain', buffer: first }]);
    const row = picked('jawaban-pertama.txt');
    await expect(row).toContainText('0,1 KB');
    // The bar's filled section is 0 px wide at 0 %, so it is attached rather than "visible"; the bytes and the percentage show.
    await expect(row.getByRole('progressbar', { name: 'Progres jawaban-pertama.txt' })).toBeAttached();
    await expect(row.getByText(/^[\d,]+ KB dari 0,1 KB$/)).toBeVisible();
    await expect(row.getByText(/^\d+%$/)).toBeVisible();
    await expect(row.getByText(/^(Menyiapkan unggahan…|Menghitung sisa waktu…|.+ lagi)$/)).toBeVisible();
    // Not on the server yet: the button waits and says why.
    await expect(form.getByRole('button', { name: 'Upload Submission' })).toBeDisabled();
    await expect(form).toContainText('Tunggu sampai semua file selesai diunggah (0 dari 1 selesai).');
    release();
    await expect(row).toContainText('Selesai diunggah, siap diserahkan');
    await expect(row.getByRole('progressbar')).toHaveCount(0);
    await page.unroute('**/api/uploads/**');
    await form.getByRole('button', { name: 'Upload Submission' }).click();
    await expect(toast(page, DONE)).toBeVisible();
    const work = page.getByRole('region', { name: 'Tugasmu' });
    await expect(statusCell(page, 'Status')).toHaveText('Sudah Mengumpulkan');
    await expect(statusCell(page, 'Grading Status')).toHaveText('Menunggu untuk dinilai');
    await expect(statusCell(page, 'Submitted At')).toHaveText(/ WIB$/);
    await expect(work.getByRole('link', { name: 'jawaban-pertama.txt' })).toHaveAttribute('target', '_blank');
    await expect(statusCell(page, 'Score')).toHaveText('-');

    // Replace it while ungraded: "Ubah kiriman", remove the old file, drop a new one.
    await work.getByRole('button', { name: 'Ubah kiriman' }).click();
    const edit = page.getByRole('region', { name: 'Ubah kiriman' });
    await edit.getByRole('button', { name: 'Hapus jawaban-pertama.txt' }).click();
    const zone = edit.getByRole('group', { name: /Area unggah/ });
    const dt = await page.evaluateHandle(() => {
      const d = new DataTransfer();
      d.items.add(new File(['isi jawaban-kedua.txt'], 'jawaban-kedua.txt', { type: 'text/plain' }));
      return d;
    });
    await zone.dispatchEvent('drop', { dataTransfer: dt });
    await expect(edit.getByRole('list', { name: 'File baru' })).toContainText('jawaban-kedua.txt');
    await edit.getByRole('button', { name: 'Update Submission' }).click();
    await expect(toast(page, DONE).first()).toBeVisible();
    await expect(work.getByRole('link', { name: 'jawaban-kedua.txt' })).toBeVisible();
    await expect(page.getByText('jawaban-pertama.txt')).toHaveCount(0);
    await expect(statusCell(page, 'Grading Status')).toHaveText('Menunggu untuk dinilai');

    // Handed in, so it leaves the Upcoming list (back to the dashboard without a reload).
    await page.getByRole('button', { name: 'Kembali', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(upcoming).toContainText('Tidak ada tugas yang harus dikumpulkan.');
    await expect(upcoming).not.toContainText(s.assignmentTitle);

    // The teacher grades 0 (a real grade): the student sees it, and can no longer replace the file.
    const graded = await api(request, s.teacher.token, 'POST', `${s.assignmentUrl}/grade`, { student_id: s.student.id, score: 0 });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
    await expect(statusCell(page, 'Grading Status')).toHaveText('Sudah dinilai');
    await expect(statusCell(page, 'Score')).toHaveText('0');
    await expect(page.getByRole('region', { name: 'Tugasmu' })).toContainText('Tugas yang sudah dinilai tidak dapat diganti lagi.');
    await expect(page.getByRole('button', { name: 'Ubah kiriman' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Batalkan pengiriman' })).toHaveCount(0);
  });

  test('the class page shows Pembelajaran 1 with its material, forum and assignment links, and the Tentang tab', async ({
    page,
    request,
  }) => {
    const s = await classScene(request);
    await login(page, s.student.username, s.student.password);
    await page.getByRole('link', { name: `View ${s.className}` }).click();
    await expect(page).toHaveURL(new RegExp(`/my-classes/${s.classId}$`));
    await expect(page.getByRole('heading', { name: s.className })).toBeVisible();
    await expect(page.getByText(s.rombel.name, { exact: true })).toBeVisible();
    await expect(page.getByText(s.teacher.name, { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Konten' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Materi Pembelajaran' })).toBeVisible();
    await expect(page.getByText('Unduh materi, kerjakan tugas, dan ikuti forum diskusi')).toBeVisible();

    const item = page.getByRole('button', { name: /Pembelajaran 1/ });
    await expect(item).toContainText('Pengenalan Topologi');
    await expect(item).toContainText(/Dibuat \d+ \S+ \d{4}/);
    // The newest Pembelajaran the student can see is open on arrival.
    await expect(item).toHaveAttribute('aria-expanded', 'true');
    const material = page.getByRole('link', { name: 'Modul Topologi' });
    await expect(material).toHaveAttribute('target', '_blank');
    const file = await page.request.get((await material.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByRole('link', { name: 'Diskusi Topologi Bintang' })).toHaveAttribute(
      'href',
      `/my-classes/${s.classId}/contents/${s.lessonId}/forums/${s.forumId}`,
    );
    await expect(page.getByRole('link', { name: s.assignmentTitle })).toHaveAttribute(
      'href',
      `/my-classes/${s.classId}/submissions/${s.assignmentId}`,
    );

    await page.getByRole('tab', { name: 'Tentang' }).click();
    await expect(page.getByText('Kelas tentang dasar-dasar jaringan komputer.')).toBeVisible();
    await expect(page.getByText('Total siswa: 1')).toBeVisible();
    const students = page.getByRole('list', { name: 'Daftar siswa' }).getByRole('listitem');
    await expect(students).toHaveCount(1);
    await expect(students.first()).toContainText(s.student.nis);

    // Back on Konten the panel is drawn anew, the newest Pembelajaran open again: follow the assignment.
    await page.getByRole('tab', { name: 'Konten' }).click();
    await expect(item).toHaveAttribute('aria-expanded', 'true');
    const assignmentLink = page.getByRole('link', { name: s.assignmentTitle });
    await expect(assignmentLink).toBeInViewport({ ratio: 1 });
    await assignmentLink.click();
    await expect(page).toHaveURL(new RegExp(`/my-classes/${s.classId}/submissions/${s.assignmentId}$`));
    await expect(page.getByRole('heading', { name: 'Submission Detail' })).toBeVisible();
    await page.getByRole('button', { name: 'Kembali', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/my-classes/${s.classId}$`));
    await page.getByRole('main').getByRole('button', { name: 'Kembali ke beranda' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a student without a rombel is asked to complete the profile', async ({ page, request }) => {
    const student = await freshUser(request, 3);
    await login(page, student.username, student.password);
    await expect(page.getByText(NO_ROMBEL)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming Assignments' })).toContainText('Tidak ada tugas yang harus dikumpulkan.');
  });

  test('another rombel\'s class, or its assignment, shows "Not Found :("', async ({ page, request }) => {
    const s = await classScene(request);
    await signIn(page, DEMO.student.username, DEMO.student.password);
    await page.goto(`/my-classes/${s.classId}`);
    await expect(page.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
    await expect(page.getByText(s.className)).toHaveCount(0);
    await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
    await expect(page.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
    await expect(page.getByText(s.assignmentTitle)).toHaveCount(0);
  });
});
