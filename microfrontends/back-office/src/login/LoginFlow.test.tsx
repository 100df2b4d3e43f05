import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'react-admin';
import { fakeApi } from '../../test/fakeApi';
import { staffSession } from '../../test/sessions';
import { i18nProvider } from '../i18n';
import { LoginFlow } from './LoginPage';

function renderFlow() {
  const onLoggedIn = vi.fn();
  render(
    <I18nContextProvider value={i18nProvider}>
      <LoginFlow onLoggedIn={onLoggedIn} />
    </I18nContextProvider>,
  );
  return onLoggedIn;
}

async function typeCredentials(user: ReturnType<typeof userEvent.setup>, code?: string) {
  await user.type(screen.getByLabelText(/^Username/), 'dana');
  await user.type(screen.getByLabelText(/^Password/), 'one-time-pw');
  if (code) await user.type(screen.getByLabelText(/^Two-factor code/), code);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the login', () => {
  it('sends the username, password and code, and an enrolled staff member is in', async () => {
    const user = userEvent.setup();
    const session = staffSession();
    const sent = fakeApi({ 'POST /bo/api/session': { value: session } });
    const onLoggedIn = renderFlow();
    await typeCredentials(user, ' 123456 ');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(session));
    expect(sent[0].body).toEqual({ username: 'dana', password: 'one-time-pw', code: '123456' });
  });

  it("shows the API's message when refused", async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /bo/api/session': { status: 401, code: 'login_failed', message: 'The username, password or two-factor code is wrong.' },
    });
    const onLoggedIn = renderFlow();
    await typeCredentials(user, '000000');
    expect(await screen.findByText('The username, password or two-factor code is wrong.')).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('takes a first login through the new password and two-factor enrolment to the recovery codes', async () => {
    const user = userEvent.setup();
    const fresh = staffSession({ twoFactor: false, mustChangePassword: true });
    const changed = staffSession({ twoFactor: false, mustChangePassword: false });
    const complete = staffSession();
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    const sent = fakeApi({
      'POST /bo/api/session': { value: fresh },
      'PUT /bo/api/session/password': { value: changed },
      'POST /bo/api/session/two-factor': { value: { uri: 'otpauth://totp/Tessera:dana?secret=ABC', qrSvg: '<svg></svg>' } },
      'PUT /bo/api/session/two-factor': { value: { recoveryCodes: codes } },
      'GET /bo/api/session': { value: complete },
    });
    const onLoggedIn = renderFlow();
    await typeCredentials(user);
    expect(sent[0].body).toEqual({ username: 'dana', password: 'one-time-pw' });

    const submitPassword = await screen.findByRole('button', { name: 'Change password' });
    await user.type(screen.getByLabelText(/^New password \*/), 'short');
    expect((submitPassword as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText(/^New password \*/));
    await user.type(screen.getByLabelText(/^New password \*/), 'my own password');
    await user.type(screen.getByLabelText(/^New password again/), 'my own password');
    await user.click(submitPassword);
    const change = sent.find((call) => call.path === '/bo/api/session/password')!;
    expect(change.body).toEqual({ currentPassword: 'one-time-pw', newPassword: 'my own password' });
    expect(change.headers['X-CSRF-Token']).toBe('csrf-of-the-session');

    expect(await screen.findByText('otpauth://totp/Tessera:dana?secret=ABC')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of your two-factor secret' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await user.type(screen.getByLabelText(/^Code from your authenticator app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(sent.at(-1)!.body).toEqual({ code: '654321' });

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.textContent).toBe(codes.join(''));
    expect(onLoggedIn).not.toHaveBeenCalled(); // the codes stay until the staff member moves on
    await user.click(screen.getByRole('button', { name: 'I have kept them: continue' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(complete));
  });

  it('keeps the enrolment until the code is right', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /bo/api/session': { value: staffSession({ twoFactor: false }) },
      'POST /bo/api/session/two-factor': { value: { uri: 'otpauth://totp/x?secret=A', qrSvg: '<svg></svg>' } },
      'PUT /bo/api/session/two-factor': {
        status: 400,
        code: 'two_factor_invalid',
        message: 'The code is wrong. Enter the code your authenticator app shows now.',
      },
    });
    const onLoggedIn = renderFlow();
    await typeCredentials(user);
    await user.type(await screen.findByLabelText(/^Code from your authenticator app/), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is wrong. Enter the code your authenticator app shows now.')).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});
