import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeSession, type Session } from '@tessera/kit';
import { renderInShell, serve, type Answers, type ServedCall } from '../../test/render';
import { OpenCentreContext } from '../frame/openCentre';
import { exitRoute, GamePage } from './GamePage';
import { BALANCE_REFRESH_MS } from './gameSession';
import { logOut } from '../data/member';

const LAUNCH = '/wps/game/launchGame';
const BALANCE = '/wps/v2/wallets/balance';
const TRANSFER = '/wps/relay/GCS_walletTransfer';
const GAME_URL = 'http://127.0.0.1:6550/demo-vendor/play/SLOT1?session=abc';
const GAME_ORIGIN = 'http://127.0.0.1:6550';
const MEMBER: Session = { token: 't', isAgent: 4, username: 'player01' };
const BALANCE_VALUE = { sumBalance: '100.00', mainBalance: '100.00', currency: 'PHP', currencySymbol: 'P', wallets: [] };

const SEAMLESS = '/game?vassalage=DEMO&gameCode=SLOT1&gameType=RNG&walletMode=seamless';
const TRANSFER_GAME = '/game?vassalage=TV&gameCode=TSLOT&gameType=RNG&walletMode=transfer';

function refusal(status: number, code: string, message = `${code} text`) {
  return new Response(JSON.stringify({ success: false, code, message, value: null }), { status });
}

function open(path: string, answers: Answers = {}, session: Session | null = MEMBER) {
  writeSession(session);
  const calls = serve({ [LAUNCH]: GAME_URL, [BALANCE]: BALANCE_VALUE, [TRANSFER]: { status: 'done' }, ...answers });
  const result = renderInShell(<GamePage />, { path });
  return { ...result, calls };
}

/** Holds the answers to ``path`` (already recorded as calls) until the returned function is called. */
function holdAnswers(path: string): () => void {
  const answer = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const response = await answer(input, init);
    if (new URL(input, 'http://demo-test.localhost').pathname === path) await gate;
    return response;
  });
  return release;
}

const callsTo = (calls: ServedCall[], path: string) => calls.filter((call) => call.url.pathname === path);
const frame = () => document.querySelector<HTMLIFrameElement>('[data-page=game] iframe[data-game-frame]');

afterEach(() => {
  writeSession(null);
  vi.useRealTimers();
});

describe('the game page', () => {
  test('launches the game of the address in the page language and shows it in a full-size frame', async () => {
    const { calls } = open(`${SEAMLESS}&gameName=Lucky%20Seven`);
    expect(document.querySelector('[data-game-state=loading]')).not.toBeNull();
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(frame()!.getAttribute('src')).toBe(GAME_URL);
    expect(frame()!.getAttribute('title')).toBe('Lucky Seven');
    expect(frame()!.hasAttribute('allowfullscreen')).toBe(true);
    const [launch] = callsTo(calls, LAUNCH);
    expect(launch.init?.method ?? 'GET').toBe('GET');
    expect(Object.fromEntries(launch.url.searchParams)).toEqual({
      gameCode: 'SLOT1', vassalage: 'DEMO', gameType: 'RNG', language: 'en', device: 'WEB',
    });
    expect(new Headers(launch.init?.headers).get('Authorization')).toBe('Bearer t');
  });

  test('the frame is titled by the game code when the address has no name', async () => {
    open(SEAMLESS);
    await waitFor(() => expect(frame()?.getAttribute('title')).toBe('SLOT1'));
  });

  test('a visitor gets the login popup and a message, and no launch is tried', async () => {
    const { calls } = open(SEAMLESS, {}, null);
    expect(document.querySelector('[data-modal=login]')).not.toBeNull();
    expect(screen.getByText('Log in to play this game.')).toBeTruthy();
    expect(frame()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, LAUNCH)).toHaveLength(0);
  });

  test('an ended session is treated as logged out', async () => {
    open(SEAMLESS, { [LAUNCH]: () => refusal(401, 'not_logged_in') });
    await waitFor(() => expect(document.querySelector('[data-game-state=login]')).not.toBeNull());
    await waitFor(() => expect(document.querySelector('[data-modal=login]')).not.toBeNull());
  });

  test('an address without a game says so and offers a way back', async () => {
    const { calls, router } = open('/game?vassalage=DEMO');
    expect(document.querySelector('[data-game-state=missing]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(calls, LAUNCH)).toHaveLength(0);
  });

  test.each([
    ['game_unknown', 404, 'This game is not available.'],
    ['game_unavailable', 503, 'The game provider cannot be reached right now. Please try again later.'],
    ['in_need_true_account', 403, 'This game is only for real accounts.'],
    ['something_else', 400, 'something_else text'],
  ])('a launch refused with %s shows its message, with retry', async (code, status, message) => {
    let launches = 0;
    const { calls } = open(SEAMLESS, { [LAUNCH]: () => (++launches === 1 ? refusal(status, code) : GAME_URL) });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(frame()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(frame()).not.toBeNull());
    expect(callsTo(calls, LAUNCH)).toHaveLength(2);
  });

  test('Back after an error returns to the page the member came from', async () => {
    const { router } = open(SEAMLESS, { [LAUNCH]: () => refusal(404, 'game_unknown') });
    await act(() => router.navigate('/game?vassalage=DEMO&gameCode=GONE'));
    await screen.findByText('This game is not available.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).toBe(SEAMLESS.slice('/game'.length)));
  });

  test('the exit goes back to the lobby the game was started from, replacing the game in the history', async () => {
    const { router } = open('/rng?page=DEMO');
    await act(() => router.navigate(SEAMLESS, { state: { from: '/rng?page=DEMO&gameName=lucky' } }));
    await waitFor(() => expect(frame()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Exit to the lobby' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rng'));
    expect(router.state.location.search).toBe('?page=DEMO&gameName=lucky');
  });

  test("opened directly, the exit goes to the lobby of the game's type", async () => {
    const { router } = open('/game?vassalage=LV&gameCode=BAC1&gameType=LIVE&walletMode=seamless');
    await waitFor(() => expect(frame()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Exit to the lobby' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/live'));
  });

  test('the exit never follows an address of another site', () => {
    expect(exitRoute({ from: '//evil.example/x' }, 'RNG')).toBe('/rng');
    expect(exitRoute({ from: 'https://evil.example/' }, null)).toBe('/');
    expect(exitRoute({ from: '/game?vassalage=X' }, 'FISH')).toBe('/fish');
    expect(exitRoute(null, 'UNKNOWN')).toBe('/');
  });

  test('the deposit button opens the member centre at the deposit page over the game', async () => {
    const opened: Array<[string, string | undefined]> = [];
    writeSession(MEMBER);
    serve({ [LAUNCH]: GAME_URL, [BALANCE]: BALANCE_VALUE });
    renderInShell(
      <OpenCentreContext.Provider value={(remote, page) => opened.push([remote, page])}>
        <GamePage />
      </OpenCentreContext.Provider>,
      { path: SEAMLESS },
    );
    await waitFor(() => expect(frame()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(opened).toEqual([['memberCentre', 'depositv2']]);
    expect(frame()).not.toBeNull();
  });

  test('a visitor sees the exit but no deposit', () => {
    open(SEAMLESS, {}, null);
    expect(screen.getByRole('button', { name: 'Exit to the lobby' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
  });

  test('the header balance refreshes when the game frame posts a balance change, from its own origin only', async () => {
    const { calls } = open(SEAMLESS);
    await waitFor(() => expect(frame()).not.toBeNull());
    await waitFor(() => expect(callsTo(calls, BALANCE)).toHaveLength(1)); // after the launch
    const post = (origin: string, data: unknown) => window.dispatchEvent(new MessageEvent('message', { origin, data }));
    post('http://evil.localhost', { type: 'tessera:balance-changed' });
    post(GAME_ORIGIN, { type: 'something-else' });
    post(GAME_ORIGIN, 'tessera:balance-changed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, BALANCE)).toHaveLength(1);
    post(GAME_ORIGIN, { type: 'tessera:balance-changed' });
    await waitFor(() => expect(callsTo(calls, BALANCE)).toHaveLength(2));
  });

  test('the balance is loaded again every 30 s while the page is open, and no more once it is left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls, unmount } = open(SEAMLESS);
    await waitFor(() => expect(callsTo(calls, BALANCE)).toHaveLength(1));
    expect(BALANCE_REFRESH_MS).toBe(30_000);
    vi.advanceTimersByTime(BALANCE_REFRESH_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(callsTo(calls, BALANCE)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await waitFor(() => expect(callsTo(calls, BALANCE)).toHaveLength(2));
    vi.advanceTimersByTime(BALANCE_REFRESH_MS);
    await waitFor(() => expect(callsTo(calls, BALANCE)).toHaveLength(3));
    unmount();
    vi.advanceTimersByTime(BALANCE_REFRESH_MS * 3);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(callsTo(calls, BALANCE)).toHaveLength(3);
  });

  test('the language of the launch is the page language', async () => {
    const { default: i18next } = await import('i18next');
    await i18next.changeLanguage('bn');
    const { calls } = open(SEAMLESS);
    await waitFor(() => expect(callsTo(calls, LAUNCH)).toHaveLength(1));
    expect(callsTo(calls, LAUNCH)[0].url.searchParams.get('language')).toBe('bn');
  });
});

describe('a transfer-wallet game', () => {
  const transferBody = (call: ServedCall) => JSON.parse(String(call.init?.body)) as Record<string, unknown>;

  test('leaving the page moves everything in the vendor wallet back to main, then the balance refreshes', async () => {
    const { calls, unmount } = open(TRANSFER_GAME);
    await waitFor(() => expect(frame()).not.toBeNull());
    await waitFor(() => expect(callsTo(calls, BALANCE)).toHaveLength(1));
    expect(callsTo(calls, TRANSFER)).toHaveLength(0);
    unmount();
    await waitFor(() => expect(callsTo(calls, TRANSFER)).toHaveLength(1));
    const [transfer] = callsTo(calls, TRANSFER);
    expect(transfer.init?.method).toBe('POST');
    expect(transfer.init?.keepalive).toBe(true);
    const body = transferBody(transfer);
    expect(body).toMatchObject({ vassalage: 'TV', direction: 'out', all: true });
    expect(String(body.requestId)).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(callsTo(calls, BALANCE)).toHaveLength(2));
  });

  test('logging out from the page moves the money back first, while the session still works', async () => {
    const { calls } = open(TRANSFER_GAME, { '/wps/session/logout': null });
    await waitFor(() => expect(frame()).not.toBeNull());
    await act(() => logOut(new QueryClient()));
    const transfer = callsTo(calls, TRANSFER);
    const logout = callsTo(calls, '/wps/session/logout');
    expect(transfer).toHaveLength(1);
    expect(logout).toHaveLength(1);
    expect(calls.indexOf(transfer[0])).toBeLessThan(calls.indexOf(logout[0]));
    expect(new Headers(transfer[0].init?.headers).get('Authorization')).toBe('Bearer t');
  });

  test('the browser hiding the page moves it back once, with a fresh request id each time it is left', async () => {
    const { calls, unmount } = open(TRANSFER_GAME);
    await waitFor(() => expect(frame()).not.toBeNull());
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    // Sent at once, while the page is still there to send it.
    expect(callsTo(calls, TRANSFER)).toHaveLength(1);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, TRANSFER)).toHaveLength(1);

    // Back from the browser's cache: launched again, and left again.
    const second = open(TRANSFER_GAME);
    await waitFor(() => expect(frame()).not.toBeNull());
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitFor(() => expect(callsTo(second.calls, LAUNCH)).toHaveLength(2));
    await waitFor(() => expect(frame()).not.toBeNull());
    second.unmount();
    await waitFor(() => expect(callsTo(second.calls, TRANSFER)).toHaveLength(2));
    const ids = callsTo(second.calls, TRANSFER).map((call) => transferBody(call).requestId);
    expect(new Set(ids).size).toBe(2);
  });

  test('leaving before the launch answers waits for it, then moves the money back', async () => {
    const { calls, unmount } = open(TRANSFER_GAME);
    const release = holdAnswers(LAUNCH);
    await waitFor(() => expect(callsTo(calls, LAUNCH)).toHaveLength(1));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, TRANSFER)).toHaveLength(0);
    release();
    await waitFor(() => expect(callsTo(calls, TRANSFER)).toHaveLength(1));
  });

  test('a new launch waits until the money of the last one is back', async () => {
    const first = open(TRANSFER_GAME);
    await waitFor(() => expect(frame()).not.toBeNull());
    const release = holdAnswers(TRANSFER);
    first.unmount();
    await waitFor(() => expect(callsTo(first.calls, TRANSFER)).toHaveLength(1));
    renderInShell(<GamePage />, { path: TRANSFER_GAME });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(first.calls, LAUNCH)).toHaveLength(1);
    release();
    await waitFor(() => expect(callsTo(first.calls, LAUNCH)).toHaveLength(2));
  });

  test('a seamless game moves no money when left', async () => {
    const { calls, unmount } = open(SEAMLESS);
    await waitFor(() => expect(frame()).not.toBeNull());
    unmount();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, TRANSFER)).toHaveLength(0);
  });

  test('a visitor leaving moves nothing', async () => {
    const { calls, unmount } = open(TRANSFER_GAME, {}, null);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, TRANSFER)).toHaveLength(0);
  });
});
