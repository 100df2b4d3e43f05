import { useTranslation } from 'react-i18next';
import { useNotices } from '../data/content';
import { formatDate } from '../modals/dates';
import { LoadStatus } from '../modals/LoadStatus';
import { useModals } from '../modals/modalContext';
import { Pager, usePaging } from '@tessera/kit';
import '../modals/modals.css';

/** Notices per page of the notice list (SPEC §9). */
export const NOTICE_PAGE_SIZE = 5;

/** /noticePage: the player notices, a page at a time; a title opens the notice modal. */
export function NoticeListPage() {
  const { t, i18n } = useTranslation('modals');
  const notices = useNotices();
  const { open } = useModals();
  const player = notices.data?.player ?? [];
  const paging = usePaging(player, NOTICE_PAGE_SIZE);
  return (
    <section className="page notice-list-page" data-page="noticePage">
      <h1>{t('notices_title')}</h1>
      <LoadStatus isPending={notices.isPending} isError={notices.isError} count={player.length} emptyKey="notices_empty" />
      {paging.items.length > 0 && (
        <ul className="notice-list">
          {paging.items.map((notice) => (
            <li key={notice.id} className="notice-list__item" data-notice-id={notice.id}>
              <button type="button" className="notice-list__title" onClick={() => open({ kind: 'notice', notice })}>
                {notice.title}
              </button>
              {notice.startDate && (
                <time className="notice-list__date" dateTime={notice.startDate}>
                  {formatDate(notice.startDate, i18n.language)}
                </time>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={paging.page} total={paging.total} onChange={paging.setPage} />
    </section>
  );
}
