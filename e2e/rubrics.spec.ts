/**
 * Rubrics (issue 39), at desktop and on a 390 px phone: the teacher builds a rubric (a level above
 * the criterion's maximum is answered with the contract's exact message), copies it with "Salin",
 * attaches it to an assignment; the student reads it before handing in; the teacher grades by
 * choosing levels (the score follows, scaled to 100) with a comment; the student sees the chosen
 * levels and the comment. A rubric that graded work is read-only and cannot be deleted while on an
 * assignment; another teacher's rubric is not found.
 */
import { expect, test, type Page } from '@playwright/test';
import { ASSIGNMENT_MSG, RUBRIC_MSG } from '@kelasku/contract';
import { api, freshUser, login, toast, violations } from './fixtures';
import { gradingScene, handInWork, pdfWithText, stamp } from './grading-fixtures';

async function signInAs(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, username, password);
}

/** "Buat rubrik": two criteria of max 4; the wrong level first. Answers the new rubric's id. */
async function buildRubric(page: Page, title: string): Promise<number> {
  await page.goto('/rubrik');
  await page.getByRole('link', { name: 'Buat rubrik' }).click();
  await expect(page).toHaveURL(/\/rubrik\/baru$/);
  await page.getByLabel('Judul rubrik').fill(title);
  await page.getByLabel('Nama kriteria 1').fill('Ketepatan topologi');
  const level2 = page.getByLabel('Skor level 2 kriteria 1');
  await level2.fill('5');
  await expect(page.getByText(RUBRIC_MSG.levelAboveMax(4))).toBeVisible();
  await page.getByRole('button', { name: 'Simpan rubrik' }).click();
  await expect(page).toHaveURL(/\/rubrik\/baru$/);
  await level2.fill('3');
  await expect(page.getByText(RUBRIC_MSG.levelAboveMax(4))).toHaveCount(0);

  await page.getByRole('button', { name: 'Tambah kriteria' }).click();
  await page.getByLabel('Nama kriteria 2').fill('Kerapian laporan');
  await expect(page.getByTestId('rubric-max-total')).toHaveText('Skor maksimal 8 = nilai 100');
  expect(await violations(page, 'editor rubrik')).toEqual([]);
  await page.getByRole('button', { name: 'Simpan rubrik' }).click();
  await expect(toast(page, RUBRIC_MSG.created)).toBeVisible();
  await expect(page).toHaveURL(/\/rubrik\/\d+$/);
  return Number(page.url().split('/').pop());
}

for (const tag of ['', ' @phone']) {
  test(`a rubric built, copied, attached, read by the student, graded by levels${tag}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const s = await gradingScene(request, ['Ani Lestari']);
    const student = s.students[0]!;
    const title = `Rubrik topologi ${stamp()}`;

    await login(page, s.teacher.username, s.teacher.password);
    const rubricId = await buildRubric(page, title);

    // "Salin": a copy, opened to edit.
    await page.goto('/rubrik');
    await page.getByRole('button', { name: `Salin ${title}` }).click();
    await expect(toast(page, RUBRIC_MSG.copied)).toBeVisible();
    await expect(page.getByLabel('Judul rubrik')).toHaveValue(`Salinan ${title}`);
    await page.goto('/rubrik');
    await expect(page.getByRole('listitem', { name: `Salinan ${title}` })).toBeVisible();

    // Attach the original to the assignment.
    await page.goto(s.page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Assignment' });
    await dialog.getByRole('combobox', { name: 'Rubrik' }).click();
    await page.getByRole('option', { name: title, exact: true }).click();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
    const attached = await api(request, s.teacher.token, 'GET', s.api);
    expect(attached.body.data.rubric_id).toBe(rubricId);

    // The student reads the rubric before handing in.
    await signInAs(page, student.username, student.password);
    await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
    const rubricCard = page.getByRole('region', { name: 'Rubrik penilaian' });
    await expect(rubricCard).toContainText(`Tugas ini dinilai dengan rubrik ${title}.`);
    await expect(rubricCard).toContainText('Ketepatan topologi');
    await expect(rubricCard).toContainText('Sangat baik (4)');
    await handInWork(request, student.token, s.assignmentId, [await pdfWithText('topologi.pdf', 'Topologi star')]);

    // The teacher grades by levels: 4 + 3 of 8 → 88.
    await signInAs(page, s.teacher.username, s.teacher.password);
    await page.goto(s.studentPage(student.id));
    const grading = page.getByRole('region', { name: 'Penilaian' });
    await grading.getByRole('button', { name: 'Simpan nilai' }).click();
    await expect(toast(page, RUBRIC_MSG.marksCount(2))).toBeVisible();
    await grading
      .getByRole('radiogroup', { name: /Ketepatan topologi/ })
      .getByRole('radio', { name: 'Sangat baik (4)' })
      .check();
    const laporan = grading.getByRole('radiogroup', { name: /Kerapian laporan/ });
    await laporan.getByRole('radio', { name: 'Sangat baik (4)' }).check();
    // The keyboard moves to the next level.
    await page.keyboard.press('ArrowDown');
    await expect(laporan.getByRole('radio', { name: 'Baik (3)' })).toBeChecked();
    await expect(grading.getByTestId('rubric-total')).toHaveText('Skor rubrik 7 dari 8 · nilai 88');
    await expect(grading.getByLabel('Nilai (0–100)')).toHaveValue('88');
    await grading.getByLabel('Komentar Kerapian laporan').fill('Beri judul pada setiap gambar.');
    expect(await violations(page, 'penilaian rubrik')).toEqual([]);
    await grading.getByRole('button', { name: 'Simpan nilai' }).click();
    await expect(toast(page, ASSIGNMENT_MSG.graded)).toBeVisible();
    await expect(page.getByTestId('score')).toHaveText('88');

    // The student sees the chosen levels and the comment.
    await signInAs(page, student.username, student.password);
    await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
    const marked = page.getByRole('region', { name: 'Penilaian rubrik' });
    await expect(marked.getByTestId('rubric-score')).toHaveText('Skor rubrik 7 dari 8 · nilai 88');
    await expect(marked).toContainText('Beri judul pada setiap gambar.');
    await expect(marked.getByText('Dipilih', { exact: true })).toHaveCount(2);
    expect(await violations(page, 'rubrik siswa')).toEqual([]);

    // Graded with it: read-only, "Salin untuk mengubah"; on an assignment: not deleted.
    await signInAs(page, s.teacher.username, s.teacher.password);
    await page.goto(`/rubrik/${rubricId}`);
    await expect(page.getByText(RUBRIC_MSG.usedForGrading)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Simpan rubrik' })).toHaveCount(0);
    await page.goto('/rubrik');
    await page.getByRole('button', { name: `Hapus ${title}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, RUBRIC_MSG.inUse(1))).toBeVisible();
    await page.goto(`/rubrik/${rubricId}`);
    await page.getByRole('button', { name: 'Salin untuk mengubah' }).click();
    await expect(toast(page, RUBRIC_MSG.copied)).toBeVisible();
    await expect(page.getByLabel('Judul rubrik')).toHaveValue(`Salinan ${title}`);

    // Another teacher: not found, on screen and through the API; a student cannot list rubrics.
    const stranger = await freshUser(request, 2);
    expect((await api(request, stranger.token, 'GET', `/api/teacher/rubrics/${rubricId}`)).status).toBe(404);
    expect((await api(request, stranger.token, 'POST', `/api/teacher/rubrics/${rubricId}/copy`)).status).toBe(404);
    expect((await api(request, student.token, 'GET', '/api/teacher/rubrics')).status).toBe(403);
    await signInAs(page, stranger.username, stranger.password);
    await page.goto(`/rubrik/${rubricId}`);
    await expect(page.getByRole('heading', { name: 'Not Found :(' })).toBeVisible();
  });
}
