import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@tessera/kit';
import type { SystemStatus } from '../data/status';
import { openLiveChat } from '../modals/customerService';
import { PopupBlocked } from '../modals/PopupBlocked';
import '../modals/modals.css';

/** The live chat, the one way out of the maintenance and region-blocked views. */
function CustomerServiceButton() {
  const { t } = useTranslation();
  const [blocked, setBlocked] = useState(false);
  return (
    <>
      <button type="button" className="customer-service" onClick={() => setBlocked(!openLiveChat())}>
        {t('customer_service')}
      </button>
      {blocked && <PopupBlocked />}
    </>
  );
}

export function MaintenanceView({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  const endTime = status.maintenance?.endTime;
  return (
    <main className="system-view maintenance" data-view="maintenance">
      <h1>{t('game_maintenance')}</h1>
      {endTime && (
        <p className="maintenance__end">
          {t('end_time', { time: formatDateTime(endTime, i18n.language) })}
        </p>
      )}
      <p>{t('info_maintenance')}</p>
      <CustomerServiceButton />
    </main>
  );
}

export function RegionBlockedView({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  return (
    <main className="system-view region-blocked" data-view="region-blocked">
      <h1>{t('blockip')}</h1>
      <p>{t('info_ip_block', { ip: status.location.ip })}</p>
      <CustomerServiceButton />
    </main>
  );
}
