import { describe, expect, test } from 'vitest';
import { changeLine, fromMinor, lineFigures, newLine, slipTotals, toMinor } from './slip';
import { BOARD } from './testLottery';

const [LO, DE, XIEN] = BOARD.betTypes;
const line = (betType = LO, numbers = ['12', '34'], stake = '10') =>
  newLine({ gameCode: 'MB', gameName: 'Miền Bắc', numero: '20301114', betType, numbers, stake });

describe('the slip counts as the server does', () => {
  test('amounts in minor units, never floats', () => {
    expect(toMinor('12.5', 2)).toBe(1250n);
    expect(toMinor('12.555', 2)).toBeNull();
    expect(toMinor('1e3', 2)).toBeNull();
    expect(fromMinor(1250n, 2)).toBe('12.50');
    expect(fromMinor(27000n, 0)).toBe('27000');
  });

  test('lô: points × the price of a point × numbers; each hit pays points × the payout', () => {
    expect(lineFigures(line(LO, ['12', '34'], '10'), 2)).toEqual({ cost: 54000n, perHit: 99000n, potential: 198000n });
    expect(lineFigures(line(LO, ['12'], '1.5'), 2)).toBeNull(); // points are whole
  });

  test('đề: the stake on each number; a hit pays stake × odds (one number only can close the special)', () => {
    expect(lineFigures(line(DE, ['12', '34', '56'], '2.50'), 2)).toEqual({ cost: 750n, perHit: 24750n, potential: 24750n });
  });

  test('xiên: the stake once for the combination', () => {
    expect(lineFigures(line(XIEN, ['12', '34'], '3'), 2)).toEqual({ cost: 300n, perHit: 4500n, potential: 4500n });
  });

  test('odds are rounded down to a whole minor unit', () => {
    const odd = { ...DE, odds: '9.9' };
    expect(lineFigures(line(odd, ['1'], '0.15'), 2)?.perHit).toBe(148n); // 15 minor units × 9.9 = 148.5 → 148
  });

  test('totals add the valid lines; one line without a valid stake makes the slip not placeable', () => {
    const totals = slipTotals([line(LO, ['12'], '1'), line(DE, ['34'], '5')], 2);
    expect(totals).toEqual({ cost: 2700n + 500n, potential: 9900n + 49500n, valid: true });
    expect(slipTotals([line(LO, ['12'], '1'), line(DE, ['34'], '')], 2).valid).toBe(false);
    expect(slipTotals([], 2).valid).toBe(false);
  });

  test('a line keeps its request id until it changes (a retry never bets twice)', () => {
    const first = line();
    expect(changeLine(first, { stake: '10' })).toBe(first);
    const changed = changeLine(first, { stake: '20' });
    expect(changed.requestId).not.toBe(first.requestId);
    expect(changed.requestId).toMatch(/^[0-9a-f]{32}$/);
  });
});
