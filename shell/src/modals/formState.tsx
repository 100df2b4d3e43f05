import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@tessera/kit';
import { fieldErrorsOf, messageOf, useRegisterSettings, type RegisterSettings } from '../forms';

/** A form's problems: the first message per field, and 'form' for the rest. */
export type FormErrors = Record<string, string>;

/**
 * The errors of a refused call: the server's per-field messages, else its message under the field
 * ``codeFields`` names for its code, else under the form. Captcha refusals show under the captcha.
 */
export function errorsOfRefusal(error: unknown, fallback: string, codeFields: Record<string, string> = {}): FormErrors {
  const fields = fieldErrorsOf(error);
  if (Object.keys(fields).length > 0) return fields;
  const code = error instanceof ApiError ? error.code : '';
  if (code.startsWith('captcha_')) return {};
  return { [codeFields[code] ?? 'form']: messageOf(error, fallback) };
}

/**
 * The brand's rules for a form's fields, each taken from a registration field (``newPassword``
 * follows ``password``) and required here whatever registration says. ``fields`` is a constant.
 */
export function useFieldRules(fields: Readonly<Record<string, string>>): RegisterSettings {
  const settings = useRegisterSettings().data;
  return useMemo(() => {
    const rules: RegisterSettings = {};
    for (const [name, source] of Object.entries(fields)) {
      const setting = settings?.[source];
      if (setting) rules[name] = { ...setting, required: true };
    }
    return rules;
  }, [settings, fields]);
}

/** Errors shown after each attempt, the first invalid field taking the focus. */
export function useFormErrors() {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  /** Show ``found``; true when there is nothing to show. */
  const show = useCallback((found: FormErrors) => {
    setErrors(found);
    setAttempt((count) => count + 1);
    return Object.keys(found).length === 0;
  }, []);

  /** Forget one field's error once it is edited. */
  const clear = useCallback((name: string) => {
    setErrors((previous) => {
      if (!(name in previous) && !('form' in previous)) return previous;
      const { [name]: _field, form: _form, ...rest } = previous;
      return rest;
    });
  }, []);

  return { form, errors, show, clear };
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
