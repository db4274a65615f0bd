import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (relative deadlines such as "hari ini 14.00" stay true on an open page). */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
