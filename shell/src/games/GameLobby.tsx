import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pager, useSession } from '@tessera/kit';
import { useGameMenus } from '../data/content';
import { allVendors, ownCards } from '../frame/gameTypes';
import { useLoginGuard } from '../modals/loginGuard';
import { useFavouriteToggle } from './favourites';
import { GameCard, GameCardPlaceholder } from './GameCard';
import { ListStatus } from './ListStatus';
import { LiveRooms } from './LiveRooms';
import { LobbyFilters } from './LobbyFilters';
import {
  CLASSIFIES,
  INITIAL_LOBBY,
  MEMBER_TYPES,
  TY_CLASSIFY,
  TY_VENDOR,
  lobbyReducer,
  type ListType,
} from './lobbyState';
import { pageSizeOf, useGameVendors } from './queries';
import { useShownList } from './shownList';
import { TypeTabs } from './TypeTabs';
import { VendorCarousel, VendorCarouselPlaceholder } from './VendorCarousel';
import './games.css';

/** The pause in typing after which the search runs. */
export const SEARCH_PAUSE_MS = 400;

export type LobbyKind = 'games' | 'egames' | 'live';

/** The query parameter naming the vendor: /rng's vendor tab is ``page`` (SPEC §2), elsewhere ``vendor``. */
export function vendorParamOf(category: string): string {
  return category === 'RNG' ? 'page' : 'vendor';
}

/** The list's place while its first answer comes: a page of empty cards, as the loaded ones are. */
function GameGridPlaceholder({ count }: { count: number }) {
  return (
    <ul className="game-grid game-grid--placeholder" aria-hidden="true">
      {Array.from({ length: count }, (_, position) => (
        <li key={position}>
          <GameCardPlaceholder />
        </li>
      ))}
    </ul>
  );
}

/**
 * A game category's lobby (SPEC §2, §4): its vendors, the search and filters, the all, hot,
 * favourite and recent lists, paging; on /live also the chosen vendor's tables.
 */
export function GameLobby({ category, kind }: { category: string; kind: LobbyKind }) {
  const { t } = useTranslation('games');
  const [params, setParams] = useSearchParams();
  const vendorParam = vendorParamOf(category);
  const vendor = params.get(vendorParam) || null;
  const [state, dispatch] = useReducer(lobbyReducer, INITIAL_LOBBY);

  // A new vendor (a tab here, a navigation link, history) starts again from all games, page 1.
  const [seenVendor, setSeenVendor] = useState(vendor);
  if (seenVendor !== vendor) {
    setSeenVendor(vendor);
    dispatch({ kind: 'vendor' });
  }

  useEffect(() => {
    if (state.draft.trim() === state.search) return undefined;
    const timer = setTimeout(() => dispatch({ kind: 'search' }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [state.draft, state.search]);

  const session = useSession();
  const guard = useLoginGuard();
  // Favourites and recent games are a member's: after a logout the lobby is back on all games.
  const type: ListType = session || !MEMBER_TYPES.includes(state.type) ? state.type : 'all';
  const selectType = (next: ListType) => {
    if (MEMBER_TYPES.includes(next)) guard(() => dispatch({ kind: 'type', value: next }));
    else dispatch({ kind: 'type', value: next });
  };

  const vendors = useGameVendors(category);
  const lanes = useGameMenus().data;
  const hasTy = [...(vendors.data ?? []), ...allVendors(lanes)].some((known) => known.vassalage === TY_VENDOR);
  const classifies = kind === 'egames' ? [...CLASSIFIES, ...(hasTy ? [TY_CLASSIFY] : [])] : [];

  const shown = useShownList(category, vendor, state, type);
  const favourite = useFavouriteToggle();
  const listTop = useRef<HTMLDivElement>(null);

  // A page that no longer exists (the last favourite of the last page removed) gives way to the last one.
  const { totalPages, fetching } = shown;
  useEffect(() => {
    if (!fetching && totalPages && state.pageNo > totalPages) dispatch({ kind: 'page', value: totalPages });
  }, [fetching, totalPages, state.pageNo]);

  const selectVendor = (vassalage: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (vassalage) next.set(vendorParam, vassalage);
      else next.delete(vendorParam);
      return next;
    });

  const turnPage = (pageNo: number) => {
    dispatch({ kind: 'page', value: pageNo });
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  const lane = lanes?.find((one) => one.gameCategory === category);
  const title = lane?.title || t(`game_type.${category}`, { ns: 'frame' });
  // The brand's own lobbies in this lane (the house lottery's), from the game menu the page starts with.
  const own = ownCards(lane);

  return (
    <section
      className="page game-lobby"
      data-page={kind === 'live' ? 'live' : undefined}
      data-category={category}
      data-kind={kind === 'live' ? 'games' : kind}
    >
      <h1>{title}</h1>
      {own.length > 0 && (
        <nav className="own-lobbies" aria-label={title}>
          {own.map((card) => (
            <Link key={card.vassalage} to={card.route!} className="own-lobbies__link" data-own-lobby={card.route}>
              {card.displayName}
            </Link>
          ))}
        </nav>
      )}
      {/* Each block holds its place from the first paint: nothing moves when the answers come. */}
      {vendors.data && <VendorCarousel vendors={vendors.data} selected={vendor} onSelect={selectVendor} />}
      {vendors.isPending && <VendorCarouselPlaceholder />}
      {vendors.isError && (
        <ListStatus
          loading={false}
          error={vendors.error}
          empty={false}
          emptyText=""
          failedText={t('vendors.failed')}
          onRetry={() => void vendors.refetch()}
        />
      )}
      <LobbyFilters state={state} dispatch={dispatch} classifies={classifies} />
      <TypeTabs current={type} onSelect={selectType} />
      {favourite.failed && (
        <p className="list-status list-status--failed" role="alert" data-favourite-failed="">
          <span>{t('card.favourite_failed')}</span>
          <button type="button" onClick={favourite.dismiss}>
            {t('list.dismiss')}
          </button>
        </p>
      )}
      <div
        ref={listTop}
        className="game-lobby__list"
        data-list-type={type}
        data-fetching={shown.fetching || undefined}
        aria-busy={shown.loading || undefined}
      >
        <ListStatus
          loading={shown.loading}
          error={shown.error}
          empty={shown.games.length === 0}
          emptyText={t(`list.empty_${type}`)}
          onRetry={shown.retry}
          placeholder={<GameGridPlaceholder count={pageSizeOf(category)} />}
        />
        {!shown.error && shown.games.length > 0 && (
          <ul className="game-grid" aria-label={t('list.label', { category: title })} aria-busy={shown.fetching}>
            {shown.games.map((game) => (
              <li key={`${game.vassalage}:${game.gameCode}`}>
                <GameCard game={game} onFavourite={favourite.toggle} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {shown.totalPages !== null && shown.totalPages > 1 && !shown.error && (
        <div className="game-lobby__pager" data-pager="">
          <Pager page={state.pageNo} total={shown.totalPages} onChange={turnPage} />
        </div>
      )}
      {kind === 'live' && session && (
        <LiveRooms vendor={vendors.data?.find((known) => known.vassalage === vendor) ?? null} />
      )}
    </section>
  );
}
