import i18next from 'i18next';
import { readBootstrap } from './bootstrap';
import { encryptPayload } from './jwe';
import { readSession } from './session';

/** The platform's response envelope. */
export interface Envelope<T> {
  success: boolean;
  code: string | null;
  message: string | null;
  value: T;
}

/**
 * A refused call: the server's stable code, its translated message, and the envelope's value,
 * which carries the details a form shows (``fields`` per-field messages, a ``captcha`` flag).
 */
export class ApiError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    public readonly serverMessage: string | null = null,
    public readonly value: unknown = null,
  ) {
    super(code);
  }
}

/** Query parameters; empty values are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** A call in the page's language, with the session's token when there is one. */
export async function request<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<T> {
  const { query, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Accept', 'application/json');
  if (i18next.language) headers.set('Accept-Language', i18next.language);
  const token = readSession()?.token;
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(readBootstrap().apiBase + withQuery(path, query), {
    credentials: 'same-origin',
    ...rest,
    headers,
  });
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError('network_abnormal', response.status);
  }
  if (!response.ok || !envelope.success) {
    throw new ApiError(envelope.code || 'request_failed', response.status, envelope.message, envelope.value ?? null);
  }
  return envelope.value;
}

export function getJson<T>(path: string, query?: Query): Promise<T> {
  return request<T>(path, { query });
}

/** A call whose body is JSON (the SMS sends). */
export function sendJson<T>(path: string, body: unknown, method = 'POST'): Promise<T> {
  return request<T>(path, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
}

/**
 * An encrypted ("E") call: ``fields`` travel as a JWE for the brand's key (SPEC §7). ``headers``
 * go along, e.g. the Authorization of a login whose session is not stored yet.
 */
export async function sendEncrypted<T>(
  path: string,
  fields: Record<string, unknown>,
  method = 'POST',
  headers: Record<string, string> = {},
): Promise<T> {
  const body = await encryptPayload(fields);
  return request<T>(path, { method, body, headers: { ...headers, 'Content-Type': 'application/jose' } });
}
