import { useTranslation } from 'react-i18next';
import { countdownText, lockDeadline } from './schedule';
import { LOTTERY_NS } from './texts';
import type { LotteryGame } from './types';
import { useCountdown } from './useCountdown';

/** The open draw's numero and a live countdown to its lock; "locked" once it passes, until the next shows. */
export function DrawClock({ game, answeredAt }: { game: LotteryGame; answeredAt: number }) {
  const { t } = useTranslation(LOTTERY_NS);
  const left = useCountdown(lockDeadline(game, answeredAt));
  if (!game.numero) return <span className="draw-clock" data-draw-state="none">{t('draw.none')}</span>;
  const locked = left === null || left <= 0;
  return (
    <span className="draw-clock" data-draw-state={locked ? 'locked' : 'open'}>
      <span className="draw-clock__numero">{t('draw.numero', { numero: game.numero })}</span>{' '}
      {locked ? (
        <span className="draw-clock__locked">{t('draw.locked')}</span>
      ) : (
        <span className="draw-clock__left">
          {t('draw.closes_in')} <time data-countdown="">{countdownText(left)}</time>
        </span>
      )}
    </span>
  );
}

/** A game of the lobby: its name, its open draw and countdown, a star for the favourites. */
export function LotteryCard({ game, answeredAt, favourite, onFavourite, onOpen }: {
  game: LotteryGame;
  answeredAt: number;
  favourite: boolean;
  onFavourite: (game: LotteryGame) => void;
  onOpen: (game: LotteryGame) => void;
}) {
  const { t } = useTranslation(LOTTERY_NS);
  return (
    <article className="lottery-card" data-game={game.gameId} aria-labelledby={`lottery-card-${game.gameId}`}>
      <h2 className="lottery-card__name" id={`lottery-card-${game.gameId}`}>
        {game.remark}
      </h2>
      <DrawClock game={game} answeredAt={answeredAt} />
      <div className="lottery-card__actions">
        <button type="button" className="lottery-card__open" data-action="open-game" onClick={() => onOpen(game)}>
          {t('card.bet')}
        </button>
        <button
          type="button"
          className="lottery-card__favourite"
          data-action="favourite"
          aria-pressed={favourite}
          aria-label={t(favourite ? 'card.unfavourite' : 'card.favourite', { game: game.remark })}
          onClick={() => onFavourite(game)}
        >
          <span aria-hidden="true">{favourite ? '★' : '☆'}</span>
        </button>
      </div>
    </article>
  );
}
