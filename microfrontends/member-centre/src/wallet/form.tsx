// The wallet forms' fields and refusals, in the style of the shell's form kit (which a remote
// cannot import): a label tied to its input, the first error under it, tied to it.
import { useCallback, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, requestId } from '@tessera/kit';
import { NAMESPACE } from '../translations';
import type { AmountProblem } from './amount';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** Shown after the input, on its line (the "all" button). */
  addon?: ReactNode;
}

/** A labelled input (marked * when required) with its hint and its error under it. */
export function Field({ name, label, value, onChange, error, hint, addon, required, type = 'text', ...rest }: FieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field form-field" data-field={name}>
      <label htmlFor={id}>
        {label}
        {required && (
          <abbr className="field__required" title={t('required_mark')} aria-hidden="true">
            *
          </abbr>
        )}
      </label>
      <div className="form-field__control">
        <input
          {...rest}
          id={id}
          name={name}
          type={type}
          required={required}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {addon}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

/** An amount: decimal digits, no browser spinner (a number input would round and localise). */
export function AmountField(props: Omit<FieldProps, 'type' | 'inputMode'>) {
  return <Field inputMode="decimal" autoComplete="off" required {...props} />;
}

/** The form's own problem (a refusal not about one field), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="field__error form-error" role="alert" data-field-error="form">
      {message}
    </p>
  );
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

/** The first message per field; 'form' holds the rest. */
export type FormErrors = Record<string, string>;

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
  return useCallback((problem: AmountProblem) => t(problem.key, { amount: problem.bound ? format(problem.bound) : '' }), [t, format]);
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
