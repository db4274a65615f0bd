/**
 * Parent links and the at-risk settings (issue 40), at 390 px and on desktop: a fresh student makes
 * a pairing code on the profile and sees it with its WhatsApp message (address and text); a parent
 * signs up with it through the API and the student sees them listed. The admin sees the parent on
 * the student's User Detail and unlinks them: gone there, and from the parent's children. On
 * Sekolah › Perwalian bad thresholds show the contract's messages under the fields, then a valid save.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PARENT_LINK_SOURCE_LABELS, PARENT_MSG, RISK_DEFAULTS } from '@kelasku/contract';
import { DEMO, api, apiIdle, apiToken, freshRombel, freshUser, toast, violations, signIn } from './fixtures';

const CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}$/;
const SIZES = [
  { tag: '@phone', width: 390 },
  { tag: '', width: 1280 },
] as const;

let parentSeq = 0;

/** A fresh student (in a rombel of their own), with a pairing code made through the API. */
async function studentWithCode(request: APIRequestContext) {
  const rombel = await freshRombel(request, 'Ortu');
  const student = await freshUser(request, 3, { rombel_id: rombel.id });
  const made = await api(request, student.token, 'POST', '/api/student/pairing-code');
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { student, code: made.body.data.code as string };
}

/** A parent signs up with the code (POST /api/parent-signup) and accepts the privacy notice. */
async function signUpParent(request: APIRequestContext, code: string, relation: 'ayah' | 'ibu' | 'wali' = 'ibu') {
  const username = `ortu${Date.now().toString(36)}${++parentSeq}`;
  const name = `Ibu Uji ${username.slice(-5)}`;
  const res = await request.post('/api/parent-signup', {
    data: { code, relation, name, username, password: 'rahasia1', confirm_password: 'rahasia1', telpon: '0812-3456-7890', email: null },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = (await res.json()).data.token as string;
  const accepted = await api(request, token, 'POST', '/api/parent/privacy/accept');
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { username, name, token };
}

async function noViolations(page: Page, screen: string) {
  await apiIdle(page);
  expect(await violations(page, screen)).toEqual([]);
}

for (const { tag, width } of SIZES) {
  test.describe(`orang tua/wali at ${width} px ${tag}`.trim(), () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test(
      `a student makes a code, shares it, and sees the parent who signed up with it ${tag}`.trim(),
      async ({ page, request, baseURL }) => {
        const rombel = await freshRombel(request, 'Kode');
        const student = await freshUser(request, 3, { rombel_id: rombel.id });
        await signIn(page, student.username, student.password);
        await page.goto('/me');
        const card = page.getByRole('region', { name: 'Orang tua/wali' });
        await expect(card.getByText('Belum ada orang tua/wali yang terhubung dengan akunmu.')).toBeVisible();

        await card.getByRole('button', { name: 'Buat kode untuk orang tua' }).click();
        await expect(toast(page, PARENT_MSG.codeCreated)).toBeVisible();
        const shown = card.getByTestId('pairing-code');
        await expect(shown).toHaveText(CODE);
        const code = (await shown.textContent())!.trim();
        await expect(card.getByText(/^Berlaku sampai \d{1,2} \S+ \d{4} \d{2}\.\d{2} WIB, sekali pakai\.$/)).toBeVisible();
        await expect(card.getByText(`${baseURL}/daftar-orang-tua`, { exact: true })).toBeVisible();

        const share = card.getByRole('link', { name: 'Bagikan lewat WhatsApp' });
        const href = (await share.getAttribute('href'))!;
        expect(href.startsWith('https://wa.me/?text=')).toBe(true);
        const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
        expect(text).toMatch(new RegExp(`^Kode Kelasku untuk orang tua/wali: ${code}\\nBerlaku sampai .+ WIB\\.\\n`));
        expect(text).toContain(`Daftar di ${baseURL}/daftar-orang-tua dengan kode ini.`);
        expect(text).toContain('pilih "Tambah Anak"');
        await expect(card.getByRole('button', { name: 'Salin kode' })).toBeVisible();
        await noViolations(page, `pairing code ${width}`);

        const parent = await signUpParent(request, code);
        await page.reload();
        await expect(card.getByRole('list', { name: 'Orang tua/wali yang terhubung' })).toContainText(`${parent.name} (Ibu)`);
        // The code was used: neither it nor an active code's expiry is shown.
        await expect(card.getByTestId('pairing-code')).toHaveCount(0);
        await expect(card.getByText(/Ada kode yang belum dipakai/)).toHaveCount(0);
        await expect(card.getByRole('button', { name: 'Buat kode untuk orang tua' })).toBeVisible();
      },
    );

    test(`at three parents the button gives way to the reason ${tag}`.trim(), async ({ page, request }) => {
      const { student, code } = await studentWithCode(request);
      await signUpParent(request, code, 'ayah');
      for (const relation of ['ibu', 'wali'] as const) {
        const next = await api(request, student.token, 'POST', '/api/student/pairing-code');
        expect(next.status, JSON.stringify(next.body)).toBe(201);
        await signUpParent(request, next.body.data.code as string, relation);
      }
      await signIn(page, student.username, student.password);
      await page.goto('/me');
      const card = page.getByRole('region', { name: 'Orang tua/wali' });
      await expect(card.getByRole('list', { name: 'Orang tua/wali yang terhubung' }).getByRole('listitem')).toHaveCount(3);
      await expect(card.getByText(PARENT_MSG.tooManyParents)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Buat kode untuk orang tua' })).toHaveCount(0);
    });

    test(`the admin sees the student's parent and unlinks them ${tag}`.trim(), async ({ page, request }) => {
      const { student, code } = await studentWithCode(request);
      const parent = await signUpParent(request, code);
      const children = async () => {
        const res = await api(request, parent.token, 'GET', '/api/parent/children');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body.data as { id: number }[]).map((c) => c.id);
      };
      expect(await children()).toContain(student.id);

      await signIn(page, DEMO.admin.username, DEMO.admin.password);
      await page.goto(`/resources/users/${student.id}`);
      const panel = page.getByRole('region', { name: 'Orang tua/wali' });
      const row = panel.getByRole('listitem', { name: `${parent.name} (Ibu)` });
      await expect(row).toBeVisible();
      await expect(row).toContainText('Telepon: 0812-3456-7890');
      await expect(row).toContainText(PARENT_LINK_SOURCE_LABELS.pairing);
      await expect(row).toContainText(`username ${parent.username}`);
      await expect(row.getByText(/^(Sudah|Belum) pernah masuk$/)).toBeVisible();
      await noViolations(page, `student's parents ${width}`);

      await row.getByRole('button', { name: 'Putuskan' }).click();
      const dialog = page.getByRole('dialog', { name: `Putuskan ${parent.name}?` });
      await expect(dialog).toContainText(`${parent.name} tidak akan bisa lagi melihat data ${student.name}.`);
      await dialog.getByRole('button', { name: 'Putuskan' }).click();
      await expect(toast(page, PARENT_MSG.unlinked)).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(panel.getByText(PARENT_MSG.noParents)).toBeVisible();
      expect(await children()).not.toContain(student.id);
    });

    test(`Perwalian: bad thresholds show the messages, a valid one is saved ${tag}`.trim(), async ({ page, request }) => {
      const admin = await apiToken(request, DEMO.admin.username, DEMO.admin.password);
      // The API says the same as the form.
      const refused = await api(request, admin, 'PUT', '/api/admin/homeroom-settings', { risk_alpa: 32, risk_missing: 'abc' });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain(PARENT_MSG.riskAlpaInvalid);
      expect(JSON.stringify(refused.body)).toContain(PARENT_MSG.riskMissingInvalid);
      try {
        await signIn(page, DEMO.admin.username, DEMO.admin.password);
        await page.goto('/school/perwalian');
        await expect(page.getByRole('heading', { name: 'Perwalian', level: 2 })).toBeVisible();
        await expect(page.getByText(/nilai akhir suatu mapel di bawah KKTP kelasnya/)).toBeVisible();
        const alpa = page.getByRole('textbox', { name: 'Alpa dalam sebulan' });
        const missing = page.getByRole('textbox', { name: 'Tugas belum dikumpulkan' });
        await expect(alpa).not.toHaveValue('');
        const save = page.getByRole('button', { name: 'Simpan' });
        for (const [a, m] of [
          ['0', '0'],
          ['32', '51'],
          ['abc', 'abc'],
        ]) {
          await alpa.fill(a);
          await missing.fill(m);
          // Typing clears the last attempt's messages; "Simpan" checks again.
          await expect(page.getByText(PARENT_MSG.riskAlpaInvalid, { exact: true })).toHaveCount(0);
          await save.click();
          await expect(page.getByText(PARENT_MSG.riskAlpaInvalid, { exact: true })).toBeVisible();
          await expect(page.getByText(PARENT_MSG.riskMissingInvalid, { exact: true })).toBeVisible();
        }
        await noViolations(page, `perwalian errors ${width}`);
        await alpa.fill('4');
        await missing.fill('6');
        await save.click();
        await expect(toast(page, PARENT_MSG.riskSaved)).toBeVisible();
        await expect(page.getByText(PARENT_MSG.riskAlpaInvalid)).toHaveCount(0);
        const now = await api(request, admin, 'GET', '/api/admin/homeroom-settings');
        expect(now.body.data).toEqual({ risk_alpa: 4, risk_missing: 6 });
        await page.reload();
        await expect(alpa).toHaveValue('4');
        await expect(missing).toHaveValue('6');
      } finally {
        // Other specs read the defaults.
        await api(request, admin, 'PUT', '/api/admin/homeroom-settings', {
          risk_alpa: RISK_DEFAULTS.alpa,
          risk_missing: RISK_DEFAULTS.missing,
        });
      }
    });
  });
}
