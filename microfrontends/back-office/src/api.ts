// The back office's calls (/bo/api/): Tessera's envelope unwrapped, the session's CSRF token on every
// write, and a refusal turned into react-admin's HttpError carrying the API's code and message.
import { HttpError } from 'react-admin';

export const API_PREFIX = '/bo/api';
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

interface Envelope<T> {
  success: boolean;
  code: string | null;
  message: string | null;
  value: T;
}

/** What a refused call carries in its HttpError's body. */
export interface Refusal {
  code: string | null;
  message: string | null;
}

/** A call's answer: its status (202 is an action waiting for a second approver) and its value. */
export interface Answer<T> {
  status: number;
  value: T;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

let csrfToken: string | null = null;

/** The session's CSRF token, sent with every write from now on (null: none, logged out). */
export function keepCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function call<T>(
  path: string,
  { method = 'GET', body, query }: { method?: string; body?: unknown; query?: Query } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.has(method) && csrfToken) headers[CSRF_HEADER] = csrfToken;
  const response = await fetch(`${API_PREFIX}${path}${queryString(query)}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope || !envelope.success) {
    const refusal: Refusal = { code: envelope?.code ?? null, message: envelope?.message ?? null };
    throw new HttpError(refusal.message || 'tessera.errors.unreachable', response.status, refusal);
  }
  return { status: response.status, value: envelope.value };
}

/** The API's code of a refusal, if it is one. */
export function refusalCode(error: unknown): string | null {
  const body = (error as { body?: Refusal } | null)?.body;
  return body?.code ?? null;
}
