import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useNotices } from '../data/content';
import { CENTRE_PAGE_PARAM } from '../frame/centreFromQuery';
import { hiddenToday } from './announcementDay';

/** The home routes on which the announcement popup opens by itself (SPEC §2, §4). */
export const HOME_PATHS: ReadonlySet<string> = new Set(['/', '/index', '/index.html', '/home']);

/** sessionStorage: set once the popup has opened by itself in this browser tab. */
export const ANNOUNCEMENTS_SHOWN_KEY = 'announcementsShown';

function shownThisVisit(): boolean {
  try {
    return window.sessionStorage.getItem(ANNOUNCEMENTS_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    window.sessionStorage.setItem(ANNOUNCEMENTS_SHOWN_KEY, '1');
  } catch {
    /* storage disabled: once per page load */
  }
}

/**
 * A page opened by a payment gateway sending the member back (`/?memberCentre=depositv2&deposit=…`,
 * or any member-centre page named in the address): the member is in the middle of something.
 */
function returnedToAPage(search: string): boolean {
  return new URLSearchParams(search).has(CENTRE_PAGE_PARAM);
}

/**
 * On a home route, once the notices have loaded, tells whether the announcement popup should
 * open: there are popup announcements, it has not opened by itself yet in this tab, 'hide today'
 * was not ticked on the brand's today, and the page is not where a payment gateway sent the
 * member back. The caller decides once per page load and then stops rendering this.
 */
export function AnnouncementAutoOpen({ onDecide }: { onDecide: (open: boolean) => void }) {
  const { pathname, search } = useLocation();
  // Read as the page arrived: the member centre takes its parameter out of the address at once.
  const [arrivedFromGateway] = useState(() => returnedToAPage(search) || returnedToAPage(window.location.search));
  if (arrivedFromGateway) return <Decided onDecide={onDecide} />;
  return HOME_PATHS.has(pathname) ? <PopupWatcher onDecide={onDecide} /> : null;
}

function Decided({ onDecide }: { onDecide: (open: boolean) => void }) {
  useLayoutEffect(() => onDecide(false), [onDecide]);
  return null;
}

function PopupWatcher({ onDecide }: { onDecide: (open: boolean) => void }) {
  const popup = useNotices().data?.popup;
  // Before the browser paints: with the notices in the page, the popup comes with the first frame.
  useLayoutEffect(() => {
    if (!popup) return;
    const open = popup.length > 0 && !hiddenToday() && !shownThisVisit();
    if (open) markShown();
    onDecide(open);
  }, [popup, onDecide]);
  return null;
}
