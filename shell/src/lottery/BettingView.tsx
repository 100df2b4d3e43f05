import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, useSession } from '@tessera/kit';
import { useLoginGuard } from '../modals/loginGuard';
import { BetBoard } from './BetBoard';
import { BetSlip } from './BetSlip';
import { DrawClock } from './LotteryCard';
import { MyBets } from './MyBets';
import { useSlip } from './placing';
import { useBoard, useOpenDraw } from './queries';
import { ResultsHistory } from './ResultsHistory';
import { lockDeadline } from './schedule';
import { TabRow } from './TabRow';
import { LOTTERY_NS } from './texts';
import type { LotteryGame } from './types';
import { useCountdown, useNow } from './useCountdown';

type Section = 'bet' | 'results' | 'bets';

/** A lobby's back address from its launch (``backUrl``): only one on this site, never elsewhere. */
export function safeBackUrl(backUrl: string | null): string | null {
  if (!backUrl) return null;
  try {
    const url = new URL(backUrl, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The numero each game takes bets on right now (null once its countdown has ended). */
function openNumeros(games: readonly LotteryGame[], answeredAt: number, now: number): Record<string, string | null> {
  return Object.fromEntries(
    games.map((game) => {
      const deadline = lockDeadline(game, answeredAt);
      return [game.gameId, deadline !== null && deadline > now ? game.numero : null];
    }),
  );
}

/**
 * A game's betting view: its open draw counting down to the lock (locked: nothing goes on the slip
 * until the next draw shows), the board, the slip, the results history and my bets.
 */
export function BettingView({ gameCode, games, answeredAt, onGame, onBack, backUrl }: {
  gameCode: string;
  games: LotteryGame[];
  answeredAt: number;
  onGame: (gameId: string) => void;
  onBack: () => void;
  backUrl: string | null;
}) {
  const { t } = useTranslation(LOTTERY_NS);
  const session = useSession();
  const guard = useLoginGuard();
  const [section, setSection] = useState<Section>('bet');
  const listed = games.find((game) => game.gameId === gameCode);
  // A game outside the page's menus (a launch naming another prize mode): its open draw, for a member.
  const own = useOpenDraw(gameCode, !listed);
  const game = listed ?? own.data ?? null;
  const gameAnsweredAt = listed ? answeredAt : own.dataUpdatedAt;
  const left = useCountdown(game ? lockDeadline(game, gameAnsweredAt) : null);
  const now = useNow();
  const board = useBoard(gameCode);
  // A game the brand does not offer: said so, with nothing to retry.
  const notOffered = board.error instanceof ApiError && board.error.code === 'game_unknown';
  const slip = useSlip();
  const locked = !game?.numero || left === null || left <= 0;
  const numeros = openNumeros(game && !listed ? [...games, game] : games, answeredAt, now);
  if (game && !listed) numeros[game.gameId] = locked ? null : game.numero;
  const siblings = game ? games.filter((other) => other.gameMenuTag === game.gameMenuTag) : [];
  const back = safeBackUrl(backUrl);

  return (
    <section className="page lottery-betting" data-page="lottery-betting" data-game={gameCode} data-locked={locked || undefined}>
      <div className="lottery-betting__top">
        {back ? (
          <a href={back} className="lottery-betting__back">{t('betting.back')}</a>
        ) : (
          <button type="button" className="lottery-betting__back" onClick={onBack}>
            {t('betting.back')}
          </button>
        )}
        <h1>{game?.remark ?? gameCode}</h1>
      </div>
      {siblings.length > 1 && (
        <TabRow
          name="games"
          label={t('betting.games')}
          selected={gameCode}
          onSelect={onGame}
          entries={siblings.map((other) => ({ key: other.gameId, label: other.remark }))}
        />
      )}
      <p className="lottery-betting__draw" aria-live="polite">
        {game ? <DrawClock game={game} answeredAt={gameAnsweredAt} /> : t('draw.none')}
      </p>
      {game?.numero && locked && (
        <p className="lottery-betting__locked" role="status" data-locked-note="">
          {t('betting.locked')}
        </p>
      )}
      <div className="lottery-sections" role="tablist" aria-label={t('betting.sections')}>
        {(['bet', 'results', 'bets'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`lottery-section-${key}`}
            aria-selected={section === key}
            aria-controls="lottery-section-panel"
            data-section={key}
            onClick={() => (key === 'bets' ? guard(() => setSection(key)) : setSection(key))}
          >
            {t(`betting.section.${key}`)}
          </button>
        ))}
      </div>
      <div className="lottery-section" id="lottery-section-panel" role="tabpanel" aria-labelledby={`lottery-section-${section}`}>
        {section === 'bet' && (
          <div className="lottery-betting__play">
            {board.isPending && <p className="lottery-status" aria-busy="true">{t('status.loading')}</p>}
            {board.isError && notOffered && (
              <p className="lottery-status" role="alert" data-game-unknown="">
                {t('status.game_unknown')}
              </p>
            )}
            {board.isError && !notOffered && (
              <p className="lottery-status" role="alert">
                <span>{t('status.failed')}</span>{' '}
                <button type="button" onClick={() => void board.refetch()}>
                  {t('status.retry')}
                </button>
              </p>
            )}
            {board.data && (
              <BetBoard
                key={gameCode}
                board={board.data}
                disabled={locked}
                onAdd={(betType, numbers, stake) =>
                  guard(() => game?.numero && slip.add({ gameCode, gameName: game.remark, numero: game.numero, betType, numbers, stake }))
                }
              />
            )}
            {session ? (
              <BetSlip slip={slip} openNumeros={numeros} onPlace={() => void slip.place((line) => numeros[line.gameCode] === line.numero)} />
            ) : (
              <p className="lottery-betting__login">
                <button type="button" data-action="login-to-bet" onClick={() => guard(() => undefined)}>
                  {t('betting.login')}
                </button>
              </p>
            )}
          </div>
        )}
        {section === 'results' && <ResultsHistory gameCode={gameCode} fast={game?.prizeMode === 'ELOTT'} />}
        {section === 'bets' && session && <MyBets gameCode={gameCode} />}
      </div>
    </section>
  );
}
