/**
 * Page tests: one page in the app's providers and a memory router, with `fetch` answered by the
 * test. Returns the calls the page made, in order.
 */
import { StrictMode, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import 'dayjs/locale/id';

export interface PageCall {
  url: string;
  method: string;
  body: unknown;
}

/** A JSON answer. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Mantine's autosizing textarea listens to document.fonts, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
}

afterEach(() => vi.unstubAllGlobals());

export function renderPage(
  element: ReactNode,
  answer: (call: PageCall) => Response,
  { path = '/', strict = false }: { path?: string; strict?: boolean } = {},
): PageCall[] {
  const calls: PageCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answer(call);
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const tree = (
    <MantineProvider>
      <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={qc}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return calls;
}
