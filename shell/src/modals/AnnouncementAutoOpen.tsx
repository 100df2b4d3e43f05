import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useNotices } from '../data/content';
import { hiddenToday } from './AnnouncementPopup';

/** The home routes on which the announcement popup opens by itself (SPEC §2, §4). */
export const HOME_PATHS: ReadonlySet<string> = new Set(['/', '/index', '/index.html', '/home']);

/**
 * On a home route, once the notices have loaded, tells whether the announcement popup should
 * open: there are popup announcements and 'hide today' was not ticked today. The caller decides
 * once per page load and then stops rendering this.
 */
export function AnnouncementAutoOpen({ onDecide }: { onDecide: (open: boolean) => void }) {
  const { pathname } = useLocation();
  return HOME_PATHS.has(pathname) ? <PopupWatcher onDecide={onDecide} /> : null;
}

function PopupWatcher({ onDecide }: { onDecide: (open: boolean) => void }) {
  const popup = useNotices().data?.popup;
  // Before the browser paints: with the notices in the page, the popup comes with the first frame.
  useLayoutEffect(() => {
    if (popup) onDecide(popup.length > 0 && !hiddenToday());
  }, [popup, onDecide]);
  return null;
}
