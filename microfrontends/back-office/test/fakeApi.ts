// A stand-in for the back-office API behind fetch: answers by "METHOD /path" and records each call.
import { vi } from 'vitest';

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; value?: unknown; code?: string; message?: string };
type Handler = Reply | ((sent: Sent) => Reply);

export function fakeApi(routes: Record<string, Handler>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://admin.localhost');
    const call: Sent = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return new Response(JSON.stringify({ success: false, code: 'not_found', message: 'Not found', value: null }), { status: 404 });
    const reply = typeof handler === 'function' ? handler(call) : handler;
    const status = reply.status ?? 200;
    const ok = status < 400;
    const envelope = { success: ok, code: reply.code ?? null, message: reply.message ?? null, value: reply.value ?? null };
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}
