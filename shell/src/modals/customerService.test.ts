import { describe, expect, test, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { serve } from '../../test/render';
import type { CustomerServiceEntry } from '../data/status';
import { openCustomerService, openLiveChat } from './customerService';

// Sealed by the server: tessera.system.status.linkseal.seal(...) of the link in the comment.
const SEALED_CHAT_LINK = 'QphTc0qsCPHlzocU6-7iz3td-3Yi_fcpiqzlyGLADrkagrleMcrBTvoa6H1p5jnkekTNu_AHvAdRYkENp2'; // https://chat.example/room/1
const SEALED_SCRIPT_LINK = '_X7RkoBNf4ar72Q26TEbUAlIVM2M-UUUuJfdTGbU6Cz4tRJyYCqgsV87QmxX1oYt5tT5fJy'; // javascript:alert(1)
const CS_PATH = '/wps/system/customerService';

const LIVE_CHAT_ENTRY: CustomerServiceEntry = { csType: '3', title: 'Live chat', path: 'stale-sealed-path', csPosition: 1 };

function pathList(livePath: string) {
  return {
    version: {
      pathList: [
        { type: '1', path: 'https://facebook.example/brand', title: 'Facebook' },
        { type: '3', path: livePath, title: 'Live chat' },
      ],
    },
  };
}

/** A stand-in for the popup window that window.open returns. */
function stubPopup(order: string[] = []) {
  const popup = { opener: window as Window | null, close: vi.fn(), location: { replace: vi.fn() } };
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    order.push('open');
    return popup as unknown as Window;
  });
  return { popup, open };
}

describe('live chat', () => {
  test('opens a blank 440x500 popup at once, then sends it to the opened link', async () => {
    const order: string[] = [];
    const calls = serve({
      [CS_PATH]: () => {
        order.push('fetch');
        return pathList(SEALED_CHAT_LINK);
      },
    });
    const { popup, open } = stubPopup(order);
    expect(openCustomerService(LIVE_CHAT_ENTRY)).toBe(true);
    expect(open).toHaveBeenCalledWith('', 'customer-service', 'width=440,height=500');
    expect(popup.opener).toBeNull();
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith('https://chat.example/room/1'));
    expect(order).toEqual(['open', 'fetch']);
    expect(calls[0].init?.cache).toBe('no-store');
    expect(popup.close).not.toHaveBeenCalled();
  });

  test('closes the popup when the fetch fails', async () => {
    serve({ [CS_PATH]: () => new Response('bad gateway', { status: 502 }) });
    const { popup } = stubPopup();
    expect(openLiveChat()).toBe(true);
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(popup.location.replace).not.toHaveBeenCalled();
  });

  test('closes the popup when there is no live-chat entry', async () => {
    serve({ [CS_PATH]: { version: { pathList: [] } } });
    const { popup } = stubPopup();
    openLiveChat();
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
  });

  test('closes the popup when the link is not a web link', async () => {
    serve({ [CS_PATH]: pathList(SEALED_SCRIPT_LINK) });
    const { popup } = stubPopup();
    openLiveChat();
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(popup.location.replace).not.toHaveBeenCalled();
  });

  test('tells the caller when the popup is blocked, and fetches nothing', () => {
    const calls = serve({ [CS_PATH]: pathList(SEALED_CHAT_LINK) });
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openLiveChat()).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('other entries', () => {
  test('a web link opens in a new tab without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const opened = openCustomerService({ csType: 'FACEBOOK', title: 'Facebook', path: 'https://facebook.example/brand', csPosition: 2 });
    expect(opened).toBe(true);
    expect(open).toHaveBeenCalledWith('https://facebook.example/brand', '_blank', 'noopener,noreferrer');
  });

  test('a link of another kind is not opened', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openCustomerService({ csType: 'TELEGRAM', title: 'Telegram', path: 'javascript:alert(1)', csPosition: 3 })).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });
});
