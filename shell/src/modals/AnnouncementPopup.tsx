import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, STORAGE_KEYS, usePaging, writeStored } from '@tessera/kit';
import { brandDay } from './announcementDay';
import { useNotices } from '../data/content';
import { Disclosure, toggled } from './Disclosure';
import { LoadStatus } from './LoadStatus';
import { Modal } from './Modal';
import { SafeHtml } from './SafeHtml';

/** Announcements per page of the popup (SPEC §9). */
export const POPUP_PAGE_SIZE = 7;

export { brandDay, hiddenToday } from './announcementDay';

/** The popup announcements, a page at a time, each title showing its content. */
export function AnnouncementPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const notices = useNotices();
  const announcements = notices.data?.popup ?? [];
  const paging = usePaging(announcements, POPUP_PAGE_SIZE);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(announcements.slice(0, 1).map((a) => a.id)));
  const [hideToday, setHideToday] = useState(false);

  function close() {
    if (hideToday) writeStored(STORAGE_KEYS.hideAnnounceDate, brandDay());
    onClose();
  }

  return (
    <Modal
      title={t('announcements_title')}
      onClose={close}
      kind="announcements"
      className="announcement-popup"
      footer={
        <label className="hide-today">
          <input type="checkbox" checked={hideToday} onChange={(event) => setHideToday(event.target.checked)} />
          {t('hide_today')}
        </label>
      }
    >
      <LoadStatus isPending={notices.isPending} isError={notices.isError} count={announcements.length} emptyKey="announcements_empty" />
      {paging.items.length > 0 && (
        <ul className="disclosure-list announcement-list">
          {paging.items.map((announcement) => (
            <Disclosure
              key={announcement.id}
              itemKey={String(announcement.id)}
              title={announcement.title}
              open={expanded.has(announcement.id)}
              onToggle={() => setExpanded(toggled(expanded, announcement.id))}
            >
              <SafeHtml html={announcement.content} />
            </Disclosure>
          ))}
        </ul>
      )}
      <Pager page={paging.page} total={paging.total} onChange={paging.setPage} />
    </Modal>
  );
}
