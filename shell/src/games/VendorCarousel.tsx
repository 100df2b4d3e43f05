import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../frame/useReducedMotion';
import type { GameVendor } from './types';

/** Vendors that fit before the carousel gets arrows (SPEC §2, §9: arrows beyond 7). */
export const VENDORS_WITHOUT_ARROWS = 7;

interface VendorCarouselProps {
  vendors: GameVendor[];
  /** The chosen vendor's vassalage; null is every vendor. */
  selected: string | null;
  onSelect: (vassalage: string | null) => void;
}

/**
 * The category's vendors as a row of tabs, 'all' first. Beyond 7 vendors the row scrolls and
 * arrows move it by a screen; every tab stays reachable by keyboard, the browser scrolling it in.
 */
export function VendorCarousel({ vendors, selected, onSelect }: VendorCarouselProps) {
  const { t } = useTranslation('games');
  const reducedMotion = useReducedMotion();
  const row = useRef<HTMLUListElement>(null);
  const arrows = vendors.length > VENDORS_WITHOUT_ARROWS;

  const move = (direction: 1 | -1) => {
    const list = row.current;
    list?.scrollBy?.({ left: direction * list.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  const tab = (vassalage: string | null, label: string, icon: string | null = null) => (
    <li key={vassalage ?? ''}>
      <button
        type="button"
        className="vendor-tab"
        data-vendor-tab={vassalage ?? 'all'}
        aria-pressed={selected === vassalage}
        onClick={() => onSelect(vassalage)}
      >
        {icon && <img className="vendor-tab__icon" src={icon} alt="" width={32} height={32} loading="lazy" decoding="async" />}
        <span>{label}</span>
      </button>
    </li>
  );

  return (
    <nav className="vendor-carousel" aria-label={t('vendors.label')} data-arrows={arrows || undefined}>
      {arrows && (
        <button type="button" className="vendor-carousel__arrow" data-action="vendors-previous" aria-label={t('vendors.previous')} onClick={() => move(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <ul ref={row} className="vendor-carousel__row">
        {tab(null, t('vendors.all'))}
        {vendors.map((vendor) => tab(vendor.vassalage, vendor.displayName, vendor.smallIcon))}
      </ul>
      {arrows && (
        <button type="button" className="vendor-carousel__arrow" data-action="vendors-next" aria-label={t('vendors.next')} onClick={() => move(1)}>
          <span aria-hidden="true">›</span>
        </button>
      )}
    </nav>
  );
}

/** Tabs the carousel's place shows while the vendors load. */
const PLACEHOLDER_TABS = 4;

/** The carousel's place while the vendors load: a row of empty tabs of the real ones' height. */
export function VendorCarouselPlaceholder() {
  return (
    <div className="vendor-carousel vendor-carousel--placeholder" aria-hidden="true">
      <ul className="vendor-carousel__row">
        {Array.from({ length: PLACEHOLDER_TABS }, (_, position) => (
          <li key={position}>
            <span className="vendor-tab vendor-tab--placeholder" />
          </li>
        ))}
      </ul>
    </div>
  );
}
