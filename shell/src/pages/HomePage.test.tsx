import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { writeSession } from '@tessera/kit';
import { renderInShell, serve, type Answers, type ServedCall } from '../../test/render';
import type { Game, HotGames, Winner } from '../games/types';
import { HomePage } from './HomePage';

const HOT = '/wps/relay/GCSGAME_hotGamesV2';
const WINNERS = '/wps/relay/GCSGAME_getRankList';

function gameOf(category: string, index: number, overrides: Partial<Game> = {}): Game {
  return {
    nodeId: index,
    gameCode: `${category}-${index}`,
    displayName: `${category} game ${index}`,
    gameType: category,
    category,
    vassalage: 'DEMO',
    vendorName: 'Demo',
    classify: null,
    minBet: '0.10',
    lines: 25,
    isHot: true,
    icon: null,
    walletMode: 'seamless',
    isFavourite: false,
    ...overrides,
  };
}

function hotOf(gameType: string, count: number): HotGames {
  return { gameType, list: Array.from({ length: count }, (_, index) => gameOf(gameType, index + 1)), footer: null };
}

function winnerOf(rank: number, overrides: Partial<Winner> = {}): Winner {
  return {
    rank,
    player: `pl***${rank}`,
    gameName: `Slot ${rank}`,
    vassalage: 'DEMO',
    gameType: 'RNG',
    bet: '1.00',
    payout: '1234.50',
    multiplier: '1234.50',
    wonAt: '2030.01.02',
    ...overrides,
  };
}

function refusal(status = 503) {
  return new Response(JSON.stringify({ success: false, code: 'unavailable', message: 'Unavailable', value: null }), { status });
}

function renderHome(answers: Answers) {
  const calls = serve({ [HOT]: [], [WINNERS]: { list: [] }, ...answers });
  return { ...renderInShell(<HomePage />), calls };
}

const section = (name: string) => within(document.querySelector<HTMLElement>(`[data-home=${name}]`)!);
const shownGames = () => [...document.querySelectorAll<HTMLElement>('[data-home=hot] [data-game]')].map((card) => card.dataset.game);
const bodyOf = (calls: ServedCall[], path: string) => JSON.parse(String(calls.find((call) => call.url.pathname === path)?.init?.body));

afterEach(() => writeSession(null));

describe('home page', () => {
  test('keeps its page section, with the hot games and the winners in it', () => {
    renderHome({});
    const page = document.querySelector('[data-page=home]')!;
    expect(page.querySelector('[data-home=hot]')).not.toBeNull();
    expect(page.querySelector('[data-home=winners]')).not.toBeNull();
  });
});

describe('hot games', () => {
  test('one button per hot type in the order answered; the first type shows first; another is chosen by its button', async () => {
    const { calls } = renderHome({ [HOT]: [hotOf('LIVE', 2), hotOf('RNG', 3), hotOf('FISH', 0), hotOf('PVP', 1)] });
    await waitFor(() => expect(shownGames()).toEqual(['LIVE-1', 'LIVE-2']));
    const hot = section('hot');
    // A type without games has no button.
    const types = [...document.querySelectorAll<HTMLElement>('[data-hot-type]')].map((tab) => tab.dataset.hotType);
    expect(types).toEqual(['LIVE', 'RNG', 'PVP']);
    expect(hot.getByRole('button', { name: 'Live casino' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hot.getByRole('button', { name: 'Slots' }));
    expect(shownGames()).toEqual(['RNG-1', 'RNG-2', 'RNG-3']);
    expect(hot.getByRole('button', { name: 'Slots' }).getAttribute('aria-pressed')).toBe('true');
    expect(hot.getByRole('button', { name: 'Live casino' }).getAttribute('aria-pressed')).toBe('false');
    expect(bodyOf(calls, HOT)).toEqual({ isPlatform: 2, platform: 'html5-desktop', language: 'en' });
  });

  test('a card starts its game: a visitor gets the login popup', async () => {
    const { router } = renderHome({ [HOT]: [hotOf('RNG', 1)] });
    await waitFor(() => expect(shownGames()).toEqual(['RNG-1']));
    fireEvent.click(document.querySelector<HTMLElement>('[data-game="RNG-1"] button')!);
    // The login modal's code comes when it first opens.
    await waitFor(() => expect(document.querySelector('[data-modal=login]')).not.toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  test('a card starts its game: a member goes to the game page', async () => {
    writeSession({ token: 't', isAgent: 4, username: 'player01' });
    const { router } = renderHome({ [HOT]: [{ ...hotOf('RNG', 0), list: [gameOf('RNG', 7, { vassalage: 'TV', walletMode: 'transfer' })] }] });
    await waitFor(() => expect(shownGames()).toEqual(['RNG-7']));
    fireEvent.click(document.querySelector<HTMLElement>('[data-game="RNG-7"] button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toMatchObject({
      vassalage: 'TV', gameCode: 'RNG-7', gameType: 'RNG', walletMode: 'transfer',
    });
  });

  test('loading, then empty when no type has hot games', async () => {
    renderHome({ [HOT]: [hotOf('RNG', 0)] });
    expect(document.querySelector('[data-home=hot] [data-state=loading]')).not.toBeNull();
    // While loading, a lane of 12 empty cards and a tab row hold the loaded lane's place, hidden from readers.
    expect(document.querySelectorAll('[data-home=hot] [aria-hidden=true] .game-card--placeholder')).toHaveLength(12);
    expect(document.querySelector('[data-home=hot] [aria-hidden=true] .home-hot__tabs')).not.toBeNull();
    await waitFor(() => expect(document.querySelector('[data-home=hot] [data-state=empty]')).not.toBeNull());
    expect(section('hot').getByText('No hot games right now.')).toBeTruthy();
  });

  test('a failed load says so and tries again on request', async () => {
    let answers = 0;
    renderHome({ [HOT]: () => (++answers === 1 ? refusal() : [hotOf('RNG', 1)]) });
    await waitFor(() => expect(document.querySelector('[data-home=hot] [data-state=failed]')).not.toBeNull());
    expect(section('hot').getByRole('alert').textContent).toContain('The hot games could not be loaded.');
    fireEvent.click(section('hot').getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownGames()).toEqual(['RNG-1']));
  });
});

describe('winners board', () => {
  test('rank, masked player, game, payout in the brand currency and the date as answered', async () => {
    const { calls } = renderHome({
      [WINNERS]: { list: [winnerOf(1, { payout: '1234567.5' }), winnerOf(2, { player: 'ab***z', gameName: 'Lucky 7', payout: '20.00', wonAt: '2030.12.31' })] },
    });
    await waitFor(() => expect(document.querySelectorAll('[data-home=winners] tbody tr')).toHaveLength(2));
    const table = section('winners').getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Rank', 'Player', 'Game', 'Payout', 'Date (GMT+6)']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'pl***1', 'Slot 1', '৳1,234,567.50', '2030.01.02'],
      ['2', 'ab***z', 'Lucky 7', '৳20.00', '2030.12.31'],
    ]);
    expect(table.querySelector('time')?.getAttribute('datetime')).toBe('2030-01-02');
    expect(bodyOf(calls, WINNERS)).toEqual({ count: 20 });
  });

  test('loading, then empty', async () => {
    renderHome({});
    expect(document.querySelector('[data-home=winners] [data-state=loading]')).not.toBeNull();
    // The heading row and 20 winners' rows hold the board's place while it loads.
    expect(document.querySelectorAll('[data-home=winners] [aria-hidden=true] tr')).toHaveLength(21);
    await waitFor(() => expect(document.querySelector('[data-home=winners] [data-state=empty]')).not.toBeNull());
    expect(section('winners').queryByRole('table')).toBeNull();
  });

  test('a failed load says so and tries again on request', async () => {
    let answers = 0;
    renderHome({ [WINNERS]: () => (++answers === 1 ? refusal(500) : { list: [winnerOf(1)] }) });
    await waitFor(() => expect(document.querySelector('[data-home=winners] [data-state=failed]')).not.toBeNull());
    fireEvent.click(section('winners').getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.querySelectorAll('[data-home=winners] tbody tr')).toHaveLength(1));
    expect(screen.queryByText('The winners could not be loaded.')).toBeNull();
  });
});
