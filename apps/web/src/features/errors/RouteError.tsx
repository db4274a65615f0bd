import { useEffect, type ReactNode } from 'react';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { OfflineBanner } from '../../components/OfflineBanner';

/**
 * A page's code could not be fetched: the connection dropped before its chunk arrived, or a new
 * version was deployed and the old chunk is gone. Browsers keep a failed module import failed for
 * the life of the document, so only reloading the page can bring it back.
 */
function isLoadFailure(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(message);
}

/**
 * What a route shows instead of crashing: an Indonesian message and a way back. A page that failed
 * to load comes back by itself as soon as the browser is online again.
 */
export function RouteError({ error, banner = false }: { error: unknown; banner?: boolean }) {
  const loadFailure = isLoadFailure(error);
  useEffect(() => {
    if (!loadFailure) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [loadFailure]);
  return (
    <>
      {banner && <OfflineBanner />}
      <Center mih="60vh">
        <Stack align="center" ta="center" maw={420}>
          <Title order={2}>{loadFailure ? 'Halaman gagal dimuat' : 'Terjadi kesalahan'}</Title>
          <Text c="dimmed">
            {loadFailure
              ? 'Periksa koneksi internet Anda. Halaman dimuat ulang otomatis begitu koneksi kembali.'
              : 'Maaf, halaman ini tidak dapat ditampilkan. Muat ulang halaman atau kembali ke beranda.'}
          </Text>
          <Group justify="center">
            <Button onClick={() => window.location.reload()}>Muat ulang</Button>
            <Button variant="default" component="a" href="/">
              Kembali ke Beranda
            </Button>
          </Group>
        </Stack>
      </Center>
    </>
  );
}

/**
 * Shows {@link RouteError} instead of what it wraps when that throws (a page's chunk that did not
 * arrive, a bug), until the visitor goes to another address.
 */
export function RouteErrorBoundary({ banner = false, children }: { banner?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} fallbackRender={({ error }) => <RouteError error={error} banner={banner} />}>
      {children}
    </ErrorBoundary>
  );
}
