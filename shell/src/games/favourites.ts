import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sendJson } from '@tessera/kit';
import { useLoginGuard } from '../modals/loginGuard';
import { FAVOURITES_KEY } from './queries';
import type { Game } from './types';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** ``data`` with the game ``nodeId`` marked; the same object when it holds no such game. */
export function withFavourite(data: unknown, nodeId: number, isFavourite: boolean): unknown {
  if (Array.isArray(data)) {
    const next = data.map((item) => withFavourite(item, nodeId, isFavourite));
    return next.some((item, index) => item !== data[index]) ? next : data;
  }
  if (!isPlainObject(data)) return data;
  if (typeof data.nodeId === 'number' && typeof data.gameCode === 'string') {
    return data.nodeId === nodeId && data.isFavourite !== isFavourite ? { ...data, isFavourite } : data;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    next[name] = withFavourite(value, nodeId, isFavourite);
    changed ||= next[name] !== value;
  }
  return changed ? next : data;
}

/** Mark the game in every answer the page holds (lobby lists, hot games of any page). */
function markFavourite(queryClient: QueryClient, nodeId: number, isFavourite: boolean): void {
  for (const query of queryClient.getQueryCache().findAll()) {
    const data = query.state.data;
    const next = withFavourite(data, nodeId, isFavourite);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

interface FavouriteAnswer {
  nodeId: number;
  isFavourite: boolean;
}

/**
 * Toggling a game's favourite (SPEC §4: add when it is not one, else remove); favourites need a
 * session, so a visitor gets the login popup. Every card showing the game follows the answer.
 */
export function useFavouriteToggle() {
  const queryClient = useQueryClient();
  const guard = useLoginGuard();
  const { mutate, isError, reset } = useMutation({
    mutationFn: (game: Game) =>
      sendJson<FavouriteAnswer>('/wps/relay/MCSFE_getFavoriteGames', {
        nodeId: game.nodeId,
        vendor: game.vassalage,
        gameType: game.gameType,
        action: game.isFavourite ? 'remove' : 'add',
      }),
    onSuccess: ({ nodeId, isFavourite }) => {
      markFavourite(queryClient, nodeId, isFavourite);
      void queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY });
    },
  });
  const toggle = useCallback((game: Game) => guard(() => mutate(game)), [guard, mutate]);
  return { toggle, failed: isError, dismiss: reset };
}
