import { memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameLane, VendorCard } from '../data/content';
import { useGameVendors, useRefreshVendors, vendorsOf } from '../data/vendors';
import { VendorIcon } from '../play/VendorIcon';
import { NAV_DROPDOWN_LIMIT, cardLink, categoryRoute, ownCards } from './gameTypes';
import { NARROW_SCREEN, useMediaQuery } from './useMediaQuery';

/**
 * The vendors of a category: the vendor list's (kept for the tab, SPEC §4), or the game menu
 * lane's while that list loads, when it cannot be had, or when it has none of this category.
 */
function useLaneVendors(lane: GameLane): VendorCard[] {
  const vendors = useGameVendors().data;
  return useMemo(() => {
    const listed = vendors ? vendorsOf(vendors, lane.gameCategory) : [];
    // The house lottery's cards are the game menu's only: they come first, before the vendors.
    return listed.length > 0 ? [...ownCards(lane), ...listed] : lane.cards;
  }, [vendors, lane]);
}

function RefreshVendors() {
  const { t } = useTranslation('play');
  const refresh = useRefreshVendors();
  const { isFetching } = useGameVendors();
  return (
    <button
      type="button"
      className="button button--ghost nav-dropdown__refresh"
      data-action="refresh-vendors"
      disabled={isFetching}
      aria-busy={isFetching}
      onClick={() => void refresh()}
    >
      {t(isFetching ? 'vendors.refreshing' : 'vendors.refresh')}
    </button>
  );
}

/**
 * A game type in the navigation, named by its lane's title (the frame's own name until the lanes
 * load), with a dropdown of its first vendors on a screen wider than a phone's (a phone's vendors
 * live on the category pages).
 */
export function GameTypeItem({ lane, current }: { lane: GameLane; current: boolean }) {
  const { t } = useTranslation('frame');
  const narrow = useMediaQuery(NARROW_SCREEN);
  const category = lane.gameCategory;
  const route = categoryRoute(category) ?? '/';
  const label = lane.title || t(`game_type.${category}`, { defaultValue: category });
  return (
    <li className="bottom-nav__item" data-nav={category}>
      <Link to={route} className="bottom-nav__link" aria-current={current ? 'page' : undefined}>
        {label}
      </Link>
      {!narrow && <VendorDropdown lane={lane} label={label} route={route} />}
    </li>
  );
}

/**
 * A game type's first vendors, a 'more' entry and a control loading the vendors again. The vendor
 * list is drawn as a transition when it arrives (seven dropdowns of a dozen cards each).
 */
const VendorDropdown = memo(function VendorDropdown({ lane, label, route }: { lane: GameLane; label: string; route: string }) {
  const { t } = useTranslation('frame');
  const category = lane.gameCategory;
  const cards = useDeferredValue(useLaneVendors(lane));
  if (cards.length === 0) return null;
  return (
    <div className="nav-dropdown">
      <ul className="nav-dropdown__vendors" aria-label={t('nav.vendors_of', { category: label })}>
        {cards.slice(0, NAV_DROPDOWN_LIMIT).map((card) => (
          <li key={card.vassalage}>
            <Link to={cardLink(category, card)} className="vendor-card" data-vendor={card.vassalage}>
              <VendorIcon src={card.smallIcon} name={card.displayName} />
              <span className="vendor-card__name">{card.displayName}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={route} className="vendor-card vendor-card--more" data-vendor="more">
            <span className="visually-hidden">{t('nav.more_of', { category: label })}</span>
            <span aria-hidden="true">{t('nav.more')}</span>
          </Link>
        </li>
      </ul>
      <RefreshVendors />
    </div>
  );
});
