import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../translations';

/** Previous and next page of a record list, with the position; nothing when it fits on one page. */
export function Paging({ pageNo, totalPages, onChange }: { pageNo: number; totalPages: number; onChange: (pageNo: number) => void }) {
  const { t } = useTranslation(NAMESPACE);
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('paging')}>
      <button type="button" className="button pager__previous" disabled={pageNo <= 1} onClick={() => onChange(pageNo - 1)}>
        {t('page_previous')}
      </button>
      <span className="pager__status" aria-live="polite" data-page-no={pageNo} data-total-pages={totalPages}>
        {t('page_status', { page: pageNo, total: totalPages })}
      </span>
      <button type="button" className="button pager__next" disabled={pageNo >= totalPages} onClick={() => onChange(pageNo + 1)}>
        {t('page_next')}
      </button>
    </nav>
  );
}
