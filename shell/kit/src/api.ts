import { readBootstrap } from './bootstrap';

/** The platform's response envelope. */
export interface Envelope<T> {
  success: boolean;
  code: string | null;
  message: string | null;
  value: T;
}

export class ApiError extends Error {
  constructor(public readonly code: string, public readonly status: number) {
    super(code);
  }
}

export async function getJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(readBootstrap().apiBase + path, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...(init.headers || {}) },
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.success) {
    throw new ApiError(envelope.code || 'request_failed', response.status);
  }
  return envelope.value;
}
