import { useCallback } from 'react';
import { isRealMember, readSession } from '@tessera/kit';
import { useModals } from './modalContext';

/** SPEC §5 login guard: the returned function runs ``action`` for a session, else opens the login modal. */
export function useLoginGuard(): (action: () => void) => void {
  const modals = useModals();
  return useCallback(
    (action: () => void) => {
      if (readSession()) action();
      else modals.open({ kind: 'login' });
    },
    [modals],
  );
}

/**
 * SPEC §5 real-member guard, for member-only actions (money pages, deposit, withdraw): without a
 * session the login modal opens; a session of a restricted type (not 4) gets the
 * in_need_true_account warning; only a real member's action runs.
 */
export function useRealMemberGuard(): (action: () => void) => void {
  const modals = useModals();
  return useCallback(
    (action: () => void) => {
      const session = readSession();
      if (!session) modals.open({ kind: 'login' });
      else if (!isRealMember(session)) modals.open({ kind: 'restrictedAccount' });
      else action();
    },
    [modals],
  );
}
