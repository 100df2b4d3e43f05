import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { DEFAULT_DAYS, dayIn, lastDays } from '../reports/period';
import { remember } from '../session';
import { Dashboard } from './Dashboard';

const totals = (deposits: string, newMembers: number) => ({
  deposits,
  withdrawals: '2500.00',
  bets: '90000.00',
  wins: '85000.00',
  bonuses: '150.00',
  ggr: '5000.00',
  ngr: '4850.00',
  rounds: 420,
  activeMembers: 37,
  newMembers,
});

const DASHBOARD = {
  today: totals('1234.50', 4),
  period: totals('98765.00', 61),
  days: [{ day: '2026-11-27', ...totals('1234.50', 4) }],
  pending: { deposits: 3, withdrawals: 0, approvals: 1 },
  from: '2026-10-29',
  to: '2026-11-27',
  currency: 'BDT',
};

describe('the dashboard', () => {
  it("shows today's and the period's figures and links what waits to its queue", async () => {
    remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['finance'], permissions: ['report.read'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
    const sent = fakeApi({ 'GET /bo/api/brands/demo-bd/dashboard': { value: DASHBOARD } });
    renderPage(<Dashboard />);
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('1,234.50')).toBeTruthy();
    expect(within(today).getByText('4')).toBeTruthy();
    const period = screen.getByRole('region', { name: 'From 2026-10-29 to 2026-11-27' });
    expect(within(period).getByText('98,765.00')).toBeTruthy();
    expect(within(period).getByText('61')).toBeTruthy();
    expect(within(period).getAllByText('BDT').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '3 deposits waiting' }).getAttribute('href')).toBe('/deposits');
    expect(screen.getByRole('link', { name: '0 withdrawals to pay' }).getAttribute('href')).toBe('/withdrawals');
    expect(screen.getByRole('link', { name: '1 approval waiting' }).getAttribute('href')).toBe('/approvals');
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0].query)).toEqual(lastDays(DEFAULT_DAYS, dayIn('Asia/Dhaka'))); // the brand's days
  });

  it('asks the period picked, and none a report cannot cover', async () => {
    remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['finance'], permissions: ['report.read'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
    const sent = fakeApi({ 'GET /bo/api/brands/demo-bd/dashboard': ({ query }) => ({ value: { ...DASHBOARD, from: query.get('from'), to: query.get('to') } }) });
    renderPage(<Dashboard />);
    await screen.findByRole('region', { name: 'Today' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-07' } });
    expect(await screen.findByRole('region', { name: 'From 2026-09-01 to 2026-09-07' })).toBeTruthy();
    expect(Object.fromEntries(sent.at(-1)!.query)).toEqual({ from: '2026-09-01', to: '2026-09-07' });
    const asked = sent.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-08' } }); // after its end
    expect(await screen.findByText('The period ends before it starts.')).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(asked));
  });

  it('sends staff who do not read reports on to their first page, asking nothing', async () => {
    remember(staffSession());
    const sent = fakeApi({});
    renderPage(<Dashboard />, { path: '/', route: '/', routes: <Route path="/members" element={<p>The members</p>} /> });
    expect(await screen.findByText("The members")).toBeTruthy(); // dana reads members on demo-bd
    expect(screen.queryByText('Today')).toBeNull();
    expect(sent).toHaveLength(0);
  });
});
