import { describe, expect, test } from 'vitest';
import { countdownText, drawingOn, lockDeadline, refreshDelay, weekdayOf } from './schedule';
import { gameOf, VN_MENUS } from './testLottery';

describe("SPEC's refresh rule", () => {
  test('the smallest remainTime, at most 30 s', () => {
    expect(refreshDelay([{ remainTime: 45_000 }, { remainTime: 12_000 }])).toBe(12_000);
    expect(refreshDelay([{ remainTime: 90_000 }])).toBe(30_000);
  });

  test('7 s when the smallest is 0 or less (a game between draws)', () => {
    expect(refreshDelay([{ remainTime: 45_000 }, { remainTime: 0 }])).toBe(7_000);
    expect(refreshDelay([{ remainTime: -5 }])).toBe(7_000);
  });

  test('30 s without any game', () => {
    expect(refreshDelay([])).toBe(30_000);
  });
});

describe('weekday filters (Sunday 1)', () => {
  const games = VN_MENUS.flatMap((menu) => menu.gameMenus);
  test("a day keeps the games drawing on it; no day keeps them all", () => {
    expect(drawingOn(games, 7).map((game) => game.gameId)).toEqual(['MB', 'DNG', 'HCM']);
    expect(drawingOn(games, 1).map((game) => game.gameId)).toEqual(['MB', 'KH']);
    expect(drawingOn(games, 3).map((game) => game.gameId)).toEqual(['MB']);
    expect(drawingOn(games, null)).toHaveLength(4);
  });

  test("today's weekday in the brand's zone", () => {
    // 2030-11-16 23:30 UTC is already Sunday in Vietnam.
    expect(weekdayOf(new Date('2030-11-16T23:30:00Z'), 'Asia/Ho_Chi_Minh')).toBe(1);
    expect(weekdayOf(new Date('2030-11-16T23:30:00Z'), 'UTC')).toBe(7);
  });
});

describe('the countdown', () => {
  test('runs from when the answer came, not from the browser clock against lockTime', () => {
    expect(lockDeadline(gameOf({ remainTime: 5_000 }), 1_000)).toBe(6_000);
    expect(lockDeadline(gameOf({ numero: null, remainTime: 0 }), 1_000)).toBeNull();
  });

  test('minutes and seconds, hours when needed, never below zero', () => {
    expect(countdownText(61_000)).toBe('01:01');
    expect(countdownText(3_723_000)).toBe('1:02:03');
    expect(countdownText(400)).toBe('00:01');
    expect(countdownText(-10)).toBe('00:00');
  });
});
