import { expect, test, type Page } from '@playwright/test';
import { api, apiIdle, forumWorld, freshUser, otherPage, toast, signIn } from './fixtures';

const XSS = '<img src=x onerror=alert(1)>';

const count = (page: Page, n: number) => page.getByRole('group', { name: `${n} komentar` });
const comment = (page: Page, text: string) => page.getByTestId('forum-comment').filter({ hasText: text });

test.describe('forum discussions', () => {
  test('an open thread is live: it is not polled, and a comment posted elsewhere appears by itself', async ({ page, request }) => {
    const w = await forumWorld(request);
    const reads: number[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'GET' && res.url().includes(w.studentApi) && !res.url().includes('/mentionable'))
        reads.push(res.status());
    });
    const stream = page.waitForResponse((r) => r.url().includes('/api/live') && r.url().includes(`forum=${w.forumId}`));
    await signIn(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    await expect(count(page, 0)).toBeVisible();
    // One stream carries the thread's changes (server-sent events).
    const res = await stream;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/event-stream/);
    // Once the page has settled (the stream's opening reads the thread once more, for anything missed
    // before it opened), nothing changes: the thread is not read again (it was polled every 5 seconds).
    await apiIdle(page);
    const settled = reads.length;
    await page.waitForTimeout(6_000);
    expect(reads.length).toBe(settled);
    const posted = await api(request, w.teacher.token, 'POST', `${w.teacherApi}/comments`, { comment: 'Pertanyaan baru dari guru' });
    expect(posted.status).toBe(201);
    await expect(comment(page, 'Pertanyaan baru dari guru')).toBeVisible();
    await expect(count(page, 1)).toBeVisible();
  });

  test('student comments with HTML shown literally; the teacher sees it live and replies; counts grow; edit and delete', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const w = await forumWorld(request);

    // The teacher opens the forum page.
    const teacher = await otherPage(browser, baseURL);
    await signIn(teacher, w.teacher.username, w.teacher.password);
    await teacher.goto(w.teacherUrl);
    await expect(teacher.getByRole('heading', { name: 'Forum Diskusi Topologi Jaringan' })).toBeVisible();
    await expect(teacher.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toBeVisible();
    await expect(teacher.getByText('Diskusikan dengan teman sekelas.')).toBeVisible();
    const post = teacher.getByTestId('forum-post');
    await expect(post.getByText(w.teacher.name, { exact: true })).toBeVisible();
    await expect(post.getByText('Guru', { exact: true })).toBeVisible();
    await expect(post.getByText(/^Diposting \d/)).toBeVisible();
    await expect(count(teacher, 0)).toBeVisible();

    // The student opens the thread and comments with HTML in the text.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    await expect(page.getByRole('heading', { name: 'Forum Diskusi Topologi Jaringan' })).toBeVisible();
    await expect(page.getByTestId('forum-post').getByText(w.teacher.name, { exact: true })).toBeVisible();
    await expect(count(page, 0)).toBeVisible();
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comment' });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole('textbox', { name: 'Komentar' });
    const send = dialog.getByRole('button', { name: 'Kirim' });
    // Empty and whitespace-only comments cannot be sent.
    await expect(send).toBeDisabled();
    await box.fill('   \n  ');
    await expect(send).toBeDisabled();
    // The box stops at 5,000 characters and counts them.
    await box.fill('a'.repeat(5_001));
    await expect(dialog.getByText('5.000/5.000 karakter')).toBeVisible();
    await box.fill(`Menurut saya ${XSS} mudah dirawat`);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Komentar berhasil dikirim')).toBeVisible();
    const mine = comment(page, `Menurut saya ${XSS} mudah dirawat`);
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Siswa', { exact: true })).toBeVisible();
    await expect(mine.locator('img')).toHaveCount(0);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expect(count(page, 1)).toBeVisible();

    // The teacher sees it appear without reloading (the live stream), and replies.
    const theirs = comment(teacher, `Menurut saya ${XSS} mudah dirawat`);
    await expect(theirs).toBeVisible({ timeout: 15_000 });
    await expect(count(teacher, 1)).toBeVisible();
    await expect(teacher.locator('img[src="x"]')).toHaveCount(0);
    await theirs.getByRole('button', { name: 'Reply' }).click();
    const reply = teacher.getByRole('dialog', { name: `Reply ${w.student.name}` });
    await expect(reply).toBeVisible();
    await reply.getByRole('textbox', { name: 'Balasan' }).fill('Betul, dan satu kabel putus tidak mematikan jaringan.');
    await reply.getByRole('button', { name: 'Kirim' }).click();
    await expect(reply).toBeHidden();
    await expect(toast(teacher, 'Balasan berhasil dikirim')).toBeVisible();
    await expect(count(teacher, 2)).toBeVisible();

    // The student sees the reply answer them ("@student …") under their comment, and the count grows again.
    await expect(mine.getByTestId('forum-reply')).toHaveText(new RegExp(`@${w.student.name} Betul, dan satu kabel putus`), {
      timeout: 15_000,
    });
    await expect(count(page, 2)).toBeVisible();
    expect(dialogs).toEqual([]);

    // The teacher edits the forum…
    await teacher.getByRole('button', { name: 'Edit forum' }).click();
    const edit = teacher.getByRole('dialog', { name: 'Edit Forum' });
    const topic = edit.getByRole('textbox', { name: 'Topik' });
    await expect(topic).toHaveValue('Kelebihan topologi bintang?');
    await topic.fill('');
    await expect(edit.getByRole('button', { name: 'Simpan' })).toBeDisabled();
    await topic.fill('Topologi bintang vs cincin');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(teacher, 'Forum berhasil diperbarui')).toBeVisible();
    await expect(teacher.getByRole('heading', { name: 'Topologi bintang vs cincin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Topologi bintang vs cincin' })).toBeVisible({ timeout: 15_000 });

    // …and deletes it after a confirmation, landing on the class page.
    await teacher.getByRole('button', { name: 'Hapus forum' }).click();
    await teacher.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(teacher).toHaveURL(new RegExp(`/online-class/${w.classId}$`));
    await expect(toast(teacher, 'Forum berhasil dihapus')).toBeVisible();
    // The student's open thread learns it is gone.
    await expect(page.getByText('Data tidak ditemukan.').first()).toBeVisible({ timeout: 15_000 });
    expect(dialogs).toEqual([]);
    await teacher.context().close();
  });

  test('reach, reload and moderation: outsiders get the not-found text; authors and the class teacher delete comments', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const w = await forumWorld(request);
    const byStudent = await api(request, w.student.token, 'POST', `${w.studentApi}/comments`, { comment: 'Komentar siswa pertama' });
    expect(byStudent.status).toBe(201);
    const byTeacher = await api(request, w.teacher.token, 'POST', `${w.teacherApi}/comments`, { comment: 'Catatan dari guru' });
    expect(byTeacher.status).toBe(201);
    // The server refuses whitespace; its message is the one the dialog would show.
    const empty = await api(request, w.student.token, 'POST', `${w.studentApi}/comments`, { comment: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Komentar tidak boleh kosong');

    // The student: the thread loads by id (also after a reload); delete only on their own comment.
    await signIn(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toBeVisible();
    await expect(count(page, 2)).toBeVisible();
    await expect(comment(page, 'Catatan dari guru').getByRole('button', { name: 'Hapus komentar' })).toHaveCount(0);
    await comment(page, 'Komentar siswa pertama').getByRole('button', { name: 'Hapus komentar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, 'Komentar berhasil dihapus')).toBeVisible();
    await expect(comment(page, 'Komentar siswa pertama')).toHaveCount(0);
    await expect(count(page, 1)).toBeVisible();

    // The class teacher moderates: a new student comment can be removed by them.
    await api(request, w.student.token, 'POST', `${w.studentApi}/comments`, { comment: 'Komentar yang tidak pantas' });
    const teacher = await otherPage(browser, baseURL);
    await signIn(teacher, w.teacher.username, w.teacher.password);
    await teacher.goto(w.teacherUrl);
    await expect(count(teacher, 2)).toBeVisible();
    await comment(teacher, 'Komentar yang tidak pantas').getByRole('button', { name: 'Hapus komentar' }).click();
    await teacher.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(comment(teacher, 'Komentar yang tidak pantas')).toHaveCount(0);
    await expect(count(teacher, 1)).toBeVisible();
    // The back button leads to the class page.
    await teacher.getByRole('button', { name: 'Kembali ke kelas' }).click();
    await expect(teacher).toHaveURL(new RegExp(`/online-class/${w.classId}$`));
    await teacher.context().close();

    // Another rombel's student and another teacher see the not-found text, not the thread.
    const rombels = await api(request, w.admin, 'GET', '/api/rombel-classes');
    const otherRombel = (rombels.body.data as { id: number }[]).find((r) => r.id !== w.rombelId)!.id;
    const outsider = await freshUser(request, 3, { rombel_id: otherRombel });
    const otherTeacher = await freshUser(request, 2);
    for (const [user, url] of [
      [outsider, w.studentUrl],
      [otherTeacher, w.teacherUrl],
    ] as const) {
      const p = await otherPage(browser, baseURL);
      await signIn(p, user.username, user.password);
      await p.goto(url);
      await expect(p.getByText('Data tidak ditemukan.').first()).toBeVisible();
      await expect(p.getByRole('heading', { name: 'Kelebihan topologi bintang?' })).toHaveCount(0);
      await p.context().close();
    }
  });

  test('@phone deleting a comment that has replies keeps the replies under "Komentar ini telah dihapus."', async ({ page, request }) => {
    const w = await forumWorld(request);
    const own = await api(request, w.student.token, 'POST', `${w.studentApi}/comments`, { comment: 'Pertanyaan yang mau saya hapus' });
    expect(own.status).toBe(201);
    const reply = await api(request, w.teacher.token, 'POST', `${w.teacherApi}/comments/${own.body.data.id}/sub-comments`, {
      comment: 'Jawaban guru yang tetap ada',
    });
    expect(reply.status).toBe(201);

    await signIn(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    await expect(count(page, 2)).toBeVisible();
    await comment(page, 'Pertanyaan yang mau saya hapus').getByRole('button', { name: 'Hapus komentar' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Balasan di bawahnya tetap ada.');
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, 'Komentar berhasil dihapus')).toBeVisible();
    const kept = comment(page, 'Komentar ini telah dihapus.');
    await expect(kept).toBeVisible();
    await expect(page.getByText('Pertanyaan yang mau saya hapus')).toHaveCount(0);
    // The author is hidden; the teacher's reply stays, with its author.
    await expect(kept.getByText(w.student.name)).toHaveCount(0);
    await expect(kept.getByTestId('forum-reply')).toContainText('Jawaban guru yang tetap ada');
    await expect(kept.getByRole('button', { name: 'Reply' })).toHaveCount(1);
    await expect(count(page, 1)).toBeVisible();
  });

  test('a long thread comes 20 top-level comments at a time: Tampilkan komentar lainnya loads the rest, the count is the whole thread, new comments still arrive', async ({
    page,
    request,
  }) => {
    const w = await forumWorld(request);
    const say = (n: number) => `Pendapat ${String(n).padStart(2, '0')}`;
    const post = async (token: string, url: string, n: number) => {
      const res = await api(request, token, 'POST', `${url}/comments`, { comment: say(n) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as number;
    };
    // Exactly one page: 20 comments (oldest first) and a reply under the third. The student and the
    // teacher take turns: one user may post at most 20 comments a minute.
    const ids: number[] = [];
    for (let n = 1; n <= 20; n++)
      ids.push(n % 2 ? await post(w.student.token, w.studentApi, n) : await post(w.teacher.token, w.teacherApi, n));
    const reply = await api(request, w.teacher.token, 'POST', `${w.teacherApi}/comments/${ids[2]}/sub-comments`, {
      comment: 'Balasan guru',
    });
    expect(reply.status).toBe(201);

    await signIn(page, w.student.username, w.student.password);
    await page.goto(w.studentUrl);
    const comments = page.getByTestId('forum-comment');
    const more = page.getByRole('button', { name: 'Tampilkan komentar lainnya' });
    await expect(count(page, 21)).toBeVisible();
    await expect(comments).toHaveCount(20);
    await expect(comments.first()).toContainText(say(1));
    await expect(comment(page, say(3)).getByTestId('forum-reply')).toContainText('Balasan guru');
    await expect(more).toHaveCount(0);

    // The reader is at the end: a comment by someone else that opens page 2 appears without a reload…
    await post(w.teacher.token, w.teacherApi, 21);
    await expect(comment(page, say(21))).toBeVisible({ timeout: 15_000 });
    await expect(count(page, 22)).toBeVisible();
    // …and so do the next ones on that page.
    for (let n = 22; n <= 26; n++) await post(w.teacher.token, w.teacherApi, n);
    await expect(comment(page, say(26))).toBeVisible({ timeout: 15_000 });
    await expect(comments).toHaveCount(26);
    await expect(count(page, 27)).toBeVisible();
    await expect(more).toHaveCount(0);

    // Opened afresh: the first 20 and the real count; the button loads the rest, in order.
    await page.reload();
    await expect(count(page, 27)).toBeVisible();
    await expect(comments).toHaveCount(20);
    await expect(comments.last()).toContainText(say(20));
    await expect(comment(page, say(21))).toHaveCount(0);
    await more.click();
    await expect(comments).toHaveCount(26);
    await expect(comments.nth(20)).toContainText(say(21));
    await expect(comments.last()).toContainText(say(26));
    await expect(more).toHaveCount(0);

    // With only page 1 loaded, one's own new comment (on page 2) is shown once sent.
    await page.reload();
    await expect(comments).toHaveCount(20);
    await page.getByRole('button', { name: 'Write your reply.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comment' });
    await dialog.getByRole('textbox', { name: 'Komentar' }).fill('Komentar saya yang terakhir');
    await dialog.getByRole('button', { name: 'Kirim' }).click();
    await expect(toast(page, 'Komentar berhasil dikirim')).toBeVisible();
    await expect(comment(page, 'Komentar saya yang terakhir')).toBeInViewport();
    await expect(comments).toHaveCount(27);
    await expect(comments.last()).toContainText('Komentar saya yang terakhir');
    await expect(count(page, 28)).toBeVisible();
    await expect(more).toHaveCount(0);

    // Deleting a comment on page 1 shifts the pages; nothing is lost or shown twice.
    await comment(page, say(1)).getByRole('button', { name: 'Hapus komentar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(toast(page, 'Komentar berhasil dihapus')).toBeVisible();
    await expect(comment(page, say(1))).toHaveCount(0);
    await expect(comments).toHaveCount(26);
    await expect(comments.first()).toContainText(say(2));
    await expect(comments.last()).toContainText('Komentar saya yang terakhir');
    await expect(count(page, 27)).toBeVisible();
  });

  test("Buat Forum from the class page's Sub konten menu; the new forum is listed and opens", async ({ page, request }) => {
    const w = await forumWorld(request);
    await signIn(page, w.teacher.username, w.teacher.password);
    await page.goto(`/online-class/${w.classId}`);
    await page.getByRole('button', { name: 'Sub konten Pembelajaran 1' }).click();
    await page.getByRole('menuitem', { name: 'Add Forum' }).click();
    const modal = page.getByRole('dialog', { name: 'Buat Forum' });
    await expect(modal).toBeVisible();
    const save = modal.getByRole('button', { name: 'Simpan' });
    await expect(save).toBeDisabled();
    await modal.getByRole('textbox', { name: 'Topik' }).fill('   ');
    await expect(save).toBeDisabled();
    await modal.getByRole('textbox', { name: 'Topik' }).fill('Kabel <b>UTP</b> atau fiber?');
    await modal.getByRole('textbox', { name: 'Deskripsi' }).fill('Pilih salah satu dan jelaskan.');
    await save.click();
    await expect(modal).toBeHidden();
    await expect(toast(page, 'Forum berhasil dibuat')).toBeVisible();
    // The class page's Forum Diskusi list refreshes without a reload; the link opens the forum page.
    const section = page.getByRole('region', { name: 'Pembelajaran 1' });
    await section.getByRole('link', { name: 'Kabel <b>UTP</b> atau fiber?' }).click();
    await expect(page.getByRole('heading', { name: 'Forum Diskusi Topologi Jaringan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kabel <b>UTP</b> atau fiber?' })).toBeVisible();
    await expect(page.getByText('Pilih salah satu dan jelaskan.')).toBeVisible();
    await expect(count(page, 0)).toBeVisible();
    // Deleting it returns to the class page, where it is no longer listed.
    await page.getByRole('button', { name: 'Hapus forum' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await expect(page).toHaveURL(new RegExp(`/online-class/${w.classId}$`));
    await expect(section.getByRole('link', { name: 'Kelebihan topologi bintang?' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Kabel <b>UTP</b> atau fiber?' })).toHaveCount(0);
  });
});
