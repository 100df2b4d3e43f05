import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { remember } from '../session';
import { JobList } from './JobList';
import { JobRunList } from './JobRunList';

const run = (id: number, job: string, outcome: string, error: string | null = null) => ({
  id,
  job,
  brand: 'demo-bd',
  runKey: '2026-11-27',
  startedAt: '2026-11-27T01:00:00Z',
  finishedAt: outcome === 'running' ? null : '2026-11-27T01:00:05Z',
  outcome,
  attempts: 1,
  counts: { reconciled: 12, expired: 3 },
  error,
});

function operator(routes: Parameters<typeof fakeApi>[0]) {
  // A superuser too reads the chosen brand's runs here.
  remember(staffSession({ superuser: true }));
  window.localStorage.setItem('tessera.backOffice.brand', 'demo-ph');
  return fakeApi(routes);
}

describe('the jobs', () => {
  it("show each job's latest run with its outcome, counts and failures in the last 24 hours", async () => {
    const sent = operator({
      'GET /bo/api/jobs': {
        value: {
          items: [
            { job: 'bonus-expiry', latest: run(2, 'bonus-expiry', 'ok'), failedToday: 0 },
            { job: 'vendor-reconciliation', latest: run(3, 'vendor-reconciliation', 'failed', 'vendor timed out'), failedToday: 2 },
          ],
        },
      },
    });
    renderPage(<JobList />, { resource: 'jobs', path: '/jobs' });
    const row = (await screen.findByText('vendor-reconciliation')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('vendor timed out')).toBeTruthy();
    expect(within(row).getByText('reconciled 12 · expired 3')).toBeTruthy();
    expect(within(screen.getByText('bonus-expiry').closest('tr')!).getByText('OK')).toBeTruthy();
    expect(Object.fromEntries(sent[0].query)).toEqual({ brand: 'demo-ph' });
  });

  it('list the runs newest first, filtered by outcome and paged', async () => {
    const sent = operator({
      'GET /bo/api/jobs/runs': ({ query }) => ({
        value: { items: [run(9, 'bonus-expiry', query.get('outcome') ?? 'ok')], total: 1, page: 1, pageSize: 50 },
      }),
    });
    const user = userEvent.setup();
    renderPage(<JobRunList />, { resource: 'jobRuns', path: '/jobRuns' });
    expect(await screen.findByText('bonus-expiry')).toBeTruthy();
    expect(Object.fromEntries(sent[0].query)).toEqual({ brand: 'demo-ph', page: '1', pageSize: '50' });
    await user.click(screen.getByRole('combobox', { name: /^Outcome/ }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    const filtered = () => sent.find((call) => call.query.get('outcome') === 'failed');
    await waitFor(() => expect(filtered()).toBeTruthy(), { timeout: 5000 });
    expect(Object.fromEntries(filtered()!.query)).toEqual({ brand: 'demo-ph', outcome: 'failed', page: '1', pageSize: '50' });
  }, 60000); // a list with its filters in jsdom takes long on a busy two-core machine
});
