import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NAMESPACE } from '../translations';
import { useWalletKey } from '../wallet/api';
import { useMoney } from '../wallet/money';
import { BankAccounts } from './BankAccounts';
import { PaymentPasswordForm } from './PaymentPasswordForm';
import { LoadStatus } from './status';
import { PAYMENTS_NS } from './translations';
import { fetchBankAccounts, fetchWithdrawals, fetchWithdrawalSettings } from './wallet';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalList } from './withdrawals';
import './payments.css';

/**
 * Withdrawal (page key withdraw): the withdrawable balance, the member's bank accounts, the
 * payment password when the brand needs one and the member has none, the withdrawal form, and
 * the recent withdrawals, where a paid one is confirmed as received, not received or partly so.
 */
export function WithdrawPage() {
  const { t } = useTranslation(PAYMENTS_NS);
  const walletKey = useWalletKey();
  const money = useMoney();
  // The last answers stay while another language's load: a form being filled in is kept.
  const settings = useQuery({ queryKey: walletKey('withdrawalSettings'), queryFn: fetchWithdrawalSettings, placeholderData: keepPreviousData });
  const accounts = useQuery({ queryKey: walletKey('bankAccounts'), queryFn: fetchBankAccounts, placeholderData: keepPreviousData });
  const withdrawals = useQuery({ queryKey: walletKey('withdrawals'), queryFn: fetchWithdrawals, placeholderData: keepPreviousData });

  if (!settings.data || !accounts.data) {
    const failed = settings.isError || accounts.isError;
    return (
      <section className="payments" data-page="withdraw">
        <h2>{t('withdraw', { ns: NAMESPACE })}</h2>
        <LoadStatus isError={failed} onRetry={() => void Promise.all([settings.refetch(), accounts.refetch()])} />
      </section>
    );
  }

  const { data } = settings;
  const needsPassword = data.paymentPasswordRequired && !data.hasPaymentPassword;
  return (
    <section className="payments" data-page="withdraw">
      <h2>{t('withdraw', { ns: NAMESPACE })}</h2>
      <p className="payments__balance" data-balance={data.mainBalance}>
        {t('withdraw_balance')}: <strong>{money(data.mainBalance)}</strong>
      </p>
      <BankAccounts accounts={accounts.data.list} />
      {needsPassword ? (
        <PaymentPasswordForm />
      ) : (
        accounts.data.list.length > 0 && <WithdrawalForm settings={data} accounts={accounts.data.list} money={money} />
      )}
      <section className="payments__records" aria-labelledby="payments-withdrawals">
        <h3 id="payments-withdrawals">{t('withdrawals')}</h3>
        {!data.forcedReceived && <p className="field__hint">{t('confirm_deadline', { minutes: data.confirmMinutes })}</p>}
        {withdrawals.data ? (
          <WithdrawalList withdrawals={withdrawals.data.list} money={money} />
        ) : (
          <LoadStatus isError={withdrawals.isError} onRetry={() => void withdrawals.refetch()} />
        )}
      </section>
    </section>
  );
}
