import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readSession, writeSession } from '@tessera/kit';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { LoginModal } from './LoginModal';

vi.mock('@tessera/kit', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tessera/kit')>()),
  sendEncrypted: vi.fn(),
}));
const kit = await import('@tessera/kit');
const sendEncrypted = vi.mocked(kit.sendEncrypted);

const MEMBER_INFO = { id: 7, account: 'player01', nickname: 'Player', type: 4, toUpline: false, clubLabel: { labelName: 'VIP0', rankLevel: 0 }, memberLabel: [] };
const LOGIN = { token: 'new-token', firstTimeLogin: false, passwordExpired: false };

function renderLogin({ whitelabel = {}, path = '/' }: { whitelabel?: Record<string, boolean>; path?: string } = {}) {
  const onClose = vi.fn();
  const calls = serve({
    '/wps/system/status': statusOf({ whitelabel }),
    '/wps/member/info': MEMBER_INFO,
    '/wps/session/login/freeplay': { ...LOGIN, token: 'guest-token' },
  });
  const result = renderInShell(<LoginModal onClose={onClose} />, { path });
  return { ...result, onClose, calls };
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`.login input[name="${name}"]`)!;

afterEach(() => {
  writeSession(null);
  sendEncrypted.mockReset();
});

describe('login modal', () => {
  test('username and password are required (trimmed), each error under its field', async () => {
    renderLogin();
    fireEvent.change(input('username'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your username.').id).toBe(input('username').getAttribute('aria-describedby'));
    expect(screen.getByText('Please enter your password.').id).toBe(input('password').getAttribute('aria-describedby'));
    expect(sendEncrypted).not.toHaveBeenCalled();
  });

  test("a refused login shows the server's message and keeps the modal", async () => {
    sendEncrypted.mockRejectedValue(new kit.ApiError('login_failed', 401, 'Wrong username or password'));
    const { onClose } = renderLogin();
    fireEvent.change(input('username'), { target: { value: 'player01' } });
    fireEvent.change(input('password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong username or password');
    expect(onClose).not.toHaveBeenCalled();
    expect(readSession()).toBeNull();
  });

  test('a login sends the trimmed fields, stores the session from member info, closes and goes home', async () => {
    sendEncrypted.mockResolvedValue(LOGIN);
    const { onClose, router, calls } = renderLogin({ path: '/promotions' });
    fireEvent.change(input('username'), { target: { value: ' player01 ' } });
    fireEvent.change(input('password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sendEncrypted).toHaveBeenCalledWith('/wps/session/login', { type: 'username', username: 'player01', password: 'secret' });
    const info = calls.find((call) => call.url.pathname === '/wps/member/info')!;
    expect(new Headers(info.init?.headers).get('Authorization')).toBe('Bearer new-token');
    expect(readSession()).toEqual({ token: 'new-token', isAgent: 4, username: 'player01' });
    expect(router.state.location.pathname).toBe('/');
  });

  test('from the agent entrance the login goes to the agent home', async () => {
    sendEncrypted.mockResolvedValue(LOGIN);
    const { onClose, router } = renderLogin({ path: '/agent' });
    fireEvent.change(input('username'), { target: { value: 'player01' } });
    fireEvent.change(input('password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/agentHome');
  });

  test('free play is offered only with FREEPLAY3, and logs in as a guest', async () => {
    const without = renderLogin();
    await waitFor(() => expect(without.calls.some((call) => call.url.pathname === '/wps/system/status')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Play for free' })).toBeNull();
    without.unmount();

    const { onClose } = renderLogin({ whitelabel: { FREEPLAY3: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Play for free' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(readSession()?.token).toBe('guest-token');
  });
});
