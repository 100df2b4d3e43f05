import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getJson, memberKey, sendJson, useSession } from '@tessera/kit';
import { refreshDelay } from './schedule';
import type { BetPage, BetState, Board, DrawnDraw, FairDraw, FairSeries, LotteryGame, LotteryMenu, PrizeMode } from './types';

export const LOTTERY_KEY = 'lottery';

/** The lottery's calls (the contract's paths). */
export const LOTTERY_PATHS = {
  menu: '/lgw/vn/games/game_menu',
  results: '/lgw/vn/numeros/opened/game',
  openDraw: '/lotto/lgw/games/opened/numero',
  board: '/lotto/lgw/games/board',
  numbers: '/lotto/lgw/numbers',
  room: '/lotto/lgw/draws/room',
  bets: '/lotto/lgw/bets',
  fairDraw: '/lgw/fair/draws',
  fairSeries: '/lgw/fair/series',
} as const;

/** Draws kept in the results history (SPEC §9: VN list 100). */
export const RESULTS_COUNT = 100;
/** Bets per page of my bets. */
export const BETS_PAGE_SIZE = 20;

/**
 * The prize mode's menus, loaded again by SPEC's timer (refreshDelay): the answer's time is kept, so
 * each countdown runs from when its remainTime was true.
 */
export function useLotteryMenus(prizeMode: PrizeMode) {
  return useQuery({
    queryKey: [LOTTERY_KEY, 'menu', prizeMode],
    queryFn: () => getJson<LotteryMenu[]>(LOTTERY_PATHS.menu, { prizeMode, device: 'WEB' }),
    refetchInterval: (query) => refreshDelay((query.state.data ?? []).flatMap((menu) => menu.gameMenus)),
    refetchIntervalInBackground: false,
  });
}

/** A game's open draw for a member (its menu entry otherwise). */
export function useOpenDraw(gameCode: string, enabled: boolean) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: [...memberKey(token), LOTTERY_KEY, 'open', gameCode],
    queryFn: () => getJson<LotteryGame>(LOTTERY_PATHS.openDraw, { gameCode }),
    refetchInterval: (query) => refreshDelay(query.state.data ? [query.state.data] : []),
    enabled: enabled && Boolean(token),
  });
}

export function useBoard(gameCode: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [LOTTERY_KEY, 'board', gameCode, i18n.language],
    queryFn: () => getJson<Board>(LOTTERY_PATHS.board, { gameCode }),
    staleTime: 60_000,
  });
}

export function useResults(gameCode: string) {
  return useQuery({
    queryKey: [LOTTERY_KEY, 'results', gameCode],
    queryFn: () => getJson<DrawnDraw[]>(LOTTERY_PATHS.results, { gameCode, count: RESULTS_COUNT }),
    staleTime: 15_000,
  });
}

export function useMyBets(filters: { gameCode?: string; state?: BetState | null; page: number }) {
  const token = useSession()?.token ?? '';
  return useQuery({
    queryKey: [...memberKey(token), LOTTERY_KEY, 'bets', filters],
    queryFn: () =>
      getJson<BetPage>(LOTTERY_PATHS.bets, { ...filters, state: filters.state ?? undefined, size: BETS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: Boolean(token),
  });
}

/** Quick entry: the server reads typed lists, ranges and patterns ("12 34 50-55 *7"). */
export function enterNumbers(betType: string, text: string): Promise<{ numbers: string[] }> {
  return sendJson<{ numbers: string[] }>(LOTTERY_PATHS.numbers, { betType, text });
}

/** The most stake each number still takes on a draw. */
export function fetchRoom(gameCode: string, numero: string, betType: string, numbers: readonly string[]) {
  return getJson<{ room: Record<string, string> }>(LOTTERY_PATHS.room, { gameCode, numero, betType, numbers: numbers.join(',') });
}

export function useFairDraw(gameCode: string, numero: string) {
  return useQuery({
    queryKey: [LOTTERY_KEY, 'fair', 'draw', gameCode, numero],
    queryFn: () => getJson<FairDraw>(LOTTERY_PATHS.fairDraw, { gameCode, numero }),
    enabled: Boolean(gameCode && numero),
    retry: false,
  });
}

export function useFairSeries(gameCode: string, day: string | null) {
  return useQuery({
    queryKey: [LOTTERY_KEY, 'fair', 'series', gameCode, day],
    queryFn: () => getJson<FairSeries>(LOTTERY_PATHS.fairSeries, { gameCode, day }),
    enabled: Boolean(gameCode && day),
    retry: false,
  });
}
