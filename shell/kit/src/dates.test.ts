import { describe, expect, it } from 'vitest';
import {
  dateZone, dayIn, endOfDay, formatDateTime, formatDay, isoIn, offsetMinutes, offsetText, startOfDay, zonedRange, zoneLabel,
} from './dates';

// 2026-11-26 19:30 in Los Angeles is already 27 November in Dhaka.
const LATE_IN_LOS_ANGELES = new Date('2026-11-27T03:30:00Z');

describe('days in a zone', () => {
  it('tells the day a moment falls on in each zone', () => {
    expect(dayIn(LATE_IN_LOS_ANGELES, 'Asia/Dhaka')).toBe('2026-11-27');
    expect(dayIn(LATE_IN_LOS_ANGELES, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(dayIn(LATE_IN_LOS_ANGELES, 'UTC')).toBe('2026-11-27');
  });

  it('knows each zone\'s offset, clock changes included', () => {
    expect(offsetMinutes(LATE_IN_LOS_ANGELES, 'Asia/Dhaka')).toBe(360);
    expect(offsetMinutes(LATE_IN_LOS_ANGELES, 'America/Los_Angeles')).toBe(-480);
    expect(offsetMinutes(new Date('2026-07-01T12:00:00Z'), 'America/Los_Angeles')).toBe(-420);
    expect(offsetMinutes(LATE_IN_LOS_ANGELES, 'Asia/Kolkata')).toBe(330);
    expect(offsetText(330)).toBe('+05:30');
    expect(offsetText(-480)).toBe('-08:00');
    expect(offsetText(0)).toBe('+00:00');
  });

  it('writes a moment in a zone with its offset', () => {
    expect(isoIn(LATE_IN_LOS_ANGELES, 'Asia/Dhaka')).toBe('2026-11-27T09:30:00.000+06:00');
    expect(isoIn(LATE_IN_LOS_ANGELES, 'America/Los_Angeles')).toBe('2026-11-26T19:30:00.000-08:00');
  });

  it('gives the first and last moments of a day in its zone', () => {
    expect(startOfDay('2026-11-26', 'Asia/Dhaka')).toBe('2026-11-26T00:00:00.000+06:00');
    expect(endOfDay('2026-11-26', 'Asia/Dhaka')).toBe('2026-11-26T23:59:59.999+06:00');
    expect(startOfDay('2026-11-26', 'America/Los_Angeles')).toBe('2026-11-26T00:00:00.000-08:00');
    // The day the clocks go forward in Los Angeles starts at winter's offset and ends at summer's.
    expect(startOfDay('2026-03-08', 'America/Los_Angeles')).toBe('2026-03-08T00:00:00.000-08:00');
    expect(endOfDay('2026-03-08', 'America/Los_Angeles')).toBe('2026-03-08T23:59:59.999-07:00');
  });

  it('sends a picked range as the moments of the zone, leaving an empty day empty', () => {
    expect(zonedRange({ startDate: '2026-11-20', endDate: '2026-11-26' }, 'Asia/Ho_Chi_Minh')).toEqual({
      startDate: '2026-11-20T00:00:00.000+07:00',
      endDate: '2026-11-26T23:59:59.999+07:00',
    });
    expect(zonedRange({ startDate: '', endDate: '2026-11-26' }, 'UTC')).toEqual({ startDate: '', endDate: '2026-11-26T23:59:59.999+00:00' });
  });
});

describe('whose zone', () => {
  it('is the brand\'s unless the brand says the member\'s', () => {
    expect(dateZone({ timezone: 'Asia/Dhaka' })).toBe('Asia/Dhaka');
    expect(dateZone({ timezone: 'Asia/Dhaka', dateZone: 'brand' })).toBe('Asia/Dhaka');
    expect(dateZone({ timezone: 'Asia/Dhaka', dateZone: 'member' })).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('shown dates name their zone', () => {
  it('shows a time in the zone, with the zone', () => {
    const shown = formatDateTime('2026-11-27T03:30:00Z', 'en', 'Asia/Dhaka');
    expect(shown).toContain('Nov 27, 2026');
    expect(shown).toContain('09:30');
    expect(shown).toContain(zoneLabel('Asia/Dhaka', 'en', LATE_IN_LOS_ANGELES));
    expect(zoneLabel('Asia/Dhaka', 'en')).toBe('GMT+6');
  });

  it('shows a day in the zone, not the browser\'s', () => {
    expect(formatDay('2026-11-27T03:30:00Z', 'en', 'Asia/Dhaka')).toBe('Nov 27, 2026, GMT+6');
    expect(formatDay('2026-11-27T03:30:00Z', 'en', 'America/Los_Angeles')).toBe('Nov 26, 2026, PST');
  });

  it('leaves a text that is no date as sent', () => {
    expect(formatDay('soon', 'en', 'Asia/Dhaka')).toBe('soon');
  });
});
