import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiIdle, classWithLesson, freshRombel, freshUser, login, pickDate, toast, signIn } from './fixtures';
import { png, stamp } from './grading-fixtures';

/**
 * The teacher's side of quizzes (docs/features/quizzes.md): the question bank (Bank Soal) with its GIFT
 * import, building a quiz in a content, and the results and statistics of a quiz with attempts.
 * Each test runs at desktop width and, tagged @phone, at 390 px.
 */

/** Ten questions of several types in Moodle's GIFT format, as a teacher would write them. */
const TEN_QUESTIONS = `// Kuis Jaringan Dasar — bank soal kelas X
$CATEGORY: Jaringan Dasar

::Topologi bus:: Topologi yang memakai satu kabel utama sebagai jalur bersama adalah {=Bus ~Star ~Ring ~Mesh}

::Router:: Perangkat yang menghubungkan dua jaringan berbeda adalah {~Hub =Router ~Repeater ~Kabel crossover}

::IP privat:: Alamat 192.168.1.1 termasuk alamat IP privat. {T}

::UTP:: Kabel UTP dapat menyalurkan data sejauh 500 meter tanpa penguat. {FALSE}

::DHCP:: Protokol yang membagikan alamat IP secara otomatis disebut {=DHCP =Dynamic Host Configuration Protocol}

::IPv4:: Berapa bit panjang sebuah alamat IPv4? {#32:0}

::OSI:: Pasangkan lapisan OSI dengan nomornya. {=Fisik -> 1 =Jaringan -> 3 =Aplikasi -> 7}

::Topologi fisik:: Pilih semua yang merupakan topologi jaringan. {~%50%Star ~%50%Ring ~%-100%HTTP}

::Hub dan switch:: Jelaskan perbedaan cara kerja hub dan switch. {}

::Port HTTP:: Port bawaan protokol HTTP adalah {=80 ~21 ~22 ~443}
`;

/** The same format with a brace left open on line 3. */
const BROKEN_GIFT = `::Benar:: Topologi bintang memakai {=switch ~kabel koaksial}

::Rusak:: Kabel straight dipakai untuk {=PC ke switch ~PC ke PC
`;

const gift = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });

/** A fresh teacher (an empty bank) with a class for a fresh rombel, one content, and `students` students. */
async function scene(request: APIRequestContext, students: string[] = []) {
  const rombelId = (await freshRombel(request, 'X KUIS')).id;
  const teacher = await freshUser(request, 2);
  const pupils = [];
  for (const name of students) pupils.push({ ...(await freshUser(request, 3, { rombel_id: rombelId, name })), name });
  const { classId, lessonId } = await classWithLesson(request, teacher.token, {
    rombelId,
    name: `Jaringan Dasar ${stamp()}`,
    lessonTitle: 'Topologi Jaringan',
  });
  return { teacher, students: pupils, classId, lessonId };
}

/** Opens Bank Soal from the navigation (the burger menu on a phone). */
async function openBank(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('link', { name: 'Bank Soal' }).click();
  await expect(page).toHaveURL(/\/bank-soal$/);
  await expect(page.getByRole('heading', { name: 'Bank Soal', level: 2 })).toBeVisible();
}

/** Nothing on the page is wider than the phone (tables scroll inside their own box). */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`a teacher imports ten GIFT questions into a new category and builds a timed quiz from them${tag}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const s = await scene(request);
    await login(page, s.teacher.username, s.teacher.password);
    await openBank(page, phone);
    await expect(page.getByText('Belum ada kategori soal.')).toBeVisible();

    // A new category opens at once, empty.
    const category = `Jaringan Dasar ${stamp()}`;
    await page.getByRole('button', { name: 'Kategori baru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kategori Baru' });
    await dialog.getByRole('textbox', { name: 'Nama kategori' }).fill(category);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Kategori berhasil ditambahkan')).toBeVisible();
    await expect(page).toHaveURL(/\/bank-soal\/\d+$/);
    const categoryId = Number(/bank-soal\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: category })).toBeVisible();
    await expect(page.getByText('Belum ada soal di kategori ini.')).toBeVisible();

    // Import: the preview lists every question with its line and type; nothing is saved yet.
    await page.getByRole('button', { name: 'Impor soal' }).click();
    await expect(page.getByRole('heading', { name: `Impor Soal ke ${category}` })).toBeVisible();
    await page.getByLabel('File soal').setInputFiles(gift('jaringan.gift', TEN_QUESTIONS));
    const preview = page.getByRole('region', { name: 'Pratinjau impor' });
    // The file names its category (`$CATEGORY: Jaringan Dasar`): by default its questions would go there, as in Moodle;
    // the teacher keeps them in the category they are importing into.
    await expect(preview.getByText(/10 soal siap disimpan\. Soal di bawah \$CATEGORY masuk ke kategori Jaringan Dasar/)).toBeVisible();
    await preview.getByLabel('Pakai kategori dari file (Jaringan Dasar)').uncheck();
    await expect(preview.getByText(`10 soal siap disimpan ke kategori ${category}.`)).toBeVisible();
    const rows = preview.getByRole('table', { name: 'Soal dalam file' }).locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(rows.nth(0)).toContainText('Pilihan ganda');
    await expect(rows.nth(0)).toContainText('kunci A');
    await expect(rows.nth(2)).toContainText('Benar/Salah');
    await expect(rows.nth(5)).toContainText('Isian singkat');
    await expect(rows.nth(6)).toContainText('Menjodohkan');
    await expect(rows.nth(7)).toContainText('Pilihan ganda kompleks');
    await expect(rows.nth(8)).toContainText('Uraian');
    expect((await api(request, s.teacher.token, 'GET', '/api/teacher/question-categories')).body.data[0].question_count).toBe(0);
    if (phone) await expectNoSideScroll(page);

    await preview.getByRole('button', { name: 'Simpan 10 soal' }).click();
    await expect(toast(page, '10 soal berhasil diimpor')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/bank-soal/${categoryId}$`));
    const list = page.getByRole('list', { name: 'Daftar soal' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expect(page.getByText('10 soal', { exact: true })).toBeVisible();
    // A question opens to show its key.
    await list
      .getByRole('listitem', { name: 'Soal 7' })
      .getByRole('button', { name: /Pasangkan lapisan OSI/ })
      .click();
    await expect(list.getByRole('table', { name: 'Pasangan yang benar' })).toContainText('Jaringan');
    if (phone) await expectNoSideScroll(page);

    // Add Quiz from the content's Sub konten menu.
    await page.goto(`/online-class/${s.classId}`);
    await page.getByRole('button', { name: 'Sub konten' }).first().click();
    await page.getByRole('menuitem', { name: 'Add Quiz' }).click();
    await expect(page).toHaveURL(new RegExp(`/online-class/${s.classId}/contents/${s.lessonId}/quizzes/new$`));
    const form = page.getByRole('form', { name: 'Buat Kuis' });
    await form.getByRole('textbox', { name: 'Judul' }).fill('Ulangan Harian Topologi');
    await form.getByRole('textbox', { name: 'Batas waktu (menit)' }).fill('30');
    await pickDate(page, form.getByLabel('Ditutup (WIB)'), '2031-06-30', '23:59');
    await expect(form.getByLabel('Ditutup (WIB)')).toHaveText('30/06/2031 23.59');
    await form.getByRole('combobox', { name: 'Kesempatan mengerjakan' }).click();
    await page.getByRole('option', { name: '2 kali', exact: true }).click();
    await form.getByRole('radio', { name: 'Nilai tertinggi' }).check();
    await form.getByRole('switch', { name: 'Acak urutan pilihan jawaban' }).check();

    // Five fixed questions from the bank…
    await form.getByRole('button', { name: 'Tambah dari bank soal' }).click();
    const picker = page.getByRole('dialog', { name: 'Tambah Soal dari Bank Soal' });
    await expect(picker.getByRole('combobox', { name: 'Kategori' })).toHaveValue(`${category} (10 soal)`);
    for (const text of [
      /Topologi yang memakai satu kabel/,
      /menghubungkan dua jaringan/,
      /192\.168\.1\.1/,
      /Pasangkan lapisan OSI/,
      /Jelaskan perbedaan/,
    ])
      await picker.getByRole('checkbox', { name: text }).check();
    await expect(picker.getByText('5 soal dipilih')).toBeVisible();
    await picker.getByRole('button', { name: 'Tambahkan 5 soal' }).click();
    await expect(picker).toBeHidden();
    // …and three drawn at random from the same category for each student.
    await form.getByRole('button', { name: 'Tambah soal acak' }).click();
    const random = page.getByRole('dialog', { name: 'Tambah Soal Acak' });
    await random.getByRole('combobox', { name: 'Kategori' }).click();
    await page.getByRole('option', { name: `${category} (10 soal)` }).click();
    await random.getByRole('textbox', { name: 'Jumlah soal yang diambil' }).fill('3');
    await random.getByRole('button', { name: 'Tambahkan' }).click();
    await expect(random).toBeHidden();
    const slots = form.getByRole('region', { name: 'Soal kuis' });
    await expect(slots.getByText(`3 soal acak dari kategori ${category}`)).toBeVisible();
    await expect(slots.getByTestId('quiz-total')).toHaveText('8 soal · 8 poin');

    // A slot can be taken out again: the essay goes.
    await slots.getByRole('button', { name: 'Hapus soal 5' }).click();
    await expect(slots.getByTestId('quiz-total')).toHaveText('7 soal · 7 poin');
    if (phone) await expectNoSideScroll(page);

    const post = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/contents/${s.lessonId}/quizzes`));
    await form.getByRole('button', { name: 'Simpan kuis' }).click();
    const body = (await post).postDataJSON();
    expect(body).toMatchObject({
      title: 'Ulangan Harian Topologi',
      time_limit_minutes: 30,
      attempts_allowed: 2,
      grading_method: 'highest',
      shuffle_options: true,
      // 23.59 WIB is 16.59 UTC.
      closes_at: '2031-06-30T16:59:00.000Z',
      hidden: false,
    });
    expect(body.slots).toHaveLength(5);
    expect(body.slots[4]).toEqual({ category_id: categoryId, count: 3 });
    await expect(toast(page, 'Kuis berhasil ditambahkan')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/contents/${s.lessonId}/quizzes/\\d+$`));
    await expect(page.getByRole('heading', { name: 'Ulangan Harian Topologi' })).toBeVisible();
    await expect(page.getByText('7 soal', { exact: true })).toBeVisible();
    await expect(page.getByText('Batas waktu 30 menit')).toBeVisible();
    await expect(page.getByText('Ditutup 30 Juni 2031 23.59 WIB')).toBeVisible();

    // The content lists it like its assignments: title, times, status.
    await page.getByRole('link', { name: 'Kembali ke kelas' }).click();
    const card = page.getByRole('region', { name: 'Pembelajaran 1' });
    const link = card.getByRole('link', { name: 'Ulangan Harian Topologi' });
    await expect(link).toBeVisible();
    await expect(card.getByText('Ditutup 30 Juni 2031 23.59 WIB · 30 menit')).toBeVisible();
    await expect(card.getByText('Dibuka', { exact: true })).toBeVisible();
    if (phone) await expectNoSideScroll(page);

    // Edit keeps the questions and the schedule; Hapus asks first and takes it off the content.
    await link.click();
    await page.getByRole('link', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Kuis' });
    await expect(edit.getByRole('textbox', { name: 'Judul' })).toHaveValue('Ulangan Harian Topologi');
    await expect(edit.getByLabel('Ditutup (WIB)')).toHaveText('30/06/2031 23.59');
    await expect(edit.getByTestId('quiz-total')).toHaveText('7 soal · 7 poin');
    await edit.getByRole('textbox', { name: 'Judul' }).fill('Ulangan Harian Topologi (revisi)');
    await edit.getByRole('button', { name: 'Simpan kuis' }).click();
    await expect(toast(page, 'Kuis berhasil diperbarui')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ulangan Harian Topologi (revisi)' })).toBeVisible();
    await page.getByRole('button', { name: 'Hapus' }).click();
    await page.getByRole('dialog', { name: 'Hapus Kuis' }).getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, 'Kuis berhasil dihapus')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/online-class/${s.classId}$`));
    await expect(card.getByText('Belum ada kuis.')).toBeVisible();
  });

  test(`a teacher writes, edits and deletes questions in the editor${tag}`, async ({ page, request }) => {
    const s = await scene(request);
    const created = await api(request, s.teacher.token, 'POST', '/api/teacher/question-categories', { name: `Subnetting ${stamp()}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(`/bank-soal/${created.body.data.id}`);

    // Pilihan ganda with a picture: the right answer is asked for before anything is sent.
    await page.getByRole('button', { name: 'Tambah soal' }).click();
    let dialog = page.getByRole('dialog', { name: 'Tambah Soal' });
    await dialog.getByRole('textbox', { name: 'Teks soal' }).fill('Subnet mask untuk prefiks /24 adalah');
    for (const [i, text] of ['255.255.0.0', '255.255.255.0', '255.0.0.0', '255.255.255.255'].entries())
      await dialog.getByRole('textbox', { name: `Pilihan ${'ABCD'[i]}`, exact: true }).fill(text);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByText('Pilih tepat satu jawaban benar.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Pilihan B benar' }).check();
    await dialog.locator('input[type="file"]').setInputFiles(png('topologi.png', 40, 30, [20, 120, 200]));
    if (phone) {
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(390);
    }
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Soal berhasil ditambahkan').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Daftar soal' }).getByRole('listitem')).toHaveCount(1);

    // Menjodohkan, 3 points.
    await page.getByRole('button', { name: 'Tambah soal' }).click();
    dialog = page.getByRole('dialog', { name: 'Tambah Soal' });
    await dialog.getByRole('combobox', { name: 'Jenis soal' }).click();
    await page.getByRole('option', { name: 'Menjodohkan' }).click();
    await dialog.getByRole('textbox', { name: 'Poin' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Teks soal' }).fill('Pasangkan prefiks dengan jumlah host.');
    const pairs: Array<[string, string]> = [
      ['/24', '254'],
      ['/25', '126'],
      ['/26', '62'],
    ];
    for (const [i, [left, right]] of pairs.entries()) {
      await dialog.getByRole('textbox', { name: `Pasangan ${i + 1} kiri` }).fill(left);
      await dialog.getByRole('textbox', { name: `Pasangan ${i + 1} kanan` }).fill(right);
    }
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Soal berhasil ditambahkan').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Daftar soal' }).getByRole('listitem')).toHaveCount(2);

    // Isian singkat with a number and a tolerance, written with a decimal comma.
    await page.getByRole('button', { name: 'Tambah soal' }).click();
    dialog = page.getByRole('dialog', { name: 'Tambah Soal' });
    await dialog.getByRole('combobox', { name: 'Jenis soal' }).click();
    await page.getByRole('option', { name: 'Isian singkat' }).click();
    await dialog.getByRole('textbox', { name: 'Teks soal' }).fill('Nilai π sampai dua angka desimal adalah');
    await dialog.getByRole('switch', { name: 'Jawaban berupa angka (dengan toleransi)' }).check();
    await dialog.getByRole('textbox', { name: 'Jawaban diterima 1' }).fill('3,14');
    await dialog.getByRole('textbox', { name: 'Toleransi (±)' }).fill('0,01');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Soal berhasil ditambahkan').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    const list = page.getByRole('list', { name: 'Daftar soal' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem', { name: 'Soal 1' }).getByRole('img', { name: 'Bergambar' })).toBeVisible();
    await expect(list.getByRole('listitem', { name: 'Soal 1' })).toContainText('4 pilihan · kunci B');
    await expect(list.getByRole('listitem', { name: 'Soal 2' })).toContainText('3 poin');
    await expect(list.getByRole('listitem', { name: 'Soal 3' })).toContainText('Diterima: 3,14 ± 0,01');
    if (phone) await expectNoSideScroll(page);

    // Edit opens filled; the change is saved.
    await list.getByRole('button', { name: 'Aksi soal 1' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Soal' });
    await expect(dialog.getByRole('textbox', { name: 'Pilihan B', exact: true })).toHaveValue('255.255.255.0');
    await expect(dialog.getByRole('img', { name: 'Gambar soal saat ini' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Teks soal' }).fill('Subnet mask untuk prefiks /24 (kelas C) adalah');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Soal berhasil diperbarui')).toBeVisible();
    await expect(list.getByRole('listitem', { name: 'Soal 1' })).toContainText('(kelas C)');

    // Delete asks first.
    await list.getByRole('button', { name: 'Aksi soal 3' }).click();
    await page.getByRole('menuitem', { name: 'Hapus' }).click();
    await page.getByRole('dialog', { name: 'Hapus Soal' }).getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, 'Soal berhasil dihapus')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
  });

  test(`a GIFT file with a syntax error names its line and saves nothing${tag}`, async ({ page, request }) => {
    const s = await scene(request);
    const created = await api(request, s.teacher.token, 'POST', '/api/teacher/question-categories', { name: `Kabel ${stamp()}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const categoryId = created.body.data.id as number;
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(`/bank-soal/${categoryId}/impor`);
    await page.getByLabel('File soal').setInputFiles(gift('rusak.gift', BROKEN_GIFT));
    const preview = page.getByRole('region', { name: 'Pratinjau impor' });
    await expect(preview.getByRole('alert')).toContainText('1 kesalahan ditemukan');
    await expect(preview.getByText('Baris 3: Kurung kurawal { belum ditutup.')).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Simpan 1 soal' })).toBeDisabled();
    if (phone) await expectNoSideScroll(page);
    const questions = await api(request, s.teacher.token, 'GET', `/api/teacher/question-categories/${categoryId}/questions`);
    expect(questions.body.data.total).toBe(0);
  });

  test(`a quiz with attempts shows its results, an essay is graded, and the statistics flag a bad question${tag}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const names = ['Ani Lestari', 'Budi Hartono', 'Citra Dewi', 'Dodi Saputra'];
    const s = await scene(request, names);
    const quizUrl = await quizWithAttempts(request, s);
    await signIn(page, s.teacher.username, s.teacher.password);
    await page.goto(quizUrl);
    await apiIdle(page);

    // Hasil: a row per student; the essays wait for a grade; one student has not started.
    await expect(page.getByRole('tab', { name: 'Hasil' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Hasil kuis' });
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(page.getByRole('group', { name: 'Ringkasan hasil' })).toContainText('3 dari 4 siswa mengerjakan');
    await expect(page.getByRole('group', { name: 'Ringkasan hasil' })).toContainText('3 perlu dinilai');
    const dodi = table.getByRole('row', { name: /Dodi Saputra/ });
    await expect(dodi).toContainText('Belum mengerjakan');
    const ani = table.getByRole('row', { name: /Ani Lestari/ });
    await expect(ani).toContainText('Perlu dinilai');
    await expect(ani).toContainText('Ke-1: menunggu penilaian');
    if (phone) await expectNoSideScroll(page);

    // Ani's attempt: every question with her answer and the key; the essay is graded by hand.
    await ani.getByRole('link', { name: 'Percobaan ke-1 Ani Lestari' }).click();
    await expect(page.getByRole('heading', { name: 'Ani Lestari' })).toBeVisible();
    const essay = page.getByRole('listitem', { name: 'Soal 4' });
    await expect(essay).toContainText('Perlu dinilai');
    await expect(essay).toContainText('Hub meneruskan ke semua port, switch hanya ke tujuan.');
    const first = page.getByRole('listitem', { name: 'Soal 1' });
    await expect(first.getByText('Dipilih siswa')).toBeVisible();
    await expect(first.getByText('Kunci', { exact: true })).toBeVisible();
    const grade = essay.getByRole('form', { name: 'Nilai soal 4' });
    await grade.getByRole('textbox', { name: 'Poin (0–5)' }).fill('4');
    await grade.getByRole('textbox', { name: 'Masukan untuk siswa' }).fill('Sudah tepat, tambahkan contoh.');
    await grade.getByRole('button', { name: 'Simpan nilai' }).click();
    await expect(toast(page, 'Nilai berhasil disimpan')).toBeVisible();
    await expect(essay.getByTestId('points')).toHaveText('4 / 5 poin');
    await expect(page.getByTestId('attempt-grade')).toHaveText('75');
    if (phone) await expectNoSideScroll(page);

    await page.getByRole('link', { name: 'Kembali ke hasil' }).click();
    await expect(table.getByRole('row', { name: /Ani Lestari/ })).not.toContainText('Perlu dinilai');
    await expect(table.getByRole('row', { name: /Ani Lestari/ }).getByTestId('grade')).toHaveText('75');

    // Statistik: the question everyone missed stands out.
    await page.getByRole('tab', { name: 'Statistik' }).click();
    await expect(page.getByRole('group', { name: 'Ringkasan statistik' })).toContainText('3 percobaan selesai');
    const hard = page.getByRole('listitem', { name: 'Statistik soal 3' });
    await expect(hard).toHaveAttribute('data-flagged', 'true');
    await expect(hard.getByText('Perlu ditinjau')).toBeVisible();
    await expect(hard.getByText(/Terlalu sulit/)).toBeVisible();
    const easy = page.getByRole('listitem', { name: 'Statistik soal 1' });
    await expect(easy).toHaveAttribute('data-flagged', 'false');
    await expect(easy.getByRole('list', { name: 'Pilihan jawaban soal 1' })).toContainText('Router3 siswa (100%)');
    if (phone) await expectNoSideScroll(page);

    // Nilai ulang asks first, then reports.
    await page.getByRole('button', { name: 'Nilai ulang' }).click();
    const confirm = page.getByRole('dialog', { name: 'Nilai Ulang Kuis' });
    await confirm.getByRole('button', { name: 'Nilai ulang' }).click();
    await expect(toast(page, /dinilai ulang/)).toBeVisible();

    // The class's gradebook has the quiz's column beside the assignments.
    await page.getByRole('link', { name: 'Kembali ke kelas' }).click();
    await page.getByRole('tab', { name: 'Nilai' }).click();
    const book = page.getByRole('table', { name: 'Tabel nilai siswa' });
    await expect(book.getByRole('link', { name: 'Kuis Pengayaan', exact: true })).toBeVisible();
    await expect(book.getByRole('row', { name: /Ani Lestari/ })).toContainText('75');
  });
}

/**
 * A quiz of four fixed questions (8 points: multiple choice 1, true/false 1, a short answer
 * everyone misses 1, an essay 5) that three of the four students have finished through the API.
 * Its teacher page's address.
 */
async function quizWithAttempts(request: APIRequestContext, s: Awaited<ReturnType<typeof scene>>): Promise<string> {
  const t = s.teacher.token;
  const category = await api(request, t, 'POST', '/api/teacher/question-categories', { name: `Pengayaan ${stamp()}` });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const questionsPath = `/api/teacher/question-categories/${category.body.data.id}/questions`;
  const questions = [
    {
      type: 'multiple_choice',
      text: 'Perangkat yang menghubungkan dua jaringan berbeda adalah',
      points: 1,
      data: {
        options: [
          { text: 'Hub', correct: false },
          { text: 'Router', correct: true },
          { text: 'Repeater', correct: false },
        ],
      },
    },
    { type: 'true_false', text: 'Alamat 10.0.0.1 termasuk alamat IP privat.', points: 1, data: { answer: true } },
    { type: 'short_answer', text: 'Nomor port bawaan SSH adalah', points: 1, data: { answers: ['22'], tolerance: null } },
    { type: 'essay', text: 'Jelaskan perbedaan hub dan switch.', points: 5, data: {} },
  ];
  const ids: number[] = [];
  for (const q of questions) {
    const res = await api(request, t, 'POST', questionsPath, q);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.id as number);
  }
  const teacherBase = `/api/teacher/online-classes/${s.classId}/contents/${s.lessonId}/quizzes`;
  const quiz = await api(request, t, 'POST', teacherBase, {
    title: 'Kuis Pengayaan',
    description: 'Kerjakan dengan jujur.',
    time_limit_minutes: 20,
    attempts_allowed: 1,
    slots: ids.map((question_id) => ({ question_id })),
  });
  expect(quiz.status, JSON.stringify(quiz.body)).toBe(201);
  const quizId = quiz.body.data.id as number;
  const studentBase = `/api/student/my-classes/${s.classId}/contents/${s.lessonId}/quizzes/${quizId}/attempts`;

  // Ani, Budi and Citra finish it: all choose Router and "Benar", all miss the port; each writes an essay.
  for (const student of s.students.slice(0, 3)) {
    const started = await api(request, student.token, 'POST', studentBase);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const attempt = started.body.data as {
      id: number;
      questions: Array<{ id: number; type: string; options?: { id: string; text: string }[] }>;
    };
    for (const q of attempt.questions) {
      const answer =
        q.type === 'multiple_choice'
          ? { option: q.options!.find((o) => o.text === 'Router')!.id }
          : q.type === 'true_false'
            ? { value: true }
            : q.type === 'short_answer'
              ? { text: '23' }
              : { text: 'Hub meneruskan ke semua port, switch hanya ke tujuan.' };
      const saved = await api(request, student.token, 'PUT', `${studentBase}/${attempt.id}/answers/${q.id}`, { answer });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const submitted = await api(request, student.token, 'POST', `${studentBase}/${attempt.id}/submit`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  }
  return `/online-class/${s.classId}/contents/${s.lessonId}/quizzes/${quizId}`;
}
