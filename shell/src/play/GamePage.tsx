import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, useSession } from '@tessera/kit';
import { useOpenCentre } from '../frame/openCentre';
import { categoryRoute } from '../frame/gameTypes';
import type { GameLaunchState } from '../games/launch';
import { DEPOSIT_PAGE } from '../modals/DepositDialog';
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
  return () => void (key === 'default' ? navigate('/') : navigate(-1));
}

/** The page of the site a launch came from, when the address is one (never /game itself). */
function launchedFrom(state: unknown): string | null {
  const from = (state as Partial<GameLaunchState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/game') ? from : null;
}

/**
 * Where the exit leads: the lobby the game was started from (its page and filters), else the
 * lobby of the game's type, else home (a /game address opened directly).
 */
export function exitRoute(state: unknown, gameType: string | null | undefined): string {
  return launchedFrom(state) ?? (gameType ? categoryRoute(gameType) : null) ?? '/';
}

/** Back to the lobby the game came from; the game's entry is replaced, so Back does not reopen it. */
function useExit(gameType: string | null | undefined): () => void {
  const navigate = useNavigate();
  const { state } = useLocation();
  return () => void navigate(exitRoute(state, gameType), { replace: true });
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
  const openCentre = useOpenCentre();
  const goBack = useGoBack();
  const exit = useExit(game?.gameType);
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
      <div className="game-page__bar">
        <button type="button" className="button button--ghost game-page__exit" data-game-exit onClick={exit}>
          {t('game.exit')}
        </button>
        <h1 className="game-page__title">{game?.gameName ?? game?.gameCode ?? t('game.title')}</h1>
        {token && (
          <button
            type="button"
            className="button button--highlight game-page__deposit"
            data-game-deposit
            onClick={() => openCentre('memberCentre', DEPOSIT_PAGE)}
          >
            {t('game.deposit')}
          </button>
        )}
      </div>
      {content}
    </section>
  );
}
