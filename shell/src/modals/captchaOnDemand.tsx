import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@tessera/kit';
import { asksForCaptcha, CaptchaField, type CaptchaAnswer, type CaptchaHandle } from '../forms';

/** What a form adds for the captcha: nothing while none is shown. */
export type CaptchaPart = CaptchaAnswer | Record<string, never>;

/**
 * A form's captcha (SPEC §4, §8): shown from the start when ``always`` (LOGINREQCAPTCHA3), else
 * once a refusal carries `value.captcha`. A challenge is used up by any attempt, so a shown
 * captcha reloads after each one. A refusal about the captcha itself puts its message under it.
 */
export function useCaptchaOnDemand(always = false) {
  const ref = useRef<CaptchaHandle>(null);
  const [asked, setAsked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = always || asked;

  /** The answer to send, or null when the shown captcha is not answered yet. */
  const answer = useCallback(async (): Promise<CaptchaPart | null> => {
    if (!shown) return {};
    return (await ref.current?.verify()) ?? null;
  }, [shown]);

  /** Call after every attempt that sent the captcha, with the refusal when there was one. */
  const settle = useCallback(
    (failure?: unknown) => {
      // A newly shown field loads its own first challenge.
      if (shown) ref.current?.reload();
      if (!asksForCaptcha(failure)) return setError(null);
      setAsked(true);
      const aboutCaptcha = failure instanceof ApiError && failure.code.startsWith('captcha_');
      setError(aboutCaptcha ? failure.serverMessage : null);
    },
    [shown],
  );

  /** ``call`` with the captcha's answer, settling it; null when the captcha is not answered yet. */
  const withCaptcha = useCallback(
    async <T,>(call: (part: CaptchaPart) => Promise<T>): Promise<T | null> => {
      const part = await answer();
      if (part === null) return null;
      try {
        const result = await call(part);
        settle();
        return result;
      } catch (error) {
        settle(error);
        throw error;
      }
    },
    [answer, settle],
  );

  /** An SMS send: a refusal asking for the captcha shows it (and its message) instead of a warning. */
  const sendCode = useCallback(
    <T,>(call: (part: CaptchaPart) => Promise<T>): Promise<T | null> =>
      withCaptcha(call).catch((error: unknown) => {
        if (asksForCaptcha(error)) return null;
        throw error;
      }),
    [withCaptcha],
  );

  const clearError = useCallback(() => setError(null), []);
  return { shown, ref, error, answer, settle, withCaptcha, sendCode, clearError };
}

export type CaptchaOnDemand = ReturnType<typeof useCaptchaOnDemand>;

/** The form's captcha field, while it is shown. */
export function CaptchaOnDemandField({ captcha: { shown, ref, error, clearError } }: { captcha: CaptchaOnDemand }) {
  return shown ? <CaptchaField ref={ref} error={error} onInput={clearError} /> : null;
}
