import { describe, expect, test } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  test('the currency sign, thousands separators and exactly two decimals', () => {
    expect(formatMoney('1234.5', '৳')).toBe('৳1,234.50');
    expect(formatMoney('1234567.89', 'P')).toBe('P1,234,567.89');
    expect(formatMoney('100', 'P')).toBe('P100.00');
    expect(formatMoney('0.00', 'P')).toBe('P0.00');
    expect(formatMoney('.5', 'P')).toBe('P0.50');
  });

  test('amounts beyond float precision keep every digit', () => {
    expect(formatMoney('9007199254740993.07', 'P')).toBe('P9,007,199,254,740,993.07');
    expect(formatMoney('0.29', 'P')).toBe('P0.29');
    expect(formatMoney('1.005', 'P')).toBe('P1.01');
  });

  test('a negative amount keeps its sign before the symbol; negative zero loses it', () => {
    expect(formatMoney('-20.00', '৳')).toBe('-৳20.00');
    expect(formatMoney('-1234.5', 'P')).toBe('-P1,234.50');
    expect(formatMoney('-0.001', 'P')).toBe('P0.00');
    expect(formatMoney('+3', 'P')).toBe('P3.00');
  });

  test("the language's separators, in Latin digits; an unknown language falls back to English", () => {
    expect(formatMoney('1234567.5', '€', 'de')).toBe('€1.234.567,50');
    expect(formatMoney('1234567.5', '৳', 'bn')).toBe('৳1,234,567.50');
    expect(formatMoney('1234.5', 'P', 'not a language!')).toBe('P1,234.50');
  });

  test('a text that is not a number is shown as sent', () => {
    expect(formatMoney('', 'P')).toBe('');
    expect(formatMoney('abc', 'P')).toBe('abc');
    expect(formatMoney('1e5', 'P')).toBe('1e5');
  });
});
