import { useTranslation } from 'react-i18next';
import type { PageEntry, PageRegistry } from '@tessera/kit';
import { NAMESPACE, registerTranslations } from './translations';

registerTranslations();

/** Member menu, in the order of SPEC §2. */
const PAGE_KEYS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
];

function comingSoon(pageKey: string) {
  function ComingSoonPage() {
    const { t } = useTranslation(NAMESPACE);
    return (
      <section className="coming-soon" data-page={pageKey}>
        <h2>{t(pageKey)}</h2>
        <p className="coming-soon__title">{t('coming_soon')}</p>
        <p>{t('coming_soon_info')}</p>
      </section>
    );
  }
  ComingSoonPage.displayName = `ComingSoon(${pageKey})`;
  return ComingSoonPage;
}

const registry: PageRegistry = {
  namespace: NAMESPACE,
  defaultPage: 'securityCenter',
  pages: PAGE_KEYS.map((key): PageEntry => ({ key, labelKey: key, component: comingSoon(key) })),
};

export default registry;
