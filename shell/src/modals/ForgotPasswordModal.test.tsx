import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readSession, writeSession } from '@tessera/kit';
import { bodyOf, callsTo, headerOf, LOGIN, modal, refusal, renderModal } from './testIdentity';

vi.mock('@tessera/kit', async (original) => (await import('./testSealing')).plainSealing(await original()));

const EMAIL_PATH = '/wps/member/password/email';
const VERIFICATION_PATH = '/wps/member/password/verification';
const SENT = 'If the username and e-mail belong to an account, a link to set a new password is on its way. It can be used once, within 30 minutes.';

const input = (name: string) => document.querySelector<HTMLInputElement>(`[data-modal] input[name="${name}"]`);
const type = (name: string, value: string) => fireEvent.change(input(name)!, { target: { value } });

afterEach(() => {
  writeSession(null);
  vi.useRealTimers();
});

describe('forgot password', () => {
  /** The confirmation shown for ``username`` when the server answers ``answer``, and the post made. */
  async function confirmationFor(username: string, answer: unknown) {
    const { calls, unmount } = renderModal({ kind: 'forgotPassword' }, { answers: { [EMAIL_PATH]: answer } });
    type('username', ` ${username} `);
    type('email', `${username}@example.com`);
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const text = (await screen.findByRole('status')).textContent;
    const post = callsTo(calls, EMAIL_PATH)[0];
    unmount();
    return { text, post };
  }

  test('by e-mail: a form post, then the same confirmation whatever the answer', async () => {
    const known = await confirmationFor('player01', null);
    const unknown = await confirmationFor('nobody', { something: 'else' });
    expect(known.text).toBe(SENT);
    expect(unknown.text).toBe(SENT);
    expect(known.post.init?.method).toBe('POST');
    expect(known.post.init?.body).toBeInstanceOf(URLSearchParams);
    expect(String(known.post.init?.body)).toBe('username=player01&email=player01%40example.com');
  });

  test('by e-mail the fields are required first; without an SMS feature there is no choice of method', async () => {
    const { calls } = renderModal({ kind: 'forgotPassword' });
    await waitFor(() => expect(callsTo(calls, '/wps/system/status')).toHaveLength(1));
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(callsTo(calls, EMAIL_PATH)).toHaveLength(0);
  });

  test('by mobile: a code with purpose "forgot", the new password, then logged in and home', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls, router } = renderModal(
      { kind: 'forgotPassword' },
      { path: '/promotions', whitelabel: { CHNGPASSVERIF3: true }, answers: { '/wps/verification/sms/noLogin': { expiredMinutes: 5 }, [VERIFICATION_PATH]: LOGIN } },
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Mobile number' }));
    fireEvent.change(document.querySelector('select[name="countryDialingCode"]')!, { target: { value: '+63' } });
    type('mobileNum', '9171234567');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    expect(bodyOf(callsTo(calls, '/wps/verification/sms/noLogin')[0])).toEqual({ purpose: 'forgot', countryDialingCode: '+63', mobileNo: '9171234567' });

    type('verificationCode', '1234567');
    type('newPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    const reset = callsTo(calls, VERIFICATION_PATH)[0];
    expect(headerOf(reset, 'Content-Type')).toBe('application/jose');
    expect(bodyOf(reset)).toEqual({ countryDialingCode: '+63', mobileNum: '9171234567', verificationCode: '1234567', newPassword: 'NewPass1' });
    expect(router.state.location.pathname).toBe('/');
    expect(modal('forgotPassword')).toBeNull();
  });

  test('a wrong code is said under the code field', async () => {
    renderModal(
      { kind: 'forgotPassword' },
      { whitelabel: { MOBILEVERCODELOGIN3: true }, answers: { [VERIFICATION_PATH]: () => refusal(400, 'verification_failed', 'Please enter correct information') } },
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Mobile number' }));
    type('mobileNum', '9171234567');
    type('verificationCode', '0000000');
    type('newPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Set password and log in' }));
    const error = await screen.findByText('Please enter correct information');
    expect(error.id).toBe(input('verificationCode')!.getAttribute('aria-describedby'));
    expect(readSession()).toBeNull();
  });
});

describe('reset link', () => {
  test('/forget?resetToken= opens the set-password modal, which posts the token and logs in', async () => {
    const { calls, router } = renderModal(null, { path: '/forget?resetToken=tok-123', answers: { [VERIFICATION_PATH]: LOGIN } });
    await waitFor(() => expect(modal('setPassword')).not.toBeNull());
    type('newPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    expect(bodyOf(callsTo(calls, VERIFICATION_PATH)[0])).toEqual({ resetToken: 'tok-123', newPassword: 'NewPass1' });
    expect(router.state.location.pathname).toBe('/');
    expect(modal('setPassword')).toBeNull();
  });

  test('a used or expired token gets the server message; /forget alone opens nothing', async () => {
    const { unmount } = renderModal(null, { path: '/forget' });
    await waitFor(() => expect(document.querySelector('[data-modal]')).toBeNull());
    unmount();

    renderModal(null, {
      path: '/forget?resetToken=used',
      answers: { [VERIFICATION_PATH]: () => refusal(400, 'verification_failed', 'Please enter correct information') },
    });
    await waitFor(() => expect(modal('setPassword')).not.toBeNull());
    type('newPassword', 'NewPass1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter correct information');
    expect(readSession()).toBeNull();
  });
});
