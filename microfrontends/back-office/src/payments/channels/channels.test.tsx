import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { fakeApi } from '../../../test/fakeApi';
import { renderPage } from '../../../test/renderPage';
import { staffSession } from '../../../test/sessions';
import { remember } from '../../session';
import { ChannelList } from './ChannelList';
import { NotificationList } from './NotificationList';

const BRAND = '/bo/api/brands/demo-bd';
const BKASH = {
  channel: 'bkash',
  plugin: 'bdpay',
  title: 'bKash',
  kind: 'ewallet',
  channelMin: '100.00',
  channelMax: '50000.00',
  brandMin: '200.00',
  brandMax: null,
  enabled: true,
  staffMin: '500.00',
  staffMax: null,
  offered: true,
  minAmount: '500.00',
  maxAmount: '50000.00',
  updatedBy: 'dana',
  updatedAt: '2026-11-20T08:00:00Z',
};

function cashier(permissions: string[], routes: Parameters<typeof fakeApi>[0]) {
  remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['cashier'], permissions, languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
  return fakeApi(routes);
}

const withNotices = (element: React.ReactElement) => (
  <>
    {element}
    <Notification />
  </>
);

// react-admin's whole lists in jsdom: slow to draw on a busy two-core machine.
describe("the brand's payment channels", { timeout: 90000 }, () => {
  it('shows the channels and their bounds as the API gives them; a cashier without settings.edit changes nothing', async () => {
    cashier(['deposit.approve'], { [`GET ${BRAND}/payment-channels`]: { value: { items: [BKASH] } } });
    renderPage(<ChannelList />, { resource: 'paymentChannels', path: '/paymentChannels' });
    expect(await screen.findByText('bKash', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText('500.00 – 50000.00')).toBeTruthy();
    expect(screen.getByText('100.00 – 50000.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it("is switched off keeping staff's bounds, and narrowed with the API's refusal shown", async () => {
    const user = userEvent.setup();
    const sent = cashier(['deposit.approve', 'settings.edit'], {
      [`GET ${BRAND}/payment-channels`]: { value: { items: [BKASH] } },
      [`PUT ${BRAND}/payment-channels/bkash`]: ({ body }) =>
        (body as { maxAmount: string | null }).maxAmount
          ? { status: 400, code: 'channel_bounds_invalid', message: 'These bounds go past the channel’s own.' }
          : { value: { ...BKASH, enabled: false, offered: false } },
    });
    renderPage(withNotices(<ChannelList />), { resource: 'paymentChannels', path: '/paymentChannels' });
    await user.click(await screen.findByRole('button', { name: 'Disable' }, { timeout: 20000 }));
    await waitFor(() => expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: false, minAmount: '500.00', maxAmount: null }));

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Most deposit' }));
    await user.paste('90000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('These bounds go past the channel’s own.', {}, { timeout: 15000 })).toBeTruthy();
    expect(sent.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({ enabled: true, minAmount: '500.00', maxAmount: '90000' });
  });

  it('shows as a simple list on a phone, where a channel is tapped to change it', async () => {
    const user = userEvent.setup();
    // A phone: narrower than MUI's sm breakpoint.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    cashier(['deposit.approve', 'settings.edit'], { [`GET ${BRAND}/payment-channels`]: { value: { items: [BKASH] } } });
    renderPage(<ChannelList />, { resource: 'paymentChannels', path: '/paymentChannels' });
    expect(await screen.findByText('Offered · 500.00 – 50000.00', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByText('bKash'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: 'Least deposit' }) as HTMLInputElement).value).toBe('500.00');
  });
});

describe('unmatched gateway notifications', { timeout: 90000 }, () => {
  it('are listed newest first and filtered by kind', async () => {
    const user = userEvent.setup();
    const notice = {
      id: 1,
      at: '2026-11-27T08:00:00Z',
      kind: 'mismatch',
      plugin: 'bdpay',
      channel: 'bkash',
      depositId: 'D00000042',
      amount: '450.00',
      currency: 'BDT',
      expected: '500.00',
      reference: 'TX-9',
      memberId: 5,
      ip: '203.0.113.9',
    };
    const sent = cashier(['deposit.approve'], {
      [`GET ${BRAND}/payment-notifications`]: ({ query }) => ({
        value: { items: query.get('kind') === 'forged' ? [] : [notice], total: query.get('kind') === 'forged' ? 0 : 1, page: 1, pageSize: 10 },
      }),
    });
    renderPage(<NotificationList />, { resource: 'paymentNotifications', path: '/paymentNotifications' });
    expect(await screen.findByText('D00000042', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText('450.00')).toBeTruthy();
    expect(screen.getByText('Amount or currency mismatch')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Bad signature' }));
    await waitFor(() => expect(sent.at(-1)!.query.get('kind')).toBe('forged'));
    await waitFor(() => expect(screen.queryByText('D00000042')).toBeNull());
  });
});
