import { afterEach, expect, test, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { OfflineNotice } from './OfflineNotice';

afterEach(() => {
  vi.restoreAllMocks();
});

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

test('says there is no connection while the browser has none', () => {
  render(<OfflineNotice />);
  expect(screen.queryByRole('status')).toBeNull();
  act(() => goOnline(false));
  expect(screen.getByRole('status').textContent).toContain('No connection.');
  act(() => goOnline(true));
  expect(screen.queryByRole('status')).toBeNull();
});
