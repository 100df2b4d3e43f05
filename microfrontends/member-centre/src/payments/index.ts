// The member centre's deposit and withdrawal pages (page keys depositv2 and withdraw).

export { DepositPage } from './DepositPage';
export { WithdrawPage } from './WithdrawPage';
