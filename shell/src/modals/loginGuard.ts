import { useCallback } from 'react';
import { readSession } from '@tessera/kit';
import { useModals } from './ModalProvider';

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
