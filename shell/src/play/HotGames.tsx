import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GameCard, GameCardPlaceholder } from '../games/GameCard';
import type { HotGames as HotGamesGroup } from '../games/types';
import { fetchHotGames } from './api';
import { HomeState, useDrawnAnswer } from './HomeState';
import './play.css';

/** The most hot games a lane has (the server's GCSGAME_hotGamesV2 answers up to 12). */
export const HOT_GAMES_PER_LANE = 12;

/** The hot games' place while they load: a row of tabs and a lane of empty cards, as the loaded ones are. */
function HotGamesPlaceholder() {
  return (
    <div className="home-hot__placeholder" aria-hidden="true">
      <div className="home-hot__tabs">
        <span className="home-hot__tab home-hot__tab--placeholder" />
      </div>
      <ul className="home-hot__games">
        {Array.from({ length: HOT_GAMES_PER_LANE }, (_, position) => (
          <li key={position}>
            <GameCardPlaceholder />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function useHotGames() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['hotGames', language],
    queryFn: () => fetchHotGames(language),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * The home page's hot games: one button per hot game type, in the order the server answers
 * them, and the chosen type's games (the first type's at first); a card starts its game.
 */
export function HotGames() {
  const { t } = useTranslation('play');
  const hot = useHotGames();
  const { data, state } = useDrawnAnswer(hot);
  const groups: HotGamesGroup[] = (data ?? []).filter((group) => group.list.length > 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = groups.find((group) => group.gameType === chosen) ?? groups[0];
  return (
    <section className="home-section home-hot" data-home="hot" aria-labelledby="home-hot-title">
      <h2 id="home-hot-title" className="home-section__title">
        {t('hot.title')}
      </h2>
      {shown ? (
        <>
          <div className="home-hot__tabs" role="group" aria-label={t('hot.types')}>
            {groups.map(({ gameType }) => (
              <button
                key={gameType}
                type="button"
                className="home-hot__tab"
                data-hot-type={gameType}
                aria-pressed={gameType === shown.gameType}
                onClick={() => setChosen(gameType)}
              >
                {t(`frame:game_type.${gameType}`, { defaultValue: gameType })}
              </button>
            ))}
          </div>
          <ul className="home-hot__games" data-hot-games={shown.gameType}>
            {shown.list.map((game) => (
              <li key={`${game.vassalage}:${game.gameCode}`}>
                <GameCard game={game} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <HomeState
          state={state}
          texts={{ loading: t('hot.loading'), failed: t('hot.failed'), empty: t('hot.empty') }}
          onRetry={() => void hot.refetch()}
          placeholder={<HotGamesPlaceholder />}
        />
      )}
    </section>
  );
}
