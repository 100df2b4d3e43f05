import type { ReactNode } from 'react';

interface TableScrollerProps {
  /** Names the region for assistive technology (the table's heading, usually). */
  label: string;
  className: string;
  children: ReactNode;
}

/**
 * A table's own horizontal scroller: on a phone a wide table scrolls inside its box instead of
 * widening the page. It takes the focus so keyboard users can scroll it too (its className sets
 * overflow-x).
 */
export function TableScroller({ label, className, children }: TableScrollerProps) {
  return (
    // A scrolling region without focusable content must take the focus itself (WCAG 2.1.1).
    <div className={className} role="region" aria-label={label} tabIndex={0} data-table-scroller>
      {children}
    </div>
  );
}
