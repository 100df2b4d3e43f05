import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route } from 'react-router-dom';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { PAGES } from '../layout/Layout';
import { mayUse } from '../permissions';
import { remember } from '../session';
import { RoleList } from './RoleList';
import { TeamInvite } from './TeamInvite';
import { TeamList } from './TeamList';
import { TeamShow } from './TeamShow';

const TEAM = '/bo/api/brands/demo-bd/team';
const BOB = {
  id: 12,
  username: 'bob',
  roles: ['cashier'],
  twoFactorEnrolled: true,
  locked: false,
  lastLoginAt: '2026-11-26T08:00:00Z',
  createdAt: '2026-11-01T08:00:00Z',
};
const ROLES = {
  items: [
    { name: 'cashier', permissions: ['deposit.approve', 'withdrawal.approve'], brandOwn: false },
    { name: 'desk', permissions: ['member.read'], brandOwn: true },
    { name: 'auditor', permissions: ['audit.read'], brandOwn: true },
  ],
  total: 3,
  page: 1,
  pageSize: 3,
};

function manager(routes: Parameters<typeof fakeApi>[0] = {}) {
  remember(
    staffSession({}, [
      {
        slug: 'demo-bd',
        name: 'Demo BD',
        roles: ['admin'],
        permissions: ['staff.manage', 'member.read', 'deposit.approve', 'withdrawal.approve'],
        languages: ['bn', 'en'], timeZone: 'UTC',
      },
    ]),
  );
  return fakeApi({ 'GET /bo/api/brands/demo-bd/roles': { value: ROLES }, ...routes });
}

// react-admin's whole pages in jsdom: slow to draw on a busy two-core machine.
describe("the brand's team", { timeout: 90000 }, () => {
  it('is listed and shown only to staff managers', async () => {
    const sent = manager({ [`GET ${TEAM}`]: { value: { items: [BOB], total: 1, page: 1, pageSize: 10 } } });
    expect(PAGES.map(({ resource }) => resource).filter((resource) => mayUse(resource))).toEqual(
      expect.arrayContaining(['team', 'roles', 'paymentChannels']),
    );
    expect(mayUse('settings')).toBe(false);
    renderPage(<TeamList />, { resource: 'team', path: '/team' });
    expect(await screen.findByText('bob', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText('cashier')).toBeTruthy();
    expect(sent.find((call) => call.path === TEAM)!.query.get('page')).toBe('1');
  });

  it('invites a staff member with their roles and shows the one-time password once', async () => {
    const user = userEvent.setup();
    const sent = manager({ [`POST ${TEAM}`]: { value: { staff: { ...BOB, id: 13, username: 'carol' }, password: 'Once-7Hq2' } } });
    renderPage(<TeamInvite />, {
      resource: 'team',
      path: '/team/create',
      route: '/team/create',
      routes: <Route path="/team/:id/show" element={<p>Carol's page</p>} />,
    });
    // A role holding a permission the inviter lacks cannot be given.
    expect(((await screen.findByRole('checkbox', { name: 'auditor' }, { timeout: 20000 })) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('textbox', { name: /Username/ }));
    await user.paste('carol');
    await user.click(screen.getByRole('checkbox', { name: 'desk' }));
    await user.click(screen.getByRole('button', { name: 'Invite staff member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Once-7Hq2')).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ username: 'carol', roles: ['desk'] });
    await user.click(within(dialog).getByRole('button', { name: 'I have kept it' }));
    expect(await screen.findByText("Carol's page")).toBeTruthy();
  });

  it("gives and takes back a staff member's roles, resets their password, and shows a refused lock", async () => {
    const user = userEvent.setup();
    const sent = manager({
      [`GET ${TEAM}/12`]: { value: BOB },
      [`PUT ${TEAM}/12/roles/desk`]: { value: { ...BOB, roles: ['cashier', 'desk'] } },
      [`DELETE ${TEAM}/12/roles/cashier`]: { value: { ...BOB, roles: [] } },
      [`POST ${TEAM}/12/password`]: { value: { password: 'New-99xk' } },
      [`PUT ${TEAM}/12/lock`]: { status: 409, code: 'staff_beyond_brand', message: 'Bob works on brands you do not manage.' },
    });
    renderPage(
      <>
        <TeamShow />
        <Notification />
      </>,
      { resource: 'team', path: '/team/12/show', route: '/team/:id/show' },
    );
    expect(await screen.findByText('bob', {}, { timeout: 20000 })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Role to give' }));
    await user.click(await screen.findByRole('option', { name: 'desk' }));
    await user.click(screen.getByRole('button', { name: 'Give role' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT' && call.path === `${TEAM}/12/roles/desk`)).toBe(true));

    const cashier = screen.getByRole('button', { name: 'cashier' });
    await user.click(within(cashier).getByTestId('CancelIcon'));
    await waitFor(() => expect(sent.some((call) => call.method === 'DELETE' && call.path === `${TEAM}/12/roles/cashier`)).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('New-99xk')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Lock account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Bob works on brands you do not manage.', {}, { timeout: 15000 })).toBeTruthy();
  });

  it("changes a brand role's permissions; the deployment's roles are read-only", async () => {
    const user = userEvent.setup();
    const sent = manager({ 'PUT /bo/api/brands/demo-bd/roles/desk': { value: { ...ROLES.items[1], permissions: ['member.read', 'deposit.approve'] } } });
    renderPage(<RoleList />, { resource: 'roles', path: '/roles' });
    expect(await screen.findByText('Approve withdrawals', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Edit permissions' })).toHaveLength(2); // desk and auditor, not cashier
    await user.click(screen.getAllByRole('button', { name: 'Edit permissions' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of desk' });
    expect((within(dialog).getByRole('checkbox', { name: 'Manage games' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Approve deposits' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ permissions: ['member.read', 'deposit.approve'] });
  });
});
