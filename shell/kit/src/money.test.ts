import { describe, expect, test } from 'vitest';
import { formatMoney, moneyStyleOf, type MoneyStyle } from './money';

const BDT: MoneyStyle = { currency: 'BDT', places: 2 };
const VND: MoneyStyle = { currency: 'VND', places: 0 };
const PHP_OWN: MoneyStyle = { currency: 'PHP', places: 2, symbol: 'P' };
const NBSP = '\u00a0';

describe('formatMoney', () => {
  test("the language's narrow symbol, grouping and exactly the currency's places", () => {
    expect(formatMoney('1000', BDT, 'en')).toBe('৳1,000.00');
    expect(formatMoney('1234.5', BDT, 'en')).toBe('৳1,234.50');
    expect(formatMoney('0.00', BDT, 'en')).toBe('৳0.00');
    expect(formatMoney('.5', BDT, 'en')).toBe('৳0.50');
  });

  test('dong are whole, in Vietnamese and in English', () => {
    expect(formatMoney('250000', VND, 'vi')).toBe(`250.000${NBSP}₫`);
    expect(formatMoney('250000', VND, 'en')).toBe('₫250,000');
    expect(formatMoney('0', VND, 'vi')).toBe(`0${NBSP}₫`);
  });

  test('taka in Bengali: Latin digits, the language’s grouping and symbol place', () => {
    expect(formatMoney('1000', BDT, 'bn')).toBe('1,000.00৳');
    expect(formatMoney('1234567.5', BDT, 'bn')).toBe('12,34,567.50৳');
  });

  test("the brand's own symbol replaces the language's", () => {
    expect(formatMoney('1234567.89', PHP_OWN, 'en')).toBe('P1,234,567.89');
    expect(formatMoney('100', PHP_OWN, 'en')).toBe('P100.00');
    expect(formatMoney('250000', { ...VND, symbol: 'đ' }, 'vi')).toBe(`250.000${NBSP}đ`);
  });

  test('amounts beyond float precision keep every digit', () => {
    expect(formatMoney('9007199254740993.07', BDT, 'en')).toBe('৳9,007,199,254,740,993.07');
    expect(formatMoney('90071992547409931', VND, 'en')).toBe('₫90,071,992,547,409,931');
    expect(formatMoney('0.29', BDT, 'en')).toBe('৳0.29');
    expect(formatMoney('1.005', BDT, 'en')).toBe('৳1.01');
    expect(formatMoney('2.5', VND, 'en')).toBe('₫3');
  });

  test('a negative amount keeps its sign; negative zero loses it', () => {
    expect(formatMoney('-20.00', BDT, 'en')).toBe('-৳20.00');
    expect(formatMoney('-0.50', BDT, 'en')).toBe('-৳0.50');
    expect(formatMoney('-1234.5', PHP_OWN, 'en')).toBe('-P1,234.50');
    expect(formatMoney('-0.001', BDT, 'en')).toBe('৳0.00');
    expect(formatMoney('+3', BDT, 'en')).toBe('৳3.00');
  });

  test('an unknown language falls back to English', () => {
    expect(formatMoney('1234.5', BDT, 'not a language!')).toBe('৳1,234.50');
    expect(formatMoney('1234.5', BDT)).toBe('৳1,234.50');
  });

  test('a text that is not a number is shown as sent', () => {
    expect(formatMoney('', BDT)).toBe('');
    expect(formatMoney('abc', BDT)).toBe('abc');
    expect(formatMoney('1e5', BDT)).toBe('1e5');
  });
});

describe('moneyStyleOf', () => {
  test("a brand's symbol is used only when the brand sets its own", () => {
    const brand = { currency: 'VND', currencySymbol: '₫', ownCurrencySymbol: false, currencyPlaces: 0 };
    expect(moneyStyleOf(brand)).toEqual({ currency: 'VND', places: 0, symbol: null });
    expect(moneyStyleOf({ ...brand, currencySymbol: 'đ', ownCurrencySymbol: true }).symbol).toBe('đ');
  });
});
