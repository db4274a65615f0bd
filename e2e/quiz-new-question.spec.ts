import { expect, test, type Page } from '@playwright/test';
import { api, classWithLesson, freshRombel, freshUser, toast, signIn } from './fixtures';
import { png, stamp } from './grading-fixtures';

/**
 * Issue 41, "questions written in the quiz": "Tambah soal" inside the quiz form opens the bank's
 * question editor, saves the question into the class's category of the teacher's bank (named after
 * the class) and puts it into the quiz at once. On a desktop a picture is pasted from the clipboard.
 * Each test runs at desktop width and, tagged @phone, at 390 px.
 */

/** Pastes `file` as a clipboard image into the focused field, as Ctrl+V with a screenshot does. */
async function pasteImage(page: Page, selector: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.evaluate(
    ({ selector, base64, type }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'image.png', { type }));
      const target = document.querySelector(selector)!;
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { selector, base64: file.buffer.toString('base64'), type: file.mimeType },
  );
}

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';

  test(`a teacher writes a question inside the quiz form and it lands in the quiz and the class's category${tag}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const rombelId = (await freshRombel(request, 'X TKJ')).id;
    const teacher = await freshUser(request, 2);
    const className = `Matematika ${stamp()}`;
    const { classId, lessonId } = await classWithLesson(request, teacher.token, { rombelId, name: className, lessonTitle: 'Bilangan' });
    // Another category of the bank: the editor offers both, the class's one chosen.
    const older = await api(request, teacher.token, 'POST', '/api/teacher/question-categories', { name: `Arsip ${stamp()}` });
    expect(older.status, JSON.stringify(older.body)).toBe(201);

    await signIn(page, teacher.username, teacher.password);
    await page.goto(`/online-class/${classId}/contents/${lessonId}/quizzes/new`);
    const form = page.getByRole('form', { name: 'Buat Kuis' });
    await form.getByRole('textbox', { name: 'Judul' }).fill('Kuis Pecahan');
    const slots = form.getByRole('region', { name: 'Soal kuis' });
    await expect(slots.getByText(/^Belum ada soal\. Tulis soal baru/)).toBeVisible();

    // Taps from the quiz form to a saved question: "Tambah soal", the text, four options, the key, "Simpan".
    await slots.getByRole('button', { name: 'Tambah soal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Soal' });
    await expect(dialog.getByRole('combobox', { name: 'Kategori' })).toHaveValue(className);
    await dialog.getByRole('textbox', { name: 'Teks soal' }).fill('Hasil dari 1/2 + 1/4 adalah');
    for (const [i, text] of ['2/6', '3/4', '1/8', '2/4'].entries())
      await dialog.getByRole('textbox', { name: `Pilihan ${'ABCD'[i]}`, exact: true }).fill(text);
    await dialog.getByRole('radio', { name: 'Pilihan B benar' }).check();
    if (!phone) {
      // A screenshot pasted with Ctrl+V becomes the question's picture (the picker shows its name).
      await dialog.getByRole('textbox', { name: 'Teks soal' }).focus();
      await pasteImage(page, '[role="dialog"] textarea', png('image.png', 48, 32, [200, 60, 40]));
      await expect(dialog.getByText('gambar-tempel.png')).toBeVisible();
      // The pasted picture did not turn into text in the field.
      await expect(dialog.getByRole('textbox', { name: 'Teks soal' })).toHaveValue('Hasil dari 1/2 + 1/4 adalah');
    } else {
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(390);
    }
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(toast(page, 'Soal berhasil ditambahkan').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    // It is the quiz's first question at once.
    await expect(slots.getByText('Hasil dari 1/2 + 1/4 adalah')).toBeVisible();
    await expect(slots.getByTestId('quiz-total')).toHaveText('1 soal · 1 poin');
    if (!phone) {
      const picture = slots.getByRole('img', { name: 'Gambar soal' });
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    }
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await form.getByRole('button', { name: 'Simpan kuis' }).click();
    await expect(toast(page, 'Kuis berhasil ditambahkan')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/contents/${lessonId}/quizzes/\\d+$`));
    await expect(page.getByText('1 soal', { exact: true })).toBeVisible();

    // In the Bank Soal it sits in the class's category, named after the class.
    await page.goto('/bank-soal');
    const categories = page.getByRole('list', { name: 'Kategori soal' });
    const item = categories.getByRole('listitem').filter({ hasText: className });
    await expect(item).toContainText('1 soal');
    await item.getByRole('link', { name: className }).click();
    const list = page.getByRole('list', { name: 'Daftar soal' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem', { name: 'Soal 1' })).toContainText('Hasil dari 1/2 + 1/4 adalah');
    await expect(list.getByRole('listitem', { name: 'Soal 1' })).toContainText('kunci B');
    if (!phone) await expect(list.getByRole('listitem', { name: 'Soal 1' }).getByRole('img', { name: 'Bergambar' })).toBeVisible();
  });
}
