import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Notification } from '@kelasku/contract';
import { saveSession } from '../../api/session';
import { keys } from '../../api/keys';
import { receiveLiveNotification } from '../../api/notifications';
import { NotificationList } from './NotificationList';
import { badgeText, bellLabel, formatNotificationTime } from './time';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'graded',
  text: `Tugas ${id} sudah dinilai`,
  link: `/my-classes/1/submissions/${id}`,
  actor: { id: 2, name: 'Budi Santoso', avatar: null },
  count: 1,
  read: false,
  created_at: new Date(NOW - 5 * 60_000).toISOString(),
  ...over,
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderList(answer: (url: string, method: string) => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return answer(url, init.method ?? 'GET');
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const closed = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <NotificationList onNavigate={closed} /> },
      { path: '*', element: <p>Halaman tujuan</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls, qc, router, closed };
}

describe('NotificationList', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    saveSession('token-a', {
      id: 7,
      name: 'Andi',
      username: 'andi',
      email: null,
      role: 'student',
      avatar: null,
      must_change_password: false,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says so when there is nothing', async () => {
    renderList(() => ok({ items: [], unread: 0, next_before: null }));
    expect(await screen.findByText('Belum ada notifikasi.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Tandai semua sudah dibaca/ })).toHaveProperty('disabled', true);
  });

  it('lists newest first; a click marks it read and opens its page; more pages on request; live ones on top', async () => {
    const { calls, qc, router, closed } = renderList((url, method) => {
      if (method === 'POST') return ok({ unread: 0 });
      if (url.includes('before=2')) return ok({ items: [note(1, { read: true })], unread: 1, next_before: null });
      return ok({ items: [note(3), note(2, { read: true })], unread: 1, next_before: 2 });
    });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Belum dibaca: Tugas 3 sudah dinilai5 menit yang lalu');
    expect(items[1]!.textContent).not.toContain('Belum dibaca');
    expect(items[1]!.textContent).toContain('Tugas 2 sudah dinilai5 menit yang lalu');
    expect(qc.getQueryData(keys.notifications.unread)).toBe(1);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Muat lebih banyak' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(calls).toContain('GET /api/notifications?limit=20&before=2');
    expect(screen.queryByRole('button', { name: 'Muat lebih banyak' })).toBeNull();

    receiveLiveNotification(qc, { notification: note(4, { text: 'Budi membalas komentarmu' }), unread: 2 });
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('Budi membalas komentarmu'));

    await user.click(screen.getByRole('button', { name: /Tugas 3 sudah dinilai/ }));
    expect(closed).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-classes/1/submissions/3'));
    await waitFor(() => expect(calls).toContain('POST /api/notifications/3/read'));
  });
});

describe('bell texts', () => {
  it('names the bell with its count; the badge stops at 99+', () => {
    expect(bellLabel(3)).toBe('Notifikasi, 3 belum dibaca');
    expect(bellLabel(0)).toBe('Notifikasi');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });

  it('relative times in Indonesian', () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString();
    expect(formatNotificationTime(at(10_000), NOW)).toBe('baru saja');
    expect(formatNotificationTime(at(-5_000), NOW)).toBe('baru saja');
    expect(formatNotificationTime(at(5 * 60_000), NOW)).toBe('5 menit yang lalu');
    expect(formatNotificationTime(at(3 * 3600_000), NOW)).toBe('3 jam yang lalu');
    // 10:00Z is 17.00 WIB; 30 hours earlier is yesterday 11.00 WIB.
    expect(formatNotificationTime(at(30 * 3600_000), NOW)).toBe('kemarin 11.00');
    expect(formatNotificationTime(at(4 * 24 * 3600_000), NOW)).toBe('4 hari yang lalu');
  });
});
