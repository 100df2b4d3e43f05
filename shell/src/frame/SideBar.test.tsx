import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { CustomerServiceEntry } from '../data/status';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { SideBar } from './SideBar';

const openCustomerService = vi.fn();
const open = vi.fn();

vi.mock('../modals/customerService', () => ({ openCustomerService: (entry: unknown) => openCustomerService(entry) }));
vi.mock('../modals/modalContext', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../modals/modalContext')>()),
  useModals: () => ({ open, close: vi.fn() }),
}));

const HOTLINE: CustomerServiceEntry = { csType: 'HOTLINE', title: 'Hotline', path: 'tel:+6300', csPosition: 2 };
const CHAT: CustomerServiceEntry = { csType: '3', title: 'Live chat', path: 'sealed12345678', csPosition: 1 };

describe('side bar', () => {
  test('customer service entries in position order, each opening its entry', async () => {
    serve({ '/wps/system/status': statusOf({ customerService: [HOTLINE, CHAT] }) });
    const { container } = renderInShell(<SideBar />);
    await screen.findByRole('button', { name: 'Live chat' });
    const titles = [...container.querySelectorAll('[data-side="customer-service"]')].map((item) => item.textContent);
    expect(titles).toEqual(['Live chat', 'Hotline']);
    openCustomerService.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Hotline' }));
    expect(openCustomerService).toHaveBeenCalledWith(HOTLINE);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a blocked customer-service window is said', async () => {
    serve({ '/wps/system/status': statusOf({ customerService: [CHAT] }) });
    renderInShell(<SideBar />);
    openCustomerService.mockReturnValue(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Live chat' }));
    expect(screen.getByRole('alert').textContent).toMatch(/blocked/);
  });

  test('promotions link, feedback opening its modal, agent only with an AGENT resource', async () => {
    serve({ '/wps/system/status': statusOf({ resources: [{ resourceType: 'AGENT', url: '/agentHome', qrCodeUrl: null, title: null }] }) });
    renderInShell(<SideBar />);
    expect(screen.getByRole('complementary', { name: 'Quick links' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Promotions' }).getAttribute('href')).toBe('/promotions');
    fireEvent.click(screen.getByRole('button', { name: 'Feedback and complaints' }));
    expect(open).toHaveBeenCalledWith({ kind: 'feedback' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Agent' }).getAttribute('href')).toBe('/agent'));
  });

  test('no agent entry without an AGENT resource', () => {
    serve({});
    renderInShell(<SideBar />);
    expect(screen.queryByRole('link', { name: 'Agent' })).toBeNull();
  });
});
