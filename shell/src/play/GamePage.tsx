import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, useSession } from '@tessera/kit';
import { useModals } from '../modals/modalContext';
import { gameChoiceOf } from './api';
import { useBalanceFollowsGame, useGameLaunch, useMoneyBackOnLeave } from './gameSession';
import './play.css';

/** Refusals of the launch with their own text; any other shows the server's message or a general one. */
const KNOWN_REFUSALS = ['game_unknown', 'game_unavailable', 'in_need_true_account'];

function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_logged_in';
}

/** Back where the member came from, or home when /game was the first page opened. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => (key === 'default' ? navigate('/') : navigate(-1));
}

function GameNotice({ state, role, children }: { state: string; role?: 'alert' | 'status'; children: ReactNode }) {
  return (
    <div className="game-page__notice" data-game-state={state} role={role}>
      {children}
    </div>
  );
}

/**
 * /game (SPEC §2): the game of the address (vassalage, gameCode, gameType, walletMode) in a frame
 * filling the page, for a logged-in member. The header balance follows the game; a
 * transfer-wallet game's money goes back to main when the member leaves.
 */
export function GamePage() {
  const { t, i18n } = useTranslation('play');
  const [params] = useSearchParams();
  const game = useMemo(() => gameChoiceOf(params), [params]);
  const token = useSession()?.token ?? null;
  const modals = useModals();
  const goBack = useGoBack();
  const { state, retry, sent } = useGameLaunch(game, token, i18n.language);
  useMoneyBackOnLeave(game?.vassalage ?? null, game?.walletMode === 'transfer', sent, retry);
  useBalanceFollowsGame(state.status === 'ready' ? state.url : null, Boolean(token));

  const hasGame = game !== null;
  const needsLogin = !token || (state.status === 'failed' && sessionEnded(state.error));
  // SPEC §4: starting any game needs login, else the login popup appears.
  useEffect(() => {
    if (hasGame && needsLogin) modals.open({ kind: 'login' });
  }, [hasGame, needsLogin, modals]);

  const back = (
    <button type="button" className="button button--ghost" onClick={goBack}>
      {t('game.back')}
    </button>
  );

  let content: ReactNode;
  if (!game) {
    content = (
      <GameNotice state="missing" role="alert">
        <p>{t('game.missing')}</p>
        {back}
      </GameNotice>
    );
  } else if (needsLogin) {
    content = (
      <GameNotice state="login" role="alert">
        <p>{t('game.login_needed')}</p>
        <button type="button" className="button button--highlight" onClick={() => modals.open({ kind: 'login' })}>
          {t('game.login')}
        </button>
        {back}
      </GameNotice>
    );
  } else if (state.status === 'failed') {
    const code = state.error instanceof ApiError ? state.error.code : null;
    const message = code && KNOWN_REFUSALS.includes(code)
      ? t(`game.${code}`)
      : (state.error instanceof ApiError && state.error.serverMessage) || t('game.failed');
    content = (
      <GameNotice state="failed" role="alert">
        <p data-error-code={code ?? undefined}>{message}</p>
        <button type="button" className="button button--highlight" onClick={retry}>
          {t('game.retry')}
        </button>
        {back}
      </GameNotice>
    );
  } else if (state.status === 'ready') {
    content = (
      <iframe
        data-game-frame
        className="game-page__frame"
        src={state.url}
        title={game.gameName ?? game.gameCode}
        allow="fullscreen; autoplay"
        allowFullScreen
      />
    );
  } else {
    content = (
      <GameNotice state="loading" role="status">
        <p>{t('game.loading')}</p>
      </GameNotice>
    );
  }

  return (
    <section className="page game-page" data-page="game">
      <h1 className="game-page__title">{game?.gameName ?? game?.gameCode ?? t('game.title')}</h1>
      {content}
    </section>
  );
}
