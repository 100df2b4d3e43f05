import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS, writeSession, type Session } from '@tessera/kit';
import { renderInShell, serve } from '../../test/render';
import { MEMBER_INFO } from '../modals/testIdentity';
import { AccountArea } from './AccountArea';

const openCentre = vi.fn();

vi.mock('./openCentre', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./openCentre')>()),
  useOpenCentre: () => openCentre,
}));

const REAL: Session = { token: 't', isAgent: 4, username: 'player01' };
const ICON_PATH = '/wps/member/info/icon';
const ICON = { iconId: 3, url: '/assets/avatars/3.svg' };

function renderArea(session: Session, answers: Record<string, unknown> = {}) {
  writeSession(session);
  const calls = serve({ '/wps/member/info': { ...MEMBER_INFO, type: session.isAgent }, ...answers });
  const result = renderInShell(<AccountArea session={session} />);
  return { ...result, calls };
}

const avatar = (container: HTMLElement) => container.querySelector('.account-menu__toggle .avatar')!;

function openMenu() {
  fireEvent.click(screen.getByRole('button', { expanded: false }));
  return within(document.querySelector<HTMLElement>('.account-menu__list')!);
}

beforeEach(() => openCentre.mockReset());
afterEach(() => writeSession(null));

describe('logged-in panel', () => {
  test("the member's avatar, falling back to the default one when its image fails", async () => {
    const { container } = renderArea(REAL, { [ICON_PATH]: ICON });
    await waitFor(() => expect(avatar(container).tagName).toBe('IMG'));
    expect(avatar(container).getAttribute('src')).toBe(ICON.url);
    fireEvent.error(avatar(container));
    expect(avatar(container).tagName).toBe('svg');
  });

  test('the default avatar when the icon call fails; nickname and VIP label from member info', async () => {
    const { container, calls } = renderArea(REAL, { '/wps/member/info': { ...MEMBER_INFO, clubLabel: { labelName: '', rankLevel: 0 } } });
    await waitFor(() => expect(calls.some((call) => call.url.pathname === ICON_PATH)).toBe(true));
    expect(await screen.findByText('Player')).toBeTruthy();
    expect(avatar(container).tagName).toBe('svg');
    expect(container.querySelector('.account-area__vip')?.textContent).toBe('VIP0');
  });

  test('the menu of SPEC §2 opens the member-centre pages, the help centre and the logout confirm', () => {
    renderArea(REAL);
    const menu = openMenu();
    expect(menu.getAllByRole('button').map((item) => item.textContent)).toEqual([
      'Deposit', 'Withdraw', 'Betting record', 'Account details', 'Personal profit/loss', 'Help center', 'Log out',
    ]);
    fireEvent.click(menu.getByRole('button', { name: 'Deposit' }));
    expect(openCentre).toHaveBeenLastCalledWith('memberCentre', 'depositv2');
    expect(document.querySelector('.account-menu__list')?.hasAttribute('hidden')).toBe(true);
    fireEvent.click(openMenu().getByRole('button', { name: 'Betting record' }));
    expect(openCentre).toHaveBeenLastCalledWith('memberCentre', 'personalHistoryCopy');
    fireEvent.click(openMenu().getByRole('button', { name: 'Help center' }));
    expect(document.querySelector('[data-modal="help"]')).not.toBeNull();
    fireEvent.click(openMenu().getByRole('button', { name: 'Log out' }));
    expect(document.querySelector('[data-modal="logout"]')).not.toBeNull();
  });

  test('deposit and withdraw warn a restricted account and open nothing; other entries stay open to it', () => {
    renderArea({ ...REAL, isAgent: 0 });
    for (const name of ['Deposit', 'Withdraw']) {
      fireEvent.click(openMenu().getByRole('button', { name }));
      expect(document.querySelector('[data-modal="restrictedAccount"]')).not.toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    }
    expect(openCentre).not.toHaveBeenCalled();
    fireEvent.click(openMenu().getByRole('button', { name: 'Personal profit/loss' }));
    expect(openCentre).toHaveBeenCalledWith('memberCentre', 'personalProfit');
  });
});

const BALANCE_PATH = '/wps/v2/wallets/balance';

function balanceOf(sumBalance: string) {
  return { sumBalance, mainBalance: sumBalance, currency: 'BDT', currencySymbol: '৳', wallets: [] };
}

const shownBalance = () => document.querySelector('[data-balance]')?.textContent;

describe('balance', () => {
  test('the sum of the wallets with the currency sign, thousands separators and two decimals', async () => {
    const { calls } = renderArea(REAL, { [BALANCE_PATH]: balanceOf('1234567.5') });
    await waitFor(() => expect(shownBalance()).toBe('৳1,234,567.50'));
    const call = calls.find((seen) => seen.url.pathname === BALANCE_PATH);
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer t');
  });

  test('a click refreshes it: the button is disabled while it loads, then the new balance shows', async () => {
    const answers = [balanceOf('10.00'), balanceOf('2500.75')];
    const { calls } = renderArea(REAL, { [BALANCE_PATH]: () => answers.shift() });
    await waitFor(() => expect(shownBalance()).toBe('৳10.00'));
    // Hold the next balance answer until released, to see the refresh in progress.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.includes(BALANCE_PATH)) await held;
      return served(input, init);
    });
    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    expect(refresh).toHaveProperty('disabled', false);
    fireEvent.click(refresh);
    await waitFor(() => expect(refresh).toHaveProperty('disabled', true));
    expect(document.querySelector('.account-balance')?.hasAttribute('data-loading')).toBe(true);
    expect(shownBalance()).toBe('৳10.00');
    release();
    await waitFor(() => expect(shownBalance()).toBe('৳2,500.75'));
    expect(refresh).toHaveProperty('disabled', false);
    expect(calls.filter((call) => call.url.pathname === BALANCE_PATH)).toHaveLength(2);
  });

  test('hidden as *** by the toggle, and still hidden after a reload', async () => {
    const first = renderArea(REAL, { [BALANCE_PATH]: balanceOf('42.00') });
    await waitFor(() => expect(shownBalance()).toBe('৳42.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(shownBalance()).toBe('***');
    expect(document.body.textContent).not.toContain('42.00');
    expect(window.localStorage.getItem(STORAGE_KEYS.hideBalance)).toBe('1');
    first.unmount();

    // A reloaded page loads the balance again, and keeps it hidden meanwhile.
    renderArea(REAL, { [BALANCE_PATH]: balanceOf('42.00') });
    expect(shownBalance()).toBe('***');
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    await waitFor(() => expect(shownBalance()).toBe('৳42.00'));
    expect(window.localStorage.getItem(STORAGE_KEYS.hideBalance)).toBe('0');
  });

  test('a failed load says the balance is unavailable, and the refresh tries again', async () => {
    const answers: unknown[] = [
      new Response(JSON.stringify({ success: false, code: 'network_abnormal', message: 'Network error', value: null }), { status: 503 }),
      balanceOf('7.00'),
    ];
    renderArea(REAL, { [BALANCE_PATH]: () => answers.shift() });
    await waitFor(() => expect(shownBalance()).toBe('--'));
    expect(document.querySelector('.account-balance__amount')?.textContent).toContain('Balance unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(shownBalance()).toBe('৳7.00'));
  });
});
