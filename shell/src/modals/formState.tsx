// The modals' forms: the kit's form state, with where the shell's refusals go and the brand's field rules.
import { useMemo } from 'react';
import { ApiError, type FormErrors } from '@tessera/kit';
import { fieldErrorsOf, messageOf, useRegisterSettings, type RegisterSettings } from '../forms';

export { FormError, useForm } from '@tessera/kit';
export type { Form, FormErrors } from '@tessera/kit';

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
