import { comingSoonPage } from '@tessera/kit';
import type { PageEntry, PageRegistry } from '@tessera/kit';
import { NAMESPACE, registerTranslations } from './translations';

registerTranslations();

/** Agent centre menu, in the order of SPEC §2. */
const PAGE_KEYS = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
];

const registry: PageRegistry = {
  namespace: NAMESPACE,
  defaultPage: 'agentTeamOverview',
  pages: PAGE_KEYS.map((key): PageEntry => ({ key, labelKey: key, component: comingSoonPage(NAMESPACE, key) })),
};

export default registry;
