import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson, TextField } from '@tessera/kit';
import { geetestResultOf, loadGeetest, type GeetestCaptcha, type GeetestResult } from './geetest';

/** A new image at most once a second (SPEC §4, §9). */
export const CAPTCHA_RELOAD_MS = 1000;

/** The picture's size as the image-captcha plugin draws it by default; shown at that size, never squeezed. */
export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 70;

/** GET /wps/captcha: an image as a data URL, or the brand's geetest id. */
type Challenge = string | { geetestId: string };

/** What a solved captcha adds to a form: the image's text or geetest's result. */
export interface CaptchaAnswer {
  captcha?: string;
  geetest?: GeetestResult;
}

export interface CaptchaHandle {
  /** A new challenge (the last one is used up by any attempt); throttled to once a second. */
  reload(): void;
  /** The answer to send, or null when there is none yet (the field then shows why and takes the focus). */
  verify(): Promise<CaptchaAnswer | null>;
}

interface CaptchaFieldProps {
  ref?: Ref<CaptchaHandle>;
  /** A problem the server reported for the captcha. */
  error?: string | null;
  /** The typed text changed (forms clear the server's error then). */
  onInput?: () => void;
}

/** The brand's captcha: an image to copy into a text field, or the geetest v4 widget. */
export function CaptchaField({ ref, error, onInput }: CaptchaFieldProps) {
  const { t, i18n } = useTranslation('forms');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [ownError, setOwnError] = useState<string | null>(null);
  const lastLoad = useRef(-Infinity);
  const deferred = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const widget = useRef<GeetestCaptcha | null>(null);
  // The verify() waiting for the geetest challenge, answered by the widget's events.
  const pending = useRef<((answer: CaptchaAnswer | null) => void) | null>(null);

  const requestChallenge = useCallback(() => {
    lastLoad.current = Date.now();
    getJson<Challenge>('/wps/captcha').then(setChallenge, () => setFailed(true));
  }, []);

  /** A new challenge in place of the last: what was typed for it, or its failure, goes too. */
  const fetchChallenge = useCallback(() => {
    setText('');
    setFailed(false);
    requestChallenge();
  }, [requestChallenge]);

  // A click within a second of the last load is ignored.
  const load = useCallback(() => {
    if (Date.now() - lastLoad.current >= CAPTCHA_RELOAD_MS) fetchChallenge();
  }, [fetchChallenge]);

  // The first challenge: nothing is typed yet and nothing has failed.
  useEffect(() => {
    requestChallenge();
    return () => window.clearTimeout(deferred.current);
  }, [requestChallenge]);

  const geetestId = challenge && typeof challenge === 'object' ? challenge.geetestId : null;
  useEffect(() => {
    if (!geetestId) return undefined;
    let live = true;
    loadGeetest().then(
      (initGeetest4) =>
        initGeetest4({ captchaId: geetestId, product: 'bind', language: i18n.language }, (captcha) => {
          if (!live) {
            captcha.destroy();
            return;
          }
          widget.current = captcha;
          const answer = (value: CaptchaAnswer | null) => {
            pending.current?.(value);
            pending.current = null;
          };
          captcha
            .onSuccess(() => {
              const validate = captcha.getValidate();
              answer(validate ? { geetest: geetestResultOf(validate) } : null);
            })
            .onClose(() => answer(null))
            .onError(() => answer(null));
        }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      widget.current?.destroy();
      widget.current = null;
    };
  }, [geetestId, i18n.language]);

  useImperativeHandle(
    ref,
    () => ({
      reload: () => {
        widget.current?.reset();
        // A challenge used up by an attempt is always replaced, a second after the last at most.
        window.clearTimeout(deferred.current);
        deferred.current = window.setTimeout(fetchChallenge, Math.max(0, lastLoad.current + CAPTCHA_RELOAD_MS - Date.now()));
      },
      verify: async () => {
        if (geetestId) {
          const captcha = widget.current;
          if (!captcha) return null;
          pending.current?.(null);
          return new Promise<CaptchaAnswer | null>((resolve) => {
            pending.current = resolve;
            captcha.showCaptcha();
          });
        }
        if (!text.trim()) {
          setOwnError(t('field_required'));
          input.current?.focus();
          return null;
        }
        return { captcha: text.trim() };
      },
    }),
    [fetchChallenge, geetestId, text, t],
  );

  if (geetestId) {
    return (
      <p className="captcha-field captcha-field--geetest" data-field="geetest">
        {failed ? (
          <button type="button" className="captcha-field__retry" onClick={load}>
            {t('captcha_failed')}
          </button>
        ) : (
          t('captcha_geetest')
        )}
        {error && (
          <span className="field__error" data-field-error="captcha" role="alert">
            {error}
          </span>
        )}
      </p>
    );
  }

  const image = (
    <span className="captcha-field__picture">
      <button type="button" className="captcha-field__image" onClick={load} aria-label={failed ? t('captcha_failed') : t('captcha_image')}>
        {typeof challenge === 'string' && !failed ? (
          <img src={challenge} alt="" width={CAPTCHA_WIDTH} height={CAPTCHA_HEIGHT} />
        ) : (
          <span>{failed ? t('captcha_failed') : t('captcha_loading')}</span>
        )}
      </button>
      <button type="button" className="captcha-field__refresh" onClick={load} data-captcha-refresh>
        <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z" />
        </svg>
        {t('captcha_refresh')}
      </button>
    </span>
  );
  return (
    <TextField
      name="captcha"
      label={t('captcha')}
      required
      autoComplete="off"
      maxLength={16}
      inputRef={input}
      value={text}
      onChange={(value) => {
        setText(value);
        setOwnError(null);
        onInput?.();
      }}
      error={ownError ?? error}
      addon={image}
    />
  );
}
