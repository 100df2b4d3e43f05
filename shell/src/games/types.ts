/** The game calls' shapes (SPEC §3, §7), as the server answers them. Money is a string with two decimals. */

export type WalletMode = 'seamless' | 'transfer';

/** A game in every list: the lobby, hot games, favourites and recent games. */
export interface Game {
  nodeId: number;
  gameCode: string;
  displayName: string;
  gameType: string;
  /** The lobby lane: RNG, LIVE, SPORTS, ESPORTS, FISH, PVP, ELOTT, COCKFIGHT. */
  category: string;
  vassalage: string;
  vendorName: string;
  classify: string | null;
  minBet: string | null;
  lines: number | null;
  isHot: boolean;
  icon: string | null;
  walletMode: WalletMode;
  /** Always false for a visitor. */
  isFavourite: boolean;
}

/** A vendor of the brand (GCSGAME_newGameVendor). */
export interface GameVendor {
  vassalage: string;
  displayName: string;
  gameType: string;
  category: string;
  accountTypeId: number | null;
  smallIcon: string | null;
  isHot: boolean;
  walletMode: WalletMode;
  gameCount: number;
}

export interface GameListQuery {
  gameType: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  minBet?: string;
  minLineNum?: number;
  pageNo: number;
  pageSize: number;
  clientType?: number;
  platform?: string;
  language?: string;
}

export interface GameListPage {
  games: Game[];
  totalPages: number;
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface HotGames {
  gameType: string;
  list: Game[];
  footer: string | null;
}

export interface Winner {
  rank: number;
  player: string;
  gameName: string;
  vassalage: string;
  gameType: string;
  bet: string;
  payout: string;
  multiplier: string;
  /** YYYY.MM.DD (SPEC §9). */
  wonAt: string;
}

export interface LiveRoom {
  roomId: string;
  gameCode: string;
  nodeId: number | null;
  name: string;
  dealer: string | null;
  minBet: string;
  maxBet: string;
  players: number;
  status: 'open' | 'closed';
}
