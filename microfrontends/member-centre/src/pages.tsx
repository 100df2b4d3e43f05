import type { ComponentType } from 'react';
import type { BadgeKey, PageEntry, PageRegistry } from '@tessera/kit';
import { BonusDetailsPage } from './BonusDetailsPage';
import { BettingRecordPage, ProfitPage } from './games';
import { MyAccountPage } from './MyAccountPage';
import { DepositPage, WithdrawPage } from './payments';
import { realMemberPage } from './realMemberPage';
import { TransactionHistoryPage } from './TransactionHistoryPage';
import { TransferFundPage } from './TransferFundPage';
import { TransferUplinePage } from './TransferUplinePage';
import { NAMESPACE } from './translations';

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

/** The pages built so far: the menu lists only these (a page still to come is not offered). */
const BUILT: Record<string, ComponentType> = {
  securityCenter: MyAccountPage,
  transferFund: TransferFundPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  personalHistoryCopy: BettingRecordPage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: ProfitPage,
  bonusDetails: BonusDetailsPage,
};

/** Money pages: real members only (SPEC §5). */
const MONEY_PAGES = new Set(['transferFund', 'depositv2', 'withdraw', 'transferUpline']);

function pageOf(key: string): ComponentType {
  const page = BUILT[key];
  return MONEY_PAGES.has(key) ? realMemberPage(page, key) : page;
}

const registry: PageRegistry = {
  namespace: NAMESPACE,
  defaultPage: 'securityCenter',
  pages: PAGE_KEYS.filter((key) => key in BUILT).map(
    (key): PageEntry => ({ key, labelKey: key, component: pageOf(key), badge: BADGES[key] }),
  ),
};

export default registry;
