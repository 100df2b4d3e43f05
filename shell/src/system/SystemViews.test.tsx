import { describe, expect, test, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '../../test/render';
import { statusOf } from '../../test/fixtures';
import { MaintenanceView, RegionBlockedView } from './SystemViews';

describe('system views', () => {
  test("the maintenance view's customer-service button opens the live chat popup", async () => {
    const user = userEvent.setup();
    serve({});
    const popup = { opener: null, close: vi.fn(), location: { replace: vi.fn() } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    render(<MaintenanceView status={statusOf({ status: 1, maintenance: { endTime: null, info: null } })} />);
    await user.click(screen.getByRole('button', { name: 'Customer service' }));
    expect(open).toHaveBeenCalledWith('', 'customer-service', 'width=440,height=500');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('the region-blocked view says when the popup was blocked', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(<RegionBlockedView status={statusOf({ status: 2 })} />);
    await user.click(screen.getByRole('button', { name: 'Customer service' }));
    expect(screen.getByRole('alert').textContent).toMatch(/blocked/);
  });
});
