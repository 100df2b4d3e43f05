import { useEffect, useState } from 'react';
import { screen, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { writeSession, type PageRegistry } from '@tessera/kit';
import { statusOf } from '../../../shell/test/fixtures';
import { renderInShell, serve } from '../../../shell/test/render';
import { MyAccountPage, maskedMobile } from './MyAccountPage';

// The registry adds its translations when loaded, which needs the shell's i18next started (setup).
let registry: PageRegistry;
beforeAll(async () => {
  registry = (await import('./pages')).default;
});

const SESSION = { token: 'tok', isAgent: 4, username: 'player01' };
const INFO = {
  id: 7,
  account: 'player01',
  nickname: 'Lucky',
  type: 4,
  toUpline: false,
  clubLabel: { labelName: 'VIP2', rankLevel: 2 },
  memberLabel: [],
  mobileNum: '+639171234567',
  email: 'player01@example.com',
};

function detail(name: string): string | null | undefined {
  return document.querySelector(`[data-detail="${name}"] dd`)?.textContent;
}

function renderPage(info: object, whitelabel: Record<string, boolean> = {}, session = SESSION) {
  writeSession(session);
  const calls = serve({ '/wps/member/info': info, '/wps/system/status': statusOf({ whitelabel }) });
  return { ...renderInShell(<MyAccountPage />), calls };
}

afterEach(() => writeSession(null));

describe('my account', () => {
  test("shows the member's details from member info, the number masked", async () => {
    const { calls } = renderPage(INFO);
    await waitFor(() => expect(detail('account')).toBe('player01'));
    expect(detail('nickname')).toBe('Lucky');
    expect(detail('vip')).toBe('VIP2');
    expect(detail('type')).toBe('Real account');
    expect(detail('mobile')).toBe('+63••••••4567');
    expect(detail('email')).toBe('player01@example.com');
    const info = calls.find((call) => call.url.pathname === '/wps/member/info');
    expect(new Headers(info?.init?.headers).get('Authorization')).toBe('Bearer tok');
  });

  test('a member without a number, e-mail or VIP label; a free-play account named so', async () => {
    renderPage({ ...INFO, type: 0, mobileNum: null, email: null, clubLabel: { labelName: '', rankLevel: 0 } }, {}, { ...SESSION, isAgent: 0 });
    await waitFor(() => expect(detail('type')).toBe('Free play'));
    expect(detail('vip')).toBe('VIP0');
    expect(detail('mobile')).toBe('Not set');
    expect(detail('email')).toBe('Not set');
  });

  test('security settings: phone status when the brand sends SMS, e-mail status, and the change opens the shell modal', async () => {
    const without = renderPage({ ...INFO, mobileNum: null });
    await waitFor(() => expect(document.querySelector('[data-security="email"]')).not.toBeNull());
    expect(document.querySelector('[data-security="mobile"]')).toBeNull();
    without.unmount();

    renderPage({ ...INFO, mobileNum: null }, { CHNGPASSVERIF3: true });
    await waitFor(() => expect(document.querySelector('[data-security="mobile"]')?.textContent).toContain('Not bound'));
    expect(document.querySelector('[data-security="email"]')?.textContent).toContain('Bound');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(document.querySelector('[data-modal="changePassword"]')).not.toBeNull();
  });

  test('a number the server did not mask is masked here; a masked one is kept', () => {
    expect(maskedMobile('9171234567')).toBe('917•••4567');
    expect(maskedMobile('+63•••••1234')).toBe('+63•••••1234');
  });
});

describe('money pages', () => {
  // Opened from the menu once the shell is up, as the member centre does.
  const Deposit = () => {
    const [opened, setOpened] = useState(false);
    useEffect(() => setOpened(true), []);
    const Page = registry.pages.find((page) => page.key === 'depositv2')!.component;
    return opened ? <Page /> : null;
  };

  test('a restricted account gets the shell warning and not the page', async () => {
    writeSession({ ...SESSION, isAgent: 0 });
    serve({});
    renderInShell(<Deposit />);
    expect(await screen.findByText('This page is available to real member accounts only.')).toBeTruthy();
    expect(document.querySelector('[data-modal="restrictedAccount"]')).not.toBeNull();
  });

  test('a real member gets the page', async () => {
    writeSession(SESSION);
    serve({});
    renderInShell(<Deposit />);
    expect(await screen.findByRole('heading', { name: 'Deposit' })).toBeTruthy();
    expect(document.querySelector('[data-restricted]')).toBeNull();
    expect(document.querySelector('[data-modal]')).toBeNull();
  });

  test('the registry opens at my account', () => {
    expect(registry.defaultPage).toBe('securityCenter');
    expect(registry.pages[0].component).toBe(MyAccountPage);
  });
});
