/** The lottery's answers, as the contract writes them (docs: the lottery's calls). */

export type PrizeMode = 'LOTT' | 'ELOTT';
export type MenuTag = 'NORTH' | 'CENTRAL' | 'SOUTH' | 'FAST';

/** A game of a menu, with the draw open for bets now. */
export interface LotteryGame {
  gameId: string;
  gameMenuTag: MenuTag;
  remark: string;
  region: 'north' | 'central' | 'south';
  prizeMode: PrizeMode;
  /** The draw open for bets now; null when none is. */
  numero: string | null;
  /** Milliseconds until lockTime when the menu was answered; 0 when no draw is open. */
  remainTime: number;
  lockTime: string | null;
  winningTime: string | null;
  /** SPEC weekdays, Sunday 1: "1,2,3,4,5,6,7". */
  drawDayOfWeek: string;
  interval: number | null;
}

export interface LotteryMenu {
  tag: MenuTag;
  gameMenus: LotteryGame[];
}

export interface BetTypeOffer {
  code: string;
  digits: number;
  count: number;
  exact: boolean;
  costModel: 'point' | 'stake';
  price: string | null;
  payout: string | null;
  odds: string | null;
  minStake: string;
  maxStake: string;
  maxPerNumber: string;
  stakedPerNumber: boolean;
}

export interface Board {
  gameId: string;
  region: string;
  currency: string;
  betTypes: BetTypeOffer[];
  perDrawLimit: string;
}

export interface PrizeGroup {
  prize: string;
  numbers: string[];
}

export interface DrawnDraw {
  gameId: string;
  numero: string;
  winningTime: string;
  resultVersion: number;
  prizes: PrizeGroup[];
}

export type BetState = 'placed' | 'won' | 'lost' | 'void';

export interface LotteryBet {
  betId: string;
  gameId: string;
  remark: string;
  numero: string;
  betType: string;
  numbers: string[];
  stake: string;
  cost: string;
  potentialPayout: string;
  payout: string | null;
  hits: number | null;
  state: BetState;
  placedAt: string;
  settledAt: string | null;
  resultVersion: number | null;
}

export interface BetPage {
  content: LotteryBet[];
  totalPages: number;
  totalElements: number;
}

/** GET /lgw/fair/draws: a drawn fast draw's proof. */
export interface FairDraw {
  gameCode: string;
  numero: string;
  seed: string;
  previousHash: string;
  commitment: string;
  committedAt: string;
  lockAt: string;
  prizes: string[];
  drawnAt: string;
}

/** GET /lgw/fair/series: a day's commitment. */
export interface FairSeries {
  gameCode: string;
  day: string;
  length: number;
  commitment: string;
  committedAt: string;
  firstDrawAt: string;
}
