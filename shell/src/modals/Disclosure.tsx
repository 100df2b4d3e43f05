import { useId, type ReactNode } from 'react';

interface DisclosureProps {
  title: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  /** Identifies the item for styles and browser tests (data-key). */
  itemKey: string;
}

/** A list item whose title button shows or hides its content. */
export function Disclosure({ title, open, onToggle, children, itemKey }: DisclosureProps) {
  const panelId = useId();
  return (
    <li className={open ? 'disclosure disclosure--open' : 'disclosure'} data-key={itemKey}>
      <h3 className="disclosure__heading">
        <button type="button" className="disclosure__toggle" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {title}
        </button>
      </h3>
      <div id={panelId} className="disclosure__panel" hidden={!open}>
        {children}
      </div>
    </li>
  );
}

/** The keys of the open items of a disclosure list, with a toggle. */
export function toggled<T>(open: ReadonlySet<T>, key: T): Set<T> {
  const next = new Set(open);
  if (!next.delete(key)) next.add(key);
  return next;
}
