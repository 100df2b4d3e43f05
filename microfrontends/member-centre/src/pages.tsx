import { comingSoonPage } from '@tessera/kit';
import type { BadgeKey, PageEntry, PageRegistry } from '@tessera/kit';
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

/** Red count badges (SPEC §2): reward center, mission activity and platform messages. */
const BADGES: Record<string, BadgeKey> = { rewardCenter: 'rewards', missionLeaderboard: 'missions', messageV2: 'messages' };

const registry: PageRegistry = {
  namespace: NAMESPACE,
  defaultPage: 'securityCenter',
  pages: PAGE_KEYS.map(
    (key): PageEntry => ({ key, labelKey: key, component: comingSoonPage(NAMESPACE, key), badge: BADGES[key] }),
  ),
};

export default registry;
