import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { requestShellModal, writeSession } from '@tessera/kit';
import { renderInShell, serve } from '../../test/render';
import { useRealMemberGuard } from './loginGuard';
import { modal } from './testIdentity';

const REAL = { token: 't', isAgent: 4, username: 'player01' };

function MoneyButton({ action }: { action: () => void }) {
  const realMemberOnly = useRealMemberGuard();
  return (
    <button type="button" onClick={() => realMemberOnly(action)}>
      Deposit
    </button>
  );
}

afterEach(() => writeSession(null));

describe('real-member guard', () => {
  test.each([
    ['free play', 0],
    ['a restricted type', 3],
    ['an agent', 41],
  ])('%s gets in_need_true_account with in_increase_submit, and the action is blocked', (_, type) => {
    writeSession({ ...REAL, isAgent: type });
    serve({});
    const action = vi.fn();
    renderInShell(<MoneyButton action={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(action).not.toHaveBeenCalled();
    expect(modal('restrictedAccount')).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('This is available to real member accounts only.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(modal('restrictedAccount')).toBeNull();
  });

  test('a real member goes ahead; a visitor gets the login modal', () => {
    serve({});
    const action = vi.fn();
    renderInShell(<MoneyButton action={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(modal('login')).not.toBeNull();
    expect(action).not.toHaveBeenCalled();

    writeSession(REAL);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(action).toHaveBeenCalledOnce();
  });

  test('the warning reads in Bengali too', async () => {
    const { changeLanguage } = await import('../i18n');
    await changeLanguage('bn');
    writeSession({ ...REAL, isAgent: 0 });
    serve({});
    renderInShell(<MoneyButton action={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('alert').textContent).toBe('এটি শুধু আসল সদস্য অ্যাকাউন্টের জন্য।');
    expect(screen.getByRole('button', { name: 'ঠিক আছে' })).toBeTruthy();
  });
});

describe('modals asked for by a remote', () => {
  test("the kit's request opens the shell's modal", () => {
    writeSession(REAL);
    serve({});
    renderInShell(<span />);
    act(() => requestShellModal('changePassword'));
    expect(modal('changePassword')).not.toBeNull();
    act(() => requestShellModal('restrictedAccount'));
    expect(modal('restrictedAccount')).not.toBeNull();
  });
});
