import { comingSoonPage } from '@tessera/kit';
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

const registry: PageRegistry = {
  namespace: NAMESPACE,
  defaultPage: 'securityCenter',
  pages: PAGE_KEYS.map((key): PageEntry => ({ key, labelKey: key, component: comingSoonPage(NAMESPACE, key) })),
};

export default registry;
