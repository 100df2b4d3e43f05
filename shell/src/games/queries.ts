import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getJson, sendJson, useSession } from '@tessera/kit';
import type { Game, GameListPage, GameListQuery, GameVendor, HotGames, LiveRoom } from './types';

/** Every lobby answer is kept under this key, so a favourite change can find its games (favourites.ts). */
export const GAMES_KEY = 'games';

/** Games per page (SPEC §9). */
export function pageSizeOf(category: string): number {
  return category === 'FISH' ? 18 : 24;
}

/** The game list's fixed fields (SPEC §3). */
const LIST_CLIENT = { clientType: 3, platform: 'flash,html5-desktop' } as const;

/** Lists carry the member's favourites, so each member (and the visitor) has their own answers. */
function useViewer(): string | null {
  return useSession()?.username ?? null;
}

export function useGameVendors(category: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [GAMES_KEY, 'vendors', category, i18n.language],
    queryFn: () =>
      sendJson<{ vendors: GameVendor[] }>('/wps/relay/GCSGAME_newGameVendor', {
        gameType: category,
        platform: 'html5-desktop',
        pageSize: 100,
      }),
    select: (answer) => answer.vendors,
    staleTime: 300_000,
  });
}

export type ListFilters = Omit<GameListQuery, 'pageSize' | 'clientType' | 'platform' | 'language'>;

export function useGameList(filters: ListFilters, enabled: boolean) {
  const { i18n } = useTranslation();
  const viewer = useViewer();
  const body: GameListQuery = { ...LIST_CLIENT, ...filters, pageSize: pageSizeOf(filters.gameType), language: i18n.language };
  return useQuery({
    queryKey: [GAMES_KEY, 'list', body, viewer],
    queryFn: () => sendJson<GameListPage>('/wps/relay/GCSGAME_gameList', body),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The category's hot games (of one vendor when ``vassalage`` is given). */
export function useHotGames(category: string, vassalage: string | null, enabled: boolean) {
  const { i18n } = useTranslation();
  const viewer = useViewer();
  return useQuery({
    queryKey: [GAMES_KEY, 'hot', category, vassalage, i18n.language, viewer],
    queryFn: () =>
      sendJson<HotGames[]>('/wps/relay/GCSGAME_hotGamesV2', {
        isPlatform: 2,
        platform: 'html5-desktop',
        language: i18n.language,
        ...(vassalage ? { vassalage } : {}),
      }),
    select: (answer): Game[] => answer.find((hot) => hot.gameType === category)?.list ?? [],
    enabled,
  });
}

export const FAVOURITES_KEY = [GAMES_KEY, 'favourites'];

export function useFavouriteList(category: string, vassalage: string | null, pageNo: number, enabled: boolean) {
  const viewer = useViewer();
  const body = { gameType: category, pageNo, pageSize: pageSizeOf(category), ...(vassalage ? { vassalage } : {}) };
  return useQuery({
    queryKey: [...FAVOURITES_KEY, body, viewer],
    queryFn: () => sendJson<{ content: Game[]; totalPages: number; total: number }>('/wps/relay/MCSFE_getFavoriteGamesList', body),
    placeholderData: keepPreviousData,
    enabled: enabled && viewer !== null,
  });
}

interface RecentPage {
  list: Game[];
  totalPages: number;
  total: number;
}

/**
 * The member's recent games of the category, newest first: every page, asked for one after the
 * other until the last (SPEC §4); the lobby keeps asking while ``hasNextPage``.
 */
export function useRecentGames(category: string, enabled: boolean) {
  const viewer = useViewer();
  const pageSize = pageSizeOf(category);
  return useInfiniteQuery({
    queryKey: [GAMES_KEY, 'recent', category, viewer],
    queryFn: ({ pageParam }) =>
      sendJson<RecentPage>('/wps/relay/GCS_recentGame', { gameType: category, pageNo: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
    enabled: enabled && viewer !== null,
  });
}

/** The live tables of a vendor (members only). */
export function useLiveRooms(vassalage: string | null, enabled: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: [GAMES_KEY, 'rooms', vassalage, viewer],
    queryFn: () => getJson<{ rooms: LiveRoom[] }>('/wps/relay/GLS2_roomList', { vassalage }),
    select: (answer) => answer.rooms,
    enabled: enabled && viewer !== null && vassalage !== null,
    refetchInterval: 30_000,
  });
}
