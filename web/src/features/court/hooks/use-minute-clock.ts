import { useEffect, useState } from 'react';

/** The time now, ticking every 30 seconds: enough for "N minutes ago" on the board. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
