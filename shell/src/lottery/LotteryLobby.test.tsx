import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeSession } from '@tessera/kit';
import { renderInShell, serve, type Answers } from '../../test/render';
import { LotteryPage, VerifyPage, VnLotteryPage } from './LotteryPages';
import { LOTTERY_PATHS } from './queries';
import { REFUSAL_CODES } from './refusals';
import {
  BOARD, FAIR_DRAW, FAIR_SERIES, FAST_MENUS, logIn, refusal, RESULTS, VN_MENUS,
} from './testLottery';

afterEach(() => {
  writeSession(null);
  vi.useRealTimers();
});

function answers(extra: Answers = {}): Answers {
  return {
    [LOTTERY_PATHS.menu]: (url: URL) => (url.searchParams.get('prizeMode') === 'ELOTT' ? FAST_MENUS : VN_MENUS),
    [LOTTERY_PATHS.board]: BOARD,
    [LOTTERY_PATHS.results]: RESULTS,
    [LOTTERY_PATHS.room]: { room: { '12': '5000' } },
    [LOTTERY_PATHS.bets]: (url: URL, init?: RequestInit) =>
      init?.method === 'POST' ? { ...JSON.parse(String(init.body)), betId: 'B1', state: 'placed', balance: '100.00' } : { content: [], totalPages: 1, totalElements: 0 },
    '/wps/v2/wallets/balance': { sumBalance: '100.00', mainBalance: '100.00', currency: 'BDT', currencySymbol: '৳', wallets: [] },
    ...extra,
  };
}

const card = (gameId: string) => document.querySelector<HTMLElement>(`[data-game="${gameId}"]`);
const cards = () => Array.from(document.querySelectorAll('.lottery-card')).map((element) => element.getAttribute('data-game'));
/** The element of ``selector`` once it is drawn. */
const found = (selector: string) =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`nothing matches ${selector}`);
    return element;
  });
const tab = (key: string) => document.querySelector<HTMLElement>(`[data-tab="${key}"]`)!;

describe('the Vietnamese lobby', () => {
  test('menu tabs per region, weekday filters, each card with its open numero and countdown', async () => {
    const calls = serve(answers());
    renderInShell(<VnLotteryPage />, { path: '/vnlottery' });
    await waitFor(() => expect(card('MB')).not.toBeNull());
    expect(calls[0].url.searchParams.get('prizeMode')).toBe('LOTT');
    expect(calls[0].url.searchParams.get('device')).toBe('WEB');
    expect(card('MB')?.textContent).toContain('Draw 20301114');
    expect(card('MB')?.querySelector('[data-countdown]')?.textContent).toMatch(/^0[12]:[0-5]\d$/);
    expect(document.querySelector('[data-tab-row="menu"]')?.hasAttribute('data-arrows')).toBe(false);

    fireEvent.click(tab('CENTRAL'));
    expect(cards()).toEqual(['DNG', 'KH']);
    expect(card('KH')?.textContent).toContain('No draw open now');
    fireEvent.click(document.querySelector('[data-weekday="7"]')!);
    expect(cards()).toEqual(['DNG']);
    fireEvent.click(document.querySelector('[data-weekday="3"]')!);
    expect(screen.getByText('No draws on this day.')).toBeTruthy();
  });

  test('the countdown ends in the locked state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Each load of the menu answers the time left until the same lock.
    const lockAt = Date.now() + 2_000;
    serve(
      answers({
        [LOTTERY_PATHS.menu]: () => [{ tag: 'NORTH', gameMenus: [{ ...VN_MENUS[0].gameMenus[0], remainTime: Math.max(0, lockAt - Date.now()) }] }],
      }),
    );
    renderInShell(<VnLotteryPage />, { path: '/vnlottery' });
    await waitFor(() => expect(card('MB')).not.toBeNull());
    expect(card('MB')?.querySelector('[data-draw-state]')?.getAttribute('data-draw-state')).toBe('open');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(card('MB')?.querySelector('[data-draw-state]')?.getAttribute('data-draw-state')).toBe('locked');
    expect(card('MB')?.textContent).toContain('Closed for bets');
  });

  test("a star asks a visitor to log in; a member's favourites are theirs alone", async () => {
    serve(answers());
    renderInShell(<VnLotteryPage />, { path: '/vnlottery' });
    await waitFor(() => expect(card('MB')).not.toBeNull());
    fireEvent.click(within(card('MB')!).getByRole('button', { name: 'Add Miền Bắc to favourites' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());

    act(() => logIn('ana'));
    fireEvent.click(within(card('MB')!).getByRole('button', { name: 'Add Miền Bắc to favourites' }));
    fireEvent.click(tab('FAVOURITES'));
    expect(cards()).toEqual(['MB']);
    act(() => logIn('binh'));
    expect(cards()).toEqual([]);
    expect(screen.getByText(/No favourites yet/)).toBeTruthy();
  });
});

describe('the fast lobby and its betting view', () => {
  test('gameCode opens the betting view; the board, results with their proof link', async () => {
    serve(answers());
    renderInShell(<LotteryPage />, { path: '/lottery?gameCode=ELOTT1M' });
    await waitFor(() => expect(document.querySelector('[data-page="lottery-betting"]')).not.toBeNull());
    await waitFor(() => expect(document.querySelector('[data-tab="lo_2"]')).not.toBeNull());
    expect(screen.getByText(/A point costs/).textContent).toContain('27');
    expect(document.querySelectorAll('.number-grid button')).toHaveLength(100);
    fireEvent.click(document.querySelector('[data-tab="ba_cang"]')!);
    expect(document.querySelector('.number-grid')).toBeNull();
    expect(screen.getByLabelText('Numbers of 3 digits')).toBeTruthy();

    fireEvent.click(document.querySelector('[data-section="results"]')!);
    const draw = await found('[data-numero="20301114-0041"]');
    expect(draw.querySelector('[data-prize="seventh"]')?.textContent).toBe('Seventh prize01234567');
    expect(draw.querySelector('[data-corrected]')).not.toBeNull();
    expect(draw.querySelector('a[data-action="verify"]')?.getAttribute('href')).toBe('/lottery/verify?gameCode=ELOTT1M&numero=20301114-0041');
  });

  test('a game the brand does not offer is said so, without a retry', async () => {
    serve(answers({ [LOTTERY_PATHS.board]: () => refusal('game_unknown', 404) }));
    renderInShell(<LotteryPage />, { path: '/lottery?gameCode=NOPE' });
    const said = await found('[data-game-unknown]');
    expect(said.textContent).toBe('This game is not offered here.');
    expect(screen.queryByText('Try again')).toBeNull();
  });

  test('the lobby launch names the game with lottoGameCode, and lottoView=lobby keeps the lobby', async () => {
    serve(answers());
    renderInShell(<LotteryPage />, { path: '/lottery?lottoGameCode=ELOTT1M&lottoView=betting' });
    await waitFor(() => expect(document.querySelector('[data-page="lottery-betting"]')).not.toBeNull());
  });

  test('a visitor sees the board and is asked to log in to bet', async () => {
    serve(answers());
    renderInShell(<LotteryPage />, { path: '/lottery?gameCode=ELOTT1M' });
    await waitFor(() => expect(document.querySelector('[data-number="12"]')).not.toBeNull());
    fireEvent.click(document.querySelector('[data-number="12"]')!);
    fireEvent.change(screen.getByLabelText('Points'), { target: { value: '2' } });
    fireEvent.click(document.querySelector('[data-action="add-to-slip"]')!);
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    expect(document.querySelector('[data-action="login-to-bet"]')).not.toBeNull();
  });
});

/** A member on the fast game's board, with ``numbers`` on a lô line of ``points`` points. */
async function slipWith(numbers: string[], points: string) {
  await waitFor(() => expect(document.querySelector('[data-number="12"]')).not.toBeNull());
  for (const number of numbers) fireEvent.click(document.querySelector(`[data-number="${number}"]`)!);
  fireEvent.change(document.querySelector('.bet-board__stake input')!, { target: { value: points } });
  fireEvent.click(document.querySelector('[data-action="add-to-slip"]')!);
  await waitFor(() => expect(document.querySelector('[data-slip-line]')).not.toBeNull());
}

const postedBets = (calls: ReturnType<typeof serve>) =>
  calls.filter((call) => call.url.pathname === LOTTERY_PATHS.bets && call.init?.method === 'POST').map((call) => JSON.parse(String(call.init?.body)));

describe('the bet slip', () => {
  test('totals, then placing: the numero, the request id, the balance loaded again', async () => {
    logIn();
    const calls = serve(answers());
    renderInShell(<LotteryPage />, { path: '/lottery?gameCode=ELOTT1M' });
    await slipWith(['12', '34'], '2');
    // 2 points × 27 × 2 numbers; each number once: 2 × 99 × 2.
    expect(document.querySelector('[data-total-cost]')?.textContent).toContain('108.00');
    expect(document.querySelector('[data-potential]')?.textContent).toContain('396.00');
    fireEvent.click(document.querySelector('[data-action="place-bets"]')!);
    await waitFor(() => expect(document.querySelector('[data-placed="1"]')).not.toBeNull());
    const [bet] = postedBets(calls);
    expect(bet).toMatchObject({ gameCode: 'ELOTT1M', numero: '20301114-0042', betType: 'lo_2', numbers: ['12', '34'], stake: '2' });
    expect(bet.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(document.querySelector('[data-slip-line]')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/wps/v2/wallets/balance')).toBe(true));
  });

  test('a retry after a lost answer sends the same request id; a changed line a new one', async () => {
    logIn();
    const replies: unknown[] = [new Response('', { status: 502 }), refusal('stake_above_max', 400)];
    const calls = serve(
      answers({
        [LOTTERY_PATHS.bets]: (url: URL, init?: RequestInit) =>
          init?.method === 'POST' ? replies.shift() ?? { betId: 'B1', state: 'placed' } : { content: [], totalPages: 1, totalElements: 0 },
      }),
    );
    renderInShell(<LotteryPage />, { path: '/lottery?gameCode=ELOTT1M' });
    await slipWith(['12'], '2');
    fireEvent.click(document.querySelector('[data-action="place-bets"]')!);
    await waitFor(() => expect(document.querySelector('[data-refusal="network_abnormal"]')).not.toBeNull());
    fireEvent.click(document.querySelector('[data-action="place-bets"]')!);
    await waitFor(() => expect(document.querySelector('[data-refusal="stake_above_max"]')).not.toBeNull());
    fireEvent.change(document.querySelector('.slip-line input')!, { target: { value: '1' } });
    fireEvent.click(document.querySelector('[data-action="place-bets"]')!);
    await waitFor(() => expect(document.querySelector('[data-placed="1"]')).not.toBeNull());
    const ids = postedBets(calls).map((bet) => bet.requestId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[1]);
  });

  test.each(REFUSAL_CODES.filter((code) => code !== 'network_abnormal'))('the refusal %s is told in the lottery\'s words', async (code) => {
    logIn();
    const room = { room: { '12': '3' } };
    serve(
      answers({
        [LOTTERY_PATHS.bets]: (url: URL, init?: RequestInit) =>
          init?.method === 'POST' ? refusal(code, 409, code === 'number_limit_reached' ? room : null) : { content: [], totalPages: 1, totalElements: 0 },
      }),
    );
    renderInShell(<LotteryPage />, { path: '/lottery?gameCode=ELOTT1M' });
    await slipWith(['12'], '2');
    fireEvent.click(document.querySelector('[data-action="place-bets"]')!);
    const shown = await found(`[data-refusal="${code}"]`);
    expect(shown.getAttribute('role')).toBe('alert');
    expect(shown.textContent).not.toContain('server:');
    expect(shown.textContent).not.toBe('');
    if (code === 'number_limit_reached') expect(shown.textContent).toContain('12: 3');
  });

  test('the room left shows on a number near its limit', async () => {
    logIn();
    serve(answers({ [LOTTERY_PATHS.room]: { room: { '12': '3', '34': '4000' } } }));
    renderInShell(<LotteryPage />, { path: '/lottery?gameCode=ELOTT1M' });
    await slipWith(['12', '34'], '2');
    const note = await found('[data-room]');
    expect(note.textContent).toContain('12: 3');
    expect(note.textContent).not.toContain('34');
  });
});

describe('the verify page', () => {
  test("recomputes a drawn fast draw from the server's vector and checks every prize", async () => {
    const calls = serve({ [LOTTERY_PATHS.fairDraw]: FAIR_DRAW, [LOTTERY_PATHS.fairSeries]: FAIR_SERIES });
    renderInShell(<VerifyPage />, { path: '/lottery/verify?gameCode=ELOTT1M&numero=20301114-0003' });
    const proof = await found('[data-holds]');
    expect(proof.getAttribute('data-holds')).toBe('true');
    expect(proof.querySelectorAll('[data-prize-check="ok"]')).toHaveLength(27);
    expect(proof.querySelectorAll('[data-check="ok"]')).toHaveLength(3);
    expect(calls.find((call) => call.url.pathname === LOTTERY_PATHS.fairSeries)?.url.searchParams.get('day')).toBe('2030-11-14');
  });

  test('a false prize is shown as not checked', async () => {
    const prizes = [...FAIR_DRAW.prizes];
    prizes[0] = '00000';
    serve({ [LOTTERY_PATHS.fairDraw]: { ...FAIR_DRAW, prizes }, [LOTTERY_PATHS.fairSeries]: FAIR_SERIES });
    renderInShell(<VerifyPage />, { path: '/lottery/verify?gameCode=ELOTT1M&numero=20301114-0003' });
    const proof = await found('[data-holds]');
    expect(proof.getAttribute('data-holds')).toBe('false');
    expect(proof.querySelectorAll('[data-prize-check="failed"]')).toHaveLength(1);
  });
});
