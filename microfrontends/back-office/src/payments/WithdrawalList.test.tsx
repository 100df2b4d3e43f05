import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { fakeApi } from '../../test/fakeApi';
import { staffSession } from '../../test/sessions';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n';
import { remember } from '../session';
import { WithdrawalList } from './WithdrawalList';

const WITHDRAWAL = {
  id: 9,
  orderNo: 'W0009',
  memberId: 3,
  username: 'ann',
  amount: '5000.00',
  status: 'pending',
  createdAt: '2026-11-27T10:00:00Z',
  bankAccount: { bankName: 'City Bank', accountName: 'Ann', accountNumber: '0123' },
  receipt: null,
  approval: null,
};

function renderQueue() {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="withdrawals">
        <WithdrawalList />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

// react-admin's whole list in jsdom: slow to draw on a busy two-core machine.
describe('the withdrawals queue', { timeout: 90000 }, () => {
  it('lists the pending withdrawals, and an approval above the threshold waits for a second approver', async () => {
    const user = userEvent.setup();
    remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['cashier'], permissions: ['withdrawal.approve'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/withdrawals': { value: { items: [WITHDRAWAL], total: 1, page: 1, pageSize: 10 } },
      'POST /bo/api/brands/demo-bd/withdrawals/9/approve': { status: 202, value: { approval: { id: 4, status: 'pending' } } },
    });
    renderQueue();
    expect(await screen.findByText('W0009', {}, { timeout: 20000 })).toBeTruthy();
    expect(sent[0].query.get('status')).toBe('pending');
    expect(screen.getByText('City Bank · Ann · 0123')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Remark' }));
    await user.paste('checked the account');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Waiting for a second approver/)).toBeTruthy();
    const approval = sent.find((call) => call.method === 'POST')!;
    expect(approval.body).toEqual({ remark: 'checked the account' });
    expect(approval.headers['X-CSRF-Token']).toBe('csrf-of-the-session');
  });

  it('asks for a remark before a rejection, and shows the refusal as its message', async () => {
    const user = userEvent.setup();
    remember(staffSession({ superuser: true }));
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/withdrawals': { value: { items: [WITHDRAWAL], total: 1, page: 1, pageSize: 10 } },
      'POST /bo/api/brands/demo-bd/withdrawals/9/reject': {
        status: 409,
        code: 'withdrawal_not_pending',
        message: 'This withdrawal is no longer pending.',
      },
    });
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 20000 }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(within(dialog).getByRole('textbox', { name: /Remark/ }));
    await user.paste('wrong account');
    await user.click(confirm);
    expect(await screen.findByText('This withdrawal is no longer pending.')).toBeTruthy();
    await waitFor(() => expect(sent.filter((call) => call.method === 'POST')).toHaveLength(1));
  });
});
