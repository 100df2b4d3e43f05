import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from './NotFoundPage';
import { categoryKind } from './categories';

/** /sports, /esports, /elott, /cockfight and the e-games /rng, /fish, /pvp (query page: vendor tab). */
export function GamesPage() {
  const { t } = useTranslation();
  const { games } = useParams();
  const [query] = useSearchParams();
  const kind = categoryKind(games);
  if (!kind || !games) return <NotFoundPage />;
  const category = games.toUpperCase();
  return (
    <section className="page games-page" data-category={category} data-kind={kind} data-vendor-tab={query.get('page') ?? undefined}>
      <h1>{t(kind === 'games' ? 'games_title' : 'egames_title', { category })}</h1>
      <p>{t('coming_soon')}</p>
    </section>
  );
}
