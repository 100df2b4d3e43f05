import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    const options = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    const first = numberFormat('bn', options);
    expect(numberFormat('bn', { ...options })).toBe(first);
    expect(numberFormat('en', options)).not.toBe(first);
    expect(numberFormat('bn', { ...options, maximumFractionDigits: 3 })).not.toBe(first);
    expect(numberFormat('en', options).format(1234.5)).toBe('1,234.50');
  });

  it('keeps date formatters by zone, and refuses an unknown zone each time', () => {
    const dhaka = dateTimeFormat('en-US', { timeZone: 'Asia/Dhaka', hour: '2-digit', hourCycle: 'h23' });
    expect(dateTimeFormat('en-US', { timeZone: 'Asia/Dhaka', hour: '2-digit', hourCycle: 'h23' })).toBe(dhaka);
    expect(dhaka.format(new Date('2026-11-27T00:30:00Z'))).toBe('06');
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
