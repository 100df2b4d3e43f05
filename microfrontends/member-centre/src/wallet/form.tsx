// The money forms' amount field, their end, where a refusal's messages go, and their request ids;
// the fields and the form state are the kit's.
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, FormError, requestId, TextField, type FormErrors, type TextFieldProps } from '@tessera/kit';
import { NAMESPACE } from '../translations';
import { brandAmountMoney, type AmountProblem } from './amount';

/**
 * An amount: decimal digits (whole ones in a currency without decimals, such as the dong), no
 * browser spinner (a number input would round and localise).
 */
export function AmountField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  const inputMode = brandAmountMoney().places > 0 ? 'decimal' : 'numeric';
  return <TextField inputMode={inputMode} autoComplete="off" required {...props} />;
}

/** The end of a money form: its error, what happened, and the submit button (busy while sending). */
export function FormEnd({ error, notice, busy, label, busyLabel }: {
  error?: string | null;
  notice?: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <FormError message={error} />
      {notice && (
        <p className="wallet__notice" role="status">
          {notice}
        </p>
      )}
      <button type="submit" className="button button--accent" disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

/** Refusals about the amount, shown under its field. */
const AMOUNT_CODES = ['amount_invalid', 'amount_too_precise', 'amount_below_minimum', 'amount_above_maximum', 'insufficient_funds'];

/**
 * Where a refused call's message goes: the server's per-field messages (``value.fields``), the
 * amount's refusals under the amount, the payment password's under it, the rest under the form.
 * A field the form does not show gets its message under the form.
 */
export function refusalErrors(error: unknown, fallback: string, shown: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) return { form: fallback };
  const place = (name: string) => (shown.includes(name) ? name : 'form');
  const errors: FormErrors = {};
  const fields = (error.value as { fields?: unknown } | null)?.fields;
  for (const [name, messages] of Object.entries(fields && typeof fields === 'object' ? fields : {})) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) errors[place(name)] ??= first;
  }
  if (Object.keys(errors).length) return errors;
  let field = 'form';
  if (AMOUNT_CODES.includes(error.code)) field = 'amount';
  else if (error.code.startsWith('payment_password')) field = 'paymentPassword';
  return { [place(field)]: error.serverMessage || fallback };
}

/** Whether a call's outcome is unknown (no answer, or a server failure): money may have moved. */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/** The text of an amount problem, in the member centre's words. */
export function useAmountMessage(format: (amount: string) => string): (problem: AmountProblem) => string {
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    (problem: AmountProblem) => t(problem.key, { amount: problem.bound ? format(problem.bound) : '', step: problem.step ?? '' }),
    [t, format],
  );
}

/**
 * The requestId of a money call: kept for a repeat of the same fields after an unknown outcome
 * (the server answers the replay with the first result, nothing moves twice), fresh otherwise.
 */
export function useRequestId() {
  const last = useRef<{ fields: string; id: string } | null>(null);
  const idFor = useCallback((fields: unknown) => {
    const key = JSON.stringify(fields);
    if (last.current?.fields !== key) last.current = { fields: key, id: requestId() };
    return last.current.id;
  }, []);
  const settled = useCallback(() => {
    last.current = null;
  }, []);
  return { idFor, settled };
}
