import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { offered } from '@tessera/kit';
import { useGameMenus } from '../data/content';
import { useResource } from '../data/status';
import { GameTypeItem } from './GameTypeItem';
import { categoryRoute, navigationLanes } from './gameTypes';
import { isHomePath } from './routeGroups';

/** The navigation bar under the header: Home, each game type, Promotions, and Agent when the brand has one. */
export function BottomNavigation() {
  const { t } = useTranslation('frame');
  const { pathname } = useLocation();
  const lanes = navigationLanes(useGameMenus().data);
  const agent = useResource('AGENT') && offered('agentSite');
  const currentIf = (active: boolean) => (active ? 'page' : undefined);
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        <li className="bottom-nav__item" data-nav="home">
          <Link to="/" className="bottom-nav__link" aria-current={currentIf(isHomePath(pathname))}>
            {t('nav.home')}
          </Link>
        </li>
        {lanes.map((lane) => (
          <GameTypeItem key={lane.gameCategory} lane={lane} current={categoryRoute(lane.gameCategory) === pathname} />
        ))}
        {offered('promotions') && (
          <li className="bottom-nav__item" data-nav="promotions">
            <Link to="/promotions" className="bottom-nav__link" aria-current={currentIf(pathname === '/promotions')}>
              {t('nav.promotions')}
            </Link>
          </li>
        )}
        {agent && (
          <li className="bottom-nav__item" data-nav="agent">
            <Link to="/agent" className="bottom-nav__link" aria-current={currentIf(pathname === '/agent')}>
              {t('nav.agent')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
