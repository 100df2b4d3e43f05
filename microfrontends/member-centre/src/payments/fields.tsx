// The payment forms' choice and image fields, beside the wallet pages' text fields (../wallet/form):
// a label tied to its control (marked * when required), the first error under it, tied to it.
import { useId, useRef, type ChangeEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENTS_NS } from './translations';

/** The ids tying a control to its label, its hint and its shown error. */
function useFieldIds(error: string | null | undefined, hint: boolean) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, errorId, hintId, control: { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const };
}

interface FrameProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}

function FieldFrame({ name, label, required, hint, error, ids, children }: FrameProps) {
  const { t } = useTranslation(PAYMENTS_NS);
  return (
    <div className="field form-field" data-field={name}>
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
      {error && (
        <p id={ids.errorId} className="field__error" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  children: ReactNode;
}

export function SelectField({ name, label, value, onChange, error, required, children, ...rest }: SelectFieldProps) {
  const ids = useFieldIds(error, false);
  return (
    <FieldFrame name={name} label={label} required={required} error={error} ids={ids}>
      <select {...rest} {...ids.control} name={name} required={required} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </FieldFrame>
  );
}

interface ImageFieldProps {
  name: string;
  label: ReactNode;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  required?: boolean;
}

/** One PNG or JPG image: the chosen file's name with a button to take it away. */
export function ImageField({ name, label, file, onChange, error, required }: ImageFieldProps) {
  const { t } = useTranslation(PAYMENTS_NS);
  const ids = useFieldIds(error, true);
  const input = useRef<HTMLInputElement>(null);
  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    onChange(event.target.files?.[0] ?? null);
    // Cleared so that the same file can be chosen again after it is taken away.
    event.target.value = '';
  }
  function remove() {
    onChange(null);
    input.current?.focus();
  }
  return (
    <FieldFrame name={name} label={label} required={required} hint={t('proof_hint', { size: PROOF_MAX_MB })} error={error} ids={ids}>
      <input ref={input} {...ids.control} name={name} type="file" accept="image/png,image/jpeg" required={required} onChange={onFiles} />
      {file && (
        <p className="payments__file" data-file-name={file.name}>
          <span>{file.name}</span>
          <button type="button" className="link-button" aria-label={t('proof_remove', { name: file.name })} onClick={remove}>
            {t('remove')}
          </button>
        </p>
      )}
    </FieldFrame>
  );
}

/** Proof images: PNG or JPG, at most 5 MB (SPEC §5), the same the server enforces. */
export const PROOF_MAX_MB = 5;
const PROOF_MAX_BYTES = PROOF_MAX_MB * 1024 * 1024;
const PROOF_TYPES = ['image/png', 'image/jpeg'];
const PROOF_NAME = /\.(png|jpe?g)$/i;

/** The text key and values of a proof image's problem, or null. */
export function proofProblem(file: File): { key: string; values: Record<string, unknown> } | null {
  const isImage = file.type ? PROOF_TYPES.includes(file.type) : PROOF_NAME.test(file.name);
  if (!isImage) return { key: 'proof_type', values: { name: file.name } };
  if (file.size > PROOF_MAX_BYTES) return { key: 'proof_too_large', values: { name: file.name, size: PROOF_MAX_MB } };
  return null;
}
