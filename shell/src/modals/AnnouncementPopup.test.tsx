import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNotices } from '../data/content';
import { renderInShell, serve } from '../../test/render';
import { NOTICES_PATH, noticePayload, noticesOf } from './testNotices';

/** Today as YYYY-MM-DD in the test brand's Asia/Dhaka, worked out independently of the code under test. */
function today(now = new Date()): string {
  return new Date(now.getTime() + 6 * 3600 * 1000).toISOString().slice(0, 10);
}

afterEach(() => vi.useRealTimers());

/** Shows how many popup announcements have loaded, so a test can wait for the notices. */
function PopupCount() {
  const count = useNotices().data?.popup.length;
  return <p data-testid="popup-count">{count ?? 'none'}</p>;
}

function servePopups(count: number) {
  return serve({ [NOTICES_PATH]: noticePayload({ popup: noticesOf(count, 'Popup') }) });
}

describe('announcement popup', () => {
  test('opens by itself on home with the announcements in pages of 7', async () => {
    const user = userEvent.setup();
    servePopups(9);
    renderInShell(<PopupCount />, { path: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    const titles = () => within(dialog).getAllByRole('listitem');
    expect(titles()).toHaveLength(7);
    expect(within(dialog).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Popup 7' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(titles()).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Popup 8' })).toBeTruthy();
    expect(within(dialog).getByText('Page 2 of 2')).toBeTruthy();
  });

  test('a title shows and hides its content', async () => {
    const user = userEvent.setup();
    servePopups(2);
    renderInShell(<PopupCount />, { path: '/home' });
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    const second = within(dialog).getByRole('button', { name: 'Popup 2' });
    const panel = document.getElementById(second.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.textContent).toMatch(/Popup body 2/);
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    await user.click(second);
    expect(panel.hidden).toBe(true);
  });

  test("'hide today' stores today's date when the popup closes", async () => {
    const user = userEvent.setup();
    servePopups(1);
    renderInShell(<PopupCount />, { path: '/index' });
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Do not show again today' }));
    expect(window.localStorage.getItem('hideAnnounceDate')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(window.localStorage.getItem('hideAnnounceDate')).toBe(today());
  });

  test('closing without the tick stores nothing', async () => {
    const user = userEvent.setup();
    servePopups(1);
    renderInShell(<PopupCount />, { path: '/' });
    await screen.findByRole('dialog', { name: 'Announcements' });
    await user.keyboard('{Escape}');
    expect(window.localStorage.getItem('hideAnnounceDate')).toBeNull();
  });

  test('does not open by itself when hidden today', async () => {
    window.localStorage.setItem('hideAnnounceDate', today());
    servePopups(3);
    renderInShell(<PopupCount />, { path: '/' });
    await waitFor(() => expect(screen.getByTestId('popup-count').textContent).toBe('3'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('opens again on a later day', async () => {
    window.localStorage.setItem('hideAnnounceDate', '2000-01-01');
    servePopups(3);
    renderInShell(<PopupCount />, { path: '/' });
    expect(await screen.findByRole('dialog', { name: 'Announcements' })).toBeTruthy();
  });

  test('does not open by itself off the home routes, nor without announcements', async () => {
    servePopups(3);
    renderInShell(<PopupCount />, { path: '/vip' });
    await waitFor(() => expect(screen.getByTestId('popup-count').textContent).toBe('3'));
    expect(screen.queryByRole('dialog')).toBeNull();
    servePopups(0);
    renderInShell(<PopupCount />, { path: '/' });
    await waitFor(() => expect(screen.getAllByTestId('popup-count')[1].textContent).toBe('0'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('opens once per page load', async () => {
    const user = userEvent.setup();
    servePopups(1);
    const { router } = renderInShell(<PopupCount />, { path: '/' });
    await screen.findByRole('dialog', { name: 'Announcements' });
    await user.keyboard('{Escape}');
    await act(() => router.navigate('/vip'));
    await act(() => router.navigate('/home'));
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('opens once per visit: a page loaded again in the same tab does not reopen it', async () => {
    const user = userEvent.setup();
    servePopups(1);
    const first = renderInShell(<PopupCount />, { path: '/' });
    await screen.findByRole('dialog', { name: 'Announcements' });
    await user.keyboard('{Escape}');
    first.unmount();
    servePopups(1);
    renderInShell(<PopupCount />, { path: '/' });
    await waitFor(() => expect(screen.getByTestId('popup-count').textContent).toBe('1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a return from the payment gateway never opens it', async () => {
    servePopups(2);
    renderInShell(<PopupCount />, { path: '/?memberCentre=depositv2&deposit=12' });
    await waitFor(() => expect(screen.getByTestId('popup-count').textContent).toBe('2'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("'hide today' lasts until the brand's midnight, not the browser's", async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 on 26 November in Dhaka (17:30 UTC), whatever the browser's zone says.
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 26, 17, 30)));
    servePopups(1);
    const first = renderInShell(<PopupCount />, { path: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Do not show again today' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(window.localStorage.getItem('hideAnnounceDate')).toBe('2026-11-26');
    first.unmount();
    window.sessionStorage.clear(); // a new visit

    vi.setSystemTime(new Date(Date.UTC(2026, 10, 26, 17, 59)));
    servePopups(1);
    const before = renderInShell(<PopupCount />, { path: '/' });
    await waitFor(() => expect(screen.getByTestId('popup-count').textContent).toBe('1'));
    expect(screen.queryByRole('dialog')).toBeNull();
    before.unmount();

    // 00:00 on 27 November in Dhaka: a new day for the brand.
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 26, 18, 0)));
    servePopups(1);
    renderInShell(<PopupCount />, { path: '/' });
    expect(await screen.findByRole('dialog', { name: 'Announcements' })).toBeTruthy();
  });

  test('copes with the notices call failing', async () => {
    serve({});
    renderInShell(<PopupCount />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('popup-count').textContent).toBe('none');
  });
});
