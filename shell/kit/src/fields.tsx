// The fields of every form, in the shell and in the remotes: a label tied to its control (marked *
// when required, SPEC §5), an optional hint, and the first error under it, tied to it (SPEC §8).
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { KIT_NS } from './kitTexts';

/** A field's problem; of several messages only the first is shown (SPEC §8). */
export type FieldError = string | readonly string[] | null | undefined;

export function firstMessage(error: FieldError): string | null {
  if (!error) return null;
  return typeof error === 'string' ? error : (error[0] ?? null);
}

/**
 * The ids tying a field's control to its label, its hint (when it has one) and its shown error,
 * and the control's attributes for them.
 */
export function useFieldIds(error: FieldError, { id, hint = false }: { id?: string; hint?: boolean } = {}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const shown = firstMessage(error);
  const describedBy = [hint && hintId, shown && errorId].filter(Boolean).join(' ') || undefined;
  const described = { 'aria-invalid': shown ? true : undefined, 'aria-describedby': describedBy } as const;
  return { inputId, errorId, hintId, shown, described };
}

export interface FieldFrameProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  ids: ReturnType<typeof useFieldIds>;
  className?: string;
  children: ReactNode;
}

/** A field's label, its controls, its hint and its error under them. */
export function FieldFrame({ name, label, required, hint, ids, className, children }: FieldFrameProps) {
  const { t } = useTranslation(KIT_NS);
  return (
    <div className={className ? `field form-field ${className}` : 'field form-field'} data-field={name}>
      <label htmlFor={ids.inputId}>
        {label}
        {required && (
          <abbr className="field__required" title={t('required_mark')} aria-hidden="true">
            *
          </abbr>
        )}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {ids.shown && (
        <p id={ids.errorId} className="field__error" data-field-error={name}>
          {ids.shown}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError;
  required?: boolean;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown after the input, on its line (a send-code button, a captcha image, an "all" button). */
  addon?: ReactNode;
}

/** A labelled input with its hint and its error under it, tied to it for assistive technology. */
export function TextField({ name, label, value, onChange, error, required, hint, inputRef, addon, id, type = 'text', ...rest }: TextFieldProps) {
  const ids = useFieldIds(error, { id, hint: Boolean(hint) });
  return (
    <FieldFrame name={name} label={label} required={required} hint={hint} ids={ids}>
      <div className="form-field__control">
        <input
          {...rest}
          ref={inputRef}
          id={ids.inputId}
          name={name}
          type={type}
          required={required}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...ids.described}
        />
        {addon}
      </div>
    </FieldFrame>
  );
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
