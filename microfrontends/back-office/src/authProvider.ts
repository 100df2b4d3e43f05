// react-admin's view of the staff session: the login page starts it (login/), a live and complete
// session (password changed, two-factor set up) opens the app, a 401 sends the staff member back to
// the login page, and the pages shown are those the chosen brand's permissions allow.
import type { AuthProvider } from 'react-admin';
import { call, refusalCode } from './api';
import { mayUse } from './permissions';
import { currentSession, isComplete, loadSession, remember, type StaffSession } from './session';

// Refusals the login page resolves: it asks for the new password or the two-factor enrolment.
const UNFINISHED_LOGIN = new Set(['password_change_required', 'two_factor_required']);

export const authProvider: AuthProvider = {
  /** The login page has made the session (login/LoginPage.tsx): keep it. */
  async login({ session }: { session: StaffSession }) {
    remember(session);
  },
  async logout() {
    if (currentSession()) await call('/session', { method: 'DELETE' }).catch(() => undefined);
    remember(null);
  },
  async checkAuth() {
    const session = currentSession() ?? (await loadSession());
    if (!session || !isComplete(session)) throw new Error('tessera.login.required');
  },
  async checkError(error) {
    const status = (error as { status?: number } | null)?.status;
    if (status === 401) {
      remember(null);
      throw error;
    }
    if (status === 403 && UNFINISHED_LOGIN.has(refusalCode(error) ?? '')) throw error;
  },
  async getIdentity() {
    const session = currentSession() ?? (await loadSession());
    if (!session) throw new Error('tessera.login.required');
    return { id: session.staff.id, fullName: session.staff.username };
  },
  async canAccess({ resource }) {
    return mayUse(resource);
  },
};
