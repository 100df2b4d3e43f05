import { useTranslation } from 'react-i18next';
import { PAYMENTS_NS } from './translations';

/** A record's status as a word (its colour only repeats it), e.g. "Paid". */
export function StatusLabel({ kind, status }: { kind: 'deposit' | 'withdrawal'; status: string }) {
  const { t } = useTranslation(PAYMENTS_NS);
  return (
    <span className={`payments__status payments__status--${status}`} data-status={status}>
      {t(`${kind}_status_${status}`, { defaultValue: status })}
    </span>
  );
}

/** Loading, or a failed load with a retry; nothing once loaded. */
export function LoadStatus({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation(PAYMENTS_NS);
  if (!isError) {
    return (
      <p className="payments__load" role="status" data-load-status="loading">
        {t('loading')}
      </p>
    );
  }
  return (
    <p className="payments__load" role="alert" data-load-status="failed">
      {t('load_failed')}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}
