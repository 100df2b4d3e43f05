import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readSession, setBadgeCount, useBadgeCounts, writeSession } from '@tessera/kit';
import { renderInShell, serve } from '../../test/render';
import { LogoutConfirm } from './LogoutConfirm';
import { useLoginGuard } from './loginGuard';

const SESSION = { token: 'tok', isAgent: 4, username: 'player01' };

function Badges() {
  return <span data-testid="badges">{JSON.stringify(useBadgeCounts())}</span>;
}

afterEach(() => writeSession(null));

describe('logout confirm', () => {
  test.each([
    ['answers', null],
    ['refuses with not_logged_in', new Response(JSON.stringify({ success: false, code: 'not_logged_in', message: 'Not logged in', value: null }), { status: 401 })],
  ])('when the server %s, the session, badges and member data are cleared and the page goes home', async (_, answer) => {
    writeSession(SESSION);
    setBadgeCount('messages', 3);
    const onClose = vi.fn();
    const calls = serve({ '/wps/session/logout': () => answer });
    const { router, queryClient } = renderInShell(
      <>
        <LogoutConfirm onClose={onClose} />
        <Badges />
      </>,
      { path: '/promotions' },
    );
    queryClient.setQueryData(['member', 'tok'], { account: 'player01' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.url.pathname === '/wps/session/logout')?.init?.method).toBe('DELETE');
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('badges').textContent).toBe('{}');
    expect(queryClient.getQueryData(['member', 'tok'])).toBeUndefined();
    expect(router.state.location.pathname).toBe('/');
  });

  test('cancel keeps the session', () => {
    writeSession(SESSION);
    const onClose = vi.fn();
    serve({});
    renderInShell(<LogoutConfirm onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(readSession()).toEqual(SESSION);
  });
});

describe('useLoginGuard', () => {
  function Guarded({ action }: { action: () => void }) {
    const guard = useLoginGuard();
    return (
      <button type="button" onClick={() => guard(action)}>
        Go
      </button>
    );
  }

  test('runs the action with a session, else opens the login modal instead', () => {
    serve({});
    const action = vi.fn();
    renderInShell(<Guarded action={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(action).not.toHaveBeenCalled();
    expect(document.querySelector('[data-modal="login"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    writeSession(SESSION);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(action).toHaveBeenCalledOnce();
  });
});
