import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { fakeApi } from '../test/fakeApi';
import { staffSession } from '../test/sessions';
import { authProvider } from './authProvider';
import { BRAND_KEY, chooseBrand, currentSession, remember } from './session';

describe('the session in react-admin', () => {
  it('opens the app only to a complete session', async () => {
    fakeApi({ 'GET /bo/api/session': { value: staffSession({ twoFactor: false }) } });
    await expect(authProvider.checkAuth({})).rejects.toThrow();
    remember(staffSession());
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('sends a 401 back to the login, forgetting the session; a refused permission stays', async () => {
    remember(staffSession());
    await expect(authProvider.checkError(new HttpError('x', 401, { code: 'not_logged_in' }))).rejects.toBeTruthy();
    expect(currentSession()).toBeNull();
    remember(staffSession());
    await expect(authProvider.checkError(new HttpError('x', 403, { code: 'permission_denied' }))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('x', 403, { code: 'password_change_required' }))).rejects.toBeTruthy();
  });

  it("shows the pages the chosen brand's permissions allow", async () => {
    remember(staffSession());
    const can = (resource: string) => authProvider.canAccess!({ resource, action: 'list' });
    expect(await can('audit')).toBe(true);
    expect(await can('members')).toBe(true);
    expect(await can('deposits')).toBe(false);
    chooseBrand('demo-ph');
    expect(window.localStorage.getItem(BRAND_KEY)).toBe('demo-ph');
    expect(await can('audit')).toBe(false);
    remember(staffSession({ superuser: true }));
    expect(await can('deposits')).toBe(true);
  });

  it('logs out with the CSRF token', async () => {
    remember(staffSession());
    const sent = fakeApi({ 'DELETE /bo/api/session': { value: null } });
    await authProvider.logout({});
    expect(sent[0].headers['X-CSRF-Token']).toBe('csrf-of-the-session');
    expect(currentSession()).toBeNull();
  });
});
