import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameLane } from '../data/content';
import { NAV_DROPDOWN_LIMIT, categoryRoute, vendorLink } from './gameTypes';

/**
 * A game type in the navigation, named by its lane's title (the frame's own name until the lanes
 * load), with a dropdown of its first vendors and a 'more' entry.
 */
export function GameTypeItem({ lane, current }: { lane: GameLane; current: boolean }) {
  const { t } = useTranslation('frame');
  const { gameCategory: category, cards } = lane;
  const route = categoryRoute(category) ?? '/';
  const label = lane.title || t(`game_type.${category}`, { defaultValue: category });
  return (
    <li className="bottom-nav__item" data-nav={category}>
      <Link to={route} className="bottom-nav__link" aria-current={current ? 'page' : undefined}>
        {label}
      </Link>
      {cards.length > 0 && (
        <div className="nav-dropdown">
          <ul className="nav-dropdown__vendors" aria-label={t('nav.vendors_of', { category: label })}>
            {cards.slice(0, NAV_DROPDOWN_LIMIT).map((card) => (
              <li key={card.vassalage}>
                <Link to={vendorLink(category, card.vassalage)} className="vendor-card" data-vendor={card.vassalage}>
                  {card.smallIcon && <img className="vendor-card__icon" src={card.smallIcon} alt="" width={40} height={40} />}
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
        </div>
      )}
    </li>
  );
}
