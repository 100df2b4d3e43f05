import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell, serve } from '../../test/render';
import { NOTICES_PATH, noticePayload, noticesOf } from '../modals/testNotices';
import { NoticeListPage } from './NoticeListPage';

function titles(): string[] {
  return within(screen.getByRole('list')).getAllByRole('button').map((button) => button.textContent ?? '');
}

describe('notice list page', () => {
  test('shows the player notices 5 to a page', async () => {
    const user = userEvent.setup();
    serve({ [NOTICES_PATH]: noticePayload({ player: noticesOf(12, 'Notice'), popup: noticesOf(1, 'Popup', 100) }) });
    renderInShell(<NoticeListPage />, { path: '/noticePage' });
    await screen.findByRole('button', { name: 'Notice 1' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notices');
    expect(titles()).toEqual(['Notice 1', 'Notice 2', 'Notice 3', 'Notice 4', 'Notice 5']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(titles()).toEqual(['Notice 6', 'Notice 7', 'Notice 8', 'Notice 9', 'Notice 10']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(titles()).toEqual(['Notice 11', 'Notice 12']);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  test('a title opens the notice modal with its date and content', async () => {
    const user = userEvent.setup();
    serve({ [NOTICES_PATH]: noticePayload({ player: noticesOf(2, 'Notice') }) });
    renderInShell(<NoticeListPage />, { path: '/noticePage' });
    const title = await screen.findByRole('button', { name: 'Notice 2' });
    await user.click(title);
    const dialog = screen.getByRole('dialog', { name: 'Notice 2' });
    expect(within(dialog).getByText('Published Mar 1, 2026, GMT+6')).toBeTruthy();
    expect(within(dialog).getByText('bold').tagName).toBe('STRONG');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(title);
  });

  test('has no pager when one page holds every notice', async () => {
    serve({ [NOTICES_PATH]: noticePayload({ player: noticesOf(5, 'Notice') }) });
    renderInShell(<NoticeListPage />, { path: '/noticePage' });
    await screen.findByRole('button', { name: 'Notice 5' });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('says so when there are none', async () => {
    serve({ [NOTICES_PATH]: noticePayload() });
    renderInShell(<NoticeListPage />, { path: '/noticePage' });
    expect(await screen.findByText('There are no notices.')).toBeTruthy();
  });

  test('says so when they cannot be loaded', async () => {
    serve({});
    renderInShell(<NoticeListPage />, { path: '/noticePage' });
    expect((await screen.findByRole('alert')).textContent).toBe('This content could not be loaded. Please try again later.');
  });
});
