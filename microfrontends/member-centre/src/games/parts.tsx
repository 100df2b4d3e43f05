import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_TYPES, type GameLane } from './api';
import { GAMES_NS } from './translations';

/** A win (+, green) or a loss (-, red) in the page's money format. */
export function WinLoss({ amount, money }: { amount: string; money: (amount: string, signed?: boolean) => string }) {
  const loss = amount.trim().startsWith('-');
  const won = !loss && /[1-9]/.test(amount);
  return <span className={loss ? 'is-debit' : won ? 'is-credit' : undefined}>{money(amount, true)}</span>;
}

/** What a page shows while its answer is not there: the failure with a retry, or that it loads. */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }): ReactNode {
  const { t } = useTranslation(GAMES_NS);
  if (failed) {
    return (
      <div className="wallet__status games-records__failed" role="alert">
        <p>{t('load_failed')}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="wallet__status" role="status">
      {t('loading')}
    </p>
  );
}

/** The game types the brand offers (all of them until its game menu is known), in lane order. */
export function offeredGameTypes(lanes: GameLane[] | undefined): string[] {
  if (!lanes) return [...GAME_TYPES];
  const offered = new Set(lanes.filter((lane) => lane.cards.length > 0).map((lane) => lane.gameCategory));
  return GAME_TYPES.filter((type) => offered.has(type));
}

/** The vendors of one game type, or of all, each once (not the cards leading to the brand's own lobbies). */
export function vendorsOf(lanes: GameLane[] | undefined, gameType: string): Array<{ vassalage: string; displayName: string }> {
  const seen = new Map<string, string>();
  for (const lane of lanes ?? []) {
    if (gameType && lane.gameCategory !== gameType) continue;
    for (const card of lane.cards) if (!card.route && !seen.has(card.vassalage)) seen.set(card.vassalage, card.displayName);
  }
  return [...seen].map(([vassalage, displayName]) => ({ vassalage, displayName }));
}
