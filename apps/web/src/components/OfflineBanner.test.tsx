import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { OfflineBanner } from './OfflineBanner';
import { forgetSavedCopies, handleWorkerMessage } from '../offline/saved-copies';
import { MSG_FRESH, MSG_SAVED_COPY } from '../offline/rules';

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

const show = () =>
  render(
    <MantineProvider>
      <OfflineBanner />
    </MantineProvider>,
  );

// 22 November 2026 21.05 WIB
const SAVED_AT = Date.UTC(2026, 10, 22, 14, 5);

describe('the offline banner', () => {
  afterEach(() => {
    setOnline(true);
    forgetSavedCopies();
  });

  it('says "Error! No Connection." offline, and that the page is the saved version when it shows saved copies', () => {
    setOnline(false);
    show();
    expect(screen.getByRole('alert').textContent).toBe('Error! No Connection.');
    act(() => handleWorkerMessage({ type: MSG_SAVED_COPY, url: '/api/student/my-classes/3', savedAt: SAVED_AT }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Kamu sedang offline. Yang tampil adalah versi tersimpan dari 22 November 2026 21.05 WIB.',
    );
  });

  it('online, says nothing unless the network was too slow and a saved copy was shown; a fresh answer ends that', () => {
    setOnline(true);
    show();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => handleWorkerMessage({ type: MSG_SAVED_COPY, url: '/api/notifications', savedAt: SAVED_AT }));
    expect(screen.getByRole('status').textContent).toBe(
      'Koneksi lambat. Yang tampil adalah versi tersimpan dari 22 November 2026 21.05 WIB.',
    );
    act(() => handleWorkerMessage({ type: MSG_FRESH, url: '/api/notifications' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('forgets the saved copies once the connection is back (the pages ask again)', () => {
    setOnline(false);
    show();
    act(() => handleWorkerMessage({ type: MSG_SAVED_COPY, url: '/api/me', savedAt: SAVED_AT }));
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
