import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code may be sent again; `start` begins a new wait. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const isRunning = secondsLeft > 0;
  useEffect(() => {
    if (!isRunning) {
      return undefined;
    }
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1_000);
    return () => clearInterval(timer);
  }, [isRunning]);
  const start = useCallback((seconds: number) => setSecondsLeft(seconds), []);
  return { secondsLeft, start };
}
