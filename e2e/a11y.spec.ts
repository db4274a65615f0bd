/**
 * Accessibility (issue 8): axe-core on every screen of SPEC §2 for every role, at desktop width and
 * (tests tagged @phone) phone width: no serious or critical violation. Dialogs keep the focus inside
 * and close with Escape, giving the focus back.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, api, apiIdle, apiToken, freshRombel, freshUser, handIn, login, samplePdf, violations, signIn } from './fixtures';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

/** A class of a fresh rombel with a content holding a material, a forum with a comment and a reply, and an assignment handed in. */
async function a11yScene(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
  const rombelId = (await freshRombel(request, 'X A11Y')).id;
  const teacher = await freshUser(request, 2);
  const student = await freshUser(request, 3, { rombel_id: rombelId, nis: '12345678' });
  const klass = await api(request, teacher.token, 'POST', '/api/teacher/online-classes', {
    rombel_class_id: rombelId,
    name: `Jaringan ${unique()}`,
    description: 'Dasar jaringan.',
  });
  const classId = klass.body.data.id as number;
  const base = `/api/teacher/online-classes/${classId}`;
  const content = await api(request, teacher.token, 'POST', `${base}/contents`, { title: 'Topologi', description: 'Bus, ring, bintang.' });
  const lessonId = content.body.data.id as number;
  const pdf = samplePdf('modul.pdf');
  const material = await request.post(`${base}/contents/${lessonId}/materials`, {
    headers: { Authorization: `Bearer ${teacher.token}` },
    multipart: { title: 'Modul', file: pdf },
  });
  expect(material.status(), await material.text()).toBe(201);
  const forum = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/forums`, {
    topic: 'Diskusi topologi',
    description: 'Apa kelebihannya?',
  });
  const forumId = forum.body.data.id as number;
  const comment = await api(
    request,
    student.token,
    'POST',
    `/api/student/my-classes/${classId}/contents/${lessonId}/forums/${forumId}/comments`,
    { comment: 'Lebih mudah dirawat.' },
  );
  expect(comment.status).toBe(201);
  // A reply too: replies are drawn differently (indented, "@author" in colour) and must pass the audit as well.
  const reply = await api(
    request,
    teacher.token,
    'POST',
    `${base}/contents/${lessonId}/forums/${forumId}/comments/${comment.body.data.id}/sub-comments`,
    { comment: 'Betul, dan mudah ditambah.' },
  );
  expect(reply.status).toBe(201);
  const assignment = await api(request, teacher.token, 'POST', `${base}/contents/${lessonId}/assignments`, {
    title: 'Tugas subnetting',
    description: 'Hitung subnet.',
    deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  const assignmentId = assignment.body.data.id as number;
  await handIn(request, student.token, assignmentId, pdf);
  const words = await api(request, admin, 'GET', '/api/admin/resources/motivational-words');
  // A deactivated account that must change its password: the list's and the detail's badges are audited too.
  const inactive = await freshUser(request, 3, { must_change_password: true });
  expect((await api(request, admin, 'PATCH', `/api/admin/resources/users/${inactive.id}/status`, { status: 0 })).status).toBe(200);
  return {
    rombelId,
    teacher,
    student,
    classId,
    lessonId,
    forumId,
    assignmentId,
    inactiveId: inactive.id,
    wordId: words.body.data[0]?.id as number | undefined,
  };
}

type Scene = Awaited<ReturnType<typeof a11yScene>>;

/** Waits until the screen has loaded its data (no loading indicator, no API request in flight). */
async function settle(page: Page) {
  await apiIdle(page);
  await expect(page.locator('[role="status"][aria-label="Memuat…"]')).toHaveCount(0);
  await page.waitForTimeout(150);
}

/** Visits each screen (and, where given, a tab or a state opened by a click) and collects its violations. */
async function audit(page: Page, screens: Array<[name: string, url: string, then?: (page: Page) => Promise<void>]>) {
  const found: string[] = [];
  for (const [name, url, then] of screens) {
    await page.goto(url);
    await settle(page);
    if (then) {
      await then(page);
      await settle(page);
    }
    found.push(...(await violations(page, name)));
  }
  return found;
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
};

/** Opens a dialog, checks it with axe, walks Tab through it (the focus stays inside), closes it with Escape. */
async function dialog(page: Page, name: string, open: (page: Page) => Promise<void>): Promise<string[]> {
  await open(page);
  const box = page.getByRole('dialog');
  await expect(box).toBeVisible();
  await page.waitForTimeout(300); // the opening transition
  const found = await violations(page, `dialog ${name}`);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
    const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    if (!inside) found.push(`dialog ${name}: focus left the dialog after ${i + 1} Tab presses`);
  }
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  return found;
}

/** Presses Tab until `target` has the focus (the keyboard's way there), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2000 }).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

const roles = ['guest', 'admin', 'teacher', 'student'] as const;

for (const phone of [false, true]) {
  const tag = phone ? ' @phone' : '';
  test.describe(`accessibility${phone ? ' on a phone' : ''}`, () => {
    let scene: Scene;
    test.beforeAll(async ({ request }) => {
      scene = await a11yScene(request);
    });

    for (const role of roles) {
      test(`every ${role} screen has no serious or critical axe violation${tag}`, async ({ page }) => {
        test.setTimeout(180_000);
        const s = scene;
        let found: string[];
        if (role === 'guest') {
          found = await audit(page, [['login', '/login']]);
        } else if (role === 'admin') {
          await login(page, DEMO.admin.username, DEMO.admin.password);
          found = await audit(page, [
            ['admin dashboard', '/dashboard'],
            ['admin profile', '/me'],
            ['users', '/resources/users'],
            ['inactive users', '/resources/users?status=inactive'],
            ['inactive user detail', `/resources/users/${s.inactiveId}`],
            ['create user', '/resources/users/new'],
            ['user detail', `/resources/users/${s.student.id}`],
            ['edit user', `/resources/users/${s.student.id}/edit`],
            ['user import', '/resources/users/import'],
            ['kenaikan kelas', '/resources/promotion'],
            ['arsip kelas', '/resources/archived-classes'],
            ['log aktivitas', '/resources/audit-log'],
            ['rombel list', '/resources/rombel-class'],
            ['rombel detail', `/resources/rombel-class/${s.rombelId}`],
            ['motivational words', '/resources/motivational-words'],
            ...(s.wordId ? ([['motivational word detail', `/resources/motivational-words/${s.wordId}`]] as [string, string][]) : []),
            ['permission denied', `/my-classes/${s.classId}`],
            ['not found', '/tidak-ada-halaman-ini'],
          ]);
        } else if (role === 'teacher') {
          await login(page, s.teacher.username, s.teacher.password);
          const c = `/online-class/${s.classId}`;
          found = await audit(page, [
            ['teacher dashboard', '/dashboard'],
            ['teacher profile', '/me'],
            ['teacher class: Konten', c],
            ['teacher class: Tentang', c, tab('Tentang')],
            ['teacher class: Nilai', `${c}?tab=nilai`],
            ['assignment: Instruksi Tugas', `${c}/contents/${s.lessonId}/assignment/${s.assignmentId}`],
            ['assignment: Penilaian Tugas', `${c}/contents/${s.lessonId}/assignment/${s.assignmentId}`, tab('Penilaian Tugas')],
            ['teacher forum', `${c}/contents/${s.lessonId}/forums/${s.forumId}`],
            ['teacher archive', '/online-class/arsip'],
            ['teacher jadwal', '/jadwal'],
          ]);
        } else {
          await login(page, s.student.username, s.student.password);
          const c = `/my-classes/${s.classId}`;
          found = await audit(page, [
            ['student dashboard', '/dashboard'],
            ['student profile', '/me'],
            ['student class: Konten', c],
            ['student class: Tentang', c, tab('Tentang')],
            ['submission detail', `${c}/submissions/${s.assignmentId}`],
            [
              'submission: Ubah kiriman',
              `${c}/submissions/${s.assignmentId}`,
              async (p: Page) => {
                await p.getByRole('button', { name: 'Ubah kiriman' }).click();
                await expect(p.getByRole('button', { name: 'Update Submission' })).toBeVisible();
              },
            ],
            ['tugas saya', '/my-work'],
            ['tugas saya: Selesai', '/my-work?tab=done'],
            ['nilai saya', '/my-grades'],
            ['student jadwal', '/jadwal'],
            ['student forum', `${c}/contents/${s.lessonId}/forums/${s.forumId}`],
          ]);
        }
        expect(found, found.join('\n')).toEqual([]);
      });
    }

    // Issue 37: the school year's admin screens, in a test of their own (one test per role would outgrow its time).
    test(`every admin school-year screen has no serious or critical axe violation${tag}`, async ({ page }) => {
      test.setTimeout(180_000);
      await login(page, DEMO.admin.username, DEMO.admin.password);
      const found = await audit(page, [
        ['semester', '/school/semesters'],
        ['jurusan', '/school/departments'],
        ['mata pelajaran', '/school/subjects'],
        ['pembagian tugas', '/school/teaching'],
        ['wali kelas', '/school/homerooms'],
        ['jadwal pelajaran', '/school/timetable'],
        ['impor FET', '/school/fet-import'],
      ]);
      expect(found, found.join('\n')).toEqual([]);
    });

    test(`forms work from the keyboard alone: log in, then create a class in its dialog${tag}`, async ({ page }) => {
      const s = scene;
      await page.goto('/login');
      await settle(page);
      await tabTo(page, page.getByLabel('Username atau email'));
      await page.keyboard.type(s.teacher.username);
      await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
      await page.keyboard.type(s.teacher.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/dashboard$/);
      await settle(page);

      await tabTo(page, page.getByRole('button', { name: 'Tambah Kelas' }).last(), 60);
      await page.keyboard.press('Enter');
      const box = page.getByRole('dialog', { name: 'Tambah Kelas Baru' });
      await expect(box).toBeVisible();
      const name = `Kelas Keyboard ${unique()}`;
      await tabTo(page, box.getByRole('textbox', { name: 'Nama Kelas' }));
      await page.keyboard.type(name);
      const rombel = box.getByRole('combobox', { name: 'Rombel' });
      await tabTo(page, rombel);
      if (!(await rombel.inputValue())) {
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      }
      await expect(rombel).not.toHaveValue('');
      await tabTo(page, box.getByRole('button', { name: 'Simpan' }));
      await page.keyboard.press('Enter');
      await expect(box).toBeHidden();
      await expect(page.getByRole('article', { name })).toBeVisible();
    });

    test(`a student comments and replies in a forum from the keyboard alone${tag}`, async ({ page }) => {
      const s = scene;
      await signIn(page, s.student.username, s.student.password);
      await page.goto(`/my-classes/${s.classId}/contents/${s.lessonId}/forums/${s.forumId}`);
      await settle(page);

      /** Opens a dialog with Enter on `opener`, types into its focused field, sends it with Kirim; all by keyboard. */
      const sendByKeyboard = async (opener: Locator, dialogName: string, field: string, text: string) => {
        await tabTo(page, opener, 80);
        await page.keyboard.press('Enter');
        const box = page.getByRole('dialog', { name: dialogName });
        await expect(box).toBeVisible();
        await expect(box.getByRole('textbox', { name: field })).toBeFocused();
        await page.keyboard.type(text);
        await tabTo(page, box.getByRole('button', { name: 'Kirim' }));
        await page.keyboard.press('Enter');
        await expect(box).toBeHidden();
      };

      const comment = `Komentar keyboard ${unique()}`;
      await sendByKeyboard(page.getByRole('button', { name: 'Write your reply.' }), 'Comment', 'Komentar', comment);
      // The comment in the thread (the closed dialog's textarea still holds the text).
      const card = page.locator('[id^="komentar-"]').filter({ has: page.getByText(comment, { exact: true }) });
      await expect(card).toBeVisible();

      // A reply to that comment, through its own Reply button.
      const reply = `Balasan keyboard ${unique()}`;
      await sendByKeyboard(card.getByRole('button', { name: 'Reply' }).first(), `Reply ${s.student.name}`, 'Balasan', reply);
      await expect(card.getByTestId('forum-reply').filter({ hasText: `@${s.student.name} ${reply}` })).toBeVisible();
    });

    test(`dialogs have no serious violation, keep the focus inside and close with Escape${tag}`, async ({ page }) => {
      test.setTimeout(180_000);
      const s = scene;
      const found: string[] = [];
      await signIn(page, s.teacher.username, s.teacher.password);
      await page.goto('/dashboard');
      await settle(page);
      found.push(...(await dialog(page, 'Tambah Kelas Baru', (p) => p.getByRole('button', { name: 'Tambah Kelas' }).first().click())));
      await page.goto('/me');
      await settle(page);
      found.push(...(await dialog(page, 'Ganti Password', (p) => p.getByRole('button', { name: 'Ganti Password' }).click())));
      await page.goto(`/online-class/${s.classId}/contents/${s.lessonId}/forums/${s.forumId}`);
      await settle(page);
      found.push(...(await dialog(page, 'Comment', (p) => p.getByRole('button', { name: 'Write your reply.' }).click())));

      await page.evaluate(() => localStorage.clear());
      await login(page, s.student.username, s.student.password);
      await page.goto(`/my-classes/${s.classId}/submissions/${s.assignmentId}`);
      await settle(page);
      // The scene handed the work in, so "Batalkan pengiriman" asks first in its dialog.
      found.push(...(await dialog(page, 'Batalkan pengiriman?', (p) => p.getByRole('button', { name: 'Batalkan pengiriman' }).click())));

      await page.evaluate(() => localStorage.clear());
      await login(page, DEMO.admin.username, DEMO.admin.password);
      await page.goto('/resources/rombel-class');
      await settle(page);
      found.push(...(await dialog(page, 'Add Rombel', (p) => p.getByRole('button', { name: 'Add Rombel' }).click())));
      await page.goto('/resources/users');
      await page.getByRole('textbox', { name: 'Cari user' }).fill(s.student.username);
      const studentRow = page.getByRole('row').filter({ hasText: s.student.username });
      await expect(page.getByRole('row')).toHaveCount(2);
      found.push(
        ...(await dialog(page, 'Hapus user', async (p) => {
          await studentRow.getByRole('button', { name: 'Delete' }).click();
          await expect(p.getByRole('dialog')).toContainText('Tindakan ini tidak dapat dibatalkan.');
        })),
      );
      found.push(
        ...(await dialog(page, 'Nonaktifkan', () => studentRow.getByRole('button', { name: 'Nonaktifkan', exact: true }).click())),
      );
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}
