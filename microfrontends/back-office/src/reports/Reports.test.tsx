import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { remember } from '../session';
import { DEFAULT_DAYS, dayIn, lastDays } from './period';
import { Reports } from './Reports';

const figures = (deposits: string, ggr: string) => ({
  deposits,
  withdrawals: '100.00',
  bets: '5000.00',
  wins: '4000.00',
  bonuses: '10.00',
  ggr,
  ngr: '990.00',
  rounds: 12,
  activeMembers: 3,
  newMembers: 1,
});

function reporter() {
  remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['finance'], permissions: ['report.read'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
  return fakeApi({
    'GET /bo/api/brands/demo-bd/reports/daily': ({ query }) => ({
      value: {
        items: [{ day: query.get('from'), ...figures('1234567.50', '1000.00') }],
        totals: figures('1234567.50', '1000.00'),
        from: query.get('from'),
        to: query.get('to'),
      },
    }),
    'GET /bo/api/brands/demo-bd/reports/games': {
      value: {
        items: [{ gameType: 'rng', vassalage: 'pg', vendorName: 'PG Soft', rounds: 9, players: 2, bets: '900.00', wins: '850.00', ggr: '50.00' }],
        from: '2026-11-01',
        to: '2026-11-27',
      },
    },
    'GET /bo/api/brands/demo-bd/reports/members': ({ query }) => ({
      value: {
        items: [{ memberId: 5, username: 'ann', ...figures('300.00', '-20.00') }],
        total: 1,
        page: Number(query.get('page')),
        pageSize: Number(query.get('pageSize')),
        from: query.get('from'),
        to: query.get('to'),
      },
    }),
  });
}

/** The period shown first: the last 30 days ending on the brand's today, in Dhaka. */
const shown = () => lastDays(DEFAULT_DAYS, dayIn('Asia/Dhaka'));

const calls = (sent: ReturnType<typeof fakeApi>, path: string) => sent.filter((call) => call.path === path);

describe('the reports', () => {
  it("show the daily P&L of the last 30 days with the period's totals, amounts exact and grouped", async () => {
    const sent = reporter();
    renderPage(<Reports />);
    const { from, to } = shown();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('1,234,567.50')).toHaveLength(2); // the day's and the totals'
    expect(within(table).getByText('Totals')).toBeTruthy();
    expect(within(table).getByText(from)).toBeTruthy();
    expect(Object.fromEntries(calls(sent, '/bo/api/brands/demo-bd/reports/daily')[0].query)).toEqual({ from, to });
  });

  it('ask the period picked, and none longer than 92 days', async () => {
    const sent = reporter();
    renderPage(<Reports />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30' } });
    await waitFor(() =>
      expect(Object.fromEntries(calls(sent, '/bo/api/brands/demo-bd/reports/daily').at(-1)!.query)).toEqual({
        from: '2026-09-01',
        to: '2026-09-30',
      }),
    );
    const asked = calls(sent, '/bo/api/brands/demo-bd/reports/daily').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-02' } }); // 93 days
    expect(await screen.findByText('A report covers at most 92 days. Choose a shorter period.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls(sent, '/bo/api/brands/demo-bd/reports/daily')).toHaveLength(asked);
  });

  it("export the server's CSV of the report shown, for its period", async () => {
    const sent = reporter();
    const saved = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.href, this.download);
    });
    const user = userEvent.setup();
    renderPage(<Reports />);
    await user.click(await screen.findByRole('tab', { name: 'Game types and vendors' }));
    expect(await screen.findByText('PG Soft')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('blob:report', 'report.csv'));
    const csv = calls(sent, '/bo/api/brands/demo-bd/reports/games').find((call) => call.query.get('format') === 'csv')!;
    expect(Object.fromEntries(csv.query)).toEqual({ ...shown(), format: 'csv' });
  });

  it("list each member's P&L sorted by GGR, paged, for the period's days", async () => {
    const sent = reporter();
    const user = userEvent.setup();
    renderPage(<Reports />);
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    expect(await screen.findByText('ann')).toBeTruthy();
    expect(screen.getByText('-20.00')).toBeTruthy();
    const query = Object.fromEntries(calls(sent, '/bo/api/brands/demo-bd/reports/members')[0].query);
    expect(query).toEqual({ ...shown(), sort: 'ggr', order: 'desc', page: '1', pageSize: '50' });
    await user.click(screen.getByRole('button', { name: /^Sort by deposits/ }));
    await waitFor(() => expect(calls(sent, '/bo/api/brands/demo-bd/reports/members').at(-1)!.query.get('sort')).toBe('deposits'));
  }, 60000); // a sortable list in jsdom takes long on a busy two-core machine
});
