import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CustomerServiceEntry } from '../data/status';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { hotlineNumber } from './HotlineEntry';
import { SideBar } from './SideBar';
import { capabilities } from '../../test/capabilities';

vi.mock('@tessera/kit', async (original) => (await import('../../test/capabilities')).withCapabilities(await original()));

const openCustomerService = vi.fn();
const open = vi.fn();

vi.mock('../modals/customerService', () => ({ openCustomerService: (entry: unknown) => openCustomerService(entry) }));
vi.mock('../modals/modalContext', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../modals/modalContext')>()),
  useModals: () => ({ open, close: vi.fn() }),
}));

const HOTLINE: CustomerServiceEntry = { csType: 'HOTLINE', title: 'Hotline', path: 'tel:+6300', csPosition: 2 };
const TELEGRAM: CustomerServiceEntry = { csType: 'TELEGRAM', title: 'Telegram', path: 'https://t.me/x', csPosition: 3 };
const CHAT: CustomerServiceEntry = { csType: '3', title: 'Live chat', path: 'sealed12345678', csPosition: 1 };

afterEach(() => {
  capabilities.all = true;
});

describe('side bar', () => {
  test('customer service entries in position order, each opening its entry', async () => {
    serve({ '/wps/system/status': statusOf({ customerService: [HOTLINE, TELEGRAM, CHAT] }) });
    const { container } = renderInShell(<SideBar />);
    await screen.findByRole('button', { name: 'Live chat' }, { timeout: 5000 });
    const entries = [...container.querySelectorAll('[data-cs-type]')].map((item) => item.getAttribute('data-cs-type'));
    expect(entries).toEqual(['3', 'HOTLINE', 'TELEGRAM']);
    openCustomerService.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Telegram' }));
    expect(openCustomerService).toHaveBeenCalledWith(TELEGRAM);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a hotline is a tel: link to dial and, for a desktop, its number with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve({ '/wps/system/status': statusOf({ customerService: [{ ...HOTLINE, path: 'tel:+880%209600-000000' }] }) });
    const { container } = renderInShell(<SideBar />);
    const dial = await screen.findByRole('link', { name: 'Hotline' });
    expect(dial.getAttribute('href')).toBe('tel:+8809600000000');
    expect(container.querySelector('[data-hotline-number] .hotline__number')?.textContent).toBe('+880 9600-000000');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the number +880 9600-000000' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('+880 9600-000000'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(openCustomerService).not.toHaveBeenCalledWith(expect.objectContaining({ csType: 'HOTLINE' }));
    vi.unstubAllGlobals();
  });

  test('only a tel: link of a phone number is a hotline', () => {
    expect(hotlineNumber('tel:+63280000000')).toBe('+63280000000');
    expect(hotlineNumber(' TEL:+84 28 0000 0000 ')).toBe('+84 28 0000 0000');
    expect(hotlineNumber('tel:javascript:alert(1)')).toBeNull();
    expect(hotlineNumber('https://t.me/x')).toBeNull();
    expect(hotlineNumber('tel:%E0%A4%A')).toBeNull();
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

  test('no promotions or agent entry while those pages are still to come', async () => {
    capabilities.all = false;
    const calls = serve({ '/wps/system/status': statusOf({ resources: [{ resourceType: 'AGENT', url: '/agentHome', qrCodeUrl: null, title: null }] }) });
    const { container } = renderInShell(<SideBar />);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/wps/system/status')).toBe(true));
    await act(async () => undefined);
    expect([...container.querySelectorAll<HTMLElement>('[data-side]')].map((item) => item.dataset.side)).toEqual(['feedback']);
  });

  test('no agent entry without an AGENT resource', () => {
    serve({});
    renderInShell(<SideBar />);
    expect(screen.queryByRole('link', { name: 'Agent' })).toBeNull();
  });
});
