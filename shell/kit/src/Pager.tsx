import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KIT_NS } from './kitTexts';

/** One page of ``items``, paged in the browser; the page number stays in range when the list shrinks. */
export function usePaging<T>(items: readonly T[], size: number) {
  const [wanted, setPage] = useState(1);
  const total = Math.max(1, Math.ceil(items.length / size));
  const page = Math.min(wanted, total);
  return { page, total, items: items.slice((page - 1) * size, page * size), setPage };
}

/** Previous and next page with the current position; nothing when everything fits on one page. */
export function Pager({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation(KIT_NS);
  if (total <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager_label')}>
      <button type="button" className="pager__previous" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pager_previous')}
      </button>
      <span className="pager__status" aria-live="polite" data-pager-page={page} data-pager-total={total}>
        {t('pager_status', { page, total })}
      </span>
      <button type="button" className="pager__next" disabled={page >= total} onClick={() => onChange(page + 1)}>
        {t('pager_next')}
      </button>
    </nav>
  );
}
