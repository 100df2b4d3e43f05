import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, sendJson, useRefreshBalance } from '@tessera/kit';
import { LOTTERY_KEY, LOTTERY_PATHS } from './queries';
import { changeLine, newLine, type SlipLine } from './slip';
import type { LotteryBet } from './types';

/** Why the server refused a line: its code, its translated message, its details (the room left). */
export interface Refusal {
  code: string;
  message: string | null;
  value: unknown;
}

export interface SlipEntry extends SlipLine {
  refusal: Refusal | null;
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError) return { code: error.code, message: error.serverMessage, value: error.value };
  // No answer at all (offline, a dropped connection): the line is sent again with the same request id.
  return { code: 'network_abnormal', message: null, value: null };
}

/**
 * The bet slip: its lines and their placing. Each line keeps its request id until it changes, so a
 * retry after a refusal or a lost answer never bets twice (the server answers a repeated id with its
 * first answer). After placing, the balance is loaded again and my bets forget their pages.
 */
export function useSlip() {
  const [lines, setLines] = useState<SlipEntry[]>([]);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<LotteryBet[]>([]);
  const refreshBalance = useRefreshBalance();
  const queryClient = useQueryClient();

  const add = useCallback((fields: Omit<SlipLine, 'requestId'>) => {
    setLines((previous) => [...previous, { ...newLine(fields), refusal: null }]);
    setPlaced([]);
  }, []);

  const change = useCallback((requestId: string, changes: Partial<Omit<SlipLine, 'requestId'>>) => {
    setLines((previous) =>
      previous.map((line) => (line.requestId === requestId ? { ...changeLine(line, changes), refusal: null } : line)),
    );
  }, []);

  const remove = useCallback((requestId: string) => setLines((previous) => previous.filter((line) => line.requestId !== requestId)), []);
  const clear = useCallback(() => setLines([]), []);

  /** Send every line in turn; placed ones leave the slip, refused ones stay with their reason. */
  const place = useCallback(
    async (sendable: (line: SlipLine) => boolean) => {
      setPlacing(true);
      const done: LotteryBet[] = [];
      try {
        for (const line of lines.filter(sendable)) {
          try {
            const bet = await sendJson<LotteryBet>(LOTTERY_PATHS.bets, {
              requestId: line.requestId,
              gameCode: line.gameCode,
              numero: line.numero,
              betType: line.betType.code,
              numbers: line.numbers,
              stake: line.stake.trim(),
            });
            done.push(bet);
            setLines((previous) => previous.filter((entry) => entry.requestId !== line.requestId));
          } catch (error) {
            const refusal = refusalOf(error);
            setLines((previous) => previous.map((entry) => (entry.requestId === line.requestId ? { ...entry, refusal } : entry)));
          }
        }
      } finally {
        setPlacing(false);
        setPlaced(done);
        if (done.length > 0) {
          void refreshBalance();
          void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(LOTTERY_KEY) && query.queryKey.includes('bets') });
        }
      }
    },
    [lines, queryClient, refreshBalance],
  );

  return { lines, add, change, remove, clear, place, placing, placed };
}
