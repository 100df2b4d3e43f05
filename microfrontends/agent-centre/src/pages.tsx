import { comingSoonPage } from '@tessera/kit';
import type { PageEntry, PageRegistry } from '@tessera/kit';
import { NAMESPACE } from './translations';

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

/** Pages shown only when the brand turns their feature on (SPEC §2, §6). */
const FLAGS: Record<string, string> = {
  agentDividendRecordCopy2: 'DIVIDEND3',
  agentDailyWages2: 'DAILYSAL3',
  agentHourSalary: 'HOURSAL3',
  agentRealtimeSalary: 'REALTIMESAL3',
};

const registry: PageRegistry = {
  namespace: NAMESPACE,
  defaultPage: 'agentTeamOverview',
  pages: PAGE_KEYS.map(
    (key): PageEntry => ({ key, labelKey: key, component: comingSoonPage(NAMESPACE, key), flag: FLAGS[key] }),
  ),
};

export default registry;
