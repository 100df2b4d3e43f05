import { useEffect, useState } from 'react';

/** The jackpot rises by this much every JACKPOT_INTERVAL_MS (SPEC §4, §9). */
export const JACKPOT_STEP = 165.11;
export const JACKPOT_INTERVAL_MS = 3000;

/** Where the counter starts: the current time in seconds over 2.8 (SPEC §4). */
export function jackpotStart(milliseconds: number): number {
  return milliseconds / 1000 / 2.8;
}

/** The jackpot amount, rising every 3 s from a start taken from the clock when first shown. */
export function useJackpot(now: () => number = Date.now): number {
  const [start] = useState(() => jackpotStart(now()));
  const [steps, setSteps] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setSteps((value) => value + 1), JACKPOT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return start + steps * JACKPOT_STEP;
}
