import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../frame/useReducedMotion';
import { LOTTERY_NS } from './texts';

/** Entries that fit before the row gets arrows (SPEC §2: arrows beyond 7 tabs or games). */
export const ENTRIES_WITHOUT_ARROWS = 7;

export interface TabEntry {
  key: string;
  label: ReactNode;
}

/**
 * A row of choices (menu tabs, games); beyond 7 it scrolls and arrows move it by a screen, every
 * entry still reachable by keyboard.
 */
export function TabRow({ label, entries, selected, onSelect, name }: {
  label: string;
  entries: TabEntry[];
  selected: string | null;
  onSelect: (key: string) => void;
  /** data-tab-row, for tests and styles. */
  name: string;
}) {
  const { t } = useTranslation(LOTTERY_NS);
  const reducedMotion = useReducedMotion();
  const row = useRef<HTMLUListElement>(null);
  const arrows = entries.length > ENTRIES_WITHOUT_ARROWS;
  const move = (direction: 1 | -1) =>
    row.current?.scrollBy?.({ left: direction * row.current.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });

  return (
    <nav className="lottery-tabs" aria-label={label} data-tab-row={name} data-arrows={arrows || undefined}>
      {arrows && (
        <button type="button" className="lottery-tabs__arrow" aria-label={t('tabs.previous')} onClick={() => move(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <ul ref={row} className="lottery-tabs__row">
        {entries.map((entry) => (
          <li key={entry.key}>
            <button
              type="button"
              className="lottery-tab"
              data-tab={entry.key}
              aria-pressed={selected === entry.key}
              onClick={() => onSelect(entry.key)}
            >
              {entry.label}
            </button>
          </li>
        ))}
      </ul>
      {arrows && (
        <button type="button" className="lottery-tabs__arrow" aria-label={t('tabs.next')} onClick={() => move(1)}>
          <span aria-hidden="true">›</span>
        </button>
      )}
    </nav>
  );
}
