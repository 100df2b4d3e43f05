import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderInShell, serve } from '../../test/render';
import { statusOf } from '../../test/fixtures';
import { Jackpot, formatJackpot } from './Jackpot';
import { JACKPOT_INTERVAL_MS, JACKPOT_STEP, useJackpot } from './useJackpot';

const NOW = 1_750_000_000_000;

describe('jackpot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('starts at now / 1000 / 2.8 and rises by 165.11 every 3000 ms', () => {
    const { result } = renderHook(() => useJackpot(() => NOW));
    const start = NOW / 1000 / 2.8;
    expect(result.current).toBeCloseTo(start, 6);
    act(() => vi.advanceTimersByTime(JACKPOT_INTERVAL_MS - 1));
    expect(result.current).toBeCloseTo(start, 6);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBeCloseTo(start + 165.11, 6);
    act(() => vi.advanceTimersByTime(JACKPOT_INTERVAL_MS * 9));
    expect(result.current).toBeCloseTo(start + 10 * JACKPOT_STEP, 6);
  });

  test('amounts read with two decimals and thousands separators', () => {
    expect(formatJackpot(625_000_000)).toBe('625,000,000.00');
    expect(formatJackpot(1234.5)).toBe('1,234.50');
    expect(formatJackpot(0.005)).toBe('0.01');
    // The language's separators and the currency's decimals, always in Western digits for the reels.
    expect(formatJackpot(1234567.5, 'vi', 0)).toBe('1.234.568');
    expect(formatJackpot(1234567.5, 'hi')).toBe('12,34,567.50');
    expect(formatJackpot(1234.5, 'bn')).toBe('1,234.50');
    expect(formatJackpot(1234.5, 'my')).toBe('1,234.50');
  });
});

describe('jackpot counter', () => {
  test('shows the amount with the currency symbol of the status, rolling digits 48 px high', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(2_800_000_000);
    serve({ '/wps/system/status': statusOf({ brand: { ...statusOf().brand, currencySymbol: '৳' } }) });
    const { container } = renderInShell(<Jackpot />, { path: '/rng' });
    expect(container.querySelector('.jackpot')?.getAttribute('data-amount')).toBe('1,000,000.00');
    expect(await screen.findByText('৳ 1,000,000.00')).toBeTruthy();
    const digits = container.querySelectorAll<HTMLElement>('.jackpot__digit');
    expect(digits).toHaveLength(9);
    expect(digits[0].style.height).toBe('48px');
  });

  test("uses the bootstrap brand's symbol until the status has loaded, never a made-up one", () => {
    serve({});
    renderInShell(<Jackpot />);
    expect(screen.getByText(/^৳ [\d,]+\.\d\d$/)).toBeTruthy();
  });
});
