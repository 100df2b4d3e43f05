// The member centre's betting record and personal profit/loss (page keys personalHistoryCopy and personalProfit).

export { BettingRecordPage } from './BettingRecordPage';
export { ProfitPage } from './ProfitPage';
