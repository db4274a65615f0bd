import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAVE_MSG, PARENT_MSG, type HomeroomOverview, type HomeroomSummary } from '@kelasku/contract';
import { json, renderPage } from '../../test/render-page';
import { leaveRequest as request } from '../../test/leave-request';
import HomeroomPage from './HomeroomPage';

const homeroom: HomeroomSummary = {
  rombel: { id: 1, name: 'X TKJ 1' },
  semester: { id: 3, label: '2026/2027 Ganjil' },
  students: 2,
  pending_requests: 1,
};

const month = { H: 10, S: 0, I: 0, A: 4, T: 1, D: 0 };
const overview: HomeroomOverview = {
  rombel: { id: 1, name: 'X TKJ 1' },
  semester: { id: 3, label: '2026/2027 Ganjil' },
  date: '2026-11-30',
  month_start: '2026-11-01',
  thresholds: { alpa: 3, missing: 3 },
  today: { H: 1, S: 0, I: 0, A: 0, T: 0, D: 0, unrecorded: 1 },
  pending_requests: 1,
  students: [
    {
      id: 51,
      name: 'Andi Pratama',
      nis: '1001',
      today: 'H',
      month,
      missing: 1,
      late: 2,
      risks: [{ kind: 'alpa', text: '4× alpa bulan ini' }],
      parents: [{ id: 7, name: 'Siti', relation: 'ibu', telpon: '0812-3456-7890' }],
    },
    { id: 52, name: 'Rina Lestari', nis: null, today: null, month, missing: 0, late: 0, risks: [], parents: [] },
  ],
};

describe('HomeroomPage', () => {
  it('tells a teacher who is no wali kelas so', async () => {
    renderPage(<HomeroomPage />, () => json(200, { success: true, data: [] }));
    expect(await screen.findByText('Kamu bukan wali kelas di semester ini.')).toBeTruthy();
  });

  it('shows today, who needs attention and why, and each student’s parents', async () => {
    renderPage(<HomeroomPage />, ({ url }) => {
      if (url === '/api/teacher/homerooms') return json(200, { success: true, data: [homeroom] });
      if (url === '/api/teacher/homerooms/1/overview') return json(200, { success: true, data: overview });
      return json(200, { success: true, data: [] });
    });
    const risk = await screen.findByRole('list', { name: 'Perlu perhatian' });
    expect(within(risk).getAllByRole('listitem')).toHaveLength(1);
    expect(within(risk).getByText('Andi Pratama')).toBeTruthy();
    expect(within(risk).getByText('4× alpa bulan ini')).toBeTruthy();
    expect(screen.getByText('1 permohonan izin menunggu keputusan')).toBeTruthy();
    expect(screen.getByText('Belum dicatat')).toBeTruthy();
    const rina = screen.getByRole('row', { name: /Rina Lestari/ });
    expect(within(rina).getByText('belum dicatat')).toBeTruthy();
    expect(within(rina).getByText('Belum ada orang tua')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(rina).getByRole('button', { name: 'Hubungi orang tua' }));
    expect((await screen.findByRole('menuitem', { name: PARENT_MSG.noParents, hidden: true })).hasAttribute('disabled')).toBe(true);
  });

  it('approves at a tap, and refuses only with a reason', async () => {
    const calls = renderPage(<HomeroomPage />, ({ url, method }) => {
      if (url === '/api/teacher/homerooms') return json(200, { success: true, data: [homeroom] });
      if (url === '/api/teacher/homerooms/1/overview') return json(200, { success: true, data: overview });
      if (method === 'POST') return json(200, { success: true, message: LEAVE_MSG.approved, data: request(2, { status: 'approved' }) });
      return json(200, { success: true, data: [request(2), request(1, { status: 'refused', decision_note: 'Surat tidak terbaca' })] });
    });
    const list = await screen.findByRole('list', { name: 'Permohonan izin' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Menunggu')).toBeTruthy();
    expect(within(cards[0]!).getByText('30 November–1 Desember')).toBeTruthy();
    expect(within(cards[1]!).getByText('Ditolak')).toBeTruthy();
    expect(within(cards[1]!).getByText('Surat tidak terbaca')).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: 'Setujui' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(cards[0]!).getByRole('button', { name: 'Tolak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tolak permohonan' });
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(await within(dialog).findByText(LEAVE_MSG.noteRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));

    await user.click(within(cards[0]!).getByRole('button', { name: 'Setujui' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { url: '/api/teacher/homerooms/1/leave-requests/2/approve', method: 'POST', body: { note: null } },
      ]),
    );
  });
});
