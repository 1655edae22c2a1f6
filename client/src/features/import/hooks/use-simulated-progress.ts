import { useCallback, useEffect, useRef, useState } from "react";

/** SPEC §4 and §9: upload progress is simulated, ticking every 200 ms up to 90 %, and 100 % on the answer. */
export const PROGRESS_TICK_MS = 200;
export const PROGRESS_CAP = 90;
const STEP = 10;

export function useSimulatedProgress() {
  const [progress, setProgress] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopTimer = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stopTimer();
    setProgress(0);
    timer.current = setInterval(() => {
      setProgress((p) => Math.min(PROGRESS_CAP, p + STEP));
    }, PROGRESS_TICK_MS);
  }, [stopTimer]);

  const finish = useCallback(() => {
    stopTimer();
    setProgress(100);
  }, [stopTimer]);

  const reset = useCallback(() => {
    stopTimer();
    setProgress(0);
  }, [stopTimer]);

  useEffect(() => stopTimer, [stopTimer]);

  return { progress, start, finish, reset };
}
