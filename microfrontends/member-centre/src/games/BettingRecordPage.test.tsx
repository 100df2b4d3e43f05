import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import type { ServedCall } from '../../../../shell/test/render';
import { callsTo, queryOf, renderForMember, setUpRecordPageTests } from '../wallet/testWallet';
import { BettingRecordPage } from './BettingRecordPage';

const BETS_PATH = '/wps/games/bets';
const MENUS_PATH = '/lgw/games/game_menus';

const LANES = [
  { gameCategory: 'RNG', title: 'Slots', cards: [{ vassalage: 'DEMO', displayName: 'Demo Slots' }, { vassalage: 'TWV', displayName: 'Transfer Vendor' }] },
  { gameCategory: 'LIVE', title: 'Live casino', cards: [{ vassalage: 'LIVE1', displayName: 'Live One' }] },
  { gameCategory: 'FISH', title: 'Fishing', cards: [] },
  { gameCategory: 'COCKFIGHT', title: 'Cockfight', cards: [{ vassalage: 'DS88', displayName: 'Derby Sabong' }] },
  // The house lottery's card leads to its lobby: a game type the member may filter by, not a vendor.
  { gameCategory: 'ELOTT', title: 'E-lottery', cards: [{ vassalage: 'HOUSE_LOTTO:fast', displayName: 'Fast lottery', route: '/lottery' }] },
];

const BETS = [
  { id: 3, roundId: 'R-3', vassalage: 'LIVE1', vendorName: 'Live One', gameCode: 'BAC', gameName: 'Speed Baccarat', gameType: 'LIVE',
    bet: '50.00', payout: '0.00', winLoss: '0.00', status: 'open', walletMode: 'seamless', placedAt: '2026-11-23T05:00:00Z', settledAt: null },
  { id: 2, roundId: 'R-2', vassalage: 'DEMO', vendorName: 'Demo Slots', gameCode: 'S7', gameName: 'Lucky Sevens', gameType: 'RNG',
    bet: '10.00', payout: '1250.50', winLoss: '1240.50', status: 'settled', walletMode: 'seamless', placedAt: '2026-11-22T05:00:00Z', settledAt: '2026-11-22T05:00:01Z' },
  { id: 1, roundId: 'R-1', vassalage: 'TWV', vendorName: 'Transfer Vendor', gameCode: 'S8', gameName: 'Gold Rush', gameType: 'RNG',
    bet: '20.00', payout: '5.00', winLoss: '-15.00', status: 'settled', walletMode: 'transfer', placedAt: '2026-11-21T05:00:00Z', settledAt: '2026-11-21T05:00:01Z' },
];

const SUMMARY = { count: 23, bet: '1080.00', payout: '1255.50', winLoss: '-1225.50' };

function renderPage(answer: (url: URL) => unknown = (url) => {
  const pageNo = Number(url.searchParams.get('pageNo'));
  return { list: pageNo === 1 ? BETS : [{ ...BETS[1], id: 100 + pageNo }], pageNo, totalPages: 3, total: 23, summary: SUMMARY };
}) {
  return renderForMember(<BettingRecordPage />, { [MENUS_PATH]: LANES, [BETS_PATH]: answer }).calls;
}

const lastQuery = (calls: ServedCall[]) => queryOf(callsTo(calls, BETS_PATH).at(-1));
const cell = (id: number, amount: string) => document.querySelector(`tr[data-bet="${id}"] [data-amount="${amount}"]`)?.textContent;
const row = (id: number) => document.querySelector(`tr[data-bet="${id}"]`)?.textContent ?? '';
const summary = (name: string) => document.querySelector(`[data-summary="${name}"] dd`)?.textContent;
const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((option) => option.textContent);

setUpRecordPageTests();

describe('betting record', () => {
  test('opens on the last 7 days: each bet with its game, vendor, bet, payout and win/loss, and the summary', async () => {
    const calls = renderPage();
    await waitFor(() => expect(cell(2, 'winLoss')).toBe('+৳1,240.50'));
    expect(lastQuery(calls)).toEqual({ startDate: '2026-11-17T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00', pageNo: '1', pageSize: '10' });
    expect(screen.getByRole('heading', { name: 'Betting record' })).toBeTruthy();
    expect(cell(2, 'bet')).toBe('৳10.00');
    expect(cell(2, 'payout')).toBe('৳1,250.50');
    expect(cell(1, 'winLoss')).toBe('-৳15.00');
    expect(document.querySelector('tr[data-bet="1"] [data-amount="winLoss"] .is-debit')).not.toBeNull();
    expect(document.querySelector('tr[data-bet="2"] [data-amount="winLoss"] .is-credit')).not.toBeNull();
    // An open bet has no payout or win/loss yet.
    expect([cell(3, 'payout'), cell(3, 'winLoss')]).toEqual(['—', '—']);
    expect(row(3)).toContain('Speed Baccarat');
    expect(row(3)).toContain('Live One · Round R-3');
    expect(row(3)).toContain('Live casino');
    expect(row(3)).toContain('Unsettled');
    expect(row(2)).toContain('Settled');
    expect([summary('count'), summary('bet'), summary('payout'), summary('winLoss')]).toEqual(['23', '৳1,080.00', '৳1,255.50', '-৳1,225.50']);
  });

  test('game types and vendors come from the brand; a vendor of another type is let go', async () => {
    const calls = renderPage();
    await waitFor(() => expect(options('Vendor')).toEqual(['All vendors', 'Demo Slots', 'Transfer Vendor', 'Live One', 'Derby Sabong']));
    expect(options('Game type')).toEqual(['All game types', 'Slots', 'Live casino', 'E-lottery', 'Cockfight']);
    fireEvent.change(screen.getByLabelText('Game type'), { target: { value: 'RNG' } });
    expect(options('Vendor')).toEqual(['All vendors', 'Demo Slots', 'Transfer Vendor']);
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'TWV' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ gameType: 'RNG', vassalage: 'TWV', pageNo: '1' }));
    fireEvent.change(screen.getByLabelText('Game type'), { target: { value: 'LIVE' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ gameType: 'LIVE' }));
    expect(lastQuery(calls).vassalage).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rolled_back' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ gameType: 'LIVE', status: 'rolled_back' }));
    fireEvent.change(screen.getByLabelText('Game type'), { target: { value: '' } });
    await waitFor(() => expect(lastQuery(calls).gameType).toBeUndefined());
  });

  test('the presets and their steps send their days; paging asks for the next page and a filter starts again at 1', async () => {
    const calls = renderPage();
    await waitFor(() => expect(screen.getByText('Page 1 of 3')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    expect(lastQuery(calls)).toMatchObject({ pageNo: '2' });
    expect(document.querySelector('tr[data-bet="102"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-11-10T00:00:00.000+06:00', endDate: '2026-11-16T23:59:59.999+06:00', pageNo: '1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next 30 days' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-10-25T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ startDate: '2026-11-23T00:00:00.000+06:00', endDate: '2026-11-23T23:59:59.999+06:00' }));
  });

  test('a resettled bet shows its corrected result, a void one neither payout nor win/loss', async () => {
    const corrected = [
      { ...BETS[1], id: 5, roundId: 'R-5', gameType: 'SPORTS', status: 'resettled', payout: '4.00', winLoss: '-6.00' },
      { ...BETS[1], id: 4, roundId: 'R-4', gameType: 'COCKFIGHT', status: 'cancelled', payout: '0.00', winLoss: '0.00' },
    ];
    renderPage(() => ({ list: corrected, pageNo: 1, totalPages: 1, total: 2, summary: SUMMARY }));
    await waitFor(() => expect(cell(5, 'winLoss')).toBe('-৳6.00'));
    expect(cell(5, 'payout')).toBe('৳4.00');
    expect(row(5)).toContain('Resettled');
    expect([cell(4, 'payout'), cell(4, 'winLoss')]).toEqual(['—', '—']);
    expect(row(4)).toContain('Void');
    expect(options('Status')).toEqual(['All', 'Unsettled', 'Settled', 'Resettled', 'Void', 'Cancelled']);
  });

  test('no bets, and a failed load with a retry, are said', async () => {
    let fail = false;
    const calls = renderPage(() =>
      fail ? new Response('{}', { status: 500 }) : { list: [], pageNo: 1, totalPages: 0, total: 0, summary: { count: 0, bet: '0.00', payout: '0.00', winLoss: '0.00' } },
    );
    expect(await screen.findByText('No bets in these days.')).toBeTruthy();
    expect(document.querySelector('[data-summary]')).toBeNull();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This could not be loaded. Please try again later.');
    const asked = callsTo(calls, BETS_PATH).length;
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No bets in these days.')).toBeTruthy();
    expect(callsTo(calls, BETS_PATH).length).toBe(asked + 1);
  });

  test('in Bengali', async () => {
    await i18next.changeLanguage('bn');
    renderPage();
    await waitFor(() => expect(row(2)).toContain('নিষ্পন্ন'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('বাজির রেকর্ড');
    expect(screen.getByLabelText('গেমের ধরন')).toBeTruthy();
    expect(document.querySelector('[data-summary="winLoss"] dt')?.textContent).toBe('মোট জয়/পরাজয়');
  });
});
