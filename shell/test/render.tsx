import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { BootstrapContext } from '../src/brand';
import { ModalProvider } from '../src/modals/ModalProvider';
import { OverlayProvider } from '../src/frame/overlays';
import { TEST_BOOTSTRAP } from './fixtures';

/** Answers by path (without the query): a value wrapped in the envelope, or a function of the URL. */
export type Answers = Record<string, unknown | ((url: URL, init?: RequestInit) => unknown)>;

export interface ServedCall {
  url: URL;
  init?: RequestInit;
}

/** Replace fetch with answers from ``answers``; an unknown path gets a 404 envelope. Returns the calls seen. */
export function serve(answers: Answers): ServedCall[] {
  const calls: ServedCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://demo-test.localhost');
    calls.push({ url, init });
    if (!(url.pathname in answers)) {
      return new Response(JSON.stringify({ success: false, code: 'not_found', message: 'Not found', value: null }), { status: 404 });
    }
    const answer = answers[url.pathname];
    const value = typeof answer === 'function' ? answer(url, init) : answer;
    if (value instanceof Response) return value;
    return new Response(JSON.stringify({ success: true, code: null, message: null, value }), { status: 200 });
  });
  return calls;
}

/**
 * Render ``element`` at ``path`` inside the shell's providers (query client, bootstrap, modals,
 * overlays), followed by the matching one of ``routes`` when given.
 */
export function renderInShell(element: ReactElement, { path = '/', routes }: { path?: string; routes?: RouteObject[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <OverlayProvider>
            <ModalProvider>
              {element}
              <Outlet />
            </ModalProvider>
          </OverlayProvider>
        ),
        children: routes,
        path: routes ? undefined : '*',
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <BootstrapContext.Provider value={TEST_BOOTSTRAP}>
        <RouterProvider router={router} />
      </BootstrapContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
