import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { ServedCall } from '../../../shell/test/render';
import { BonusDetailsPage } from './BonusDetailsPage';
import { balanceOf, callsTo, queryOf, renderForMember, setUpRecordPageTests } from './wallet/testWallet';

const BONUSES_PATH = '/wps/wallet/bonuses';

function renderPage() {
  const bonuses = (url: URL) => {
    const pageNo = Number(url.searchParams.get('pageNo'));
    const list = pageNo === 1
      ? [
          { id: 5, title: 'Welcome bonus', amount: '1500.00', createdAt: '2026-11-22T05:01:02Z' },
          { id: 4, title: 'Weekly cashback', amount: '12.5', createdAt: '2026-11-20T05:01:02Z' },
        ]
      : [{ id: 3, title: 'Birthday bonus', amount: '100.00', createdAt: '2026-11-19T05:01:02Z' }];
    return { list, pageNo, totalPages: 2, total: 3, sumAmount: '1612.50' };
  };
  return renderForMember(<BonusDetailsPage />, { [BONUSES_PATH]: bonuses }, { balance: balanceOf('0.00') }).calls;
}

const lastQuery = (calls: ServedCall[]) => queryOf(callsTo(calls, BONUSES_PATH).at(-1));
const bonus = (id: number) => document.querySelector(`[data-bonus="${id}"]`);

setUpRecordPageTests();

describe('bonus details', () => {
  test('the bonuses of the last 7 days with title, amount and date, and their total', async () => {
    const calls = renderPage();
    await waitFor(() => expect(bonus(5)).not.toBeNull());
    expect(lastQuery(calls)).toEqual({ startDate: '2026-11-17T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00', pageNo: '1', pageSize: '20' });
    expect(bonus(5)?.querySelector('.wallet-bonuses__title')?.textContent).toBe('Welcome bonus');
    expect(bonus(5)?.querySelector('[data-amount]')?.textContent).toBe('+৳1,500.00');
    expect(bonus(4)?.querySelector('[data-amount]')?.textContent).toBe('+৳12.50');
    expect(bonus(5)?.querySelector('.wallet-bonuses__date')?.textContent).toContain('2026');
    expect(document.querySelector('[data-total]')?.textContent).toBe('Total: ৳1,612.50');
  });

  test('presets and days send their query; paging asks for the next page', async () => {
    const calls = renderPage();
    await waitFor(() => expect(bonus(5)).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bonus(3)).not.toBeNull());
    expect(lastQuery(calls)).toMatchObject({ pageNo: '2' });
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-10-25T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00', pageNo: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-11-23T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' }));
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-11-23T00:00:00.000+06:00', endDate: '2026-11-30T23:59:59.999+06:00' }));
  });

  test('no bonuses in the days chosen is said, with a zero total', async () => {
    const empty = { list: [], pageNo: 1, totalPages: 0, total: 0, sumAmount: '0.00' };
    renderForMember(<BonusDetailsPage />, { [BONUSES_PATH]: empty }, { balance: balanceOf('0.00') });
    expect(await screen.findByText('No bonuses in these days.')).toBeTruthy();
    expect(document.querySelector('[data-total]')?.textContent).toBe('Total: ৳0.00');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
