import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readSession, writeSession } from '@tessera/kit';
import { bodyOf, callsTo, headerOf, LOGIN, modal, refusal, renderModal } from './testIdentity';

vi.mock('@tessera/kit', async (original) => (await import('./testSealing')).plainSealing(await original()));

const PASSWORD_PATH = '/wps/member/password';
const SESSION = { token: 'old-token', isAgent: 4, username: 'player01' };
/** The brand's password rule: 6 to 12 letters and digits. */
const REGISTER_SETTINGS = {
  password: { enabled: true, required: true, acceptedPattern: '[A-Za-z0-9]+', patternId: 'lettersOrDigits', minLength: 6, maxLength: 12 },
};

const input = (name: string) => document.querySelector<HTMLInputElement>(`[data-modal="changePassword"] input[name="${name}"]`);
const type = (name: string, value: string) => fireEvent.change(input(name)!, { target: { value } });

afterEach(() => writeSession(null));

describe('change password', () => {
  test('forced after login: no close button, Escape does nothing, the held password is sent with the login token', async () => {
    const forced = { login: { ...LOGIN, firstTimeLogin: false }, oldPassword: 'typed-at-login', home: '/' };
    const { calls, router } = renderModal(
      { kind: 'changePassword', forced },
      { path: '/promotions', answers: { [PASSWORD_PATH]: { token: 'changed-token' }, '/wps/system/setting/register': REGISTER_SETTINGS } },
    );
    const dialog = await waitFor(() => modal('changePassword')!);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(modal('changePassword')).not.toBeNull();
    expect(input('oldPassword')).toBeNull();

    type('newPassword', 'NewPass1');
    type('confirmNewPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(modal('changePassword')).toBeNull());
    const change = callsTo(calls, PASSWORD_PATH)[0];
    expect(bodyOf(change)).toEqual({ oldPassword: 'typed-at-login', newPassword: 'NewPass1', confirmNewPassword: 'NewPass1' });
    expect(headerOf(change, 'Authorization')).toBe('Bearer new-token');
    expect(readSession()).toEqual({ token: 'changed-token', isAgent: 4, username: 'player01' });
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('session')).not.toContain('typed-at-login');
  });

  test('forced: a refusal about the held password, whose field is not shown, is said under the form', async () => {
    const forced = { login: LOGIN, oldPassword: 'typed-at-login', home: '/' };
    renderModal(
      { kind: 'changePassword', forced },
      { answers: { [PASSWORD_PATH]: () => refusal(400, 'old_password_wrong', 'The old password is wrong') } },
    );
    await waitFor(() => expect(modal('changePassword')).not.toBeNull());
    type('newPassword', 'NewPass1');
    type('confirmNewPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The old password is wrong');
    expect(document.querySelector('[data-modal="changePassword"] [data-field-error="form"]')).not.toBeNull();
    expect(readSession()).toBeNull();
  });

  test('the confirmation must repeat the new password, which follows the brand rule; nothing is sent until then', async () => {
    writeSession(SESSION);
    const { calls } = renderModal({ kind: 'changePassword' }, { answers: { '/wps/system/setting/register': REGISTER_SETTINGS } });
    await waitFor(() => expect(callsTo(calls, '/wps/system/setting/register')).toHaveLength(1));
    type('oldPassword', 'OldPass1');
    type('newPassword', 'no');
    type('confirmNewPassword', 'different');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(document.querySelector('[data-field-error="newPassword"]')?.textContent).toBe(i18next.t('pattern_lettersOrDigits', { ns: 'forms', min: 6, max: 12 })));
    expect(screen.getByText('Incorrect confirmation input')).toBeTruthy();
    expect(callsTo(calls, PASSWORD_PATH)).toHaveLength(0);
  });

  test('a wrong old password shows under it; a change keeps this session on the new token', async () => {
    writeSession(SESSION);
    let answer: unknown = refusal(400, 'old_password_wrong', 'The old password is wrong');
    const { calls, queryClient } = renderModal({ kind: 'changePassword' }, { answers: { [PASSWORD_PATH]: () => answer } });
    type('oldPassword', 'Wrong1');
    type('newPassword', 'NewPass1');
    type('confirmNewPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const error = await screen.findByText('The old password is wrong');
    expect(error.id).toBe(input('oldPassword')!.getAttribute('aria-describedby'));
    expect(headerOf(callsTo(calls, PASSWORD_PATH)[0], 'Authorization')).toBe('Bearer old-token');

    answer = { token: 'renewed-token' };
    queryClient.setQueryData(['member', 'old-token'], { account: 'player01' });
    type('oldPassword', 'OldPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(readSession()).toEqual({ ...SESSION, token: 'renewed-token' });
    expect(queryClient.getQueryData(['member', 'renewed-token'])).toEqual({ account: 'player01' });
  });

  test('with CHNGPASSVERIF3 a code sent to the own phone (purpose "password") replaces the old password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    writeSession(SESSION);
    const { calls } = renderModal(
      { kind: 'changePassword' },
      { whitelabel: { CHNGPASSVERIF3: true }, answers: { '/wps/verification/sms/noLogin': { expiredMinutes: 5 }, [PASSWORD_PATH]: { token: 'renewed-token' } } },
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'SMS code' }));
    expect(input('oldPassword')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    const send = callsTo(calls, '/wps/verification/sms/noLogin')[0];
    expect(bodyOf(send)).toEqual({ purpose: 'password' });
    expect(headerOf(send, 'Authorization')).toBe('Bearer old-token');
    type('verificationCode', '1234567');
    type('newPassword', 'NewPass1');
    type('confirmNewPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your password has been changed.');
    expect(bodyOf(callsTo(calls, PASSWORD_PATH)[0])).toEqual({ verificationCode: '1234567', newPassword: 'NewPass1', confirmNewPassword: 'NewPass1' });
    vi.useRealTimers();
  });
});
