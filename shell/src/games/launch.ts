import { useCallback } from 'react';
import { useNavigate } from 'react-router';
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

/** Starts a game: a visitor gets the login popup instead (SPEC §4, §5), a member goes to /game. */
export function useLaunchGame(): (game: LaunchableGame) => void {
  const guard = useLoginGuard();
  const navigate = useNavigate();
  return useCallback((game: LaunchableGame) => guard(() => navigate(gameLink(game))), [guard, navigate]);
}
