import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './webapp.css';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** Says there is no connection while the browser has none: the page shows what was kept. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <strong>{t('offline.title')}</strong>
      <span>{t('offline.info')}</span>
    </div>
  );
}
