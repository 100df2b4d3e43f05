import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { balanceKey, requestId, useBalance, useRefreshBalance } from './balance';
import { writeSession } from './session';

const SESSION = { token: 'tok', isAgent: 4, username: 'player01' };

function balanceOf(sum: string) {
  return { sumBalance: sum, mainBalance: sum, currency: 'BDT', currencySymbol: '৳', wallets: [] };
}

/** Answers each balance call with the next of ``answers`` (a sum, or a status for a refusal). */
function serveBalances(...answers: Array<string | number>) {
  const calls: Request[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    calls.push(new Request(new URL(input, 'http://demo-test.localhost'), init));
    const answer = answers.shift();
    if (typeof answer === 'number') {
      return new Response(JSON.stringify({ success: false, code: 'network_abnormal', message: 'Try again', value: null }), { status: answer });
    }
    return new Response(JSON.stringify({ success: true, code: null, message: null, value: balanceOf(answer ?? '0.00') }));
  });
  return calls;
}

function Probe({ name }: { name: string }) {
  const { balance, loading, error } = useBalance();
  return <p data-testid={name}>{loading ? 'loading' : error ? 'error' : (balance?.sumBalance ?? 'none')}</p>;
}

/**
 * ``children`` in a page with its query client, as the shell gives the remotes, and the refresh a
 * page that moved money (a transfer form, say) calls.
 */
function renderInPage(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children: page }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{page}</QueryClientProvider>;
  render(children, { wrapper });
  const moneyPage = renderHook(() => useRefreshBalance(), { wrapper }).result;
  return { queryClient, refreshBalance: () => moneyPage.current() };
}

afterEach(() => writeSession(null));

describe('the shared balance', () => {
  test('one load serves every reader; a refresh from any page updates them all', async () => {
    writeSession(SESSION);
    const calls = serveBalances('10.00', '25.50');
    const { refreshBalance } = renderInPage(
      <>
        <Probe name="header" />
        <Probe name="page" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('10.00'));
    expect(screen.getByTestId('page').textContent).toBe('10.00');
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0].url).pathname).toBe('/wps/v2/wallets/balance');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');

    let refreshed: unknown;
    await act(async () => {
      refreshed = await refreshBalance();
    });
    expect(refreshed).toMatchObject({ sumBalance: '25.50' });
    // The query cache tells its readers on its next tick.
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('25.50'));
    expect(screen.getByTestId('page').textContent).toBe('25.50');
    expect(calls).toHaveLength(2);
  });

  test('an answer overtaken by a later refresh is dropped', async () => {
    writeSession(SESSION);
    const gates: Array<(sum: string) => void> = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => {
      gates.push((sum) => resolve(new Response(JSON.stringify({ success: true, code: null, message: null, value: balanceOf(sum) }))));
    }));
    const { refreshBalance } = renderInPage(<Probe name="header" />);
    await waitFor(() => expect(gates).toHaveLength(1));
    act(() => void refreshBalance());
    await waitFor(() => expect(gates).toHaveLength(2));
    await act(async () => gates[1]('30.00'));
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('30.00'));
    await act(async () => gates[0]('5.00'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByTestId('header').textContent).toBe('30.00');
  });

  test('a failed load is an error, and nothing is shown without a session', async () => {
    writeSession(SESSION);
    serveBalances(503);
    renderInPage(<Probe name="header" />);
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('error'));
    act(() => writeSession(null));
    expect(screen.getByTestId('header').textContent).toBe('none');
  });

  test('another session loads its own balance and never shows the previous one', async () => {
    writeSession(SESSION);
    const calls = serveBalances('10.00', '99.00');
    renderInPage(<Probe name="header" />);
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('10.00'));
    act(() => writeSession({ ...SESSION, token: 'other' }));
    expect(screen.getByTestId('header').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('99.00'));
    expect(calls[1].headers.get('Authorization')).toBe('Bearer other');
  });

  test("the balance is one of the page's queries, and it goes with the session's answers", async () => {
    writeSession(SESSION);
    serveBalances('10.00');
    const { queryClient } = renderInPage(<Probe name="header" />);
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('10.00'));
    expect(queryClient.getQueryData(balanceKey('tok'))).toMatchObject({ sumBalance: '10.00' });
    // What a logout does with the session's answers (member info, avatar, balance).
    act(() => queryClient.removeQueries({ queryKey: ['member'] }));
    expect(queryClient.getQueryData(balanceKey('tok'))).toBeUndefined();
  });
});

describe('requestId', () => {
  test('fresh ids of 32 characters the server accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, () => requestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});
