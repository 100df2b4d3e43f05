import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { writeSession, type Session } from '@tessera/kit';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { Header } from './Header';
import { COMPACT_HEADER } from './useMediaQuery';
import { capabilities } from '../../test/capabilities';

vi.mock('@tessera/kit', async (original) => (await import('../../test/capabilities')).withCapabilities(await original()));

const openCentre = vi.fn();

vi.mock('./openCentre', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./openCentre')>()),
  useOpenCentre: () => openCentre,
}));

const STATUS = '/wps/system/status';
const MEMBER: Session = { token: 't', isAgent: 4, username: 'player01' };
const AGENT: Session = { token: 't', isAgent: 41, username: 'agent01' };

function boxes(container: HTMLElement): string[] {
  return [...container.querySelectorAll<HTMLElement>('[data-box]')].map((box) => box.dataset.box ?? '');
}

async function renderHeader({ session = null, whitelabel = {} }: { session?: Session | null; whitelabel?: Record<string, boolean> } = {}) {
  writeSession(session);
  const calls = serve({ [STATUS]: statusOf({ whitelabel }) });
  const result = renderInShell(<Header />);
  await waitFor(() => expect(calls.some((call) => call.url.pathname === STATUS)).toBe(true));
  await act(async () => undefined);
  return result;
}

afterEach(() => {
  writeSession(null);
  capabilities.all = true;
});

describe('header', () => {
  test('a visitor gets log in and register, VIP opening the login modal, and no agent box', async () => {
    const { container } = await renderHeader({ whitelabel: { DIRECTREG3: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(document.querySelector('[data-modal="register"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(boxes(container)).toEqual(['vip', 'download']);
    expect(container.querySelector('[data-box="download"]')?.getAttribute('href')).toBe('/down');
    fireEvent.click(container.querySelector('[data-box="vip"]')!);
    expect(document.querySelector('[data-modal="login"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(document.querySelector('[data-modal="login"]')).not.toBeNull();
  });

  test('invite friends needs the referral flag; logged out it opens the login modal', async () => {
    const { container } = await renderHeader({ whitelabel: { REFERRAL3: true } });
    await waitFor(() => expect(boxes(container)).toEqual(['invite', 'vip', 'download']));
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    fireEvent.click(container.querySelector('[data-box="invite"]')!);
    expect(document.querySelector('[data-modal="login"]')).not.toBeNull();
    expect(openCentre).not.toHaveBeenCalledWith('memberCentre', 'referral');
  });

  test('a member sees the account area and no VIP box; an agent also gets the agent box', async () => {
    const member = await renderHeader({ session: MEMBER, whitelabel: { REFERRAL3: true } });
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.getByText('player01')).toBeTruthy();
    expect(screen.getByText('VIP0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Personal centre' })).toBeTruthy();
    await waitFor(() => expect(boxes(member.container)).toEqual(['invite', 'download']));
    expect(member.container.querySelector('[data-box="invite"]')?.tagName).toBe('BUTTON');
    member.unmount();

    const agent = await renderHeader({ session: AGENT });
    expect(boxes(agent.container)).toEqual(['agent', 'download']);
  });

  test('the agent box opens the agent centre; invite friends and the account button the personal centre', async () => {
    const { container } = await renderHeader({ session: AGENT, whitelabel: { REFERRAL3: true } });
    fireEvent.click(container.querySelector('[data-box="agent"]')!);
    expect(openCentre).toHaveBeenLastCalledWith('agentCentre');
    await waitFor(() => expect(container.querySelector('[data-box="invite"]')).not.toBeNull());
    fireEvent.click(container.querySelector('[data-box="invite"]')!);
    expect(openCentre).toHaveBeenLastCalledWith('memberCentre', 'referral');
    fireEvent.click(screen.getByRole('button', { name: 'Personal centre' }));
    expect(openCentre).toHaveBeenLastCalledWith('memberCentre');
  });

  test('no VIP, invite or agent box while their pages are still to come', async () => {
    capabilities.all = false;
    const visitor = await renderHeader({ whitelabel: { REFERRAL3: true } });
    expect(boxes(visitor.container)).toEqual(['download']);
    visitor.unmount();
    const agent = await renderHeader({ session: AGENT, whitelabel: { REFERRAL3: true } });
    expect(boxes(agent.container)).toEqual(['download']);
  });

  test('the logo is the brand image when the status has one, else the name', async () => {
    writeSession(null);
    serve({ [STATUS]: statusOf({ brand: { ...statusOf().brand, logo: '/static/logo.svg' } }) });
    const { container } = renderInShell(<Header />);
    const logo = await screen.findByRole('img', { name: 'Tessera Test' });
    expect(logo.closest('a')?.getAttribute('href')).toBe('/');
    expect(container.querySelector('.header__logo img')).toBe(logo);
  });

  test('the language picker lists every selectable language and switches on choice', async () => {
    const { container } = await renderHeader();
    const toggle = screen.getByRole('button', { name: /Language/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const codes = [...container.querySelectorAll<HTMLElement>('.language-picker [data-lang]')].map((option) => option.dataset.lang);
    expect(codes).toEqual(['en', 'bn', 'fil']);
    fireEvent.click(container.querySelector('[data-lang="bn"]')!);
    await waitFor(() => expect(i18next.language).toBe('bn'));
    expect(await screen.findByRole('button', { name: 'লগ ইন' })).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  test('the language picker opens when a mouse hovers it', async () => {
    const { container } = await renderHeader();
    const picker = container.querySelector('.language-picker')!;
    fireEvent.pointerOver(picker, { pointerType: 'mouse' });
    expect(container.querySelector('.language-picker__list')?.hasAttribute('hidden')).toBe(false);
    fireEvent.pointerOut(picker, { pointerType: 'mouse' });
    expect(container.querySelector('.language-picker__list')?.hasAttribute('hidden')).toBe(true);
  });

  describe('on a compact screen', () => {
    beforeEach(() => {
      // Only the compact header's media query matches, as on a phone.
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === COMPACT_HEADER,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    test('the logo, log in and register stay; shortcuts, language and theme wait in the menu', async () => {
      const { container } = await renderHeader({ whitelabel: { DIRECTREG3: true } });
      expect(container.querySelector('.header--compact')).not.toBeNull();
      expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
      const toggle = screen.getByRole('button', { name: 'Menu' });
      const panel = container.querySelector<HTMLElement>('.header-menu__panel')!;
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(panel.hidden).toBe(true);
      expect([...panel.querySelectorAll<HTMLElement>('[data-box]')].map((box) => box.dataset.box)).toEqual(['vip', 'download']);
      expect(panel.querySelector('.language-picker')).not.toBeNull();
      expect(panel.querySelector('.theme-toggle')).not.toBeNull();
      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(panel.hidden).toBe(false);
      fireEvent.keyDown(panel, { key: 'Escape' });
      expect(panel.hidden).toBe(true);
    });

    test('a member keeps the balance and account menu; the personal centre is in the menu, which closes on a choice', async () => {
      const { container } = await renderHeader({ session: AGENT });
      expect(container.querySelector('.account-balance')).not.toBeNull();
      expect(container.querySelector('.account-menu__toggle')).not.toBeNull();
      expect(container.querySelector('.header__actions .header__member-centre')).toBeNull();
      expect(container.querySelector('.header__logout')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
      const panel = container.querySelector<HTMLElement>('.header-menu__panel')!;
      fireEvent.click(screen.getByRole('button', { name: 'Personal centre' }));
      expect(openCentre).toHaveBeenLastCalledWith('memberCentre');
      expect(panel.hidden).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
      fireEvent.click(panel.querySelector('[data-box="agent"]')!);
      expect(openCentre).toHaveBeenLastCalledWith('agentCentre');
      expect(panel.hidden).toBe(true);
    });
  });
});
