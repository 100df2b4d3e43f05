import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLoginGuard } from '../modals/loginGuard';
import type { Game } from './types';

export type LaunchableGame = Pick<Game, 'gameCode' | 'vassalage' | 'gameType' | 'walletMode'> &
  Partial<Pick<Game, 'displayName'>>;

/** The /game page of a game: it asks for the launch address and shows it in its iframe (titled with the name). */
export function gameLink(game: LaunchableGame): string {
  const query = new URLSearchParams({
    vassalage: game.vassalage,
    gameCode: game.gameCode,
    gameType: game.gameType,
    walletMode: game.walletMode,
  });
  if (game.displayName) query.set('gameName', game.displayName);
  return `/game?${query}`;
}

/** What /game is told about where it was opened from: its exit goes back there. */
export interface GameLaunchState {
  from: string;
}

/**
 * Starts a game: a visitor gets the login popup instead (SPEC §4, §5), a member goes to /game,
 * which remembers the lobby (page and filters) the game was started from.
 */
export function useLaunchGame(): (game: LaunchableGame) => void {
  const guard = useLoginGuard();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (game: LaunchableGame) => guard(() => navigate(gameLink(game), { state: { from: `${pathname}${search}` } satisfies GameLaunchState })),
    [guard, navigate, pathname, search],
  );
}
