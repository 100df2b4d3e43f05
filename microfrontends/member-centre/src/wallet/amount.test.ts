import { describe, expect, test } from 'vitest';
import { amountProblem, isPositive, toMinor } from './amount';

describe('amounts typed by the member', () => {
  test('decimal digits with at most two places, in minor units', () => {
    expect(toMinor('10.5')).toBe(1050n);
    expect(toMinor(' 0.07 ')).toBe(7n);
    expect(toMinor('.5')).toBe(50n);
    expect(toMinor('90071992547409.93')).toBe(9007199254740993n);
    expect(toMinor('1.234')).toBeNull();
    expect(toMinor('1,000')).toBeNull();
  });

  test('the first problem, as the server would refuse it', () => {
    expect(amountProblem('')).toEqual({ key: 'amount_required' });
    expect(amountProblem('ten')).toEqual({ key: 'amount_invalid' });
    expect(amountProblem('-5')).toEqual({ key: 'amount_invalid' });
    expect(amountProblem('1e3')).toEqual({ key: 'amount_invalid' });
    expect(amountProblem('1.005')).toEqual({ key: 'amount_too_precise', step: '0.01' });
    expect(amountProblem('0.00')).toEqual({ key: 'amount_positive' });
    expect(amountProblem('99.99', { min: '100.00' })).toEqual({ key: 'amount_below_minimum', bound: '100.00' });
    expect(amountProblem('50000.01', { min: '100.00', max: '50000.00' })).toEqual({ key: 'amount_above_maximum', bound: '50000.00' });
    expect(amountProblem('20.01', { balance: '20.00' })).toEqual({ key: 'amount_above_balance', bound: '20.00' });
    expect(amountProblem('20', { min: '20.00', max: '20', balance: '20.00' })).toBeNull();
  });

  test('isPositive', () => {
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive(undefined)).toBe(false);
  });
});

describe("amounts in the brand's currency and step", () => {
  const VND = { places: 0, step: '1' };
  const THOUSANDS = { places: 0, step: '1000' };
  const IDR_WHOLE = { places: 2, step: '1.00' };

  test('dong are whole', () => {
    expect(toMinor('250000', 0)).toBe(250000n);
    expect(toMinor('250000.00', 0)).toBe(250000n);
    expect(toMinor('250000.50', 0)).toBeNull();
    expect(amountProblem('250000', {}, VND)).toBeNull();
    expect(amountProblem('250000.50', {}, VND)).toEqual({ key: 'amount_too_precise', step: '1' });
    expect(amountProblem('999', { min: '1000' }, VND)).toEqual({ key: 'amount_below_minimum', bound: '1000' });
  });

  test("a brand's coarser step", () => {
    expect(amountProblem('250000', {}, THOUSANDS)).toBeNull();
    expect(amountProblem('250500', {}, THOUSANDS)).toEqual({ key: 'amount_too_precise', step: '1000' });
    expect(amountProblem('15000', {}, IDR_WHOLE)).toBeNull();
    expect(amountProblem('15000.50', {}, IDR_WHOLE)).toEqual({ key: 'amount_too_precise', step: '1.00' });
  });

  test("the page's brand by default", () => {
    expect(amountProblem('1.005')).toEqual({ key: 'amount_too_precise', step: '0.01' });
    expect(isPositive('0.01')).toBe(true);
  });
});
