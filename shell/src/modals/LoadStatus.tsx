import { useTranslation } from 'react-i18next';

interface LoadStatusProps {
  isPending: boolean;
  isError: boolean;
  count: number;
  /** Key (namespace 'modals') of the text shown when the list is empty. */
  emptyKey: string;
}

/** Loading, failed or empty: the line a list shows instead of its items (nothing once it has some). */
export function LoadStatus({ isPending, isError, count, emptyKey }: LoadStatusProps) {
  const { t } = useTranslation('modals');
  if (count > 0) return null;
  if (isPending) return <p className="load-status" data-load-status="loading">{t('loading')}</p>;
  if (isError) return <p className="load-status" role="alert" data-load-status="failed">{t('load_failed')}</p>;
  return <p className="load-status" data-load-status="empty">{t(emptyKey)}</p>;
}
