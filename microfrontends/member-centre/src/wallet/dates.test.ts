import { describe, expect, test } from 'vitest';
import { isValidRange, presetOf, presetRange } from './dates';

const TODAY = new Date(2026, 2, 3, 23, 30);

describe('date presets', () => {
  test('today, the last 7 and the last 30 days end today, both ends inclusive, across months', () => {
    expect(presetRange('today', TODAY)).toEqual({ startDate: '2026-03-03', endDate: '2026-03-03' });
    expect(presetRange('last7', TODAY)).toEqual({ startDate: '2026-02-25', endDate: '2026-03-03' });
    expect(presetRange('last30', TODAY)).toEqual({ startDate: '2026-02-02', endDate: '2026-03-03' });
  });

  test('a range is known as its preset, and checked for order', () => {
    expect(presetOf({ startDate: '2026-02-25', endDate: '2026-03-03' }, TODAY)).toBe('last7');
    expect(presetOf({ startDate: '2026-02-24', endDate: '2026-03-03' }, TODAY)).toBeNull();
    expect(isValidRange({ startDate: '2026-03-03', endDate: '2026-03-03' })).toBe(true);
    expect(isValidRange({ startDate: '2026-03-04', endDate: '2026-03-03' })).toBe(false);
    expect(isValidRange({ startDate: '', endDate: '2026-03-03' })).toBe(false);
  });
});
