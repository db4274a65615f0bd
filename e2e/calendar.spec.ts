/**
 * The calendar card on the profile (issue 42), at 390 px and on desktop: a fresh student makes a
 * calendar address, sees it with "Salin" (the clipboard holds it) and the webcal:// link, opens the
 * Google Calendar guide, and the address serves an iCal feed; "Buat alamat baru" (confirmed)
 * replaces it (the old one answers 404), "Cabut" (confirmed) revokes it. Axe finds nothing serious.
 */
import { expect, test, type Page } from '@playwright/test';
import { REACH_MSG } from '@kelasku/contract';
import { apiIdle, freshRombel, freshUser, toast, violations, signIn } from './fixtures';

const SIZES = [
  { tag: '@phone', width: 390 },
  { tag: '', width: 1280 },
] as const;
const FEED = /^https?:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/;

async function noViolations(page: Page, screen: string) {
  await apiIdle(page);
  expect(await violations(page, screen)).toEqual([]);
}

for (const { tag, width } of SIZES) {
  test.describe(`kalender at ${width} px ${tag}`.trim(), () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test(`a student makes, copies, rotates and revokes the calendar address ${tag}`.trim(), async ({ page, request, context }) => {
      // A loaded machine: sign-in, two address changes and two axe runs.
      test.setTimeout(180_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const rombel = await freshRombel(request, 'Kalender');
      const student = await freshUser(request, 3, { rombel_id: rombel.id });
      await signIn(page, student.username, student.password);
      await page.goto('/me');
      const card = page.getByRole('region', { name: 'Kalender' });
      await expect(card.getByText(/Tenggat tugas, kuis, ujian dan jadwal pelajaran muncul di kalender HP kamu/)).toBeVisible({
        timeout: 30_000,
      });
      await card.getByRole('button', { name: 'Buat alamat kalender' }).click();
      await expect(toast(page, REACH_MSG.calendarMade)).toBeVisible();

      const field = card.getByRole('textbox', { name: 'Alamat kalender' });
      await expect(field).toHaveValue(FEED);
      const first = await field.inputValue();
      await expect(card.getByRole('link', { name: 'Buka di kalender HP' })).toHaveAttribute(
        'href',
        first.replace(/^https?:\/\//, 'webcal://'),
      );
      await card.getByRole('button', { name: 'Salin' }).click();
      await expect(card.getByRole('button', { name: 'Disalin' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

      const feed = await request.get(first);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toContain('text/calendar');
      expect(await feed.text()).toContain('BEGIN:VCALENDAR');

      await card.getByRole('button', { name: 'Tambahkan ke Google Calendar' }).click();
      await expect(card.getByText('Setelan lainnya')).toBeVisible();
      await expect(card.getByText(/Google memperbaruinya sendiri setiap beberapa jam/)).toBeVisible();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await noViolations(page, 'Profil › Kalender');

      await card.getByRole('button', { name: 'Buat alamat baru' }).click();
      const rotate = page.getByRole('dialog', { name: 'Buat alamat baru?' });
      await expect(rotate.getByText(/Alamat lama tidak berlaku lagi/)).toBeVisible();
      await rotate.getByRole('button', { name: 'Buat alamat baru' }).click();
      await expect(field).not.toHaveValue(first);
      await expect(field).toHaveValue(FEED);
      const second = await field.inputValue();
      expect((await request.get(first)).status()).toBe(404);
      expect((await request.get(second)).status()).toBe(200);

      await card.getByRole('button', { name: 'Cabut' }).click();
      const revoke = page.getByRole('dialog', { name: 'Cabut alamat kalender?' });
      await revoke.getByRole('button', { name: 'Cabut' }).click();
      await expect(toast(page, REACH_MSG.calendarRevoked)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Buat alamat kalender' })).toBeVisible();
      await expect(field).toHaveCount(0);
      expect((await request.get(second)).status()).toBe(404);
      await noViolations(page, 'Profil › Kalender (dicabut)');
    });
  });
}
