import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { subscribeToSession } from '../session-subscribers';

// Mantine reads these browser APIs, which jsdom does not have (none in the node environment of
// test/lint-rules.test.ts).
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
}

// As main.tsx does: drafts, kept uploads and the offline mode's saved copies follow the session.
subscribeToSession();

afterEach(() => cleanup());
