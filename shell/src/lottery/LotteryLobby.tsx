import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateZone } from '@tessera/kit';
import { useLoginGuard } from '../modals/loginGuard';
import { BettingView } from './BettingView';
import { useLotteryFavourites } from './favourites';
import { LotteryCard } from './LotteryCard';
import { useLotteryMenus } from './queries';
import { drawingOn, weekdayOf, WEEKDAYS } from './schedule';
import { TabRow } from './TabRow';
import { LOTTERY_NS } from './texts';
import type { LotteryGame, PrizeMode } from './types';
import './lottery.css';

/** The favourites' tab, beside the menu's region tags. */
export const FAVOURITES_TAB = 'FAVOURITES';

/** The query naming the game whose betting view is open: ``gameCode``, or the lobby launch's ``lottoGameCode``. */
export function openGameOf(params: URLSearchParams): string | null {
  if (params.get('lottoView') === 'lobby') return null;
  return params.get('gameCode') || params.get('lottoGameCode') || null;
}

/** A weekday's short name in the page's language (1 is Sunday: 2030-01-06 was one). */
function weekdayName(weekday: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2030, 0, 5 + weekday)));
}

/**
 * A lottery lobby (SPEC §2, §4): the menus' tabs (region tags, or the fast games), weekday filters,
 * each game's open draw counting down, favourites; a game's betting view when the query names one.
 */
export function LotteryLobby({ prizeMode }: { prizeMode: PrizeMode }) {
  const { t, i18n } = useTranslation(LOTTERY_NS);
  const [params, setParams] = useSearchParams();
  const menus = useLotteryMenus(prizeMode);
  const favourites = useLotteryFavourites();
  const guard = useLoginGuard();
  const [chosenTab, setTab] = useState<string | null>(null);
  const [weekday, setWeekday] = useState<number | null>(null);
  const today = useMemo(() => weekdayOf(new Date(), dateZone()), []);

  const tags = (menus.data ?? []).filter((menu) => menu.gameMenus.length > 0);
  const games = tags.flatMap((menu) => menu.gameMenus);
  const tab = chosenTab ?? tags[0]?.tag ?? null;
  const openCode = openGameOf(params);

  const openGame = (game: Pick<LotteryGame, 'gameId'> | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const name of ['gameCode', 'lottoGameCode', 'lottoView']) next.delete(name);
      if (game) next.set('gameCode', game.gameId);
      return next;
    });

  if (openCode) {
    return (
      <BettingView
        gameCode={openCode}
        games={games}
        answeredAt={menus.dataUpdatedAt}
        onGame={(gameId) => openGame({ gameId })}
        onBack={() => openGame(null)}
        backUrl={params.get('backUrl')}
      />
    );
  }

  const inTab = tab === FAVOURITES_TAB ? games.filter((game) => favourites.ids.includes(game.gameId)) : tags.find((menu) => menu.tag === tab)?.gameMenus ?? [];
  const shown = drawingOn(inTab, prizeMode === 'LOTT' ? weekday : null);
  const onFavourite = (game: LotteryGame) => guard(() => favourites.toggle?.(game.gameId));
  const title = t(prizeMode === 'LOTT' ? 'lobby.title_vn' : 'lobby.title_fast');

  return (
    <section className="page lottery-lobby" data-page={prizeMode === 'LOTT' ? 'vnlottery' : 'lottery'}>
      <h1>{title}</h1>
      <TabRow
        name="menu"
        label={t('lobby.tabs')}
        selected={tab}
        onSelect={setTab}
        entries={[
          ...tags.map((menu) => ({ key: menu.tag, label: t(`tag.${menu.tag}`) })),
          { key: FAVOURITES_TAB, label: t('lobby.favourites') },
        ]}
      />
      {prizeMode === 'LOTT' && (
        <div className="lottery-weekdays" role="group" aria-label={t('lobby.weekdays')}>
          <button type="button" data-weekday="all" aria-pressed={weekday === null} onClick={() => setWeekday(null)}>
            {t('lobby.every_day')}
          </button>
          {WEEKDAYS.map((day) => (
            <button
              key={day}
              type="button"
              data-weekday={day}
              aria-pressed={weekday === day}
              aria-current={day === today ? 'date' : undefined}
              onClick={() => setWeekday(day)}
            >
              {weekdayName(day, i18n.language)}
            </button>
          ))}
        </div>
      )}
      {menus.isPending && <p className="lottery-status" aria-busy="true">{t('status.loading')}</p>}
      {menus.isError && (
        <p className="lottery-status" role="alert">
          <span>{t('status.failed')}</span>{' '}
          <button type="button" onClick={() => void menus.refetch()}>
            {t('status.retry')}
          </button>
        </p>
      )}
      {menus.isSuccess && shown.length === 0 && (
        <p className="lottery-status" data-empty="">
          {t(tab === FAVOURITES_TAB ? 'lobby.no_favourites' : 'lobby.no_games')}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="lottery-grid" aria-label={title}>
          {shown.map((game) => (
            <li key={game.gameId}>
              <LotteryCard
                game={game}
                answeredAt={menus.dataUpdatedAt}
                favourite={favourites.ids.includes(game.gameId)}
                onFavourite={onFavourite}
                onOpen={openGame}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
