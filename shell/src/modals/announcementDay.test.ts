import { afterEach, expect, test, vi } from 'vitest';
import { brandDay, hiddenToday } from './announcementDay';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

test("a visitor who never ticked 'hide today' costs no date in the brand's zone", () => {
  const formats = vi.spyOn(Intl, 'DateTimeFormat');
  expect(hiddenToday()).toBe(false);
  expect(formats).not.toHaveBeenCalled();
});

test("a player who ticked it is asked the brand's day", () => {
  window.localStorage.setItem('hideAnnounceDate', '2000-01-01');
  expect(hiddenToday()).toBe(false);
  window.localStorage.setItem('hideAnnounceDate', brandDay());
  expect(hiddenToday()).toBe(true);
});
