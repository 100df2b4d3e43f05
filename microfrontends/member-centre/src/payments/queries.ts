import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** Load again the wallet answers named (after a change), in every session and language. */
export function useReloadWallet(): (...names: string[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (...names: string[]) => {
      for (const name of names) void queryClient.invalidateQueries({ queryKey: ['wallet', name] });
    },
    [queryClient],
  );
}
