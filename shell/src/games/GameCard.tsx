import { useTranslation } from 'react-i18next';
import { GameIcon } from './GameIcon';
import { useLaunchGame } from './launch';
import type { Game } from './types';
import './games.css';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A game: its icon, name and vendor; a click (or Enter) starts it. With ``onFavourite`` a star
 * shows whether it is a favourite and toggles it.
 */
export function GameCard({ game, onFavourite }: { game: Game; onFavourite?: (game: Game) => void }) {
  const { t } = useTranslation('games');
  const launch = useLaunchGame();
  return (
    <div className="game-card" data-game={game.gameCode} data-vendor={game.vassalage} data-favourite={game.isFavourite || undefined}>
      {/* Named by what it shows (the name, the vendor), after a word only screen readers hear. */}
      <button type="button" className="game-card__launch" onClick={() => launch(game)}>
        <span className="visually-hidden">{`${t('card.play_prefix')} `}</span>
        <GameIcon key={game.icon ?? ''} src={game.icon} />
        <span className="game-card__name">{game.displayName}</span>
        <span className="visually-hidden">{', '}</span>
        <span className="game-card__vendor">{game.vendorName}</span>
        {game.isHot && <span className="game-card__hot">{t('card.hot')}</span>}
      </button>
      {onFavourite && (
        <button
          type="button"
          className="game-card__favourite"
          data-action="favourite"
          aria-pressed={game.isFavourite}
          aria-label={t('card.favourite', { name: game.displayName })}
          title={t(game.isFavourite ? 'card.favourite_remove' : 'card.favourite_add')}
          onClick={() => onFavourite(game)}
        >
          <StarIcon filled={game.isFavourite} />
        </button>
      )}
    </div>
  );
}

/**
 * A card's place while its game is on its way: the icon's square and the name's and vendor's lines,
 * empty, so the card that comes takes the same room (drawn inside a list marked aria-hidden).
 */
export function GameCardPlaceholder() {
  return (
    <div className="game-card game-card--placeholder">
      <span className="game-card__launch">
        <span className="game-icon game-icon--waiting" />
        <span className="game-card__name">{'\u00a0'}</span>
        <span className="game-card__vendor">{'\u00a0'}</span>
      </span>
    </div>
  );
}
