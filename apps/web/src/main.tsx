// The first screen's part of Mantine's styles; the rest comes with the signed-in layout (layout/signed-in.css).
import './first-screen.css';
import './app.css';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import { MSG } from '@kelasku/contract';
import { ApiError } from './api/client';
import { toastError, errorMessage } from './lib/toast';
import { subscribeToSession } from './session-subscribers';

// Toasts' container and styles load after the first screen (they are not part of the login page's weight).
const Toasts = lazy(() => import('./components/Toasts'));

const theme = createTheme({
  primaryColor: 'teal',
  // The darkest teal keeps white button text readable (WCAG AA contrast).
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // Every dialog's and toast's close button is named for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Tutup' } } },
    // Its description is Mantine's gray 6 under a title (3.3:1 on white): the dimmed gray 7 reads at AA.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Tutup pemberitahuan' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Mantine's own name of the eye button is English ("Toggle password visibility").
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Tampilkan atau sembunyikan password' } } },
    // A message under an input is announced when it appears (validation and the server's field errors).
    InputWrapper: { defaultProps: { errorProps: { role: 'alert' } } },
  },
});

/** Darker dimmed, error and light teal, red, yellow, orange and green text than Mantine's defaults, for WCAG AA contrast on white. */
const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light-color': '#066149',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    // The gradebook's marks ("Belum dinilai", "Terlambat") and the dashboard's waiting count.
    '--mantine-color-yellow-light-color': '#6b4a00',
    '--mantine-color-orange-light-color': '#a23c07',
    // A student's "Selesai" badge, shown in the lesson that opens on arrival.
    '--mantine-color-green-light-color': '#1e6b2f',
  },
  dark: {},
});

/**
 * A failure nobody handled still shows a red toast (DECISIONS: never fail silently). An ended
 * session and a required password change are not: the login page and the password screen say so.
 */
const notify = (err: unknown) => {
  if (err instanceof ApiError && (err.status === 401 || (err.status === 403 && err.message === MSG.passwordChangeRequired))) return;
  toastError(errorMessage(err));
};

const queryClient = new QueryClient({
  // A 404 on a data load is shown by the page itself ("Not Found :(" / "Data tidak ditemukan."): no extra toast.
  queryCache: new QueryCache({ onError: (err) => !(err instanceof ApiError && err.status === 404) && notify(err) }),
  mutationCache: new MutationCache({
    onError: (err, _v, _c, mutation) => {
      // Forms that show their own message set meta.toast = false.
      if (mutation.meta?.toast !== false) notify(err);
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      // Offline a read is still tried once: the service worker may answer it from a saved copy (src/sw.ts).
      // Only its retries wait for the connection.
      networkMode: 'offlineFirst',
    },
  },
});

// Drafts, kept uploads and the offline mode's saved copies follow logins and logouts (lib/session-events.ts).
subscribeToSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

// Offline reading and comments written offline (offline/start.ts): loaded once the page has loaded, off the login page's weight.
window.addEventListener('load', () => void import('./offline/start').then((m) => m.startOffline(queryClient)));
