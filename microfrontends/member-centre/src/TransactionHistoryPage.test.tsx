import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { ServedCall } from '../../../shell/test/render';
import { TransactionHistoryPage } from './TransactionHistoryPage';
import { balanceOf, callsTo, queryOf, renderForMember, setUpRecordPageTests } from './wallet/testWallet';

const RECORDS_PATH = '/wps/wallet/transactions';

const RECORDS = [
  { id: 12, type: 'deposit', amount: '1000.00', balanceAfter: '1020.00', wallet: 'main', createdAt: '2026-11-23T05:01:02Z', reference: 'deposit:12', remark: '' },
  { id: 11, type: 'transfer_in', amount: '-20.00', balanceAfter: '20.00', wallet: 'main', createdAt: '2026-11-22T05:01:02Z', reference: 'transfer:3', remark: 'To Demo Transfer' },
  { id: 10, type: 'transfer_in', amount: '20.00', balanceAfter: '1234567.50', wallet: 'DEMOTW', createdAt: '2026-11-22T05:01:02Z', reference: 'transfer:3', remark: '' },
];

/** Records answered per page asked, three pages in all. */
function renderPage() {
  const records = (url: URL) => {
    const pageNo = Number(url.searchParams.get('pageNo'));
    return { list: pageNo === 1 ? RECORDS : [{ ...RECORDS[0], id: 100 + pageNo }], pageNo, totalPages: 3, total: 43 };
  };
  return renderForMember(<TransactionHistoryPage />, { [RECORDS_PATH]: records }, { balance: balanceOf('20.00', { DEMOTW: '20.00' }) }).calls;
}

const lastQuery = (calls: ServedCall[]) => queryOf(callsTo(calls, RECORDS_PATH).at(-1));
const cells = (id: number, selector: string) => document.querySelector(`tr[data-record="${id}"] ${selector}`)?.textContent;

setUpRecordPageTests();

describe('account record', () => {
  test('opens on the last 7 days, all types: signed amounts, balance after, wallet names', async () => {
    const calls = renderPage();
    await waitFor(() => expect(cells(12, '[data-amount]')).toBe('+৳1,000.00'));
    expect(lastQuery(calls)).toEqual({ type: 'all', startDate: '2026-11-17T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00', pageNo: '1', pageSize: '20' });
    expect(cells(12, '[data-balance-after]')).toBe('৳1,020.00');
    expect(cells(11, '[data-amount]')).toBe('-৳20.00');
    expect(cells(10, '[data-balance-after]')).toBe('৳1,234,567.50');
    expect(document.querySelector('tr[data-record="12"]')?.textContent).toContain('Deposit');
    expect(document.querySelector('tr[data-record="11"]')?.textContent).toContain('Main wallet');
    expect(document.querySelector('tr[data-record="11"]')?.textContent).toContain('To Demo Transfer');
    await waitFor(() => expect(document.querySelector('tr[data-record="10"]')?.textContent).toContain('Demo Transfer'));
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('the type filter and the presets send their query', async () => {
    const calls = renderPage();
    await waitFor(() => expect(cells(12, '[data-amount]')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'deposit' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ type: 'deposit', startDate: '2026-11-17T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ type: 'deposit', startDate: '2026-11-23T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' }));
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-10-25T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' }));
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-10-25');
  });

  test('start and end days of choice; a start after the end is refused here and not asked for', async () => {
    const calls = renderPage();
    await waitFor(() => expect(cells(12, '[data-amount]')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-11-01T00:00:00.000+06:00', endDate: '2026-11-10T23:59:59.999+06:00' }));
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('false');
    const asked = callsTo(calls, RECORDS_PATH).length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-12' } });
    expect(screen.getByText('The start date must not be after the end date.')).toBeTruthy();
    expect(screen.getByLabelText('Start date').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, RECORDS_PATH)).toHaveLength(asked);
  });

  test('paging asks for the next page; a new filter starts again at page 1', async () => {
    const calls = renderPage();
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    expect(lastQuery(calls)).toMatchObject({ pageNo: '2' });
    expect(document.querySelector('tr[data-record="102"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 3')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'bonus' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ type: 'bonus', pageNo: '1' }));
  });

  test('no records, and a failed load, are said', async () => {
    let fail = false;
    const records = () => (fail ? new Response('{}', { status: 500 }) : { list: [], pageNo: 1, totalPages: 0, total: 0 });
    renderForMember(<TransactionHistoryPage />, { [RECORDS_PATH]: records }, { balance: balanceOf('0.00') });
    expect(await screen.findByText('No records in these days.')).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This could not be loaded. Please try again later.');
  });
});
