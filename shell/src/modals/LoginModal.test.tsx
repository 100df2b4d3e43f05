import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readSession, writeSession } from '@tessera/kit';
import { NOTICES_PATH, noticePayload, noticesOf } from './testNotices';
import { CODE, firebaseConfig, firebaseFake, resetFirebaseFake } from './testFirebase';
import { bodyOf, CAPTCHA_IMAGE, callsTo, headerOf, LOGIN, MEMBER_INFO, modal, refusal, renderModal } from './testIdentity';

vi.mock('firebase/app', async () => (await import('./testFirebase')).firebaseFake.app);
vi.mock('firebase/auth', async () => (await import('./testFirebase')).firebaseFake.auth);

vi.mock('@tessera/kit', async (original) => (await import('./testSealing')).plainSealing(await original()));

const LOGIN_PATH = '/wps/session/login';
const SMS_PATH = '/wps/verification/sms/noLogin';

/** Answers the login call with each of ``answers`` in turn (the last one repeating). */
function loginAnswers(...answers: unknown[]) {
  let index = 0;
  return () => answers[Math.min(index++, answers.length - 1)];
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`[data-modal] input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

async function logInAs(username = 'player01', password = 'secret') {
  await screen.findByRole('button', { name: 'Log in' });
  type('username', username);
  type('password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  writeSession(null);
  vi.useRealTimers();
  resetFirebaseFake();
});

describe('login modal', () => {
  test('username and password are required (trimmed), each error under its field', async () => {
    const { calls } = renderModal({ kind: 'login' });
    await logInAs('   ', '');
    expect(screen.getByText('Please enter your username.').id).toBe(input('username').getAttribute('aria-describedby'));
    expect(screen.getByText('Please enter your password.').id).toBe(input('password').getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(input('username'));
    expect(callsTo(calls, LOGIN_PATH)).toHaveLength(0);
  });

  test("a refused login shows the server's message, hides the loader and keeps the modal", async () => {
    renderModal({ kind: 'login' }, { answers: { [LOGIN_PATH]: () => refusal(401, 'login_failed', 'Wrong username or password') } });
    await logInAs('player01', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
    expect(modal('login')).not.toBeNull();
    expect(readSession()).toBeNull();
    // Without value.captcha no captcha appears.
    expect(input('captcha')).toBeNull();
  });

  test('a login sends the trimmed fields sealed, stores the session from member info, closes and goes home', async () => {
    const { calls, router } = renderModal({ kind: 'login' }, { path: '/promotions', answers: { [LOGIN_PATH]: LOGIN } });
    await logInAs(' player01 ', 'secret');
    await waitFor(() => expect(modal('login')).toBeNull());
    const login = callsTo(calls, LOGIN_PATH)[0];
    expect(headerOf(login, 'Content-Type')).toBe('application/jose');
    expect(bodyOf(login)).toEqual({ type: 'username', username: 'player01', password: 'secret' });
    const info = callsTo(calls, '/wps/member/info')[0];
    expect(headerOf(info, 'Authorization')).toBe('Bearer new-token');
    expect(readSession()).toEqual({ token: 'new-token', isAgent: 4, username: 'player01' });
    expect(router.state.location.pathname).toBe('/');
  });

  test('with LOGINREQCAPTCHA3 the captcha is there from the start and its text is sent', async () => {
    const { calls } = renderModal({ kind: 'login' }, { whitelabel: { LOGINREQCAPTCHA3: true }, answers: { [LOGIN_PATH]: LOGIN } });
    await waitFor(() => expect(input('captcha')).not.toBeNull());
    await waitFor(() => expect(document.querySelector('.captcha-field__image img')?.getAttribute('src')).toBe(CAPTCHA_IMAGE));
    await logInAs();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(callsTo(calls, LOGIN_PATH)).toHaveLength(0);
    type('captcha', ' ab12 ');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[0])).toMatchObject({ username: 'player01', captcha: 'ab12' });
  });

  test('a failure answering value.captcha shows the captcha; each further failure reloads it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const answers = loginAnswers(
      refusal(401, 'login_failed', 'Wrong username or password', { captcha: true }),
      refusal(400, 'captcha_invalid', 'The verification code is wrong', { captcha: true }),
    );
    const { calls } = renderModal({ kind: 'login' }, { answers: { [LOGIN_PATH]: answers } });
    await logInAs();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password');
    await waitFor(() => expect(callsTo(calls, '/wps/captcha')).toHaveLength(1));
    expect(input('captcha')).not.toBeNull();

    vi.setSystemTime(Date.now() + 1500);
    type('captcha', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The verification code is wrong')).toBeTruthy();
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[1])).toMatchObject({ captcha: 'wrong' });
    await waitFor(() => expect(callsTo(calls, '/wps/captcha')).toHaveLength(2));
    expect(input('captcha').value).toBe('');
  });

  test('SMS login: the number is checked, a code sent with purpose "login", then the login has type "sms"', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = renderModal({ kind: 'login' }, {
      whitelabel: { MOBILEVERCODELOGIN3: true },
      answers: { [SMS_PATH]: { expiredMinutes: 5 }, [LOGIN_PATH]: LOGIN },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mobile number' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(callsTo(calls, SMS_PATH)).toHaveLength(0);

    fireEvent.change(document.querySelector('select[name="countryDialingCode"]')!, { target: { value: '+63' } });
    type('mobileNum', '9171234567');
    vi.setSystemTime(Date.now() + 1100); // one request a second
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in 300 s/ })).toHaveProperty('disabled', true);
    expect(bodyOf(callsTo(calls, SMS_PATH)[0])).toEqual({ purpose: 'login', countryDialingCode: '+63', mobileNo: '9171234567' });

    type('verificationCode', '1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[0])).toEqual({ type: 'sms', countryDialingCode: '+63', mobileNum: '9171234567', verificationCode: '1234567' });
    expect(modal('login')).toBeNull();
  });

  /** The login modal of a brand signing in through Firebase phone auth, on its mobile-number tab. */
  async function openFirebaseLogin() {
    vi.useFakeTimers({ toFake: ['Date'] });
    const rendered = renderModal({ kind: 'login' }, {
      whitelabel: { MOBILEVERCODELOGIN3: true },
      status: { phoneAuth: firebaseConfig('tessera-demo-bd') },
      answers: { [LOGIN_PATH]: LOGIN },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mobile number' }));
    return rendered;
  }

  test("with the brand's Firebase phone auth, Firebase texts the code and its ID token logs in", async () => {
    const { calls } = await openFirebaseLogin();
    fireEvent.change(document.querySelector('select[name="countryDialingCode"]')!, { target: { value: '+880' } });
    type('mobileNum', '01712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in 60 s/ })).toHaveProperty('disabled', true);
    expect(firebaseFake.sent).toEqual([{ phoneNumber: '+8801712345678', language: 'en' }]);
    expect(callsTo(calls, SMS_PATH)).toHaveLength(0);

    type('verificationCode', ` ${CODE} `);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[0])).toEqual({
      type: 'sms', countryDialingCode: '+880', mobileNum: '01712345678', firebaseIdToken: 'id-token:+8801712345678',
    });
  });

  test('Firebase refusals show the SPEC §8 messages; too many requests waits 5 minutes', async () => {
    const { calls } = await openFirebaseLogin();
    type('mobileNum', '9171234567');
    firebaseFake.failSend = 'auth/too-many-requests';
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many requests. Please try again in 5 minutes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Resend in 300 s/ })).toHaveProperty('disabled', true);

    type('verificationCode', CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // No code was sent: the typed one cannot be right, and the server is not asked.
    expect(await screen.findByText('The verification code is not correct.')).toBeTruthy();
    expect(callsTo(calls, LOGIN_PATH)).toHaveLength(0);
  });

  test('an expired Firebase code is said under the code field', async () => {
    const { calls } = await openFirebaseLogin();
    type('mobileNum', '9171234567');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in 60 s/ });
    firebaseFake.failConfirm = 'auth/code-expired';
    type('verificationCode', CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const message = await screen.findByText('The verification code has expired. Please ask for a new one.');
    expect(message.id).toBe(input('verificationCode').getAttribute('aria-describedby'));
    expect(callsTo(calls, LOGIN_PATH)).toHaveLength(0);
  });

  test('an SMS send asking for the captcha shows it instead of a warning, and the next send carries it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sends = loginAnswers(refusal(400, 'captcha_required', 'Please complete verification first', { captcha: true }), { expiredMinutes: 5 });
    const { calls } = renderModal({ kind: 'login' }, { whitelabel: { MOBILEVERCODELOGIN3: true }, answers: { [SMS_PATH]: sends } });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mobile number' }));
    type('mobileNum', '9171234567');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please complete verification first')).toBeTruthy();
    expect(modal('warning')).toBeNull();
    type('captcha', 'x7k2');
    vi.setSystemTime(Date.now() + 1100); // one request a second, one captcha image a second
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    expect(bodyOf(callsTo(calls, SMS_PATH)[1])).toMatchObject({ purpose: 'login', captcha: 'x7k2' });
  });

  test('at the agent entrance the login says agent: true and a non-agent gets the refusal', async () => {
    const { calls } = renderModal({ kind: 'login' }, {
      path: '/agentHome',
      answers: { [LOGIN_PATH]: () => refusal(403, 'non_agent_login', 'Non-agents cannot log in') },
    });
    await logInAs();
    expect((await screen.findByRole('alert')).textContent).toBe('Non-agents cannot log in');
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[0])).toMatchObject({ username: 'player01', agent: true });
    expect(readSession()).toBeNull();
  });

  test('a brand domain routed to the agent home is the agent entrance too; its login goes there', async () => {
    const { calls, router } = renderModal({ kind: 'login' }, {
      status: { domainRoute: { domain: 'agent.demo-test.localhost', route: '/agentHome', referralCode: null } },
      answers: { [LOGIN_PATH]: LOGIN, '/wps/member/info': { ...MEMBER_INFO, type: 41 } },
    });
    await waitFor(() => expect(callsTo(calls, '/wps/system/status')).toHaveLength(1));
    await logInAs('agent01');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agentHome'));
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[0])).toMatchObject({ agent: true });
  });

  test('elsewhere no agent flag is sent', async () => {
    const { calls } = renderModal({ kind: 'login' }, { path: '/agent', answers: { [LOGIN_PATH]: LOGIN } });
    await logInAs();
    await waitFor(() => expect(readSession()).not.toBeNull());
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[0])).not.toHaveProperty('agent');
  });

  test('an unknown address asks for a code sent with purpose "ip", then repeats the login with it', async () => {
    const answers = loginAnswers(
      refusal(403, 'ip_verification_required', 'Please complete verification first', { mobileNum: '+63•••••1234' }),
      LOGIN,
    );
    const { calls } = renderModal({ kind: 'login' }, { answers: { [LOGIN_PATH]: answers, [SMS_PATH]: { expiredMinutes: 5 } } });
    await logInAs();
    expect(await screen.findByText(/Enter the code sent to \+63•••••1234/)).toBeTruthy();
    expect(readSession()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('Please enter the SMS code.')).toBeTruthy();
    expect(callsTo(calls, LOGIN_PATH)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    expect(bodyOf(callsTo(calls, SMS_PATH)[0])).toEqual({ purpose: 'ip', username: 'player01' });
    type('verificationCode', '7654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[1])).toEqual({ type: 'username', username: 'player01', password: 'secret', verificationCode: '7654321' });
  });

  test('with LOGINREQCAPTCHA3 the address check asks no second captcha; a wrong code shows a new one', async () => {
    const answers = loginAnswers(
      refusal(403, 'ip_verification_required', 'Please complete verification first', { mobileNum: '+63•••••1234' }),
      refusal(400, 'verification_code_invalid', 'The code is not correct.', { captcha: true }),
      LOGIN,
    );
    const { calls } = renderModal(
      { kind: 'login' },
      { whitelabel: { LOGINREQCAPTCHA3: true }, answers: { [LOGIN_PATH]: answers, [SMS_PATH]: { expiredMinutes: 5 } } },
    );
    await waitFor(() => expect(input('captcha')).not.toBeNull());
    type('captcha', 'ab12');
    await logInAs();
    expect(await screen.findByText(/Enter the code sent to \+63•••••1234/)).toBeTruthy();
    expect(input('captcha')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    expect(bodyOf(callsTo(calls, SMS_PATH)[0])).toEqual({ purpose: 'ip', username: 'player01' });
    type('verificationCode', '7654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(input('captcha')).not.toBeNull());
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[1])).not.toHaveProperty('captcha');

    type('verificationCode', '7654322');
    type('captcha', 'cd34');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    expect(bodyOf(callsTo(calls, LOGIN_PATH)[2])).toMatchObject({ verificationCode: '7654322', captcha: 'cd34' });
  });

  test('free play is offered only with FREEPLAY3, and logs in as a guest', async () => {
    const without = renderModal({ kind: 'login' });
    await waitFor(() => expect(callsTo(without.calls, '/wps/system/status')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Play for free' })).toBeNull();
    without.unmount();

    renderModal({ kind: 'login' }, { whitelabel: { FREEPLAY3: true }, answers: { '/wps/session/login/freeplay': { ...LOGIN, token: 'guest-token' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Play for free' }));
    await waitFor(() => expect(modal('login')).toBeNull());
    expect(readSession()?.token).toBe('guest-token');
  });

  test('forgot password? opens the forgot-password modal', async () => {
    renderModal({ kind: 'login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(modal('forgotPassword')).not.toBeNull();
    expect(modal('login')).toBeNull();
  });

  test("a provider's button posts the credential its script gives; without the script it says so", async () => {
    const providers = [{ provider: 'google', title: 'Google', clientId: 'client-1' }];
    const { calls } = renderModal({ kind: 'login' }, {
      status: { federatedProviders: providers },
      answers: { '/wps/session/login/federated': LOGIN },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('alert').textContent).toBe('Sign-in with Google is not available right now.');

    const dialog = vi.fn(async () => 'id-token-from-google');
    window.tesseraSignIn = { google: dialog };
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
      await waitFor(() => expect(readSession()?.token).toBe('new-token'));
      expect(dialog).toHaveBeenCalledWith('client-1');
      expect(bodyOf(callsTo(calls, '/wps/session/login/federated')[0])).toEqual({ provider: 'google', credential: 'id-token-from-google' });
    } finally {
      delete window.tesseraSignIn;
    }
  });
});

describe('after login', () => {
  test('a first login of a real member opens the deposit dialog', async () => {
    renderModal({ kind: 'login' }, { answers: { [LOGIN_PATH]: { ...LOGIN, firstTimeLogin: true } } });
    await logInAs();
    await waitFor(() => expect(modal('deposit')).not.toBeNull());
    expect(readSession()?.token).toBe('new-token');
  });

  test('otherwise the popup announcements show when there are any', async () => {
    renderModal({ kind: 'login' }, {
      path: '/promotions',
      answers: { [LOGIN_PATH]: LOGIN, [NOTICES_PATH]: noticePayload({ popup: noticesOf(2, 'Popup') }) },
    });
    await logInAs();
    await waitFor(() => expect(modal('announcements')).not.toBeNull());
    expect(screen.getByText('Popup 1')).toBeTruthy();
  });

  test.each([
    ['the password expired', { passwordExpired: true }, {}],
    ['FORCECHNGPASS3 and a first login', { firstTimeLogin: true }, { FORCECHNGPASS3: true }],
  ])('when %s, the forced change comes first and the session waits for it', async (_, answer, whitelabel) => {
    const { calls } = renderModal({ kind: 'login' }, { whitelabel, answers: { [LOGIN_PATH]: { ...LOGIN, ...answer } } });
    await waitFor(() => expect(callsTo(calls, '/wps/system/status')).toHaveLength(1));
    await logInAs();
    await waitFor(() => expect(modal('changePassword')).not.toBeNull());
    expect(readSession()).toBeNull();
    expect(callsTo(calls, '/wps/member/info')).toHaveLength(0);
  });

  test('an SMS login is never forced to change its password', async () => {
    renderModal({ kind: 'login' }, {
      whitelabel: { MOBILEVERCODELOGIN3: true, FORCECHNGPASS3: true },
      answers: { [LOGIN_PATH]: { ...LOGIN, passwordExpired: true } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mobile number' }));
    type('mobileNum', '9171234567');
    type('verificationCode', '1234567');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(readSession()?.token).toBe('new-token'));
    expect(modal('changePassword')).toBeNull();
  });
});
