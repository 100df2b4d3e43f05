import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderInShell, serve } from '../../test/render';
import { NoticeBar } from './NoticeBar';
import { noticeOf, noticesOf } from './fixtures';

const open = vi.fn();

vi.mock('../modals/modalContext', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../modals/modalContext')>()),
  useModals: () => ({ open, close: vi.fn() }),
}));

const NOTICES = '/wps/relay/MCSFE_getListAnnouncements';

describe('notice bar', () => {
  test('a notice title opens the notice modal with that notice', async () => {
    const second = noticeOf(2, 'Deposit bonus');
    serve({ [NOTICES]: noticesOf({ player: [noticeOf(1, 'Welcome'), second] }) });
    const { container } = renderInShell(<NoticeBar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit bonus' }));
    expect(open).toHaveBeenCalledWith({ kind: 'notice', notice: second });
    expect(container.querySelector('.notice-bar')?.getAttribute('aria-label')).toBe('Notices');
  });

  test('no player notices, no bar', async () => {
    const calls = serve({ [NOTICES]: noticesOf({ popup: [noticeOf(3)] }) });
    const { container } = renderInShell(<NoticeBar />);
    await waitFor(() => expect(container.querySelector('.notice-bar--reserved')).toBeNull());
    expect(calls.some((call) => call.url.pathname === NOTICES)).toBe(true);
    expect(container.querySelector('.notice-bar')).toBeNull();
  });

  test('a failed notices call leaves no bar behind', async () => {
    serve({});
    const { container } = renderInShell(<NoticeBar />);
    await waitFor(() => expect(container.querySelector('.notice-bar')).toBeNull());
  });
});
