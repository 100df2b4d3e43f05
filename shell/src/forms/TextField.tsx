import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The field's problem; of several messages only the first is shown (SPEC §8). */
  error?: string | readonly string[] | null;
  /** Marked with * (SPEC §5). */
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown after the input, on its line (a send-code button, a captcha image). */
  addon?: ReactNode;
}

export function firstMessage(error: string | readonly string[] | null | undefined): string | null {
  if (!error) return null;
  return typeof error === 'string' ? error : (error[0] ?? null);
}

/** A labelled input with its error under it, tied to it for assistive technology. */
export function TextField({ name, label, value, onChange, error, required, inputRef, addon, id, type = 'text', ...rest }: TextFieldProps) {
  const { t } = useTranslation('forms');
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const shown = firstMessage(error);
  return (
    <div className="field form-field" data-field={name}>
      <label htmlFor={inputId}>
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
          ref={inputRef}
          id={inputId}
          name={name}
          type={type}
          required={required}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
        />
        {addon}
      </div>
      {shown && (
        <p id={errorId} className="field__error" data-field-error={name}>
          {shown}
        </p>
      )}
    </div>
  );
}
