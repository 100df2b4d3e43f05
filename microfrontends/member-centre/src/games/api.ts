// The betting record and personal profit and loss calls (games contract), and the game menu that
// names the brand's game types and vendors for the filters. Amounts are decimal strings with two places.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getJson, type Query } from '@tessera/kit';
import { withZonedDays, type Paged } from '../wallet/api';

/** The lobby lanes, in the order of the bottom navigation. */
export const GAME_TYPES = ['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'ELOTT', 'COCKFIGHT'] as const;

export const BET_STATUSES = ['open', 'settled', 'resettled', 'cancelled', 'rolled_back'] as const;
/** The statuses of a round with an outcome: settled, or resettled after the vendor corrected it. */
export const DECIDED: readonly BetStatus[] = ['settled', 'resettled'];
export type BetStatus = (typeof BET_STATUSES)[number];

export interface BetRecord {
  id: number;
  roundId: string;
  vassalage: string;
  vendorName: string;
  gameCode: string;
  gameName: string;
  /** The lobby lane (RNG, LIVE, ...). */
  gameType: string;
  bet: string;
  payout: string;
  /** Payout minus bet once settled or resettled; "0.00" while open or after a rollback or cancellation. */
  winLoss: string;
  status: BetStatus;
  walletMode: 'seamless' | 'transfer';
  placedAt: string;
  settledAt: string | null;
}

export interface BetFigures {
  count: number;
  bet: string;
  payout: string;
  winLoss: string;
}

export interface BetPage extends Paged<BetRecord> {
  /** Over every bet the filters select, not only this page. */
  summary: BetFigures;
}

export interface ProfitRow extends BetFigures {
  gameType: string;
  vassalage: string;
  vendorName: string;
}

export interface Profit {
  rows: ProfitRow[];
  totals: BetFigures & { deposit: string; withdrawal: string; bonus: string };
}

/** A lane of GET /lgw/games/game_menus. */
export interface GameLane {
  gameCategory: string;
  title: string;
  /** A card with a ``route`` leads to the brand's own lobby (the house lottery's), not a vendor. */
  cards: Array<{ vassalage: string; displayName: string; route?: string }>;
}

/** How many bets a page of the betting record lists. */
export const BETS_PAGE_SIZE = 10;

export const fetchBets = (query: Query) => getJson<BetPage>('/wps/games/bets', { ...withZonedDays(query), pageSize: BETS_PAGE_SIZE });

export const fetchProfit = (query: Query) => getJson<Profit>('/wps/games/profit', withZonedDays(query));

/** The brand's game lanes and their vendors, in the page's language. */
export function useGameLanes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['games', 'menus', i18n.language],
    queryFn: () => getJson<GameLane[]>('/lgw/games/game_menus'),
    staleTime: 5 * 60_000,
  });
}
