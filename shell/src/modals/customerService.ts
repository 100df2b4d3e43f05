import { request } from '@tessera/kit';
import type { CustomerServiceEntry } from '../data/status';
import { openSealed } from './linkSeal';

/** The csType of the live chat, whose link comes sealed (SPEC §7). */
export const LIVE_CHAT = '3';
const POPUP_NAME = 'customer-service';
const POPUP_FEATURES = 'width=440,height=500';

interface CustomerServiceAnswer {
  version: { pathList: Array<{ type: string; path: string; title: string }> };
}

function hasScheme(link: string, schemes: string[]): boolean {
  try {
    return schemes.includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

async function showLiveChat(popup: Window): Promise<void> {
  try {
    const answer = await request<CustomerServiceAnswer>('/wps/system/customerService', { cache: 'no-store' });
    const entry = answer.version.pathList.find((item) => item.type === LIVE_CHAT);
    if (!entry) throw new Error('live_chat_missing');
    const link = await openSealed(entry.path);
    if (!hasScheme(link, ['https:', 'http:'])) throw new Error('live_chat_link_invalid');
    popup.location.replace(link);
  } catch {
    // SPEC §8: when the link cannot be had, the popup closes without a message.
    popup.close();
  }
}

/**
 * The live chat in its 440x500 popup. The popup opens blank at once, while the click still
 * counts as the player's gesture, and is sent to the link once it is fetched and opened.
 * Returns false when the browser blocked the popup, so the caller can say so.
 */
export function openLiveChat(): boolean {
  const popup = window.open('', POPUP_NAME, POPUP_FEATURES);
  if (!popup) return false;
  // The chat is another site: it gets no handle on this page.
  popup.opener = null;
  void showLiveChat(popup);
  return true;
}

/**
 * One customer-service entry: the live chat in its popup, a web link (Facebook, Telegram, ...)
 * in a new tab, a tel: link (hotline) in place. Returns false when nothing could be opened: a
 * blocked popup or a link of another kind. A new tab opened without an opener cannot be seen
 * to be blocked.
 */
export function openCustomerService(entry: CustomerServiceEntry): boolean {
  if (entry.csType === LIVE_CHAT) return openLiveChat();
  const link = entry.path.trim();
  if (hasScheme(link, ['https:', 'http:'])) {
    window.open(link, '_blank', 'noopener,noreferrer');
    return true;
  }
  if (hasScheme(link, ['tel:'])) {
    window.location.href = link;
    return true;
  }
  return false;
}
