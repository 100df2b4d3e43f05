import { describe, expect, it } from 'vitest';
import { MAX_DAYS, lastDays, periodDays, periodProblem } from './period';

describe('a report period', () => {
  it('is by default the last 30 days ending today, both included', () => {
    const period = lastDays(30, new Date(2026, 10, 27, 23, 30));
    expect(period).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(periodDays(period)).toBe(30);
  });

  it('covers at most 92 days, ends after it starts, and takes real days', () => {
    expect(periodProblem({ from: '2026-01-01', to: '2026-04-02' })).toBeNull(); // 92 days
    expect(periodDays({ from: '2026-01-01', to: '2026-04-02' })).toBe(MAX_DAYS);
    expect(periodProblem({ from: '2026-01-01', to: '2026-04-03' })).toBe('tessera.reports.period.too_long');
    expect(periodProblem({ from: '2026-02-02', to: '2026-02-01' })).toBe('tessera.reports.period.reversed');
    expect(periodProblem({ from: '', to: '2026-02-01' })).toBe('tessera.reports.period.invalid');
  });
});
