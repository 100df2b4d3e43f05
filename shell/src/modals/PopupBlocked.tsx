import { useTranslation } from 'react-i18next';

/** Said when the browser blocked the customer-service window (SPEC §8 'popup blocked'). */
export function PopupBlocked() {
  const { t } = useTranslation('modals');
  return (
    <p className="popup-blocked" role="alert">
      {t('popup_blocked')}
    </p>
  );
}
