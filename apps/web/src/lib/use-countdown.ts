import { useCallback, useEffect, useRef, useState } from 'react';

/** A seconds countdown (spec §2: the SMS button counts down from 60 s). 0 means idle. */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (seconds: number) => {
      stop();
      const endsAt = Date.now() + seconds * 1000;
      setRemaining(seconds);
      // Counted from the end time, not by decrements: a phone that sleeps keeps the right time.
      timer.current = setInterval(() => {
        const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
        setRemaining(left);
        if (left === 0) stop();
      }, 250);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { remaining, start, isRunning: remaining > 0 };
}
