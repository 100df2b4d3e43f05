import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';
import { readSession, writeSession } from '@tessera/kit';
import { logOut } from './member';

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

test("a log-out calls off the session's calls under way before it ends the session", async () => {
  writeSession({ token: 'token-1', isAgent: 4, username: 'member1' });
  const order: string[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://demo-test.localhost').pathname;
    order.push(path);
    if (path === '/wps/session/logout') {
      return Promise.resolve(new Response(JSON.stringify({ success: true, code: null, message: null, value: null })));
    }
    // The avatar's answer never comes: only its caller's abort ends it.
    return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const aborted: boolean[] = [];
  const icon = queryClient.fetchQuery({
    queryKey: ['member', 'token-1', 'icon'],
    queryFn: ({ signal }) => {
      signal.addEventListener('abort', () => aborted.push(order.includes('/wps/session/logout')));
      return fetch('/wps/member/info/icon', { signal });
    },
  });
  icon.catch(() => undefined);
  await logOut(queryClient);
  expect(aborted).toEqual([false]); // called off before the server was told
  expect(order).toEqual(['/wps/member/info/icon', '/wps/session/logout']);
  expect(readSession()).toBeNull();
});
