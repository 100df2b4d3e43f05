// The member centre's betting record and personal profit/loss (page keys personalHistoryCopy and personalProfit).
import { registerGamesTranslations } from './translations';

registerGamesTranslations();

export { BettingRecordPage } from './BettingRecordPage';
export { ProfitPage } from './ProfitPage';
