import { describe, expect, test } from 'vitest';
import { addDays, brandToday, canStep, isValidRange, presetOf, presetRange, stepRange } from './dates';

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

  test('days move by calendar days, across months, years and a leap day', () => {
    expect(addDays('2026-03-03', -3)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-30', 7)).toBe('2027-01-06');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  test('the previous 7 and 30 days end the day before the start', () => {
    const last7 = presetRange('last7', TODAY);
    expect(stepRange(last7, 'previous', 7, TODAY)).toEqual({ startDate: '2026-02-18', endDate: '2026-02-24' });
    expect(stepRange(last7, 'previous', 30, TODAY)).toEqual({ startDate: '2026-01-26', endDate: '2026-02-24' });
    expect(stepRange(presetRange('today', TODAY), 'previous', 7, TODAY)).toEqual({ startDate: '2026-02-24', endDate: '2026-03-02' });
  });

  test('the next days start the day after the end and never pass today', () => {
    const january = { startDate: '2026-01-01', endDate: '2026-01-07' };
    expect(stepRange(january, 'next', 7, TODAY)).toEqual({ startDate: '2026-01-08', endDate: '2026-01-14' });
    expect(stepRange(january, 'next', 30, TODAY)).toEqual({ startDate: '2026-01-08', endDate: '2026-02-06' });
    // Past today: the last 7 (30) days instead.
    expect(stepRange({ startDate: '2026-02-20', endDate: '2026-02-26' }, 'next', 7, TODAY)).toEqual(presetRange('last7', TODAY));
    expect(stepRange({ startDate: '2026-02-20', endDate: '2026-02-26' }, 'next', 30, TODAY)).toEqual(presetRange('last30', TODAY));
    // Back and forth returns to the same days.
    const back = stepRange(presetRange('last7', TODAY), 'previous', 7, TODAY);
    expect(stepRange(back, 'next', 7, TODAY)).toEqual(presetRange('last7', TODAY));
  });

  test('a range ending today cannot move on; an invalid range cannot move at all', () => {
    expect(canStep(presetRange('last7', TODAY), 'next', TODAY)).toBe(false);
    expect(canStep(presetRange('last7', TODAY), 'previous', TODAY)).toBe(true);
    expect(canStep({ startDate: '2026-02-01', endDate: '2026-03-02' }, 'next', TODAY)).toBe(true);
    expect(canStep({ startDate: '2026-03-04', endDate: '2026-03-03' }, 'previous', TODAY)).toBe(false);
    expect(canStep({ startDate: '', endDate: '2026-03-01' }, 'next', TODAY)).toBe(false);
  });

  test("today is the brand's calendar day, wherever the member is", () => {
    const day = (date: Date) => presetRange('today', date).endDate;
    const instant = new Date(Date.UTC(2026, 10, 26, 18, 12));
    expect(day(brandToday(instant, 'Asia/Dhaka'))).toBe('2026-11-27');
    expect(day(brandToday(instant, 'UTC'))).toBe('2026-11-26');
    expect(day(brandToday(instant, 'America/Sao_Paulo'))).toBe('2026-11-26');
    expect(day(brandToday(new Date(Date.UTC(2026, 11, 31, 17, 30)), 'Asia/Ho_Chi_Minh'))).toBe('2027-01-01');
  });
});
