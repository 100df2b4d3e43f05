import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useModals } from './modalContext';

/** The route of the e-mailed reset link: /forget?resetToken=... (SPEC §2). */
export const RESET_PATH = '/forget';

/** Opens the set-password modal when the page is a reset link. */
export function ResetLinkOpener() {
  const { pathname, search } = useLocation();
  const modals = useModals();
  const resetToken = pathname === RESET_PATH ? new URLSearchParams(search).get('resetToken') : null;
  useEffect(() => {
    if (resetToken) modals.open({ kind: 'setPassword', resetToken });
  }, [resetToken, modals]);
  return null;
}
