// The member centre's deposit and withdrawal pages (page keys depositv2 and withdraw).
import { registerPaymentTranslations } from './translations';

registerPaymentTranslations();

export { DepositPage } from './DepositPage';
export { WithdrawPage } from './WithdrawPage';
