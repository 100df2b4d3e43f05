import i18next from 'i18next';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { catalogueOf } from '../../test/catalogues';
import { createPhoneSignIn, e164, phoneAuthCode, type PhoneAuthCode } from './firebasePhone';
import { CODE, firebaseConfig, firebaseError, firebaseFake, resetFirebaseFake } from './testFirebase';

// Each SDK module counts its loads: the shell must not fetch Firebase until it is used. The fake
// is taken once, so the modules loaded again after vi.resetModules are the same fake.
const { loads, fake } = await vi.hoisted(async () => ({ loads: { app: 0, auth: 0 }, fake: (await import('./testFirebase')).firebaseFake }));
vi.mock('firebase/app', () => {
  loads.app += 1;
  return fake.app;
});
vi.mock('firebase/auth', () => {
  loads.auth += 1;
  return fake.auth;
});

beforeEach(resetFirebaseFake);


describe('Firebase errors (SPEC §8)', () => {
  test.each([
    ['auth/invalid-phone-number', 'phone_auth_invalid_phone_number'],
    ['auth/missing-phone-number', 'phone_auth_missing_phone_number'],
    ['auth/too-many-requests', 'phone_auth_too_many_requests'],
    ['auth/invalid-verification-code', 'phone_auth_invalid_code'],
    ['auth/missing-verification-code', 'phone_auth_missing_code'],
    ['auth/captcha-check-failed', 'phone_auth_captcha_check_failed'],
    ['auth/invalid-app-credential', 'phone_auth_captcha_check_failed'],
    ['auth/quota-exceeded', 'phone_auth_quota_exceeded'],
    ['auth/operation-not-allowed', 'phone_auth_operation_not_allowed'],
    ['auth/code-expired', 'phone_auth_code_expired'],
    ['auth/invalid-verification-id', 'phone_auth_code_expired'],
    ['auth/popup-closed-by-user', 'phone_auth_popup_closed'],
    ['auth/network-request-failed', 'phone_auth_unknown_error'],
    ['auth/internal-error', 'phone_auth_unknown_error'],
  ])('%s is %s', (firebase, code) => {
    expect(phoneAuthCode(firebaseError(firebase))).toBe(code);
  });

  test('anything that is not a Firebase error is an unknown error', () => {
    for (const thrown of [new Error('ChunkLoadError'), null, 'auth/too-many-requests', { code: 42 }]) {
      expect(phoneAuthCode(thrown)).toBe('phone_auth_unknown_error');
    }
  });

  test("every code reads the server's message, in English, Bengali and Vietnamese", () => {
    const firebaseCodes = ['auth/invalid-phone-number', 'auth/missing-phone-number', 'auth/too-many-requests', 'auth/invalid-verification-code',
      'auth/missing-verification-code', 'auth/captcha-check-failed', 'auth/quota-exceeded', 'auth/operation-not-allowed', 'auth/code-expired',
      'auth/popup-closed-by-user', 'no-such-code'];
    const codes = new Set<PhoneAuthCode>(firebaseCodes.map((code) => phoneAuthCode({ code })));
    expect(codes.size).toBe(11);
    for (const code of codes) {
      const [english, bengali, vietnamese] = ['en', 'bn', 'vi'].map((lng) => i18next.t(code, { ns: 'modals', lng }));
      expect(english).toBe(catalogueOf('en').errors[code]);
      expect(bengali).toBe(catalogueOf('bn').errors[code]);
      expect(vietnamese).toBe(catalogueOf('vi').errors[code]);
      expect(new Set([english, bengali, vietnamese]).size).toBe(3);
    }
    expect(i18next.t('phone_auth_popup_closed', { ns: 'modals' })).toBe('Login failure. Please try again');
  });
});

describe('the number Firebase proves', () => {
  test.each([
    ['+880', '01712345678', '+8801712345678'],
    ['+880', '1712345678', '+8801712345678'],
    ['+63', '0917 123-4567', '+639171234567'],
    ['0063', '(917) 1234567', '+639171234567'],
    ['+39', '0612345678', '+390612345678'],
  ])('%s %s is %s, as the server makes it', (dialingCode, mobileNum, phone) => {
    expect(e164(dialingCode, mobileNum)).toBe(phone);
  });

  test.each([
    ['+880', '017-abc'],
    ['+880', '123'],
    ['880x', '1712345678'],
    ['+0', '1712345678'],
    ['+63', '0000'],
  ])('%s %s is not a number', (dialingCode, mobileNum) => {
    expect(e164(dialingCode, mobileNum)).toBeNull();
  });
});

describe('loading', () => {
  test('the SDK is fetched on first use, once', async () => {
    vi.resetModules();
    loads.app = 0;
    loads.auth = 0;
    const fresh = await import('./firebasePhone');
    expect(loads).toEqual({ app: 0, auth: 0 });
    const signIn = fresh.createPhoneSignIn(firebaseConfig('lazy-project'));
    expect(loads).toEqual({ app: 0, auth: 0 });
    await signIn.send('+8801712345678', 'en');
    await fresh.loadFirebaseSdk();
    expect(loads).toEqual({ app: 1, auth: 1 });
  });
});

describe('a phone sign-in', () => {
  test('sends with an invisible reCAPTCHA in the page language, then trades the code for the ID token', async () => {
    const signIn = createPhoneSignIn(firebaseConfig('tessera-demo-bd'));
    await signIn.send('+8801712345678', 'bn');
    expect(firebaseFake.app.initializeApp).toHaveBeenCalledWith(
      { apiKey: 'key-tessera-demo-bd', authDomain: 'tessera-demo-bd.firebaseapp.com', projectId: 'tessera-demo-bd' },
      'tessera-tessera-demo-bd',
    );
    expect(firebaseFake.auth.initializeAuth).toHaveBeenCalledWith(expect.anything(), { persistence: firebaseFake.auth.inMemoryPersistence });
    expect(firebaseFake.auth.connectAuthEmulator).not.toHaveBeenCalled();
    const [verifier] = firebaseFake.verifiers;
    expect(verifier.parameters).toEqual({ size: 'invisible' });
    expect(document.body.contains(verifier.container)).toBe(true);
    expect(firebaseFake.sent).toEqual([{ phoneNumber: '+8801712345678', language: 'bn' }]);

    expect(await signIn.confirm(CODE)).toBe('id-token:+8801712345678');
    expect(firebaseFake.auth.signOut).toHaveBeenCalledTimes(1); // no Firebase session is kept
    // A submit retried after a network failure: the code is not confirmed twice.
    expect(await signIn.confirm(CODE)).toBe('id-token:+8801712345678');
    expect(firebaseFake.confirmed).toEqual([CODE]);
    signIn.dispose();
    expect(verifier.clear).toHaveBeenCalled();
    expect(document.body.contains(verifier.container)).toBe(false);
  });

  test('a wrong code is refused with its Firebase code', async () => {
    const signIn = createPhoneSignIn(firebaseConfig('tessera-wrong-code'));
    await signIn.send('+639171234567', 'en');
    await expect(signIn.confirm('000000')).rejects.toMatchObject({ code: 'auth/invalid-verification-code' });
  });

  test('a code typed before any was sent is refused without calling Firebase', async () => {
    const signIn = createPhoneSignIn(firebaseConfig('tessera-no-send'));
    await expect(signIn.confirm(CODE)).rejects.toMatchObject({ code: 'auth/missing-verification-id' });
    expect(phoneAuthCode(await signIn.confirm(CODE).catch((error: unknown) => error))).toBe('phone_auth_invalid_code');
  });

  test('a failed send drops its verifier and the next send gets a new one', async () => {
    const signIn = createPhoneSignIn(firebaseConfig('tessera-retry'));
    firebaseFake.failSend = 'auth/captcha-check-failed';
    await expect(signIn.send('+8801712345678', 'en')).rejects.toMatchObject({ code: 'auth/captcha-check-failed' });
    const [first] = firebaseFake.verifiers;
    expect(first.clear).toHaveBeenCalled();
    expect(document.body.contains(first.container)).toBe(false);
    firebaseFake.failSend = null;
    await signIn.send('+8801712345678', 'en');
    expect(firebaseFake.verifiers).toHaveLength(2);
    expect(firebaseFake.verifiers[1]).not.toBe(first);
  });

  test("the brand's emulator is connected once, before the first use", async () => {
    const config = firebaseConfig('demo-tessera', 'http://127.0.0.1:9099');
    await createPhoneSignIn(config).send('+8801712345678', 'en');
    await createPhoneSignIn(config).send('+8801712345679', 'en');
    expect(firebaseFake.auth.connectAuthEmulator).toHaveBeenCalledTimes(1);
    expect(firebaseFake.auth.connectAuthEmulator).toHaveBeenCalledWith(expect.anything(), 'http://127.0.0.1:9099', { disableWarnings: true });
    expect(firebaseFake.app.initializeApp).toHaveBeenCalledTimes(1);
  });
});
