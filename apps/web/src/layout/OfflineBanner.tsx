import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';

/** A red banner while the browser is offline. */
export function OfflineBanner() {
  const [online, setOnline] = useState(() => navigator.onLine);
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
  if (online) return null;
  return (
    <Alert className="kls-offline" color="red" variant="filled" radius={0} role="alert">
      Error! No Connection.
    </Alert>
  );
}
