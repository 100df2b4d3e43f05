import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { fakeApi } from '../../test/fakeApi';
import { staffSession } from '../../test/sessions';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n';
import { remember } from '../session';
import { MemberShow } from './MemberShow';

const MEMBER = {
  id: 5,
  username: 'ann',
  realName: 'Ann Lee',
  phone: '8801700000000',
  email: null,
  status: 'active',
  labels: ['vip'],
  balance: '120.50',
  registeredAt: '2026-11-01T10:00:00Z',
  lastLoginAt: null,
  lastLoginIp: null,
  memberType: 4,
  currency: 'BDT',
  wallets: [{ wallet: 'main', balance: '120.50' }],
  referralCode: 'ANN5',
  notesCount: 0,
};

// react-admin's whole show page in jsdom: slow to draw on a busy two-core machine.
describe('a member', { timeout: 90000 }, () => {
  it('is frozen with a reason, and their temporary password is shown once', async () => {
    const user = userEvent.setup();
    remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['desk'], permissions: ['member.read', 'member.edit'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/members/5': { value: MEMBER },
      'PUT /bo/api/brands/demo-bd/members/5/status': { value: { ...MEMBER, status: 'frozen' } },
      'POST /bo/api/brands/demo-bd/members/5/password-reset': { value: { temporaryPassword: 'Tmp-93kd02' } },
    });
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="members">
          <MemberShow id={5} />
        </ResourceContextProvider>
        <Notification />
      </AdminContext>,
    );
    expect(await screen.findByText('Ann Lee', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.queryByText('Manual credit or debit')).toBeNull(); // member.credit is not held

    await user.click(screen.getByRole('button', { name: 'Freeze' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await user.paste('chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Done.');
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ status: 'frozen', reason: 'chargeback' });

    await user.click(await screen.findByRole('button', { name: 'Reset password' }, { timeout: 10000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Tmp-93kd02')).toBeTruthy();
  });
});
