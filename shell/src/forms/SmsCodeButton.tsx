import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@tessera/kit';
import { messageOf } from './fieldErrors';
import { MessageDialog } from './MessageDialog';

/** The answer of an SMS send (SPEC §3). */
export interface SmsSent {
  expiredMinutes: number;
}

/** At most one request a second (SPEC §5, §9). */
export const SMS_THROTTLE_MS = 1000;

/** Seconds to wait before the next code: the code's lifetime, one minute with firebase (SPEC §4). */
export function countdownSeconds(sent: SmsSent, firebase = false): number {
  return (firebase ? 1 : sent.expiredMinutes) * 60;
}

function retryAfterOf(error: unknown): number {
  const value = error instanceof ApiError ? (error.value as { retryAfter?: unknown } | null) : null;
  return typeof value?.retryAfter === 'number' ? value.retryAfter : 0;
}

interface SmsCodeButtonProps {
  /** Sends the code; null when the form refused to send (an invalid number, already shown). */
  send: () => Promise<SmsSent | null>;
  firebase?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * Sends a verification code, then counts down and stays disabled until the next may be sent
 * (SPEC §4). A refusal opens a warning with the server's message (SPEC §8).
 */
export function SmsCodeButton({ send, firebase = false, disabled = false, className }: SmsCodeButtonProps) {
  const { t } = useTranslation('forms');
  const [sending, setSending] = useState(false);
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [warning, setWarning] = useState<string | null>(null);
  const lastRequest = useRef(-Infinity);
  const inFlight = useRef(false);
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt <= Date.now()) return undefined;
    // Counted from the end time, so a tab slowed in the background still shows the right number.
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  function startCountdown(seconds: number) {
    const start = Date.now();
    setNow(start);
    setEndsAt(start + seconds * 1000);
  }

  async function onClick() {
    const started = Date.now();
    if (inFlight.current || endsAt > started || started - lastRequest.current < SMS_THROTTLE_MS) return;
    lastRequest.current = started;
    inFlight.current = true;
    setSending(true);
    try {
      const sent = await send();
      if (sent) startCountdown(countdownSeconds(sent, firebase));
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait > 0) startCountdown(wait);
      setWarning(messageOf(error, t('error_network')));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={['button', 'button--ghost', 'sms-code-button', className].filter(Boolean).join(' ')}
        disabled={disabled || sending || remaining > 0}
        data-countdown={remaining || undefined}
        onClick={onClick}
      >
        {sending ? t('sms_sending') : remaining > 0 ? t('sms_countdown', { seconds: remaining }) : t('sms_send')}
      </button>
      {warning && <MessageDialog message={warning} onConfirm={() => setWarning(null)} />}
    </>
  );
}
