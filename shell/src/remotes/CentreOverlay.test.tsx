import type { ReactElement } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { clearBadgeCounts, setBadgeCount, type PageRegistry } from '@tessera/kit';
import { serve, renderInShell } from '../../test/render';
import { statusOf } from '../../test/fixtures';
import { CentreOverlay, forgetRemote } from './CentreOverlay';

/** Render inside an awaited act: the overlay suspends until its remote's registry arrives. */
async function open(element: ReactElement) {
  let rendered!: ReturnType<typeof renderInShell>;
  await act(async () => {
    rendered = renderInShell(element);
  });
  return rendered;
}

const loadPages = vi.hoisted(() => vi.fn());
vi.mock('./runtime', () => ({ loadPages, RemoteUnavailable: class extends Error {} }));

function page(key: string) {
  const Page = () => <p data-testid="page">{key}</p>;
  return Page;
}

const REGISTRY: PageRegistry = {
  namespace: 'testCentre',
  defaultPage: 'overview',
  pages: [
    { key: 'announcement', labelKey: 'announcement', component: page('announcement') },
    { key: 'overview', labelKey: 'overview', component: page('overview') },
    { key: 'messages', labelKey: 'messages', component: page('messages'), badge: 'messages' },
    { key: 'dividend', labelKey: 'dividend', component: page('dividend'), flag: 'DIVIDEND3' },
    { key: 'hourly', labelKey: 'hourly', component: page('hourly'), flag: 'HOURSAL3' },
  ],
};

function menu() {
  return screen.getAllByRole('button').map((button) => button.dataset.page).filter(Boolean);
}

describe('CentreOverlay', () => {
  beforeEach(() => {
    clearBadgeCounts();
    loadPages.mockReset();
    forgetRemote('memberCentre');
    forgetRemote('agentCentre');
    serve({ '/wps/system/status': statusOf({ whitelabel: { DIVIDEND3: true, HOURSAL3: false } }) });
  });

  test('opens on the default page, with flagged pages only when their flag is on', async () => {
    loadPages.mockResolvedValue(REGISTRY);
    await open(<CentreOverlay remote="agentCentre" titleKey="agent_centre" onClose={() => undefined} />);
    expect((await screen.findByTestId('page')).textContent).toBe('overview');
    await waitFor(() => expect(menu()).toEqual(['announcement', 'overview', 'messages', 'dividend']));
    await userEvent.click(screen.getByRole('button', { name: 'dividend' }));
    expect(screen.getByTestId('page').textContent).toBe('dividend');
    expect(screen.getByRole('button', { name: 'dividend' }).getAttribute('aria-current')).toBe('page');
  });

  test('opens at the page asked for', async () => {
    loadPages.mockResolvedValue(REGISTRY);
    await open(<CentreOverlay remote="memberCentre" page="messages" titleKey="member_centre" onClose={() => undefined} />);
    expect((await screen.findByTestId('page')).textContent).toBe('messages');
  });

  test('a red badge shows a count above zero and goes when it is zero', async () => {
    loadPages.mockResolvedValue(REGISTRY);
    const { container } = await open(
      <CentreOverlay remote="memberCentre" titleKey="member_centre" onClose={() => undefined} />,
    );
    await screen.findByTestId('page');
    expect(container.querySelector('.count-badge')).toBeNull();
    act(() => setBadgeCount('messages', 3));
    expect(container.querySelector('[data-page="messages"] .count-badge')?.textContent).toBe('3');
    act(() => setBadgeCount('messages', 0));
    expect(container.querySelector('.count-badge')).toBeNull();
  });

  test('a remote that fails shows Retry, and Retry loads it again', async () => {
    loadPages.mockRejectedValueOnce(new Error('remote_unavailable')).mockResolvedValue(REGISTRY);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await open(<CentreOverlay remote="memberCentre" titleKey="member_centre" onClose={() => undefined} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    await act(async () => retry.click());
    expect((await screen.findByTestId('page')).textContent).toBe('overview');
    expect(loadPages).toHaveBeenCalledTimes(2);
  });

  test('the back control leads from a page to the menu, and from the menu to the site', async () => {
    loadPages.mockResolvedValue(REGISTRY);
    const onClose = vi.fn();
    const { container } = await open(<CentreOverlay remote="memberCentre" page="messages" titleKey="member_centre" onClose={onClose} />);
    await screen.findByTestId('page');
    const centre = () => container.querySelector<HTMLElement>('.centre')!.dataset.view;
    expect(centre()).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Back to the menu' }));
    expect(centre()).toBe('menu');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'dividend' }));
    expect(centre()).toBe('page');
    expect(screen.getByTestId('page').textContent).toBe('dividend');
    await userEvent.click(screen.getByRole('button', { name: 'Back to the menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back to the site' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  test('opened without a page it starts at the menu (a phone shows the menu first)', async () => {
    loadPages.mockResolvedValue(REGISTRY);
    const { container } = await open(<CentreOverlay remote="agentCentre" titleKey="agent_centre" onClose={() => undefined} />);
    await screen.findByTestId('page');
    expect(container.querySelector<HTMLElement>('.centre')!.dataset.view).toBe('menu');
    expect(screen.getByRole('button', { name: 'Back to the site' })).toBeTruthy();
  });

  test('the page under it holds still while it is open', async () => {
    loadPages.mockResolvedValue(REGISTRY);
    const { unmount } = await open(<CentreOverlay remote="memberCentre" titleKey="member_centre" onClose={() => undefined} />);
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  test('the close button closes it', async () => {
    loadPages.mockResolvedValue(REGISTRY);
    const onClose = vi.fn();
    await open(<CentreOverlay remote="memberCentre" titleKey="member_centre" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
