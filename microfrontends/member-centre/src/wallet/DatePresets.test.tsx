import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { DateRange } from './api';
import { DatePresets } from './DatePresets';
import { presetRange } from './dates';

/** The component with the state a page keeps, and every range it was given. */
function renderPresets(initial: DateRange = presetRange('last7')) {
  const seen: DateRange[] = [];
  function Page() {
    const [range, setRange] = useState(initial);
    return (
      <DatePresets
        range={range}
        onChange={(next) => {
          seen.push(next);
          setRange(next);
        }}
      />
    );
  }
  render(<Page />);
  return seen;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const days = () => [(screen.getByLabelText('Start date') as HTMLInputElement).value, (screen.getByLabelText('End date') as HTMLInputElement).value];


beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 10, 23, 6, 0, 0))); // noon in the test brand's Asia/Dhaka
});

afterEach(() => vi.useRealTimers());

describe('date presets', () => {
  test('the chosen days step back 7 or 30 days, and forward again up to today', () => {
    const seen = renderPresets();
    expect(days()).toEqual(['2026-11-17', '2026-11-23']);
    expect(button('Next 7 days').disabled).toBe(true);
    expect(button('Next 30 days').disabled).toBe(true);
    fireEvent.click(button('Previous 7 days'));
    expect(days()).toEqual(['2026-11-10', '2026-11-16']);
    expect(button('Last 7 days').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button('Previous 30 days'));
    expect(days()).toEqual(['2026-10-11', '2026-11-09']);
    fireEvent.click(button('Next 7 days'));
    expect(days()).toEqual(['2026-11-10', '2026-11-16']);
    expect(button('Next 7 days').disabled).toBe(false);
    fireEvent.click(button('Next 30 days'));
    expect(days()).toEqual(['2026-10-25', '2026-11-23']);
    expect(button('Last 30 days').getAttribute('aria-pressed')).toBe('true');
    expect(button('Next 7 days').disabled).toBe(true);
    expect(seen).toHaveLength(4);
  });

  test('a preset is chosen as before; no day after today can be picked', () => {
    renderPresets();
    fireEvent.click(button('Today'));
    expect(days()).toEqual(['2026-11-23', '2026-11-23']);
    fireEvent.click(button('Previous 7 days'));
    expect(days()).toEqual(['2026-11-16', '2026-11-22']);
    expect(screen.getByLabelText('End date').getAttribute('max')).toBe('2026-11-23');
  });

  test("today is the brand's: past its midnight, the new day is already today", () => {
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 23, 18, 12, 0))); // 00:12 on the 24th in Asia/Dhaka
    renderPresets();
    fireEvent.click(button('Today'));
    expect(days()).toEqual(['2026-11-24', '2026-11-24']);
    expect(screen.getByLabelText('End date').getAttribute('max')).toBe('2026-11-24');
  });

  test('days in the wrong order cannot be stepped', () => {
    renderPresets({ startDate: '2026-11-20', endDate: '2026-11-10' });
    expect(screen.getByText('The start date must not be after the end date.')).toBeTruthy();
    expect(button('Previous 7 days').disabled).toBe(true);
    expect(button('Next 7 days').disabled).toBe(true);
  });

  test('in Bengali, with Bengali digits', async () => {
    await i18next.changeLanguage('bn');
    renderPresets();
    expect(screen.getByRole('button', { name: 'আগের ৭ দিন' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'পরের ৩০ দিন' })).toBeTruthy();
  });

  test('says the zone its days are counted in: the brand\'s', () => {
    renderPresets();
    const zone = document.querySelector('[data-date-zone]');
    expect(zone?.getAttribute('data-date-zone')).toBe('Asia/Dhaka');
    expect(zone?.textContent).toBe('Days and times are in GMT+6.');
  });

  test('past the brand\'s midnight, today is already the brand\'s next day', () => {
    // 19:30 on 22 November in Los Angeles is 23 November, 09:30, in Dhaka.
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 23, 3, 30, 0)));
    const seen = renderPresets({ startDate: '2026-11-01', endDate: '2026-11-02' });
    fireEvent.click(button('Today'));
    expect(seen.at(-1)).toEqual({ startDate: '2026-11-23', endDate: '2026-11-23' });
  });
});
