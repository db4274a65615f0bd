import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAVE_MSG, type HomeroomSummary } from '@kelasku/contract';
import { json, renderPage } from '../../test/render-page';
import { leaveRequest as request } from '../../test/leave-request';
import HomeroomPage, { homeroomOrder } from './HomeroomPage';

describe('HomeroomPage', () => {
  it('orders pending requests first, the longest waiting on top, then the decided ones newest first', () => {
    const list = [request(1, { status: 'approved' }), request(2), request(3, { status: 'refused' }), request(4)];
    expect(homeroomOrder(list).map((r) => r.id)).toEqual([2, 4, 3, 1]);
  });

  it('tells a teacher who is no wali kelas so', async () => {
    renderPage(<HomeroomPage />, () => json(200, { success: true, data: [] }));
    expect(await screen.findByText('Kamu bukan wali kelas di semester ini.')).toBeTruthy();
  });

  it('approves at a tap, and refuses only with a reason', async () => {
    const homeroom: HomeroomSummary = {
      rombel: { id: 1, name: 'X TKJ 1' },
      semester: { id: 3, label: '2026/2027 Ganjil' },
      students: 36,
      pending_requests: 1,
    };
    const calls = renderPage(<HomeroomPage />, ({ url, method }) => {
      if (url === '/api/teacher/homerooms') return json(200, { success: true, data: [homeroom] });
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
