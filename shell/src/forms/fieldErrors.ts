import { ApiError } from '@tessera/kit';

/** The first message per field of a refused call's `value.fields` (400 invalid_fields, SPEC §8). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.value as { fields?: unknown } | null)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(fields as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) errors[name] = first;
  }
  return errors;
}

/** Whether a refusal asks for the captcha (captcha_required, captcha_invalid, a failed login). */
export function asksForCaptcha(error: unknown): boolean {
  return error instanceof ApiError && Boolean((error.value as { captcha?: unknown } | null)?.captcha);
}

/** The server's message of a refusal, else the network message. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
