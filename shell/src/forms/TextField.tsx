import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** A field's problem; of several messages only the first is shown (SPEC §8). */
export type FieldError = string | readonly string[] | null | undefined;

export function firstMessage(error: FieldError): string | null {
  if (!error) return null;
  return typeof error === 'string' ? error : (error[0] ?? null);
}

/** The ids tying a field's input to its label and its shown error, and the input's attributes for them. */
export function useFieldIds(error: FieldError, id?: string) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const shown = firstMessage(error);
  const described = { 'aria-invalid': shown ? true : undefined, 'aria-describedby': shown ? errorId : undefined } as const;
  return { inputId, errorId, shown, described };
}

interface FieldFrameProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  ids: ReturnType<typeof useFieldIds>;
  className?: string;
  children: ReactNode;
}

/** A field's label (marked * when required, SPEC §5), its controls, and its error under them. */
export function FieldFrame({ name, label, required, ids, className, children }: FieldFrameProps) {
  const { t } = useTranslation('forms');
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
  inputRef?: Ref<HTMLInputElement>;
  /** Shown after the input, on its line (a send-code button, a captcha image). */
  addon?: ReactNode;
}

/** A labelled input with its error under it, tied to it for assistive technology. */
export function TextField({ name, label, value, onChange, error, required, inputRef, addon, id, type = 'text', ...rest }: TextFieldProps) {
  const ids = useFieldIds(error, id);
  return (
    <FieldFrame name={name} label={label} required={required} ids={ids}>
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
