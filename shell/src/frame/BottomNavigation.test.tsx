import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeSession } from '@tessera/kit';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { BottomNavigation } from './BottomNavigation';
import { GAME_TYPES, NAV_DROPDOWN_LIMIT } from './gameTypes';
import { laneOf } from './fixtures';
import { VENDOR_CACHE_KEY } from '../data/vendors';
import type { GameVendor } from '../games/types';
import { capabilities } from '../../test/capabilities';

vi.mock('@tessera/kit', async (original) => (await import('../../test/capabilities')).withCapabilities(await original()));

const STATUS = '/wps/system/status';
const MENUS = '/lgw/games/game_menus';

function items(container: HTMLElement): string[] {
  return [...container.querySelectorAll<HTMLElement>('.bottom-nav__item')].map((item) => item.dataset.nav ?? '');
}

afterEach(() => {
  capabilities.all = true;
});

describe('bottom navigation', () => {
  test('while the menus load: Home, every game type in the fixed order without vendors, Promotions', () => {
    serve({});
    const { container } = renderInShell(<BottomNavigation />);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(items(container)).toEqual(['home', ...GAME_TYPES, 'promotions']);
    expect(container.querySelector('.nav-dropdown')).toBeNull();
    expect(screen.getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    expect(screen.getByRole('link', { name: 'Cockfight' }).getAttribute('href')).toBe('/cockfight');
  });

  test('a dropdown shows at most 11 vendors and a more entry to the category page', async () => {
    serve({ [MENUS]: [laneOf('LIVE', 15, 'Live casino'), laneOf('RNG', 3), laneOf('LOTT', 2), laneOf('ELOTT', 0)] });
    const { container } = renderInShell(<BottomNavigation />);
    // A lane without a category page (LOTT) is left out, and so is one without vendors (ELOTT): its lobby would be empty.
    await waitFor(() => expect(items(container)).toEqual(['home', 'LIVE', 'RNG', 'promotions']));
    expect(screen.getByRole('link', { name: 'RNG games' }).getAttribute('href')).toBe('/rng');
    const live = container.querySelector<HTMLElement>('[data-nav="LIVE"]')!;
    // The dropdowns are drawn as a transition after the items.
    await waitFor(() => expect(live.querySelectorAll('.vendor-card:not(.vendor-card--more)')).toHaveLength(NAV_DROPDOWN_LIMIT));
    const vendors = live.querySelectorAll('.vendor-card:not(.vendor-card--more)');
    expect(NAV_DROPDOWN_LIMIT).toBe(11);
    expect(vendors[0].getAttribute('href')).toBe('/live?vendor=LIVEV1');
    expect(within(live).getByRole('link', { name: 'More Live casino' }).getAttribute('href')).toBe('/live');
    const rng = container.querySelector<HTMLElement>('[data-nav="RNG"]')!;
    expect(rng.querySelectorAll('.vendor-card:not(.vendor-card--more)')).toHaveLength(3);
    expect(rng.querySelector('.vendor-card')?.getAttribute('href')).toBe('/rng?page=RNGV1');
  });

  test("the house lottery's cards lead to its lobbies, before the lane's vendors", async () => {
    const own = [
      { vassalage: 'HOUSE_LOTTO:vietnam', displayName: 'Vietnamese lottery', gameType: 'LOTT', isHot: false, smallIcon: null, route: '/vnlottery' },
      { vassalage: 'HOUSE_LOTTO:fast', displayName: 'Fast lottery', gameType: 'LOTT', isHot: false, smallIcon: null, route: '/lottery' },
    ];
    const elott = laneOf('ELOTT', 1, 'E-lottery');
    serve({ [MENUS]: [{ ...elott, cards: [...own, ...elott.cards] }] });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(items(container)).toEqual(['home', 'ELOTT', 'promotions']));
    const lane = container.querySelector<HTMLElement>('[data-nav="ELOTT"]')!;
    await waitFor(() => expect(lane.querySelectorAll('.vendor-card:not(.vendor-card--more)')).toHaveLength(3));
    const hrefs = [...lane.querySelectorAll('.vendor-card:not(.vendor-card--more)')].map((card) => card.getAttribute('href'));
    expect(hrefs).toEqual(['/vnlottery', '/lottery', '/elott?vendor=ELOTTV1']);
  });

  test("a phone's navigation has no dropdowns and asks for no vendor list: its vendors are on the category pages", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 767px)', media: query, addEventListener() {}, removeEventListener() {} }));
    const calls = serve({ [MENUS]: [laneOf('LIVE', 15, 'Live casino'), laneOf('RNG', 3)] });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(items(container)).toEqual(['home', 'LIVE', 'RNG', 'promotions']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.nav-dropdown')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/wps/relay/GCSGAME_newGameVendor')).toEqual([]);
    vi.unstubAllGlobals();
  });

  test('the Agent item appears only when the brand has an AGENT resource', async () => {
    serve({ [STATUS]: statusOf({ resources: [{ resourceType: 'AGENT', url: '/agentHome', qrCodeUrl: null, title: null }] }) });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(items(container)).toContain('agent'));
    expect(screen.getByRole('link', { name: 'Agent' }).getAttribute('href')).toBe('/agent');
  });

  test('no Promotions or Agent item while those pages are still to come', async () => {
    capabilities.all = false;
    serve({ [STATUS]: statusOf({ resources: [{ resourceType: 'AGENT', url: '/agentHome', qrCodeUrl: null, title: null }] }) });
    const { container } = renderInShell(<BottomNavigation />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(items(container)).toEqual(['home', ...GAME_TYPES]);
  });

  test('no Agent item without an AGENT resource', async () => {
    const calls = serve({ [STATUS]: statusOf({ resources: [{ resourceType: 'TELEGRAM', url: 'https://t.me/x', qrCodeUrl: null, title: null }] }) });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === STATUS)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(items(container)).not.toContain('agent');
  });

  test('the current route is marked', () => {
    serve({});
    renderInShell(<BottomNavigation />, { path: '/sports' });
    expect(screen.getByRole('link', { name: 'Sports' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});

const VENDORS = '/wps/relay/GCSGAME_newGameVendor';

function gameVendorsOf(category: string, count: number, prefix = category): GameVendor[] {
  return Array.from({ length: count }, (_, index) => ({
    vassalage: `${prefix}${index + 1}`,
    displayName: `${prefix} listed ${index + 1}`,
    gameType: category === 'ESPORTS' ? 'SPORTS' : category,
    category,
    accountTypeId: null,
    smallIcon: index === 0 ? `/icons/${prefix}${index + 1}.svg` : null,
    isHot: false,
    walletMode: 'seamless',
    gameCount: 10,
  }));
}

const vendorNames = (container: HTMLElement, category: string) =>
  [...container.querySelectorAll(`[data-nav="${category}"] .vendor-card:not(.vendor-card--more)`)].map(
    (card) => (card as HTMLElement).dataset.vendor,
  );

describe('navigation dropdown vendors', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    writeSession(null);
  });

  test('fetches 30 vendors once for every game type and shows 11 of a category with a more entry', async () => {
    const calls = serve({
      [MENUS]: [laneOf('RNG', 2), laneOf('ESPORTS', 1)],
      [VENDORS]: { vendors: [...gameVendorsOf('RNG', 14, 'SL'), ...gameVendorsOf('ESPORTS', 2, 'AV')] },
    });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(vendorNames(container, 'RNG')).toHaveLength(NAV_DROPDOWN_LIMIT));
    expect(vendorNames(container, 'RNG')).toEqual(Array.from({ length: 11 }, (_, index) => `SL${index + 1}`));
    expect(vendorNames(container, 'ESPORTS')).toEqual(['AV1', 'AV2']);
    const rng = within(container.querySelector<HTMLElement>('[data-nav="RNG"]')!);
    expect(rng.getByRole('link', { name: 'More RNG games' }).getAttribute('href')).toBe('/rng');
    expect(rng.getByRole('link', { name: /SL listed 3/ }).getAttribute('href')).toBe('/rng?page=SL3');
    const vendorCalls = calls.filter((call) => call.url.pathname === VENDORS);
    expect(vendorCalls).toHaveLength(1);
    expect(vendorCalls[0].init?.method).toBe('POST');
    expect(JSON.parse(String(vendorCalls[0].init?.body))).toEqual({ platform: 'html5-desktop', pageSize: 30 });
  });

  test('shows the game menu lanes while the vendor list loads, or when it fails', async () => {
    serve({ [MENUS]: [laneOf('LIVE', 3)] });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(vendorNames(container, 'LIVE')).toEqual(['LIVEV1', 'LIVEV2', 'LIVEV3']));
  });

  test('the list is kept in session storage: the next page uses it without asking again', async () => {
    const answers = { [MENUS]: [laneOf('RNG', 1)], [VENDORS]: { vendors: gameVendorsOf('RNG', 3, 'SL') } };
    const first = serve(answers);
    const view = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(vendorNames(view.container, 'RNG')).toEqual(['SL1', 'SL2', 'SL3']));
    const kept = JSON.parse(window.sessionStorage.getItem(VENDOR_CACHE_KEY)!);
    expect(kept).toMatchObject({ language: 'en', audience: '' });
    expect(kept.vendors).toHaveLength(3);
    expect(window.localStorage.getItem(VENDOR_CACHE_KEY)).toBeNull();
    view.unmount();
    expect(first.filter((call) => call.url.pathname === VENDORS)).toHaveLength(1);

    const second = serve({ ...answers, [VENDORS]: { vendors: gameVendorsOf('RNG', 1, 'NEW') } });
    const again = renderInShell(<BottomNavigation />);
    expect(vendorNames(again.container, 'RNG')).toEqual(['SL1', 'SL2', 'SL3']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.filter((call) => call.url.pathname === VENDORS)).toHaveLength(0);
  });

  test('the refresh control loads the list again and keeps the new one', async () => {
    let answer = gameVendorsOf('RNG', 2, 'OLD');
    const calls = serve({ [MENUS]: [laneOf('RNG', 1)], [VENDORS]: () => ({ vendors: answer }) });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(vendorNames(container, 'RNG')).toEqual(['OLD1', 'OLD2']));
    answer = gameVendorsOf('RNG', 1, 'NEW');
    fireEvent.click(container.querySelector('[data-nav="RNG"] [data-action=refresh-vendors]')!);
    await waitFor(() => expect(vendorNames(container, 'RNG')).toEqual(['NEW1']));
    expect(calls.filter((call) => call.url.pathname === VENDORS)).toHaveLength(2);
    expect(JSON.parse(window.sessionStorage.getItem(VENDOR_CACHE_KEY)!).vendors[0].vassalage).toBe('NEW1');
  });

  test('a login or a logout loads the list again', async () => {
    const calls = serve({ [MENUS]: [laneOf('RNG', 1)], [VENDORS]: { vendors: gameVendorsOf('RNG', 2, 'SL') } });
    const { container } = renderInShell(<BottomNavigation />);
    const vendorCalls = () => calls.filter((call) => call.url.pathname === VENDORS);
    await waitFor(() => expect(vendorNames(container, 'RNG')).toEqual(['SL1', 'SL2']));
    act(() => writeSession({ token: 't', isAgent: 4, username: 'player01' }));
    await waitFor(() => expect(vendorCalls()).toHaveLength(2));
    expect(new Headers(vendorCalls()[1].init?.headers).get('Authorization')).toBe('Bearer t');
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(VENDOR_CACHE_KEY)!).audience).toBe('player01'));
    act(() => writeSession(null));
    await waitFor(() => expect(vendorCalls()).toHaveLength(3));
  });

  test('vendor icons load lazily, are tried once more, then fall back to the initials', async () => {
    serve({ [MENUS]: [laneOf('RNG', 1)], [VENDORS]: { vendors: gameVendorsOf('RNG', 2, 'SL') } });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(vendorNames(container, 'RNG')).toEqual(['SL1', 'SL2']));
    const [first, second] = container.querySelectorAll<HTMLElement>('[data-nav="RNG"] .vendor-card:not(.vendor-card--more)');
    const image = first.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/icons/SL1.svg');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(second.querySelector('img')).toBeNull();
    expect(second.querySelector('[data-icon=fallback]')?.textContent).toBe('SL');
    fireEvent.error(image);
    const retried = first.querySelector('img')!;
    expect(retried).not.toBe(image);
    expect(retried.getAttribute('src')).toBe('/icons/SL1.svg');
    fireEvent.error(retried);
    expect(first.querySelector('img')).toBeNull();
    expect(first.querySelector('[data-icon=fallback]')?.textContent).toBe('SL');
  });
});
