import { useEffect } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18next from 'i18next';
import { readBootstrap, readSession, writeSession } from '@tessera/kit';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import type { FieldSetting } from '../forms';
import { ROUTES } from '../routes';
import { useModals } from './modalContext';
import { CODE, firebaseConfig, firebaseFake, resetFirebaseFake } from './testFirebase';

vi.mock('firebase/app', async () => (await import('./testFirebase')).firebaseFake.app);
vi.mock('firebase/auth', async () => (await import('./testFirebase')).firebaseFake.auth);
vi.mock('@tessera/kit', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tessera/kit')>()),
  sendEncrypted: vi.fn(),
}));
const kit = await import('@tessera/kit');
const sendEncrypted = vi.mocked(kit.sendEncrypted);

const MEMBER_INFO = { id: 9, account: 'newplayer1', nickname: 'newplayer1', type: 4, toUpline: false, clubLabel: { labelName: 'VIP0', rankLevel: 0 }, memberLabel: [] };
const LOGIN = { token: 'registered-token', firstTimeLogin: true, passwordExpired: false };
const INVITATION_ERROR = 'The invitation code is not valid.';

const off = (overrides: Partial<FieldSetting> = {}): FieldSetting => ({ enabled: false, required: false, acceptedPattern: '*', patternId: 'any', minLength: 1, maxLength: 64, ...overrides });
const SETTINGS: Record<string, FieldSetting> = {
  username: off({ enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', patternId: 'letterFirstAlnum', minLength: 6, maxLength: 16 }),
  password: off({ enabled: true, required: true, acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', patternId: 'lettersAndDigits', minLength: 6, maxLength: 20 }),
  confirmPassword: off({ enabled: true, required: true, acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$', patternId: 'lettersAndDigits', minLength: 6, maxLength: 20 }),
  mobileNum: off({ acceptedPattern: '^[0-9]+$', patternId: 'digits', minLength: 7, maxLength: 15 }),
  email: off({ acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', patternId: 'email', minLength: 5, maxLength: 64 }),
  verificationCode: off({ maxLength: 255 }),
  paymentPassword: off({ acceptedPattern: '^[0-9]+$', patternId: 'digits', minLength: 6, maxLength: 6 }),
  payeeName: off(),
  qqNum: off(),
  captcha: off(),
  affiliateCode: off(),
};

interface Setup {
  flags?: Record<string, boolean>;
  settings?: Record<string, Partial<FieldSetting>>;
  referralCode?: string;
  domainCode?: string | null;
  phoneAuth?: unknown;
}

function Opener({ referralCode }: { referralCode?: string }) {
  const modals = useModals();
  useEffect(() => modals.open({ kind: 'register', referralCode }), [modals, referralCode]);
  return null;
}

function answers({ flags = { DIRECTREG3: true, USERNAMEREG3: true }, settings = {}, domainCode = null, phoneAuth = null }: Setup) {
  const merged = Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, { ...setting, ...settings[name] }]));
  let images = 0;
  return {
    '/wps/system/status': { ...statusOf({ whitelabel: flags, domainRoute: { domain: 'localhost', route: '/', referralCode: domainCode } }), phoneAuth },
    '/wps/system/setting/register': merged,
    '/wps/member/info': MEMBER_INFO,
    '/wps/captcha': () => `data:image/png;base64,${(images += 1)}`,
    '/wps/verification/sms/register': { expiredMinutes: 5 },
    '/wps/agent/affiliate': (url: URL) =>
      url.searchParams.get('code')?.startsWith('GOOD') && url.searchParams.get('domain') === window.location.host
        ? { valid: true }
        : new Response(JSON.stringify({ success: false, code: 'invitation_code_error', message: INVITATION_ERROR, value: null }), { status: 400 }),
  };
}

async function renderRegister(setup: Setup = {}) {
  const calls = serve(answers(setup));
  const result = renderInShell(<Opener referralCode={setup.referralCode} />);
  await screen.findByRole('button', { name: 'Register' });
  await act(async () => undefined);
  return { ...result, calls };
}

const dialog = () => screen.getByRole('dialog', { name: 'Register' });
const input = (name: string) => dialog().querySelector<HTMLInputElement>(`input[name="${name}"]`);
const shownFields = () => [...dialog().querySelectorAll<HTMLElement>('[data-field]')].map((field) => field.dataset.field);
const type = (name: string, value: string) => fireEvent.change(input(name)!, { target: { value } });
/** Sends the form; the member ticks the age and terms box first (it is never ticked for them) unless told not to. */
const submit = (acceptTerms = true) =>
  act(async () => {
    const terms = input('terms');
    if (acceptTerms && terms && !terms.checked) fireEvent.click(terms);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Register' }));
  });
const errorOf = (name: string) => {
  const described = input(name)?.getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : null;
};

function fillUsernameForm() {
  type('username', 'newplayer1');
  type('password', 'secret12');
  type('confirmPassword', 'secret12');
}

afterEach(() => {
  writeSession(null);
  sendEncrypted.mockReset();
  resetFirebaseFake();
});

describe('register modes', () => {
  test('username only: no switch, the username form', async () => {
    await renderRegister();
    expect(screen.queryByRole('group', { name: 'Register with' })).toBeNull();
    expect(shownFields()).toEqual(['username', 'password', 'confirmPassword', 'affiliateCode']);
  });

  test('mobile only: no switch, the mobile form without a username', async () => {
    await renderRegister({ flags: { DIRECTREG3: true, MOBILENUMREG3: true } });
    expect(screen.queryByRole('group', { name: 'Register with' })).toBeNull();
    expect(shownFields()).toEqual(['mobileNum', 'password', 'confirmPassword', 'affiliateCode']);
    expect(screen.getByRole('textbox', { name: 'Mobile number' }).hasAttribute('required')).toBe(true);
  });

  test('both: the switch, mobile first, and the username form on choice', async () => {
    await renderRegister({ flags: { DIRECTREG3: true, USERNAMEREG3: true, MOBILENUMREG3: true } });
    const modes = screen.getByRole('group', { name: 'Register with' });
    expect(within(modes).getByRole('radio', { name: 'Mobile number' })).toHaveProperty('checked', true);
    expect(shownFields()[0]).toBe('mobileNum');
    fireEvent.click(within(modes).getByRole('radio', { name: 'Username' }));
    expect(shownFields()[0]).toBe('username');
    expect(shownFields()).not.toContain('mobileNum');
  });

  test('without DIRECTREG3 there is no registration', async () => {
    serve(answers({ flags: { USERNAMEREG3: true } }));
    renderInShell(<Opener />);
    expect(await screen.findByText('Registration is not available at the moment.')).not.toBeNull();
    expect(input('username')).toBeNull();
  });
});

describe('fields the brand turns on', () => {
  test('optional fields only when enabled, required only when the server says', async () => {
    await renderRegister({
      flags: { DIRECTREG3: true, USERNAMEREG3: true, REGMOBVERF3: true, PAYMENTPASSWORD3: true },
      settings: { email: { enabled: true }, payeeName: { enabled: true, required: true }, mobileNum: { enabled: true } },
    });
    expect(shownFields()).toEqual(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'paymentPassword', 'payeeName', 'email', 'affiliateCode']);
    expect(input('email')!.required).toBe(false);
    expect(input('payeeName')!.required).toBe(true);
    expect(input('mobileNum')!.required).toBe(false);
    expect(input('verificationCode')!.required).toBe(true);
    expect(input('paymentPassword')!.required).toBe(true);
    expect(screen.getByRole('button', { name: 'Send code' })).not.toBeNull();
  });

  test('the captcha when its register field is enabled', async () => {
    await renderRegister({ settings: { captcha: { enabled: true } } });
    await waitFor(() => expect(dialog().querySelector('.captcha-field__image img')?.getAttribute('src')).toBe('data:image/png;base64,1'));
    expect(screen.getByRole('textbox', { name: 'Verification code' })).not.toBeNull();
  });
});

describe('checks before sending', () => {
  test('terms come first: unticked they say "not empty?" and take the focus', async () => {
    await renderRegister();
    const terms = screen.getByRole('checkbox', { name: 'I am 18 or older and accept the terms.' });
    expect(terms).toHaveProperty('checked', false);
    await submit(false);
    expect(errorOf('terms')).toBe('not empty?');
    expect(document.activeElement).toBe(terms);
    expect(sendEncrypted).not.toHaveBeenCalled();
  });

  test('every field shows its first problem and the first invalid one takes the focus', async () => {
    await renderRegister();
    type('password', 'secret12');
    type('confirmPassword', 'secret13');
    type('username', '1player');
    await submit();
    expect(errorOf('username')).toBe('Please enter 6 - 16 characters: a letter first, then letters and digits');
    expect(errorOf('confirmPassword')).toBe('Incorrect confirmation input');
    expect(errorOf('password')).toBeNull();
    expect(document.activeElement).toBe(input('username'));
    expect(sendEncrypted).not.toHaveBeenCalled();
  });

  test('a brand asking for 21 says 21 in the box, still unticked; in Bengali with its digits', async () => {
    readBootstrap().brand.legalAge = 21;
    try {
      await renderRegister();
      expect(screen.getByRole('checkbox', { name: 'I am 21 or older and accept the terms.' })).toHaveProperty('checked', false);
      await act(async () => void (await i18next.changeLanguage('bn')));
      expect(screen.getByRole('checkbox', { name: 'আমার বয়স ২১ বছর বা তার বেশি এবং আমি শর্তাবলি মেনে নিচ্ছি।' })).toBeTruthy();
    } finally {
      delete readBootstrap().brand.legalAge;
      await i18next.changeLanguage('en');
    }
  });

  test('the terms link goes to /help#term', async () => {
    await renderRegister();
    expect(screen.getByRole('link', { name: 'Read the terms' }).getAttribute('href')).toBe('/help#term');
  });

  test('the log-in link opens the login modal', async () => {
    await renderRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(document.querySelector('[data-modal="login"]')).not.toBeNull();
    expect(document.querySelector('[data-modal="register"]')).toBeNull();
  });
});

describe('affiliate code', () => {
  test("a valid code in the address hides the field and is sent", async () => {
    sendEncrypted.mockResolvedValue(LOGIN);
    const { calls } = await renderRegister({ referralCode: 'GOOD1' });
    await waitFor(() => expect(shownFields()).not.toContain('affiliateCode'));
    const check = calls.find((call) => call.url.pathname === '/wps/agent/affiliate')!;
    expect(check.url.searchParams.get('domain')).toBe(window.location.host);
    fillUsernameForm();
    await submit();
    await waitFor(() => expect(sendEncrypted).toHaveBeenCalled());
    expect(sendEncrypted.mock.calls[0][1]).toMatchObject({ affiliateCode: 'GOOD1' });
  });

  test("the domain's code counts when the address has none", async () => {
    await renderRegister({ domainCode: 'GOOD-DOMAIN' });
    await waitFor(() => expect(shownFields()).not.toContain('affiliateCode'));
  });

  test('an invalid code shows the field, and an invalid entry warns on submit without registering', async () => {
    await renderRegister({ referralCode: 'BAD1' });
    await waitFor(() => expect(shownFields()).toContain('affiliateCode'));
    fillUsernameForm();
    type('affiliateCode', 'BAD2');
    await submit();
    const warning = await screen.findByRole('dialog', { name: 'Notice' });
    expect(warning.textContent).toContain(INVITATION_ERROR);
    expect(sendEncrypted).not.toHaveBeenCalled();
    fireEvent.click(within(warning).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Notice' })).toBeNull();
    expect(dialog()).not.toBeNull();
  });
});

describe('sending', () => {
  test("the server's field errors show under their fields", async () => {
    sendEncrypted.mockRejectedValue(
      new kit.ApiError('username_taken', 409, 'This username is already taken.', null),
    );
    await renderRegister();
    fillUsernameForm();
    await submit();
    await waitFor(() => expect(errorOf('username')).toBe('This username is already taken.'));
    expect(document.activeElement).toBe(input('username'));

    sendEncrypted.mockRejectedValue(new kit.ApiError('invalid_fields', 400, 'Please enter correct information', { fields: { password: ['Too weak', 'Other'] } }));
    await submit();
    await waitFor(() => expect(errorOf('password')).toBe('Too weak'));
    expect(errorOf('username')).toBeNull();
  });

  test('success registers encrypted with PUT, stores the session, goes home and opens the deposit dialog', async () => {
    sendEncrypted.mockResolvedValue(LOGIN);
    const { calls, router } = await renderRegister();
    fillUsernameForm();
    type('affiliateCode', ' GOOD7 ');
    await submit();
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).not.toBeNull();
    expect(sendEncrypted).toHaveBeenCalledWith(
      '/wps/member/register',
      {
        username: 'newplayer1', password: 'secret12', confirmPassword: 'secret12', affiliateCode: 'GOOD7',
        registerMethod: 'WEB', login: true, domain: window.location.host,
      },
      'PUT',
    );
    const info = calls.find((call) => call.url.pathname === '/wps/member/info')!;
    expect(new Headers(info.init?.headers).get('Authorization')).toBe('Bearer registered-token');
    expect(readSession()).toEqual({ token: 'registered-token', isAgent: 4, username: 'newplayer1' });
    expect(router.state.location.pathname).toBe('/');
    expect(document.querySelector('[data-modal="register"]')).toBeNull();
  });

  test('registering opens the deposit dialog even when the answer is not a first login', async () => {
    sendEncrypted.mockResolvedValue({ ...LOGIN, firstTimeLogin: false });
    await renderRegister();
    fillUsernameForm();
    await submit();
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).not.toBeNull();
    expect(readSession()?.token).toBe('registered-token');
  });

  test('a refusal about a field the mode does not show is said under the form', async () => {
    const taken = 'This username is already taken.';
    sendEncrypted.mockRejectedValue(new kit.ApiError('username_taken', 409, taken, null));
    await renderRegister({ flags: { DIRECTREG3: true, MOBILENUMREG3: true } });
    type('mobileNum', '9171234567');
    type('password', 'secret12');
    type('confirmPassword', 'secret12');
    await submit();
    await waitFor(() => expect(dialog().querySelector('[data-field-error="form"]')?.textContent).toBe(taken));
    expect(input('username')).toBeNull();
    expect(errorOf('mobileNum')).toBeNull();
  });

  test('mobile mode: the code is sent for the number, counts down, and registration goes to the mobile call', async () => {
    sendEncrypted.mockResolvedValue(LOGIN);
    const { calls } = await renderRegister({ flags: { DIRECTREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true } });
    const send = screen.getByRole('button', { name: 'Send code' });
    await act(async () => fireEvent.click(send));
    expect(errorOf('mobileNum')).toBe('Required');
    expect(document.activeElement).toBe(input('mobileNum'));
    expect(calls.some((call) => call.url.pathname === '/wps/verification/sms/register')).toBe(false);

    type('mobileNum', '9171234567');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await act(async () => fireEvent.click(send));
    const sms = calls.find((call) => call.url.pathname === '/wps/verification/sms/register')!;
    expect(sms.init?.method).toBe('POST');
    expect(JSON.parse(String(sms.init?.body))).toEqual({ countryDialingCode: '+63', mobileNo: '9171234567' });
    expect(send.textContent).toBe('Resend in 300 s');

    type('verificationCode', '1234567');
    type('password', 'secret12');
    type('confirmPassword', 'secret12');
    await submit();
    await waitFor(() => expect(sendEncrypted).toHaveBeenCalled());
    expect(sendEncrypted.mock.calls[0][0]).toBe('/wps/member/register/mobile');
    expect(sendEncrypted.mock.calls[0][1]).toMatchObject({ mobileNum: '9171234567', countryDialingCode: '+63', verificationCode: '1234567' });
    expect(sendEncrypted.mock.calls[0][1]).not.toHaveProperty('username');
  });

  test("with the brand's Firebase phone auth, Firebase texts the code and registration sends its ID token", async () => {
    sendEncrypted.mockResolvedValue(LOGIN);
    const { calls } = await renderRegister({
      flags: { DIRECTREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true },
      // The brand's own codes are 7 digits; Firebase's are 6.
      settings: { verificationCode: { acceptedPattern: '^[0-9]+$', patternId: 'digits', minLength: 7, maxLength: 7 } },
      phoneAuth: firebaseConfig('tessera-demo-ph'),
    });
    type('mobileNum', '09171234567');
    const send = screen.getByRole('button', { name: 'Send code' });
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(send.textContent).toBe('Resend in 60 s'));
    expect(firebaseFake.sent).toEqual([{ phoneNumber: '+639171234567', language: 'en' }]);
    expect(calls.some((call) => call.url.pathname === '/wps/verification/sms/register')).toBe(false);

    type('verificationCode', '1234567');
    type('password', 'secret12');
    type('confirmPassword', 'secret12');
    await submit();
    expect(errorOf('verificationCode')).toBe('Please enter 6 characters: digits only');
    expect(firebaseFake.confirmed).toEqual([]);

    type('verificationCode', '000000');
    await submit();
    await waitFor(() => expect(errorOf('verificationCode')).toBe('The verification code is not correct.'));
    expect(sendEncrypted).not.toHaveBeenCalled();

    type('verificationCode', CODE);
    await submit();
    await waitFor(() => expect(sendEncrypted).toHaveBeenCalled());
    const fields = sendEncrypted.mock.calls[0][1] as Record<string, unknown>;
    expect(fields).toMatchObject({ mobileNum: '09171234567', countryDialingCode: '+63', firebaseChannel: 'sms', firebaseIdToken: 'id-token:+639171234567' });
    expect(fields).not.toHaveProperty('verificationCode');
  });

  test('a refused captcha shows its message and a new image', async () => {
    sendEncrypted.mockRejectedValue(new kit.ApiError('captcha_invalid', 400, 'The verification code is not correct.', { captcha: true }));
    const { calls } = await renderRegister({ settings: { captcha: { enabled: true } } });
    fillUsernameForm();
    type('captcha', 'abcd');
    await submit();
    await waitFor(() => expect(errorOf('captcha')).toBe('The verification code is not correct.'));
    expect(sendEncrypted.mock.calls[0][1]).toMatchObject({ captcha: 'abcd' });
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/wps/captcha')).toHaveLength(2), { timeout: 2000 });
  });
});

describe('the /register route', () => {
  test('opens the register modal over home with the address code', async () => {
    const calls = serve(answers({ referralCode: 'GOOD9' }));
    renderInShell(<></>, { path: '/register?referralCode=GOOD9', routes: ROUTES });
    expect(await screen.findByRole('dialog', { name: 'Register' })).not.toBeNull();
    expect(document.querySelector('[data-page="home"]')).not.toBeNull();
    await waitFor(() => expect(calls.find((call) => call.url.pathname === '/wps/agent/affiliate')?.url.searchParams.get('code')).toBe('GOOD9'));
  });
});
