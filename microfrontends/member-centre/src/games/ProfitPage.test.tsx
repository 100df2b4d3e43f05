import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import type { ServedCall } from '../../../../shell/test/render';
import { callsTo, queryOf, renderForMember, setUpRecordPageTests } from '../wallet/testWallet';
import { ProfitPage } from './ProfitPage';

const PROFIT_PATH = '/wps/games/profit';

const PROFIT = {
  rows: [
    { gameType: 'RNG', vassalage: 'DEMO', vendorName: 'Demo Slots', count: 12, bet: '120.00', payout: '1350.25', winLoss: '1230.25' },
    { gameType: 'LIVE', vassalage: 'LIVE1', vendorName: 'Live One', count: 3, bet: '300.00', payout: '0.00', winLoss: '-300.00' },
  ],
  totals: { count: 15, bet: '420.00', payout: '1350.25', winLoss: '930.25', deposit: '5000.00', withdrawal: '1200.50', bonus: '88.00' },
};

const NOTHING = { rows: [], totals: { count: 0, bet: '0.00', payout: '0.00', winLoss: '0.00', deposit: '0.00', withdrawal: '0.00', bonus: '0.00' } };

function renderPage(answer: (url: URL) => unknown = () => PROFIT) {
  return renderForMember(<ProfitPage />, { [PROFIT_PATH]: answer }).calls;
}

const lastQuery = (calls: ServedCall[]) => queryOf(callsTo(calls, PROFIT_PATH).at(-1));
const cell = (row: string, amount: string) => document.querySelector(`tr[data-row="${row}"] [data-amount="${amount}"]`)?.textContent;
const total = (name: string) => document.querySelector(`[data-total="${name}"] dd`)?.textContent;

setUpRecordPageTests();

describe('personal profit/loss', () => {
  test('the last 7 days per game type and vendor, with totals and the main wallet’s money', async () => {
    const calls = renderPage();
    await waitFor(() => expect(cell('RNG:DEMO', 'winLoss')).toBe('+৳1,230.25'));
    expect(lastQuery(calls)).toEqual({ startDate: '2026-11-17T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' });
    expect(screen.getByRole('heading', { name: 'Personal profit/loss' })).toBeTruthy();
    expect(document.querySelector('tr[data-row="RNG:DEMO"]')?.textContent).toContain('Slots');
    expect(document.querySelector('tr[data-row="RNG:DEMO"]')?.textContent).toContain('Demo Slots');
    expect([cell('LIVE:LIVE1', 'count'), cell('LIVE:LIVE1', 'bet'), cell('LIVE:LIVE1', 'payout'), cell('LIVE:LIVE1', 'winLoss')]).toEqual([
      '3', '৳300.00', '৳0.00', '-৳300.00']);
    expect([cell('total', 'count'), cell('total', 'bet'), cell('total', 'payout'), cell('total', 'winLoss')]).toEqual([
      '15', '৳420.00', '৳1,350.25', '+৳930.25']);
    expect([total('winLoss'), total('bet'), total('payout')]).toEqual(['+৳930.25', '৳420.00', '৳1,350.25']);
    expect([total('deposit'), total('withdrawal'), total('bonus')]).toEqual(['৳5,000.00', '৳1,200.50', '৳88.00']);
  });

  test('the presets and their steps ask for their days', async () => {
    const calls = renderPage();
    await waitFor(() => expect(cell('total', 'count')).toBe('15'));
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ startDate: '2026-10-25T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous 30 days' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ startDate: '2026-09-25T00:00:00.000+06:00', endDate: '2026-10-24T23:59:59.999+06:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next 7 days' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ startDate: '2026-10-25T00:00:00.000+06:00', endDate: '2026-10-31T23:59:59.999+06:00' }));
  });

  test('no settled bets still shows the wallet’s money; a failed load is said with a retry', async () => {
    let fail = false;
    const calls = renderPage(() => (fail ? new Response('{}', { status: 500 }) : { ...NOTHING, totals: { ...NOTHING.totals, deposit: '100.00' } }));
    expect(await screen.findByText('No settled bets in these days.')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
    expect([total('winLoss'), total('deposit')]).toEqual(['৳0.00', '৳100.00']);
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This could not be loaded. Please try again later.');
    fail = false;
    const asked = callsTo(calls, PROFIT_PATH).length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No settled bets in these days.')).toBeTruthy();
    expect(callsTo(calls, PROFIT_PATH).length).toBe(asked + 1);
  });

  test('in Bengali', async () => {
    await i18next.changeLanguage('bn');
    renderPage();
    await waitFor(() => expect(cell('total', 'count')).toBe('15'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('ব্যক্তিগত লাভ/ক্ষতি');
    expect(document.querySelector('tr[data-row="LIVE:LIVE1"]')?.textContent).toContain('লাইভ ক্যাসিনো');
    expect(document.querySelector('[data-total="withdrawal"] dt')?.textContent).toBe('উত্তোলন');
  });
});
