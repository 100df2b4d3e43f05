import { useEffect } from 'react';
import type { ListType, LobbyState } from './lobbyState';
import { useFavouriteList, useGameList, useHotGames, useRecentGames } from './queries';
import type { Game } from './types';

/** The list a lobby shows, whichever call it comes from. */
export interface ShownList {
  games: Game[];
  /** Null where the list has no paging: hot games (SPEC §4) and the recent games, all on one page. */
  totalPages: number | null;
  loading: boolean;
  /** A newer answer is on its way while the last one shows. */
  fetching: boolean;
  error: unknown;
  retry: () => void;
}

/** The games of the lobby's list ``type`` for the category, the vendor (null: every vendor) and the filters. */
export function useShownList(category: string, vendor: string | null, state: LobbyState, type: ListType): ShownList {
  const all = useGameList(
    {
      gameType: category,
      vassalage: vendor ?? undefined,
      gameClassify: state.classify || undefined,
      gameName: state.search || undefined,
      minBet: state.minBet || undefined,
      pageNo: state.pageNo,
    },
    type === 'all',
  );
  const hot = useHotGames(category, vendor, type === 'hot');
  const favourites = useFavouriteList(category, vendor, state.pageNo, type === 'fav');
  const recent = useRecentGames(category, type === 'recent');

  // SPEC §4: the recent games load page after page until the last.
  // The count of pages loaded is a dependency: a page can arrive without a render in between.
  const { hasNextPage, isFetchingNextPage, isError: recentFailed, fetchNextPage } = recent;
  const recentPages = recent.data?.pages.length ?? 0;
  useEffect(() => {
    if (type === 'recent' && hasNextPage && !isFetchingNextPage && !recentFailed) void fetchNextPage();
  }, [type, recentPages, hasNextPage, isFetchingNextPage, recentFailed, fetchNextPage]);

  switch (type) {
    case 'all':
      return {
        games: all.data?.games ?? [],
        totalPages: all.data?.totalPages ?? 0,
        loading: all.isPending,
        fetching: all.isFetching,
        error: all.error,
        retry: () => void all.refetch(),
      };
    case 'hot':
      return {
        games: hot.data ?? [],
        totalPages: null,
        loading: hot.isPending,
        fetching: hot.isFetching,
        error: hot.error,
        retry: () => void hot.refetch(),
      };
    case 'fav':
      return {
        games: favourites.data?.content ?? [],
        totalPages: favourites.data?.totalPages ?? 0,
        loading: favourites.isPending,
        fetching: favourites.isFetching,
        error: favourites.error,
        retry: () => void favourites.refetch(),
      };
    case 'recent': {
      // Shown together once the last page is in; the call has no vendor, so the vendor is picked here.
      const complete = recent.data !== undefined && !hasNextPage;
      const games = complete ? recent.data.pages.flatMap((page) => page.list) : [];
      return {
        games: vendor ? games.filter((game) => game.vassalage === vendor) : games,
        totalPages: null,
        loading: !complete,
        fetching: recent.isFetching,
        error: recent.error,
        retry: () => void (hasNextPage ? fetchNextPage() : recent.refetch()),
      };
    }
  }
}
