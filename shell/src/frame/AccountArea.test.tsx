import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { writeSession, type Session } from '@tessera/kit';
import { renderInShell, serve } from '../../test/render';
import { MEMBER_INFO } from '../modals/testIdentity';
import { AccountArea } from './AccountArea';

const openCentre = vi.fn();

vi.mock('./overlays', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./overlays')>()),
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
