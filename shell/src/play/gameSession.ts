import { useCallback, useEffect, useRef, useState } from 'react';
import { useRefreshBalance } from '@tessera/kit';
import { onBeforeLogOut } from '../data/member';
import { fetchLaunchUrl, transferBack, type GameChoice } from './api';

/** What a game's frame posts to its parent after a bet or a win (the vendor contract). */
export const BALANCE_CHANGED = 'tessera:balance-changed';

/** The header balance is loaded again this often while a game is open (ms). */
export const BALANCE_REFRESH_MS = 30_000;

export type LaunchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; error: unknown };

/** A launch that was sent, and whether its answer has come. */
interface SentLaunch {
  settled: Promise<unknown>;
  done: boolean;
}

/**
 * The last move of money back from a vendor wallet. A launch waits for it: launching a
 * transfer-wallet game moves main into the vendor wallet, and a move back arriving after that
 * would empty the wallet the new game plays with.
 */
let movingBack: Promise<unknown> = Promise.resolve();

/**
 * Launch ``game`` for the session ``token`` (nothing without one), again when the language or the
 * session changes and on ``retry``. ``sent`` is the current launch, for moving its money back.
 */
export function useGameLaunch(game: GameChoice | null, token: string | null, language: string) {
  const refreshBalance = useRefreshBalance();
  const [attempt, setAttempt] = useState(0);
  // The answer of a launch, with the launch it answers: the state of any other is "loading".
  const [answer, setAnswer] = useState<{ launch: string; state: LaunchState } | null>(null);
  const sent = useRef<SentLaunch | null>(null);
  const { vassalage, gameCode, gameType } = game ?? {};
  const launchKey = token && vassalage && gameCode ? JSON.stringify([token, vassalage, gameCode, gameType, language, attempt]) : null;

  useEffect(() => {
    if (!launchKey || !vassalage || !gameCode) return;
    let current = true;
    const launch = movingBack.then(() => fetchLaunchUrl({ vassalage, gameCode, gameType: gameType ?? null }, language));
    const record: SentLaunch = { settled: launch.catch(() => undefined), done: false };
    sent.current = record;
    launch.then(
      (url) => {
        record.done = true;
        if (current) setAnswer({ launch: launchKey, state: { status: 'ready', url } });
        // A transfer-wallet launch has moved main into the vendor wallet.
        void refreshBalance();
      },
      (error: unknown) => {
        record.done = true;
        if (current) setAnswer({ launch: launchKey, state: { status: 'failed', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [launchKey, vassalage, gameCode, gameType, language, refreshBalance]);

  let state: LaunchState = { status: 'idle' };
  if (launchKey) state = answer?.launch === launchKey ? answer.state : { status: 'loading' };
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry, sent };
}

/**
 * For a transfer-wallet game: when the member leaves (the page unmounts, or the browser hides it),
 * everything in the vendor wallet moves back to main, after the launch has answered, and the
 * header balance follows; so does a logout from the page, before the session ends. A page the browser brings
 * back from its cache launches again.
 */
export function useMoneyBackOnLeave(
  vassalage: string | null,
  transfer: boolean,
  sent: { current: SentLaunch | null },
  relaunch: () => void,
) {
  const refreshBalance = useRefreshBalance();
  useEffect(() => {
    if (!vassalage || !transfer) return;
    let movedFor: SentLaunch | null = null;
    const moveBack = () => {
      const launch = sent.current;
      if (!launch || movedFor === launch) return;
      movedFor = launch;
      // Sent at once when the launch has answered: a page going away may not wait for a promise.
      const moved = launch.done ? transferBack(vassalage) : launch.settled.then(() => transferBack(vassalage));
      movingBack = moved.catch(() => undefined).then(() => void refreshBalance());
    };
    const comeBack = (event: PageTransitionEvent) => {
      if (event.persisted) relaunch();
    };
    window.addEventListener('pagehide', moveBack);
    window.addEventListener('pageshow', comeBack);
    // Logging out from the game's page: the money comes back while the session still works.
    const cancelOnLogOut = onBeforeLogOut(() => {
      moveBack();
      return movingBack;
    });
    return () => {
      cancelOnLogOut();
      window.removeEventListener('pagehide', moveBack);
      window.removeEventListener('pageshow', comeBack);
      moveBack();
    };
  }, [vassalage, transfer, sent, relaunch, refreshBalance]);
}

/** The origin of a launch address (relative addresses are the site's own). */
export function originOf(url: string): string | null {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return null;
  }
}

/**
 * The header balance follows the game: when the game's frame (a message from the launch
 * address's origin, never any other) says it changed, and every BALANCE_REFRESH_MS while open.
 */
export function useBalanceFollowsGame(launchUrl: string | null, loggedIn: boolean) {
  const refreshBalance = useRefreshBalance();
  useEffect(() => {
    const origin = launchUrl ? originOf(launchUrl) : null;
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data: unknown = event.data;
      if (data && typeof data === 'object' && (data as { type?: unknown }).type === BALANCE_CHANGED) void refreshBalance();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [launchUrl, refreshBalance]);

  useEffect(() => {
    if (!loggedIn) return;
    const timer = window.setInterval(() => void refreshBalance(), BALANCE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loggedIn, refreshBalance]);
}
