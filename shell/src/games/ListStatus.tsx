import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@tessera/kit';

interface ListStatusProps {
  loading: boolean;
  error: unknown;
  /** Whether there is nothing to show once loaded. */
  empty: boolean;
  emptyText: string;
  /** Said when the server gave no message of its own; the list's failure by default. */
  failedText?: string;
  onRetry: () => void;
  /** Holds the list's place while it loads (the loading text is then for screen readers only). */
  placeholder?: ReactNode;
}

/** What a list shows instead of (or, for a failure, above) its items: loading, failed with retry, empty. */
export function ListStatus({ loading, error, empty, emptyText, failedText, onRetry, placeholder }: ListStatusProps) {
  const { t } = useTranslation('games');
  if (error) {
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : (failedText ?? t('list.failed'));
    return (
      <div className="list-status list-status--failed" role="alert" data-list-status="failed">
        <span>{message}</span>
        <button type="button" onClick={onRetry}>
          {t('list.retry')}
        </button>
      </div>
    );
  }
  if (loading) {
    const status = (
      <p className={placeholder ? 'visually-hidden' : 'list-status'} role="status" data-list-status="loading">
        {t('list.loading')}
      </p>
    );
    if (!placeholder) return status;
    return (
      <>
        {status}
        {placeholder}
      </>
    );
  }
  if (empty) {
    return (
      <p className="list-status" data-list-status="empty">
        {emptyText}
      </p>
    );
  }
  return null;
}
