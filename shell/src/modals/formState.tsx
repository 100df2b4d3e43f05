import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@tessera/kit';
import { fieldErrorsOf, messageOf, useRegisterSettings, type RegisterSettings } from '../forms';

/** A form's problems: the first message per field, and 'form' for the rest. */
export type FormErrors = Record<string, string>;

/** How a form places a refusal's messages. */
export interface RefusalPlaces {
  /** The field a refusal's code is about, when it carries no per-field messages. */
  codeFields?: Record<string, string>;
  /** The fields the form shows; a message for any other goes under the form. */
  shown?: readonly string[];
}

/**
 * The errors of a refused call: the server's per-field messages (each under its field when the
 * form shows it, else under the form), else its message under the field ``codeFields`` names for
 * its code, else under the form. Captcha refusals show under the captcha (captchaOnDemand).
 */
export function errorsOfRefusal(error: unknown, fallback: string, { codeFields = {}, shown }: RefusalPlaces = {}): FormErrors {
  const code = error instanceof ApiError ? error.code : '';
  const fields = fieldErrorsOf(error);
  if (Object.keys(fields).length === 0) {
    if (code.startsWith('captcha_')) return {};
    fields[codeFields[code] ?? 'form'] = messageOf(error, fallback);
  }
  const placed: FormErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const place = name === 'form' || !shown || shown.includes(name) ? name : 'form';
    placed[place] ??= message;
  }
  return placed;
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

/**
 * A form's values and its errors, shown after each attempt with the first invalid field taking
 * the focus. ``bind(name)`` gives a field its value, change handler and error; editing a field
 * forgets its error and the form's.
 */
export function useForm<Values extends Record<string, string>>(initial: Values) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
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

  const clear = useCallback((name: string) => {
    setErrors((previous) => {
      if (!(name in previous) && !('form' in previous)) return previous;
      const { [name]: _field, form: _form, ...rest } = previous;
      return rest;
    });
  }, []);

  const set = useCallback(
    (name: keyof Values & string, value: string) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      clear(name);
    },
    [clear],
  );

  const bind = (name: keyof Values & string) => ({
    value: values[name] ?? '',
    onChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return { form, values, errors, show, clear, set, bind };
}

export type Form<Values extends Record<string, string>> = ReturnType<typeof useForm<Values>>;

/** The form's own problem (a refusal not about one field), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="field__error form-error" role="alert" data-field-error="form">
      {message}
    </p>
  );
}
