import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { writeSession } from '@tessera/kit';
import { renderInShell, serve } from '../test/render';
import { statusOf } from '../test/fixtures';
import { RouteGuard } from './RouteGuard';

const ROUTES = [
  { path: '/login', element: <p>login page</p> },
  { path: '/helpmc', element: <RouteGuard><p>help centre</p></RouteGuard> },
  { path: '/promotions', element: <RouteGuard><p>promotions</p></RouteGuard> },
];

function start(path: string, loginFirst: boolean) {
  serve({ '/wps/system/status': statusOf({ whitelabel: { LOGINEDTOHOMEPAGE: loginFirst } }) });
  return renderInShell(<></>, { path, routes: ROUTES });
}

describe('RouteGuard', () => {
  test('sends a visitor to /login when the brand asks for login first', async () => {
    const { router } = start('/promotions', true);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('lets a visitor reach the open paths', async () => {
    start('/helpmc', true);
    expect(await screen.findByText('help centre')).toBeTruthy();
  });

  test('lets a member with a token through', async () => {
    writeSession({ token: 't', isAgent: 4, username: 'member1' });
    try {
      start('/promotions', true);
      expect(await screen.findByText('promotions')).toBeTruthy();
    } finally {
      writeSession(null);
    }
  });

  test('lets everyone through when the flag is off', async () => {
    start('/promotions', false);
    expect(await screen.findByText('promotions')).toBeTruthy();
  });
});
