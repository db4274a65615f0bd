import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderPage, type PageCall } from '../../test/render-page';
import { CHECKIN_MSG, type CheckinResult } from '@kelasku/contract';
import CheckinLinkPage, { BROKEN_LINK } from './CheckinLinkPage';
import StudentAttendancePage from './StudentAttendancePage';
import { CAMERA_MSG } from './scan';

const result: CheckinResult = {
  status: 'H',
  class: { id: 4, name: 'Komputer dan Jaringan Dasar', subject: 'Dasar-dasar TJKT' },
  meeting: {
    id: 77,
    class_id: 4,
    number: 7,
    date: '2026-12-01',
    periods: [3, 4],
    starts_at: '2026-12-01T02:00:00.000Z',
    ends_at: '2026-12-01T03:30:00.000Z',
    source: 'timetable',
    cancelled: false,
    cancel_reason: null,
    lesson: null,
    topic: null,
    activities: null,
    notes: null,
    attendance_taken_at: null,
    totals: { H: 1, T: 0, S: 0, I: 0, D: 0, A: 0 },
    unrecorded: 35,
    checkin_open: true,
  },
};

/** The page at `path`, in StrictMode as the app runs it. */
const renderAt = (path: string, element: ReactNode, answer: (body: unknown) => Response) =>
  renderPage(element, (c) => answer(c.body), { path, strict: true });
/** The bodies the page sent. */
const sent = (calls: PageCall[]) => calls.map((c) => c.body);

describe('StudentAttendancePage', () => {
  it('a typed code (spaces allowed) is sent alone; the confirmation names the class and the meeting', async () => {
    const calls = renderAt('/presensi', <StudentAttendancePage />, () =>
      json(200, { success: true, message: CHECKIN_MSG.hadir, data: result }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Kode presensi/ }), '482 913');
    await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByRole('heading', { name: 'Presensi berhasil: Hadir' })).toBeTruthy();
    expect(screen.getByText('Dasar-dasar TJKT · Komputer dan Jaringan Dasar')).toBeTruthy();
    expect(screen.getByText('Pertemuan 7, Selasa 1 Desember, jam ke-3–4')).toBeTruthy();
    expect(sent(calls)).toEqual([{ code: '482913' }]);
    expect(screen.getByRole('link', { name: 'Riwayat presensi' }).getAttribute('href')).toBe('/presensi/riwayat');
    expect(screen.getByRole('link', { name: 'Izin / sakit' }).getAttribute('href')).toBe('/presensi/izin');
  });

  it('a code that is not six digits is refused before sending; the server’s refusal is shown as it is', async () => {
    const wait = CHECKIN_MSG.tooMany(120);
    const calls = renderAt('/presensi', <StudentAttendancePage />, () => json(429, { success: false, message: wait }));
    await userEvent.type(screen.getByRole('textbox', { name: /Kode presensi/ }), '4829');
    await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText(CHECKIN_MSG.codeFormat)).toBeTruthy();
    expect(sent(calls)).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: /Kode presensi/ }), '13');
    await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect((await screen.findByRole('alert')).textContent).toContain(wait);
  });

  it('without a camera the student is told to type the code', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(Object.assign(new Error('x'), { name: 'NotFoundError' })) },
    });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    renderAt('/presensi', <StudentAttendancePage />, () => json(500, {}));
    await userEvent.click(screen.getByRole('button', { name: 'Pindai kode QR' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CAMERA_MSG.absent);
    await userEvent.click(screen.getByRole('button', { name: 'Tutup kamera' }));
    expect(screen.getByRole('button', { name: 'Pindai kode QR' })).toBeTruthy();
  });
});

describe('CheckinLinkPage', () => {
  it('sends the QR code’s check-in once, with its meeting, and shows the result', async () => {
    const calls = renderAt('/presensi/masuk?m=77&c=482913', <CheckinLinkPage />, () =>
      json(200, { success: true, message: CHECKIN_MSG.hadir, data: result }),
    );
    expect(await screen.findByRole('heading', { name: 'Presensi berhasil: Hadir' })).toBeTruthy();
    await waitFor(() => expect(sent(calls)).toEqual([{ code: '482913', meeting_id: 77 }]));
  });

  it('a refused code leaves the typed code at hand', async () => {
    renderAt('/presensi/masuk?m=77&c=482913', <CheckinLinkPage />, () => json(422, { success: false, message: CHECKIN_MSG.wrongCode }));
    expect((await screen.findByRole('alert')).textContent).toContain(CHECKIN_MSG.wrongCode);
    expect(screen.getByRole('textbox', { name: /Kode presensi/ })).toBeTruthy();
  });

  it('a link without its meeting or code sends nothing', async () => {
    const calls = renderAt('/presensi/masuk?m=77', <CheckinLinkPage />, () => json(500, {}));
    expect((await screen.findByRole('alert')).textContent).toContain(BROKEN_LINK);
    expect(sent(calls)).toEqual([]);
  });
});
