/**
 * Self check-in (issue 38, "Presensi mandiri"): the teacher opens it for a meeting of today and
 * shows the rotating QR code and 6-digit code; one student's phone scans the QR code captured from
 * the teacher's screen with a real camera (Chromium's fake camera playing the screenshot as a Y4M
 * video), another types the code, a third opens the QR code's address logged out and comes back
 * after the login; the teacher's list fills live; a wrong code is refused with its message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { fullBrowser } from './browsers';
import { DEMO, api, apiIdle, apiToken, freshUser, violations, signIn } from './fixtures';

const require = createRequire(import.meta.url);
/** pngjs (a dependency of qrcode) reads the screenshot; it ships no types. */
const { PNG } = require('pngjs') as { PNG: { sync: { read(buf: Buffer): { width: number; height: number; data: Buffer } } } };

const X_TKJ_1 = 1;
const WRONG_CODE = 'Kode presensi salah atau sudah kedaluwarsa. Minta kode terbaru ke guru.';

/** The WIB wall clock of now (+ minutes): "2026-12-01" and "07.05". */
function wib(minutes = 0): { date: string; time: string; minutes: number } {
  const d = new Date(Date.now() + 7 * 3600_000 + minutes * 60_000);
  const iso = d.toISOString();
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 13)}.${iso.slice(14, 16)}`, minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
}
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}.${String(m % 60).padStart(2, '0')}`;

/**
 * A meeting of today for the demo teacher's class `className` (rombel X TKJ 1), around now: one
 * added outside the timetable from two minutes ago, or, when the class already has a meeting
 * then (a lesson of the timetable), that one.
 */
async function meetingNow(request: APIRequestContext, token: string, className: string) {
  const classes = await api(request, token, 'GET', '/api/teacher/online-classes');
  expect(classes.status, JSON.stringify(classes.body)).toBe(200);
  const list = classes.body.data as { id: number; name: string }[];
  const klass = list.find((c) => c.name === className);
  expect(klass, `${className} in ${JSON.stringify(list.map((c) => c.name))}`).toBeTruthy();
  const classId = klass!.id;
  const now = wib();
  const from = Math.min(Math.max(0, now.minutes - 2), 23 * 60);
  const to = Math.min(from + 60, 23 * 60 + 59);
  const base = `/api/teacher/online-classes/${classId}/meetings`;
  const made = await api(request, token, 'POST', base, {
    date: now.date,
    starts_at: hhmm(from),
    ends_at: hhmm(to),
    topic: 'Presensi mandiri',
  });
  if (made.status === 201) return { classId, meetingId: made.body.data.id as number };
  expect(made.status, JSON.stringify(made.body)).toBe(409);
  const meetings = await api(request, token, 'GET', base);
  const today = (meetings.body.data as { id: number; date: string; cancelled: boolean; starts_at: string; ends_at: string }[]).filter(
    (m) => m.date === now.date && !m.cancelled,
  );
  const current = today.find((m) => Date.parse(m.starts_at) <= Date.now() && Date.now() < Date.parse(m.ends_at)) ?? today[0];
  expect(current, JSON.stringify(today)).toBeTruthy();
  return { classId, meetingId: current!.id };
}

const Y4M_W = 640;
const Y4M_H = 480;

/**
 * A one-frame Y4M video (C420jpeg: full-range luma, neutral chroma) of the PNG screenshot, centred
 * on white (the QR code's quiet zone), scaled down to fit the frame when larger.
 */
function y4mOf(png: Buffer | null): Buffer {
  const luma = Buffer.alloc(Y4M_W * Y4M_H, 255);
  if (png) {
    const img = PNG.sync.read(png);
    const scale = Math.min(1, (Y4M_H - 40) / Math.max(img.width, img.height));
    const w = Math.floor(img.width * scale);
    const h = Math.floor(img.height * scale);
    const x0 = Math.floor((Y4M_W - w) / 2);
    const y0 = Math.floor((Y4M_H - h) / 2);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (Math.floor(y / scale) * img.width + Math.floor(x / scale)) * 4;
        const [r, g, b, a] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]! / 255];
        const l = 0.299 * r + 0.587 * g + 0.114 * b;
        luma[(y0 + y) * Y4M_W + x0 + x] = Math.round(l * a + 255 * (1 - a));
      }
    }
  }
  const chroma = Buffer.alloc((Y4M_W / 2) * (Y4M_H / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${Y4M_W} H${Y4M_H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]);
}

/** A phone of its own (a second Chromium) whose camera plays `video`. */
async function phoneWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    ...fullBrowser,
    args: [
      ...fullBrowser.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

const phoneContext = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    hasTouch: true,
    isMobile: true,
  });

/** Waits for a fresh rotation on the teacher's screen (at least 7 s left), so what is read now is still good a while. */
async function freshRotation(teacher: Page) {
  await expect(teacher.getByText(/^Kode berganti dalam (1[0-5]|[7-9]) detik$/)).toBeVisible({ timeout: 20_000 });
}

const shownCode = async (teacher: Page) => ((await teacher.locator('#kode-presensi').textContent()) ?? '').replace(/\s/g, '');

/** A code that is neither this one nor a neighbour of it: every digit moved by five. */
const otherCode = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 5) % 10));

async function openCheckin(teacher: Page, classId: number, meetingId: number) {
  await teacher.goto(`/online-class/${classId}/presensi/${meetingId}/mandiri`);
  await expect(teacher.getByRole('heading', { name: 'Presensi mandiri', level: 2 })).toBeVisible();
  await expect(teacher.getByLabel('Lama presensi (menit)')).toHaveValue('15');
  await expect(teacher.getByLabel('Terlambat setelah (menit)')).toHaveValue('10');
  // A lesson of the timetable may have started a while ago: every check-in of this test is Hadir.
  await teacher.getByLabel('Terlambat setelah (menit)').fill('180');
  await teacher.getByRole('button', { name: 'Buka presensi mandiri' }).click();
  await expect(teacher.getByRole('img', { name: 'Kode QR presensi mandiri' })).toBeVisible();
  await expect(teacher.locator('#kode-presensi')).toHaveText(/^\d{3} \d{3}$/);
}

test.describe('self check-in', () => {
  test('@phone a QR code scanned with the camera, a typed code and the QR address fill the teacher’s list live', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const problems: string[] = [];
    const guru = await apiToken(request, DEMO.teacher.username, DEMO.teacher.password);
    const { classId, meetingId } = await meetingNow(request, guru, 'Komputer dan Jaringan Dasar');
    const typist = await freshUser(request, 3, { rombel_id: X_TKJ_1 });
    const linker = await freshUser(request, 3, { rombel_id: X_TKJ_1 });

    // The teacher's phone: closed, the form; then open. Its live stream carries the meeting's check-ins.
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/live')) streams.push(r.url());
    });
    await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
    await page.goto(`/online-class/${classId}/presensi/${meetingId}/mandiri`);
    await expect(page.getByRole('button', { name: 'Buka presensi mandiri' })).toBeVisible();
    await apiIdle(page);
    problems.push(...(await violations(page, 'presensi mandiri (tutup) 390')));
    await openCheckin(page, classId, meetingId);
    const state = await api(request, guru, 'GET', `/api/teacher/online-classes/${classId}/meetings/${meetingId}/checkin`);
    const { students, checked_in: before } = state.body.data as { students: number; checked_in: number };
    await expect(page.getByText(`${before} dari ${students} siswa sudah presensi`, { exact: true })).toBeVisible();
    // The QR code fills the phone's width.
    const qr = page.getByRole('img', { name: 'Kode QR presensi mandiri' });
    expect((await qr.boundingBox())!.width).toBeGreaterThan(300);
    await apiIdle(page);
    problems.push(...(await violations(page, 'presensi mandiri (buka) 390')));

    // Student 1's phone: its camera will play what the test captures of the teacher's screen.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-checkin-'));
    const video = path.join(dir, 'qr.y4m');
    fs.writeFileSync(video, y4mOf(null));
    const camera = await phoneWithCamera(video);
    try {
      const scanner = await (await phoneContext(camera, baseURL)).newPage();
      await signIn(scanner, DEMO.student.username, DEMO.student.password);
      await scanner.goto('/presensi');
      await expect(scanner.getByRole('heading', { name: 'Presensi mandiri' })).toBeVisible();
      await apiIdle(scanner);
      problems.push(...(await violations(scanner, 'presensi siswa 390')));

      await freshRotation(page);
      fs.writeFileSync(video, y4mOf(await qr.screenshot()));
      await scanner.getByRole('button', { name: 'Pindai kode QR' }).click();
      await expect(scanner.getByRole('heading', { name: 'Presensi berhasil: Hadir' })).toBeVisible({ timeout: 20_000 });
      await expect(scanner.getByRole('status').filter({ hasText: 'Presensi berhasil' })).toContainText('Komputer dan Jaringan Dasar');
      // The camera is off again.
      await expect(scanner.locator('video')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Siswa yang sudah presensi' }).getByText(DEMO.student.name)).toBeVisible();
      await expect(page.getByText(`${before + 1} dari ${students} siswa sudah presensi`, { exact: true })).toBeVisible();
      await apiIdle(scanner);
      problems.push(...(await violations(scanner, 'presensi berhasil 390')));
    } finally {
      await camera.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Student 2 types: first a wrong code, then the one on the teacher's screen.
    const typing = await (await phoneContext(page.context().browser()!, baseURL)).newPage();
    await signIn(typing, typist.username, typist.password);
    await typing.goto('/presensi');
    const codeInput = typing.getByRole('textbox', { name: 'Kode presensi' });
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await freshRotation(page);
    const code = await shownCode(page);
    await codeInput.fill(otherCode(code));
    await typing.getByRole('button', { name: 'Kirim' }).click();
    await expect(typing.getByRole('alert')).toContainText(WRONG_CODE);
    await expect(page.getByRole('list', { name: 'Siswa yang sudah presensi' }).getByText(typist.name)).toHaveCount(0);
    await codeInput.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await typing.getByRole('button', { name: 'Kirim' }).click();
    await expect(typing.getByRole('heading', { name: 'Presensi berhasil: Hadir' })).toBeVisible();
    await expect(typing.getByRole('alert')).toHaveCount(0);

    // Student 3 opens the QR code's address with the phone's own camera app, logged out.
    await freshRotation(page);
    const address = await qr.getAttribute('data-qr-url');
    expect(address).toMatch(new RegExp(`/presensi/masuk\\?m=${meetingId}&c=\\d{6}$`));
    const linking = await (await phoneContext(page.context().browser()!, baseURL)).newPage();
    await linking.goto(address!);
    await expect(linking).toHaveURL(/\/login\?next=/);
    await linking.getByLabel('Username atau email').fill(linker.username);
    await linking.getByRole('textbox', { name: 'Password', exact: true }).fill(linker.password);
    await linking.getByRole('button', { name: 'Masuk' }).click();
    await expect(linking).toHaveURL(/\/presensi\/masuk\?m=/);
    await expect(linking.getByRole('heading', { name: 'Presensi berhasil: Hadir' })).toBeVisible();
    await apiIdle(linking);
    problems.push(...(await violations(linking, 'tautan presensi 390')));

    // The teacher's list filled live, without a reload, with the three of them.
    const list = page.getByRole('list', { name: 'Siswa yang sudah presensi' });
    for (const name of [DEMO.student.name, typist.name, linker.name]) {
      await expect(list.getByRole('listitem').filter({ hasText: name })).toContainText('Hadir');
    }
    await expect(page.getByText(`${before + 3} dari ${students} siswa sudah presensi`, { exact: true })).toBeVisible();
    expect(
      streams.some((u) => u.includes(`class=${classId}`) && u.includes(`meeting=${meetingId}`)),
      streams.join('\n'),
    ).toBe(true);

    await page.getByRole('button', { name: 'Tutup presensi mandiri' }).click();
    await expect(page.getByRole('button', { name: 'Buka presensi mandiri' })).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke daftar siswa' }).click();
    await expect(page).toHaveURL(new RegExp(`/online-class/${classId}/presensi/${meetingId}$`));
    expect(problems).toEqual([]);
  });

  test('desktop: a large QR code for the projector, a camera that cannot open, a broken link; no accessibility problems', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const problems: string[] = [];
    const guru = await apiToken(request, DEMO.teacher.username, DEMO.teacher.password);
    const { classId, meetingId } = await meetingNow(request, guru, 'Sistem Komputer');
    const pupil = await freshUser(request, 3, { rombel_id: X_TKJ_1 });

    await signIn(page, DEMO.teacher.username, DEMO.teacher.password);
    await page.goto(`/online-class/${classId}/presensi/${meetingId}/mandiri`);
    await apiIdle(page);
    problems.push(...(await violations(page, 'presensi mandiri (tutup) 1280')));
    await openCheckin(page, classId, meetingId);
    const qr = page.getByRole('img', { name: 'Kode QR presensi mandiri' });
    expect((await qr.boundingBox())!.width).toBeGreaterThan(400);
    await apiIdle(page);
    problems.push(...(await violations(page, 'presensi mandiri (buka) 1280')));

    const student = await (
      await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
    ).newPage();
    await signIn(student, pupil.username, pupil.password);
    await student.goto('/presensi');
    await apiIdle(student);
    problems.push(...(await violations(student, 'presensi siswa 1280')));
    // No camera here (the desktop has none, or refuses it): the student is told to type the code.
    await student.getByRole('button', { name: 'Pindai kode QR' }).click();
    await expect(student.getByRole('alert')).toContainText('Kamera tidak dapat dipakai');
    await expect(student.getByRole('alert')).toContainText(/ketik kode yang ditampilkan guru/i);
    problems.push(...(await violations(student, 'kamera gagal 1280')));
    await student.getByRole('button', { name: 'Tutup kamera' }).click();
    await freshRotation(page);
    await student.getByRole('textbox', { name: 'Kode presensi' }).fill(await shownCode(page));
    await student.getByRole('button', { name: 'Kirim' }).click();
    await expect(student.getByRole('heading', { name: 'Presensi berhasil: Hadir' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Siswa yang sudah presensi' }).getByText(pupil.name)).toBeVisible();
    problems.push(...(await violations(student, 'presensi berhasil 1280')));

    // Twice: the server says so.
    await freshRotation(page);
    await student.getByRole('textbox', { name: 'Kode presensi' }).fill(await shownCode(page));
    await student.getByRole('button', { name: 'Kirim' }).click();
    await expect(student.getByRole('alert')).toContainText('Kamu sudah tercatat Hadir di pertemuan ini');

    await student.goto('/presensi/masuk?m=abc');
    await expect(student.getByRole('alert')).toContainText('Tautan presensi ini tidak lengkap');
    await apiIdle(student);
    problems.push(...(await violations(student, 'tautan presensi rusak 1280')));
    await page.getByRole('button', { name: 'Tutup presensi mandiri' }).click();
    expect(problems).toEqual([]);
  });
});
