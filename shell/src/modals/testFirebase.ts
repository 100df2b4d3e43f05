// A stand-in for the Firebase SDK's modules, at their boundary (firebase/app, firebase/auth), for
// tests that mock them: `vi.mock('firebase/auth', async () => (await import('./testFirebase')).firebaseFake.auth)`.
// Firebase texts CODE to any number; confirming it gives the ID token `id-token:<number>`.
import { vi } from 'vitest';
import type { FirebasePhoneConfig } from './firebasePhone';

export const CODE = '123456';

/** An error as the SDK throws them: a FirebaseError with its `code`. */
export function firebaseError(code: string): Error {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code, name: 'FirebaseError' });
}

export function firebaseConfig(projectId: string, emulatorUrl: string | null = null): FirebasePhoneConfig {
  return { provider: 'firebase', apiKey: `key-${projectId}`, authDomain: `${projectId}.firebaseapp.com`, projectId, emulatorUrl };
}

interface FakeAuth {
  app: { name: string };
  languageCode: string | null;
}

class RecaptchaVerifier {
  readonly clear = vi.fn();

  constructor(
    readonly auth: FakeAuth,
    readonly container: HTMLElement,
    readonly parameters: Record<string, unknown>,
  ) {
    firebaseFake.verifiers.push(this);
  }
}

function makeFake() {
  const apps: { name: string; options: Record<string, string> }[] = [];
  const fake = {
    verifiers: [] as RecaptchaVerifier[],
    /** Numbers texted, with the language the SMS was asked in. */
    sent: [] as { phoneNumber: string; language: string | null }[],
    confirmed: [] as string[],
    /** The next send or confirm fails with this Firebase error code. */
    failSend: null as string | null,
    failConfirm: null as string | null,
    app: {
      getApps: vi.fn(() => apps),
      initializeApp: vi.fn((options: Record<string, string>, name: string) => {
        const app = { name, options };
        apps.push(app);
        return app;
      }),
    },
    auth: {
      inMemoryPersistence: { type: 'NONE' },
      initializeAuth: vi.fn((app: { name: string }, _deps: unknown): FakeAuth => ({ app, languageCode: null })),
      connectAuthEmulator: vi.fn(),
      RecaptchaVerifier,
      signOut: vi.fn(async () => undefined),
      signInWithPhoneNumber: vi.fn(async (auth: FakeAuth, phoneNumber: string, _verifier: RecaptchaVerifier) => {
        if (fake.failSend) throw firebaseError(fake.failSend);
        fake.sent.push({ phoneNumber, language: auth.languageCode });
        return {
          confirm: async (code: string) => {
            fake.confirmed.push(code);
            if (fake.failConfirm) throw firebaseError(fake.failConfirm);
            if (code !== CODE) throw firebaseError('auth/invalid-verification-code');
            return { user: { getIdToken: async () => `id-token:${phoneNumber}` } };
          },
        };
      }),
    },
  };
  return fake;
}

export const firebaseFake = makeFake();

/** Forget what earlier tests sent and made fail (the SDK's modules stay the same objects). */
export function resetFirebaseFake() {
  firebaseFake.verifiers.length = 0;
  firebaseFake.sent.length = 0;
  firebaseFake.confirmed.length = 0;
  firebaseFake.failSend = null;
  firebaseFake.failConfirm = null;
  for (const spy of [...Object.values(firebaseFake.app), firebaseFake.auth.initializeAuth, firebaseFake.auth.connectAuthEmulator,
    firebaseFake.auth.signOut, firebaseFake.auth.signInWithPhoneNumber]) spy.mockClear();
}
