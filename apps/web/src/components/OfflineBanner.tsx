import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { useSavedCopies } from '../offline/saved-copies';
import { formatDateTimeWib } from '../lib/format';

/** "22 November 2026 21.05 WIB", or nothing when the time is unknown. */
const savedOn = (ms: number | null) => (ms === null ? '' : ` dari ${formatDateTimeWib(new Date(ms).toISOString())}`);

/**
 * A red banner while the browser is offline. When the page shows saved copies (the app's service
 * worker answered from what it kept), it says so: offline in the red banner, and on a connection too
 * slow to answer in time as a yellow note of its own.
 */
export function OfflineBanner() {
  const [online, setOnline] = useState(() => navigator.onLine);
  const saved = useSavedCopies();
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  if (online && saved.count === 0) return null;
  if (online) {
    return (
      <Alert className="kls-offline" color="yellow.3" variant="filled" autoContrast radius={0} role="status">
        Koneksi lambat. Yang tampil adalah versi tersimpan{savedOn(saved.oldest)}.
      </Alert>
    );
  }
  return (
    <Alert className="kls-offline" color="red" variant="filled" radius={0} role="alert">
      Error! No Connection.
      {saved.count > 0 && (
        <Text component="span" display="block" size="sm" mt={4}>
          Kamu sedang offline. Yang tampil adalah versi tersimpan{savedOn(saved.oldest)}.
        </Text>
      )}
    </Alert>
  );
}
