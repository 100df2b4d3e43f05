import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeSession, type PageRegistry } from '@tessera/kit';
import { renderInShell, serve } from '../../test/render';
import { forgetRemote } from '../remotes/CentreOverlay';

const loadPages = vi.hoisted(() => vi.fn());
vi.mock('../remotes/runtime', () => ({ loadPages, RemoteUnavailable: class extends Error {} }));

/** A page showing the query it is opened with, as the deposit page reads the deposit id. */
function page(key: string) {
  const Page = () => <p data-testid="page">{`${key} ${useLocation().search}`}</p>;
  return Page;
}

const REGISTRY: PageRegistry = {
  namespace: 'testCentre',
  defaultPage: 'securityCenter',
  pages: ['securityCenter', 'depositv2'].map((key) => ({ key, labelKey: key, component: page(key) })),
};

async function renderAt(path: string) {
  loadPages.mockResolvedValue(REGISTRY);
  serve({});
  let rendered!: ReturnType<typeof renderInShell>;
  await act(async () => {
    rendered = renderInShell(<p>home</p>, { path });
  });
  return rendered;
}

const search = (router: ReturnType<typeof renderInShell>['router']) => router.state.location.search;

afterEach(() => {
  writeSession(null);
  forgetRemote('memberCentre');
});

describe('memberCentre in the query', () => {
  test('opens the member centre at that page, takes the parameter out and passes the rest through', async () => {
    writeSession({ token: 't', isAgent: 4, username: 'player01' });
    const { router } = await renderAt('/?memberCentre=depositv2&deposit=12');
    expect((await screen.findByTestId('page')).textContent).toBe('depositv2 ?deposit=12');
    expect(document.querySelector('[data-remote="memberCentre"]')).not.toBeNull();
    expect(loadPages).toHaveBeenCalledWith('memberCentre');
    expect(search(router)).toBe('?deposit=12');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('waits for the login, then opens', async () => {
    const { router } = await renderAt('/?memberCentre=depositv2&deposit=12');
    expect(document.querySelector('[data-remote]')).toBeNull();
    expect(search(router)).toBe('?memberCentre=depositv2&deposit=12');
    await act(async () => writeSession({ token: 't', isAgent: 4, username: 'player01' }));
    expect((await screen.findByTestId('page')).textContent).toBe('depositv2 ?deposit=12');
    await waitFor(() => expect(search(router)).toBe('?deposit=12'));
  });

  test('a URL without it opens nothing and is left alone', async () => {
    writeSession({ token: 't', isAgent: 4, username: 'player01' });
    const { router } = await renderAt('/?deposit=12');
    expect(screen.getByText('home')).toBeTruthy();
    expect(document.querySelector('[data-remote]')).toBeNull();
    expect(search(router)).toBe('?deposit=12');
    expect(router.state.historyAction).toBe('POP');
  });
});
