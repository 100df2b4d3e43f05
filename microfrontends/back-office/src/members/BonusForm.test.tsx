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
  phone: null,
  email: null,
  status: 'active',
  labels: [],
  balance: '120.50',
  registeredAt: '2026-11-01T10:00:00Z',
  lastLoginAt: null,
  lastLoginIp: null,
  memberType: 4,
  currency: 'BDT',
  wallets: [{ wallet: 'main', balance: '120.50' }],
  referralCode: null,
  notesCount: 0,
};
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

// react-admin's whole show page in jsdom: slow to draw on a busy two-core machine.
describe("a member's bonus", { timeout: 90000 }, () => {
  it('is granted with its turnover, retried with the same request id, and told when it waits for a second approver', async () => {
    const user = userEvent.setup();
    remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['cashier'], permissions: ['member.read', 'member.credit'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
    let answers = 0;
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/members/5': { value: MEMBER },
      'POST /bo/api/brands/demo-bd/members/5/bonuses': () =>
        (answers += 1) === 1
          ? { status: 403, code: 'in_need_true_account', message: 'A demo account cannot receive money.' }
          : { status: 202, value: { approval: { id: 8, status: 'pending' } } },
    });
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="members">
          <MemberShow id={5} />
        </ResourceContextProvider>
        <Notification />
      </AdminContext>,
    );
    const bonus = (await screen.findByText('Grant a bonus', {}, { timeout: 20000 })).parentElement!;
    expect(screen.getByText('Manual credit or debit')).toBeTruthy(); // beside the adjustment
    await user.click(within(bonus).getByRole('textbox', { name: /^Amount/ }));
    await user.paste('500.00');
    await user.click(within(bonus).getByRole('textbox', { name: /^Turnover asked/ }));
    await user.paste('5000');
    await user.click(within(bonus).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Welcome bonus');
    await user.click(within(bonus).getByRole('button', { name: 'Grant bonus' }));
    expect(await screen.findByText('A demo account cannot receive money.')).toBeTruthy();

    await user.click(within(bonus).getByRole('button', { name: 'Grant bonus' }));
    expect(await screen.findByText(/Waiting for a second approver/)).toBeTruthy();
    const [refused, asked] = sent.filter((call) => call.method === 'POST');
    expect(asked.body).toEqual({ amount: '500.00', turnover: '5000', reason: 'Welcome bonus', requestId: expect.stringMatching(REQUEST_ID) });
    expect((refused.body as { requestId: string }).requestId).toBe((asked.body as { requestId: string }).requestId);
    expect(asked.headers['X-CSRF-Token']).toBe('csrf-of-the-session');
  });
});
