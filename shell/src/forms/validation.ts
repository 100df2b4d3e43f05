import type { Namespace, TFunction } from 'i18next';
import type { FieldSetting, RegisterSettings } from './settings';

/** Any namespace's translation function: the messages are looked up in 'forms' whatever the caller's. */
export type Translate = TFunction<Namespace>;

/** The accepted pattern that matches anything (SPEC §5). */
export const ANY_PATTERN = '*';

/** Verification codes are never longer than this (SPEC §9). */
export const VERIFICATION_CODE_MAX = 255;

/** Fields that must repeat another one, and the field they repeat. */
export const CONFIRMATIONS: Record<string, string> = { confirmPassword: 'password', confirmNewPassword: 'newPassword' };

const message = (t: Translate, key: string, options: Record<string, unknown> = {}): string => String(t(key, { ns: 'forms', ...options }));

/** Length in characters as the server counts them (code points, not UTF-16 units). */
const lengthOf = (value: string) => Array.from(value).length;

/** Whether the whole value fits the pattern; a pattern this browser cannot read is left to the server. */
export function fitsPattern(pattern: string, value: string): boolean {
  if (!pattern || pattern === ANY_PATTERN) return true;
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    return true;
  }
}

/** The pattern's message with its lengths; one value when the length is exact (SPEC §5). */
export function patternMessage(setting: FieldSetting, t: Translate): string {
  const { patternId, minLength: min, maxLength: max } = setting;
  if (min === max) {
    return message(t, `pattern_${patternId}_exact`, { length: min, defaultValue: message(t, 'pattern_any_exact', { length: min }) });
  }
  return message(t, `pattern_${patternId}`, { min, max, defaultValue: message(t, 'pattern_any', { min, max }) });
}

/**
 * The first problem of one field's value, or null: required (after trimming), then length and
 * pattern from the brand's setting. An empty optional field is fine.
 */
export function validateField(name: string, value: string, setting: FieldSetting | undefined, t: Translate): string | null {
  const trimmed = value.trim();
  if (!trimmed) return setting && !setting.required ? null : message(t, 'field_required');
  if (name === 'verificationCode' && lengthOf(trimmed) > VERIFICATION_CODE_MAX) {
    return message(t, 'field_max_length', { max: VERIFICATION_CODE_MAX });
  }
  if (!setting) return null;
  const length = lengthOf(trimmed);
  if (length < setting.minLength || length > setting.maxLength || !fitsPattern(setting.acceptedPattern, trimmed)) {
    return patternMessage(setting, t);
  }
  return null;
}

/**
 * The first problem of each field of ``values`` (in the order given), by its setting, and for a
 * confirmation whether it repeats its field. A field without a setting is only required.
 */
export function validateFields(
  values: Record<string, string>,
  settings: RegisterSettings,
  t: Translate,
  confirmations: Record<string, string> = CONFIRMATIONS,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const repeated = confirmations[name];
    const setting = settings[name] ?? (repeated ? settings[repeated] : undefined);
    let problem = validateField(name, value, setting, t);
    if (!problem && repeated && repeated in values && value.trim() !== values[repeated].trim()) {
      problem = message(t, 'confirmation_mismatch');
    }
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** The terms must be ticked (SPEC §5); its message is the product's own. */
export function validateTerms(accepted: boolean, t: Translate): string | null {
  return accepted ? null : message(t, 'terms_required');
}
