import type { ReactNode } from 'react';

/** Attributes naming an item for the tests and the browser tests (data-wallet, data-summary, data-total). */
type DataAttributes = { [name: `data-${string}`]: string };

/** One figure of a page's summary (a ``dl.wallet__summary``): what it is and its amount. */
export function SummaryItem({ label, children, ...data }: { label: ReactNode; children: ReactNode } & DataAttributes) {
  return (
    <div {...data}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
