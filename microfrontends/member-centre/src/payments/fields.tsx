// The payment forms' choice and image fields, on the kit's field frame (label, hint, first error).
import { useRef, type ChangeEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, useFieldIds, type FieldError } from '@tessera/kit';
import { PAYMENTS_NS } from './translations';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError;
  children: ReactNode;
}

export function SelectField({ name, label, value, onChange, error, required, children, ...rest }: SelectFieldProps) {
  const ids = useFieldIds(error);
  return (
    <FieldFrame name={name} label={label} required={required} ids={ids}>
      <select {...rest} id={ids.inputId} {...ids.described} name={name} required={required} value={value} onChange={(event) => onChange(event.target.value)}>
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
  error?: FieldError;
  required?: boolean;
}

/** One PNG or JPG image: the chosen file's name with a button to take it away. */
export function ImageField({ name, label, file, onChange, error, required }: ImageFieldProps) {
  const { t } = useTranslation(PAYMENTS_NS);
  const ids = useFieldIds(error, { hint: true });
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
    <FieldFrame name={name} label={label} required={required} hint={t('proof_hint', { size: PROOF_MAX_MB })} ids={ids}>
      <input ref={input} id={ids.inputId} {...ids.described} name={name} type="file" accept="image/png,image/jpeg" required={required} onChange={onFiles} />
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
