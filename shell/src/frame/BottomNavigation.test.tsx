import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { BottomNavigation } from './BottomNavigation';
import { GAME_TYPES, NAV_DROPDOWN_LIMIT } from './gameTypes';
import { laneOf } from './fixtures';

const STATUS = '/wps/system/status';
const MENUS = '/lgw/games/game_menus';

function items(container: HTMLElement): string[] {
  return [...container.querySelectorAll<HTMLElement>('.bottom-nav__item')].map((item) => item.dataset.nav ?? '');
}

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
    serve({ [MENUS]: [laneOf('LIVE', 15, 'Live casino'), laneOf('RNG', 3), laneOf('LOTT', 2)] });
    const { container } = renderInShell(<BottomNavigation />);
    // A lane without a category page (LOTT) is left out.
    await waitFor(() => expect(items(container)).toEqual(['home', 'LIVE', 'RNG', 'promotions']));
    expect(screen.getByRole('link', { name: 'RNG games' }).getAttribute('href')).toBe('/rng');
    const live = container.querySelector<HTMLElement>('[data-nav="LIVE"]')!;
    const vendors = live.querySelectorAll('.vendor-card:not(.vendor-card--more)');
    expect(vendors).toHaveLength(NAV_DROPDOWN_LIMIT);
    expect(NAV_DROPDOWN_LIMIT).toBe(11);
    expect(vendors[0].getAttribute('href')).toBe('/live?vendor=LIVEV1');
    expect(within(live).getByRole('link', { name: 'More Live casino' }).getAttribute('href')).toBe('/live');
    const rng = container.querySelector<HTMLElement>('[data-nav="RNG"]')!;
    expect(rng.querySelectorAll('.vendor-card:not(.vendor-card--more)')).toHaveLength(3);
    expect(rng.querySelector('.vendor-card')?.getAttribute('href')).toBe('/rng?page=RNGV1');
  });

  test('the Agent item appears only when the brand has an AGENT resource', async () => {
    serve({ [STATUS]: statusOf({ resources: [{ resourceType: 'AGENT', url: '/agentHome', qrCodeUrl: null, title: null }] }) });
    const { container } = renderInShell(<BottomNavigation />);
    await waitFor(() => expect(items(container)).toContain('agent'));
    expect(screen.getByRole('link', { name: 'Agent' }).getAttribute('href')).toBe('/agent');
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
