import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { writeSession } from '@tessera/kit';
import type { ServedCall } from '../../test/render';
import {
  MEMBER,
  PATHS,
  bodiesTo,
  card,
  filter,
  gameOf,
  listPage,
  modal,
  renderLobby,
  typeTab,
  vendorOf,
  vendorsOf,
} from './testGames';

afterEach(() => writeSession(null));

const pager = () => document.querySelector('[data-pager]');
const lastList = (calls: ServedCall[]) => bodiesTo(calls, PATHS.list).at(-1)!;
const pressed = (element: Element | null) => element?.getAttribute('aria-pressed');

async function toPage2(calls: ServedCall[]) {
  await waitFor(() => expect(card('P1-0')).not.toBeNull());
  fireEvent.click(within(pager() as HTMLElement).getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(card('P2-0')).not.toBeNull());
  expect(lastList(calls).pageNo).toBe(2);
}

describe('the game list', () => {
  test("asks for the category's first page of 24 with the lobby's client fields", async () => {
    const { calls } = renderLobby('/rng');
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    expect(bodiesTo(calls, PATHS.list)[0]).toEqual({
      clientType: 3,
      platform: 'flash,html5-desktop',
      gameType: 'RNG',
      pageNo: 1,
      pageSize: 24,
      language: 'en',
    });
    expect(document.querySelector('section')?.getAttribute('data-kind')).toBe('egames');
  });

  test('FISH pages hold 18 games', async () => {
    const { calls } = renderLobby('/fish');
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    expect(lastList(calls)).toMatchObject({ gameType: 'FISH', pageSize: 18 });
  });

  test('the pager turns the pages', async () => {
    const { calls } = renderLobby('/sports');
    await toPage2(calls);
    expect(card('P1-0')).toBeNull();
    expect(pager()?.textContent).toContain('Page 2 of 3');
  });

  test('loading, then a failure with its message and a retry that loads the list', async () => {
    const answers: unknown[] = [
      new Response(JSON.stringify({ success: false, code: 'game_unavailable', message: 'Games are unavailable', value: null }), { status: 503 }),
    ];
    renderLobby('/rng', {
      [PATHS.list]: (_url: URL, init?: RequestInit) => answers.shift() ?? listPage(JSON.parse(String(init?.body))),
    });
    expect(document.querySelector('[data-list-status="loading"]')).not.toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Games are unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('while the vendors and the games load, placeholders of their size hold their places, hidden from readers', async () => {
    renderLobby('/rng');
    // The lobby's place is taken before any answer: a row of empty vendor tabs, a page of empty cards.
    const vendorsPlace = document.querySelector('.vendor-carousel--placeholder');
    expect(vendorsPlace?.getAttribute('aria-hidden')).toBe('true');
    expect(vendorsPlace?.querySelectorAll('.vendor-tab--placeholder').length).toBeGreaterThan(0);
    const list = document.querySelector('.game-lobby__list')!;
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.querySelectorAll('[aria-hidden=true] .game-card--placeholder')).toHaveLength(24);
    // Readers hear that the list is loading.
    expect(screen.getByRole('status').textContent).toBe('Loading games…');
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    expect(document.querySelector('.vendor-carousel--placeholder')).toBeNull();
    expect(document.querySelector('.game-card--placeholder')).toBeNull();
    expect(list.hasAttribute('aria-busy')).toBe(false);
  });

  test('a FISH page holds the place of its 18 games', () => {
    renderLobby('/fish');
    expect(document.querySelectorAll('.game-lobby__list .game-card--placeholder')).toHaveLength(18);
  });

  test('an empty list says so and has no pager', async () => {
    renderLobby('/rng', { [PATHS.list]: { games: [], totalPages: 0, total: 0, pageNo: 1, pageSize: 24 } });
    await waitFor(() => expect(document.querySelector('[data-list-status="empty"]')?.textContent).toBe('No games match.'));
    expect(pager()).toBeNull();
  });
});

describe('vendors', () => {
  test('on /rng the page query picks the vendor tab, and a tab sets it', async () => {
    const { calls, router } = renderLobby('/rng?page=JILI');
    await waitFor(() => expect(pressed(document.querySelector('[data-vendor-tab="JILI"]'))).toBe('true'));
    expect(lastList(calls).vassalage).toBe('JILI');
    fireEvent.click(document.querySelector('[data-vendor-tab="PG"]')!);
    await waitFor(() => expect(lastList(calls).vassalage).toBe('PG'));
    expect(router.state.location.search).toBe('?page=PG');
    fireEvent.click(document.querySelector('[data-vendor-tab="all"]')!);
    await waitFor(() => expect(lastList(calls).vassalage).toBeUndefined());
    expect(bodiesTo(calls, PATHS.vendors)[0]).toMatchObject({ gameType: 'RNG' });
  });

  test('elsewhere the vendor query does', async () => {
    const { calls, router } = renderLobby('/sports', { [PATHS.vendors]: vendorsOf('SABA', 'CMD') });
    fireEvent.click(await screen.findByRole('button', { name: 'CMD Games' }));
    await waitFor(() => expect(lastList(calls).vassalage).toBe('CMD'));
    expect(router.state.location.search).toBe('?vendor=CMD');
  });

  test("the e-lottery page leads to the house lottery's lobbies the game menu names, and only that page", async () => {
    const own = [
      { vassalage: 'HOUSE_LOTTO:vietnam', displayName: 'Vietnamese lottery', gameType: 'LOTT', isHot: false, smallIcon: null, route: '/vnlottery' },
      { vassalage: 'HOUSE_LOTTO:fast', displayName: 'Fast lottery', gameType: 'LOTT', isHot: false, smallIcon: null, route: '/lottery' },
    ];
    const menus = [{ gameCategory: 'ELOTT', title: 'E-lottery', cards: own }, { gameCategory: 'RNG', title: 'Slots', cards: [] }];
    renderLobby('/elott', { [PATHS.menus]: menus });
    const lobbies = await screen.findByRole('navigation', { name: 'E-lottery' });
    const links = within(lobbies).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Vietnamese lottery', '/vnlottery'],
      ['Fast lottery', '/lottery'],
    ]);
  });

  test('vendors that fail to load say so and can be asked for again; the games still show', async () => {
    const answers: unknown[] = [new Response(JSON.stringify({ success: false, code: 'x', message: null, value: null }), { status: 500 })];
    renderLobby('/rng', { [PATHS.vendors]: () => answers.shift() ?? vendorsOf('PG') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The vendors could not be loaded.');
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.querySelector('[data-vendor-tab="PG"]')).not.toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('arrows only beyond 7 vendors', async () => {
    const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const first = renderLobby('/rng', { [PATHS.vendors]: vendorsOf(...seven) });
    await waitFor(() => expect(document.querySelector('[data-vendor-tab="G"]')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Next vendors' })).toBeNull();
    first.unmount();

    renderLobby('/rng', { [PATHS.vendors]: vendorsOf(...seven, 'H') });
    await waitFor(() => expect(document.querySelector('[data-vendor-tab="H"]')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Previous vendors' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next vendors' })).toBeTruthy();
  });
});

describe('filters', () => {
  test('e-games offer the slot classes, BG only when the brand has the TY vendor', async () => {
    const first = renderLobby('/rng');
    await waitFor(() => expect(document.querySelector('[data-vendor-tab="PG"]')).not.toBeNull());
    const options = () => [...filter('classify').options].map((option) => option.value);
    expect(options()).toEqual(['', 'SC', 'VP', 'TG', 'AC', 'JP']);
    first.unmount();

    renderLobby('/pvp', {
      [PATHS.vendors]: vendorsOf('KY'),
      [PATHS.menus]: [{ gameCategory: 'RNG', title: 'Slots', cards: [{ ...vendorOf('TY'), isHot: false }] }],
    });
    await waitFor(() => expect(options()).toEqual(['', 'SC', 'VP', 'TG', 'AC', 'JP', 'BG']));
    expect(filter('classify').options[6].textContent).toBe('Board games');
  });

  test('the games pages have no class filter; min bets are those of SPEC §9', async () => {
    renderLobby('/sports');
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    expect(filter('classify')).toBeNull();
    expect([...filter('minBet').options].map((option) => option.value)).toEqual(['', '0.01', '0.05', '0.10', '0.50', '0.75']);
  });

  test('a min bet or a class goes back to all games, page 1', async () => {
    const { calls } = renderLobby('/rng', { [PATHS.hot]: [] }, MEMBER);
    await toPage2(calls);
    fireEvent.change(filter('minBet'), { target: { value: '0.05' } });
    await waitFor(() => expect(lastList(calls)).toMatchObject({ minBet: '0.05', pageNo: 1 }));
    await toPage2(calls);
    fireEvent.click(typeTab('hot'));
    expect(pressed(typeTab('hot'))).toBe('true');
    fireEvent.change(filter('classify'), { target: { value: 'VP' } });
    expect(pressed(typeTab('all'))).toBe('true');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ gameClassify: 'VP', pageNo: 1 }));
  });

  test('the search runs after a pause in typing (or on Enter), on page 1 of all games', async () => {
    const { calls } = renderLobby('/rng', { [PATHS.favourites]: { content: [], totalPages: 0, total: 0 } }, MEMBER);
    await toPage2(calls);
    fireEvent.click(typeTab('fav'));
    expect(pressed(typeTab('fav'))).toBe('true');
    fireEvent.change(filter('search'), { target: { value: ' dragon ' } });
    await waitFor(() => expect(lastList(calls)).toMatchObject({ gameName: 'dragon', pageNo: 1 }));
    expect(pressed(typeTab('all'))).toBe('true');

    await toPage2(calls);
    fireEvent.change(filter('search'), { target: { value: 'tiger' } });
    fireEvent.submit(filter('search').form!);
    expect(lastList(calls)).toMatchObject({ gameName: 'tiger', pageNo: 1 });
  });

  test('a new vendor goes back to all games, page 1, keeping the filters', async () => {
    const { calls } = renderLobby('/rng?page=PG', { [PATHS.hot]: [] }, MEMBER);
    fireEvent.change(filter('minBet'), { target: { value: '0.50' } });
    await toPage2(calls);
    fireEvent.click(document.querySelector('[data-vendor-tab="JILI"]')!);
    await waitFor(() => expect(lastList(calls)).toMatchObject({ vassalage: 'JILI', minBet: '0.50', pageNo: 1 }));

    fireEvent.click(typeTab('hot'));
    fireEvent.click(document.querySelector('[data-vendor-tab="PG"]')!);
    await waitFor(() => expect(pressed(typeTab('all'))).toBe('true'));
    expect(lastList(calls)).toMatchObject({ vassalage: 'PG', pageNo: 1 });
  });
});

describe('hot, favourite and recent games', () => {
  test("hot shows the category's hot games without paging", async () => {
    const hot = gameOf({ gameCode: 'HOT1', isHot: true });
    const { calls } = renderLobby('/rng?page=PG', {
      [PATHS.hot]: [
        { gameType: 'LIVE', list: [gameOf({ gameCode: 'LIVE1', category: 'LIVE' })], footer: null },
        { gameType: 'RNG', list: [hot], footer: null },
      ],
    });
    await waitFor(() => expect(pager()).not.toBeNull());
    fireEvent.click(typeTab('hot'));
    await waitFor(() => expect(card('HOT1')).not.toBeNull());
    expect(card('LIVE1')).toBeNull();
    expect(card('P1-0')).toBeNull();
    expect(pager()).toBeNull();
    expect(bodiesTo(calls, PATHS.hot)[0]).toMatchObject({ vassalage: 'PG', isPlatform: 2 });
  });

  test('favourites and recent games ask a visitor to log in and stay on all games', async () => {
    const { calls } = renderLobby('/rng');
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    for (const type of ['fav', 'recent']) {
      fireEvent.click(typeTab(type));
      expect(modal('login')).not.toBeNull();
      expect(pressed(typeTab('all'))).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    }
    expect(bodiesTo(calls, PATHS.favourites)).toHaveLength(0);
    expect(bodiesTo(calls, PATHS.recent)).toHaveLength(0);
  });

  test("a member's favourites come a page at a time, of the chosen vendor", async () => {
    const { calls } = renderLobby('/rng?page=PG', {
      [PATHS.favourites]: { content: [gameOf({ gameCode: 'FAV1', isFavourite: true })], totalPages: 2, total: 25 },
    }, MEMBER);
    fireEvent.click(typeTab('fav'));
    await waitFor(() => expect(card('FAV1')).not.toBeNull());
    expect(pager()).not.toBeNull();
    expect(bodiesTo(calls, PATHS.favourites)[0]).toEqual({ gameType: 'RNG', vassalage: 'PG', pageNo: 1, pageSize: 24 });
  });

  test('recent games load page after page until the last, then show together', async () => {
    const order: number[] = [];
    const { calls } = renderLobby('/rng', {
      [PATHS.recent]: (_url: URL, init?: RequestInit) => {
        const { pageNo } = JSON.parse(String(init?.body));
        order.push(pageNo);
        return { list: [gameOf({ gameCode: `R${pageNo}` })], totalPages: 3, total: 3 };
      },
    }, MEMBER);
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    fireEvent.click(typeTab('recent'));
    await waitFor(() => expect(card('R3')).not.toBeNull());
    expect(order).toEqual([1, 2, 3]);
    expect(card('R1')).not.toBeNull();
    expect(card('R2')).not.toBeNull();
    expect(pager()).toBeNull();
    expect(bodiesTo(calls, PATHS.recent)[0]).toMatchObject({ gameType: 'RNG', pageSize: 24 });
  });

  test('a failed recent page stops the loading until retried, then it goes on to the last', async () => {
    let failNext = true;
    renderLobby('/rng', {
      [PATHS.recent]: (_url: URL, init?: RequestInit) => {
        const { pageNo } = JSON.parse(String(init?.body));
        if (pageNo === 2 && failNext) {
          failNext = false;
          return new Response(JSON.stringify({ success: false, code: 'x', message: null, value: null }), { status: 500 });
        }
        return { list: [gameOf({ gameCode: `R${pageNo}` })], totalPages: 3, total: 3 };
      },
    }, MEMBER);
    fireEvent.click(typeTab('recent'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The games could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(card('R3')).not.toBeNull());
    expect(card('R1')).not.toBeNull();
  });

  test('after a logout the lobby is back on all games', async () => {
    renderLobby('/rng', { [PATHS.favourites]: { content: [], totalPages: 0, total: 0 } }, MEMBER);
    fireEvent.click(typeTab('fav'));
    await waitFor(() => expect(document.querySelector('[data-list-status="empty"]')).not.toBeNull());
    act(() => writeSession(null));
    await waitFor(() => expect(pressed(typeTab('all'))).toBe('true'));
  });
});

describe('favourite star', () => {
  test('adds, then removes, and the card follows the answer', async () => {
    const { calls } = renderLobby('/rng', {
      [PATHS.favourite]: (_url: URL, init?: RequestInit) => {
        const { nodeId, action } = JSON.parse(String(init?.body));
        return { nodeId, isFavourite: action === 'add' };
      },
    }, MEMBER);
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    const star = () => card('P1-0')!.querySelector('[data-action="favourite"]')!;
    expect(pressed(star())).toBe('false');
    fireEvent.click(star());
    await waitFor(() => expect(pressed(star())).toBe('true'));
    fireEvent.click(star());
    await waitFor(() => expect(pressed(star())).toBe('false'));
    expect(bodiesTo(calls, PATHS.favourite)).toEqual([
      { nodeId: 100, vendor: 'PG', gameType: 'RNG', action: 'add' },
      { nodeId: 100, vendor: 'PG', gameType: 'RNG', action: 'remove' },
    ]);
  });

  test('removing one from the favourites list reloads the list', async () => {
    const favourites = [gameOf({ gameCode: 'FAV1', nodeId: 501, isFavourite: true })];
    renderLobby('/rng', {
      [PATHS.favourites]: () => ({ content: favourites, totalPages: 1, total: favourites.length }),
      [PATHS.favourite]: (_url: URL, init?: RequestInit) => {
        favourites.length = 0;
        return { nodeId: JSON.parse(String(init?.body)).nodeId, isFavourite: false };
      },
    }, MEMBER);
    fireEvent.click(typeTab('fav'));
    await waitFor(() => expect(card('FAV1')).not.toBeNull());
    fireEvent.click(card('FAV1')!.querySelector('[data-action="favourite"]')!);
    await waitFor(() => expect(card('FAV1')).toBeNull());
    expect(document.querySelector('[data-list-status="empty"]')).not.toBeNull();
  });

  test('a refused toggle says so and leaves the star as it was', async () => {
    renderLobby('/rng', {
      [PATHS.favourite]: () => new Response(JSON.stringify({ success: false, code: 'game_unknown', message: 'No such game', value: null }), { status: 404 }),
    }, MEMBER);
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    fireEvent.click(card('P1-0')!.querySelector('[data-action="favourite"]')!);
    expect((await screen.findByRole('alert')).textContent).toContain('The favourite could not be changed.');
    expect(pressed(card('P1-0')!.querySelector('[data-action="favourite"]'))).toBe('false');
  });

  test('a visitor gets the login popup and nothing is sent', async () => {
    const { calls } = renderLobby('/rng');
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    fireEvent.click(card('P1-0')!.querySelector('[data-action="favourite"]')!);
    expect(modal('login')).not.toBeNull();
    expect(bodiesTo(calls, PATHS.favourite)).toHaveLength(0);
  });
});

describe('/live', () => {
  const LIVE_ANSWERS = {
    [PATHS.vendors]: { vendors: [vendorOf('EVO', { gameType: 'LIVE', category: 'LIVE', walletMode: 'transfer' })] },
    [PATHS.rooms]: {
      rooms: [
        { roomId: 'r1', gameCode: 'BAC1', nodeId: null, name: 'Baccarat A', dealer: 'Mia', minBet: '1.00', maxBet: '500.00', players: 12, status: 'open' },
        { roomId: 'r2', gameCode: 'ROU1', nodeId: null, name: 'Roulette', dealer: null, minBet: '0.50', maxBet: '100.00', players: 0, status: 'closed' },
      ],
    },
  };

  test("a member sees the chosen vendor's tables; an open one starts its game", async () => {
    const { calls, router } = renderLobby('/live?vendor=EVO', LIVE_ANSWERS, MEMBER);
    await waitFor(() => expect(document.querySelector('[data-room="r1"]')).not.toBeNull());
    expect(document.querySelector('section')?.getAttribute('data-page')).toBe('live');
    expect(lastList(calls)).toMatchObject({ gameType: 'LIVE', vassalage: 'EVO' });
    const rooms = calls.filter((call) => call.url.pathname === PATHS.rooms);
    expect(rooms[0].url.searchParams.get('vassalage')).toBe('EVO');
    expect(document.querySelector('[data-room="r1"]')?.textContent).toContain('Bets ৳1.00 – ৳500.00');
    expect(document.querySelector('[data-room="r1"]')?.textContent).toContain('12 players');
    expect(screen.getByRole('button', { name: 'Play at Roulette' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Play at Baccarat A' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      vassalage: 'EVO',
      gameCode: 'BAC1',
      gameType: 'LIVE',
      walletMode: 'transfer',
    });
  });

  test('a visitor sees the games but no tables', async () => {
    const { calls } = renderLobby('/live?vendor=EVO', LIVE_ANSWERS);
    await waitFor(() => expect(card('P1-0')).not.toBeNull());
    expect(document.querySelector('[data-rooms]')).toBeNull();
    expect(calls.some((call) => call.url.pathname === PATHS.rooms)).toBe(false);
  });
});
