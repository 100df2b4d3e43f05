// Helpers of the lobby's component tests: games and vendors as the server describes them, the
// lobby rendered on its routes, and the fields of the calls it made.
import { writeSession, type Session } from '@tessera/kit';
import { renderInShell, serve, type Answers, type ServedCall } from '../../test/render';
import { GamesPage, LivePage } from '../pages/GamesPage';
import type { Game, GameListPage, GameVendor } from './types';

export const MEMBER: Session = { token: 't', isAgent: 4, username: 'player01' };

export const PATHS = {
  vendors: '/wps/relay/GCSGAME_newGameVendor',
  menus: '/lgw/games/game_menus',
  list: '/wps/relay/GCSGAME_gameList',
  hot: '/wps/relay/GCSGAME_hotGamesV2',
  favourite: '/wps/relay/MCSFE_getFavoriteGames',
  favourites: '/wps/relay/MCSFE_getFavoriteGamesList',
  recent: '/wps/relay/GCS_recentGame',
  rooms: '/wps/relay/GLS2_roomList',
};

let nextNodeId = 1;

export function gameOf(overrides: Partial<Game> = {}): Game {
  const nodeId = overrides.nodeId ?? nextNodeId++;
  return {
    nodeId,
    gameCode: `G${nodeId}`,
    displayName: `Game ${nodeId}`,
    gameType: 'RNG',
    category: 'RNG',
    vassalage: 'PG',
    vendorName: 'PG Soft',
    classify: 'SC',
    minBet: '0.10',
    lines: 25,
    isHot: false,
    icon: null,
    walletMode: 'seamless',
    isFavourite: false,
    ...overrides,
  };
}

export function vendorOf(vassalage: string, overrides: Partial<GameVendor> = {}): GameVendor {
  return {
    vassalage,
    displayName: `${vassalage} Games`,
    gameType: 'RNG',
    category: 'RNG',
    accountTypeId: null,
    smallIcon: null,
    isHot: false,
    walletMode: 'seamless',
    gameCount: 10,
    ...overrides,
  };
}

export function vendorsOf(...vassalages: string[]) {
  return { vendors: vassalages.map((vassalage) => vendorOf(vassalage)) };
}

/** A page of the game list: ``count`` games named after the page asked for. */
export function listPage(body: Record<string, unknown>, { count = 2, totalPages = 3 } = {}): GameListPage {
  const pageNo = Number(body.pageNo);
  const games = Array.from({ length: count }, (_, index) =>
    gameOf({ nodeId: pageNo * 100 + index, gameCode: `P${pageNo}-${index}`, vassalage: String(body.vassalage ?? 'PG') }),
  );
  return { games, totalPages, total: totalPages * count, pageNo, pageSize: Number(body.pageSize) };
}

export function bodyOf(call: ServedCall | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.init?.body));
}

export function bodiesTo(calls: ServedCall[], path: string): Array<Record<string, unknown>> {
  return calls.filter((call) => call.url.pathname === path).map(bodyOf);
}

/** The lobby at ``path`` (e.g. /rng?page=PG), logged in as ``session`` when given. */
export function renderLobby(path: string, answers: Answers = {}, session: Session | null = null) {
  writeSession(session);
  const calls = serve({
    [PATHS.vendors]: vendorsOf('PG', 'JILI'),
    [PATHS.menus]: [],
    [PATHS.list]: (_url: URL, init?: RequestInit) => listPage(JSON.parse(String(init?.body))),
    ...answers,
  });
  const result = renderInShell(<></>, {
    path,
    routes: [
      { path: '/live', element: <LivePage /> },
      { path: '/game', element: <p data-testid="game-page" /> },
      { path: '/:games', element: <GamesPage /> },
    ],
  });
  return { ...result, calls };
}

export const card = (gameCode: string) => document.querySelector<HTMLElement>(`[data-game="${gameCode}"]`);
export const typeTab = (type: string) => document.querySelector<HTMLButtonElement>(`[data-type-tab="${type}"]`)!;
export const filter = (name: string) => document.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-filter="${name}"]`)!;
export const modal = (kind: string) => document.querySelector(`[data-modal="${kind}"]`);
