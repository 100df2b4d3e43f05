import { getJson, request, requestId, sendJson } from '@tessera/kit';
import type { HotGames, WalletMode, Winner } from '../games/types';

/** The game a /game address names (its query, as the lobby's launch writes it). */
export interface GameChoice {
  vassalage: string;
  gameCode: string;
  gameType: string | null;
  walletMode: WalletMode;
  /** Shown as the frame's title when the address carries it; else the code is. */
  gameName: string | null;
}

/** The platform and device this web site launches and lists games for (SPEC §3, §9). */
export const PLATFORM = 'html5-desktop';
export const DEVICE = 'WEB';

/** The game of a /game query, or null when it names none. */
export function gameChoiceOf(params: URLSearchParams): GameChoice | null {
  const vassalage = params.get('vassalage')?.trim();
  const gameCode = params.get('gameCode')?.trim();
  if (!vassalage || !gameCode) return null;
  return {
    vassalage,
    gameCode,
    gameType: params.get('gameType') || null,
    walletMode: params.get('walletMode') === 'transfer' ? 'transfer' : 'seamless',
    gameName: params.get('gameName') || null,
  };
}

/** GET /wps/game/launchGame: the address of the game, for this member, in ``language``. */
export function fetchLaunchUrl(game: Pick<GameChoice, 'vassalage' | 'gameCode' | 'gameType'>, language: string): Promise<string> {
  return getJson<string>('/wps/game/launchGame', {
    gameCode: game.gameCode,
    vassalage: game.vassalage,
    gameType: game.gameType,
    language,
    device: DEVICE,
  });
}

/**
 * Everything in a transfer-wallet vendor's wallet back to main (GCS_walletTransfer out, all).
 * ``keepalive`` lets the call finish when it is sent as the page goes away.
 */
export function transferBack(vassalage: string): Promise<unknown> {
  return request('/wps/relay/GCS_walletTransfer', {
    method: 'POST',
    body: JSON.stringify({ vassalage, direction: 'out', all: true, requestId: requestId() }),
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
  });
}

/** POST GCSGAME_hotGamesV2: the hot games of each hot game type, in the order answered. */
export function fetchHotGames(language: string): Promise<HotGames[]> {
  return sendJson<HotGames[]>('/wps/relay/GCSGAME_hotGamesV2', { isPlatform: 2, platform: PLATFORM, language });
}

/** How many winners the home board shows (the rank list's default). */
export const WINNERS_COUNT = 20;

/** POST GCSGAME_getRankList: the biggest payouts of the last days, players masked by the server. */
export async function fetchWinners(): Promise<Winner[]> {
  return (await sendJson<{ list: Winner[] }>('/wps/relay/GCSGAME_getRankList', { count: WINNERS_COUNT })).list;
}
