import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A classic marquee's pace: ``amount`` px every ``delay`` ms (its scrollamount and scrolldelay). */
export interface MarqueePace {
  amount: number;
  delay: number;
}

/** The notice marquee: scroll amount 10 at the classic default delay of 85 ms (SPEC §9). */
export const NOTICE_MARQUEE: MarqueePace = { amount: 10, delay: 85 };

/** The provider logo marquee: delay 60 ms, amount 4 px (SPEC §9). */
export const PROVIDER_MARQUEE: MarqueePace = { amount: 4, delay: 60 };

/**
 * Content that enters on the right and leaves on the left, as a classic marquee, drawn by a CSS
 * animation whose duration is the distance over the pace. It pauses on hover and keyboard focus,
 * and holds still (scrollable) for users who ask for less motion.
 *
 * The distance is read when the browser reports the track's size (ResizeObserver, after its own
 * layout): read while the page is being drawn, it would make the browser lay the whole page out
 * at once, in the middle of drawing it.
 */
export function Marquee({ pace, className, children }: { pace: MarqueePace; className?: string; children: ReactNode }) {
  const track = useRef<HTMLDivElement>(null);
  const [seconds, setSeconds] = useState<number | null>(null);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const pixelsPerSecond = (pace.amount * 1000) / pace.delay;
    const measure = () => setSeconds(element.scrollWidth > 0 ? element.scrollWidth / pixelsPerSecond : null);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pace.amount, pace.delay]);

  return (
    <div className={className ? `marquee ${className}` : 'marquee'}>
      <div
        ref={track}
        className={seconds ? 'marquee__track is-running' : 'marquee__track'}
        style={seconds ? { animationDuration: `${seconds.toFixed(2)}s` } : undefined}
      >
        {children}
      </div>
    </div>
  );
}
