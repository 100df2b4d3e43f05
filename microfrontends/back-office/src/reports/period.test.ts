import { describe, expect, it } from 'vitest';
import { MAX_DAYS, brandDays, dayIn, lastDays, periodDays, periodProblem } from './period';

describe('a report period', () => {
  it('is by default the last 30 days ending today, both included', () => {
    const period = lastDays(30, '2026-11-27');
    expect(period).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(periodDays(period)).toBe(30);
    expect(lastDays(3, '2026-03-01')).toEqual({ from: '2026-02-27', to: '2026-03-01' });
  });

  it("ends on the brand's day, wherever the browser is", () => {
    const lateInUtc = new Date('2026-11-27T20:30:00Z'); // already the 28th in Dhaka (UTC+6), still the 27th in UTC
    expect(dayIn('Asia/Dhaka', lateInUtc)).toBe('2026-11-28');
    expect(dayIn('UTC', lateInUtc)).toBe('2026-11-27');
    expect(dayIn('America/Los_Angeles', new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-27');
    expect(brandDays({ timeZone: 'Asia/Dhaka' }, lateInUtc)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
  });

  it('covers at most 92 days, ends after it starts, and takes real days', () => {
    expect(periodProblem({ from: '2026-01-01', to: '2026-04-02' })).toBeNull(); // 92 days
    expect(periodDays({ from: '2026-01-01', to: '2026-04-02' })).toBe(MAX_DAYS);
    expect(periodProblem({ from: '2026-01-01', to: '2026-04-03' })).toBe('tessera.reports.period.too_long');
    expect(periodProblem({ from: '2026-02-02', to: '2026-02-01' })).toBe('tessera.reports.period.reversed');
    expect(periodProblem({ from: '', to: '2026-02-01' })).toBe('tessera.reports.period.invalid');
  });
});
