// Phone sign-in through Firebase (SPEC §3, §4, §8) for brands whose phone-auth plugin is firebase:
// Firebase texts the code and confirms it; its ID token then stands for the code at login and
// registration, where the brand's plugin verifies it. The SDK is loaded only when first used.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirebaseApp } from 'firebase/app';
import type { Auth, ConfirmationResult, RecaptchaVerifier } from 'firebase/auth';
import { ApiError } from '@tessera/kit';
import type { SmsSent } from '../forms';
import { useSystemStatus } from '../data/status';

/** The brand's Firebase web app (`phoneAuth` of the status call); public values only. */
export interface FirebasePhoneConfig {
  provider: 'firebase';
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Development only: the Auth emulator's address, e.g. http://127.0.0.1:9099. */
  emulatorUrl?: string | null;
}

/** The brand's Firebase phone auth, or null when its phone numbers are proven by the server's SMS. */
export function usePhoneAuthConfig(): FirebasePhoneConfig | null {
  const status = useSystemStatus().data as { phoneAuth?: FirebasePhoneConfig | null } | undefined;
  const config = status?.phoneAuth;
  return config?.provider === 'firebase' ? config : null;
}

// -- Errors (SPEC §8) -----------------------------------------------------------------------

export type PhoneAuthCode =
  | 'phone_auth_invalid_phone_number' | 'phone_auth_missing_phone_number' | 'phone_auth_too_many_requests'
  | 'phone_auth_unknown_error' | 'phone_auth_invalid_code' | 'phone_auth_missing_code'
  | 'phone_auth_captcha_check_failed' | 'phone_auth_quota_exceeded' | 'phone_auth_operation_not_allowed'
  | 'phone_auth_code_expired' | 'phone_auth_popup_closed';

const CODES: Record<string, PhoneAuthCode> = {
  'auth/invalid-phone-number': 'phone_auth_invalid_phone_number',
  'auth/missing-phone-number': 'phone_auth_missing_phone_number',
  'auth/too-many-requests': 'phone_auth_too_many_requests',
  'auth/invalid-verification-code': 'phone_auth_invalid_code',
  // A code typed before any was sent: it cannot be the right one.
  'auth/missing-verification-id': 'phone_auth_invalid_code',
  'auth/missing-verification-code': 'phone_auth_missing_code',
  'auth/captcha-check-failed': 'phone_auth_captcha_check_failed',
  'auth/invalid-app-credential': 'phone_auth_captcha_check_failed',
  'auth/missing-app-credential': 'phone_auth_captcha_check_failed',
  'auth/quota-exceeded': 'phone_auth_quota_exceeded',
  'auth/operation-not-allowed': 'phone_auth_operation_not_allowed',
  'auth/code-expired': 'phone_auth_code_expired',
  // The code's session is gone (already used, or too old): a new code is needed.
  'auth/invalid-verification-id': 'phone_auth_code_expired',
  'auth/popup-closed-by-user': 'phone_auth_popup_closed',
  'auth/user-cancelled': 'phone_auth_popup_closed',
};

/** The SPEC §8 code of a Firebase error (its `code`, such as "auth/too-many-requests"). */
export function phoneAuthCode(error: unknown): PhoneAuthCode {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && CODES[code]) || 'phone_auth_unknown_error';
}

/** SPEC §9: after too many requests the next code may be asked for in 5 minutes. */
export const TOO_MANY_REQUESTS_WAIT_SECONDS = 300;

/** Firebase's texted codes are 6 digits, whatever the brand's own SMS codes look like. */
export const FIREBASE_CODE_SETTING = { enabled: true, acceptedPattern: '^[0-9]{6}$', patternId: 'digits', minLength: 6, maxLength: 6 };

/** Refusals about the code, shown under the code field. */
export const PHONE_AUTH_CODE_FIELDS: Record<string, string> = {
  phone_auth_invalid_code: 'verificationCode',
  phone_auth_missing_code: 'verificationCode',
  phone_auth_code_expired: 'verificationCode',
};

// -- Numbers --------------------------------------------------------------------------------

const NATIONAL = /^[0-9]{4,14}$/;
const SEPARATORS = /[\s().-]/g;
const KEEPS_LEADING_ZERO = new Set(['39']);

/**
 * ``+<country><national number>`` as the server makes it from the same two fields (separators
 * and the trunk 0 dropped), so the number Firebase proves is the one the server checks; null
 * when it is not a number.
 */
export function e164(dialingCode: string, mobileNum: string): string | null {
  const country = /^\+?(?:00)?([1-9][0-9]{0,3})$/.exec(dialingCode.replace(SEPARATORS, ''))?.[1];
  let national = mobileNum.replace(SEPARATORS, '');
  if (!country || !NATIONAL.test(national)) return null;
  if (!KEEPS_LEADING_ZERO.has(country)) national = national.replace(/^0+/, '');
  const phone = `+${country}${national}`;
  return national.length >= 4 && /^\+[1-9][0-9]{6,14}$/.test(phone) ? phone : null;
}

// -- The SDK --------------------------------------------------------------------------------

type Sdk = { app: typeof import('firebase/app'); auth: typeof import('firebase/auth') };
let sdk: Promise<Sdk> | null = null;

/** The Firebase SDK, fetched once on first use (its chunk is not part of the shell's start). */
export function loadFirebaseSdk(): Promise<Sdk> {
  sdk ??= Promise.all([import('firebase/app'), import('firebase/auth')]).then(
    ([app, auth]) => ({ app, auth }),
    (error: unknown) => {
      sdk = null; // a chunk that failed to load is fetched again on the next try
      throw error;
    },
  );
  return sdk;
}

const auths = new Map<string, Auth>();

/** One Auth per Firebase project, kept in memory only: the member's session is Tessera's, not Firebase's. */
async function authOf(config: FirebasePhoneConfig): Promise<Auth> {
  const { app, auth } = await loadFirebaseSdk();
  const name = `tessera-${config.projectId}`;
  const known = auths.get(name);
  if (known) return known;
  const options = { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId };
  const firebaseApp: FirebaseApp = app.getApps().find((found) => found.name === name) ?? app.initializeApp(options, name);
  const created = auth.initializeAuth(firebaseApp, { persistence: auth.inMemoryPersistence });
  if (config.emulatorUrl) auth.connectAuthEmulator(created, config.emulatorUrl, { disableWarnings: true });
  auths.set(name, created);
  return created;
}

/** A number's sign-in: send a code with an invisible reCAPTCHA, then trade the code for an ID token. */
export interface PhoneSignIn {
  send(phoneNumber: string, language: string): Promise<void>;
  /** The ID token for the code; the same code gives the same token again (a retried submit). */
  confirm(code: string): Promise<string>;
  dispose(): void;
}

export function createPhoneSignIn(config: FirebasePhoneConfig): PhoneSignIn {
  let confirmation: ConfirmationResult | null = null;
  let confirmed: { code: string; token: string } | null = null;
  let verifier: RecaptchaVerifier | null = null;
  let holder: HTMLElement | null = null;

  function dispose() {
    verifier?.clear();
    holder?.remove();
    verifier = null;
    holder = null;
  }

  return {
    async send(phoneNumber, language) {
      const [{ auth: sdkAuth }, auth] = await Promise.all([loadFirebaseSdk(), authOf(config)]);
      dispose(); // a verifier answers once: each send gets a fresh one
      holder = document.body.appendChild(document.createElement('div'));
      holder.className = 'firebase-recaptcha';
      verifier = new sdkAuth.RecaptchaVerifier(auth, holder, { size: 'invisible' });
      auth.languageCode = language; // the SMS and the reCAPTCHA in the page's language
      try {
        confirmation = await sdkAuth.signInWithPhoneNumber(auth, phoneNumber, verifier);
        confirmed = null;
      } catch (error) {
        dispose();
        throw error;
      }
    },
    async confirm(code) {
      if (confirmed?.code === code) return confirmed.token;
      if (!confirmation) throw Object.assign(new Error('no code was sent'), { code: 'auth/missing-verification-id' });
      const { auth: sdkAuth } = await loadFirebaseSdk();
      const { user } = await confirmation.confirm(code);
      const token = await user.getIdToken();
      confirmed = { code, token };
      await sdkAuth.signOut(await authOf(config));
      return token;
    },
    dispose,
  };
}

// -- In the forms ---------------------------------------------------------------------------

/** What the login and registration forms use: errors are refusals with the SPEC §8 messages. */
export interface FirebasePhone {
  /** Texts a code to the number; the SMS button then waits one minute (SPEC §4). */
  send(dialingCode: string, mobileNum: string): Promise<SmsSent>;
  idToken(code: string): Promise<string>;
}

/** The brand's Firebase phone sign-in, or null when the brand does not use Firebase. */
export function useFirebasePhone(): FirebasePhone | null {
  const config = usePhoneAuthConfig();
  const { t, i18n } = useTranslation('modals');
  // One sign-in per configuration, not per status answer: keyed on the values, not the object.
  const key = config ? JSON.stringify(config) : null;
  const signIn = useMemo(() => (key ? createPhoneSignIn(JSON.parse(key) as FirebasePhoneConfig) : null), [key]);
  useEffect(() => () => signIn?.dispose(), [signIn]);

  return useMemo(() => {
    if (!signIn) return null;
    const refusal = (error: unknown) => {
      const code = phoneAuthCode(error);
      const wait = code === 'phone_auth_too_many_requests' ? { retryAfter: TOO_MANY_REQUESTS_WAIT_SECONDS } : null;
      return new ApiError(code, 400, t(code), wait);
    };
    return {
      async send(dialingCode, mobileNum) {
        const phone = e164(dialingCode, mobileNum);
        if (!phone) throw refusal({ code: 'auth/invalid-phone-number' });
        await signIn.send(phone, i18n.language).catch((error: unknown) => Promise.reject(refusal(error)));
        return { expiredMinutes: 1 };
      },
      idToken: (code) => signIn.confirm(code).catch((error: unknown) => Promise.reject(refusal(error))),
    };
  }, [signIn, t, i18n.language]);
}
