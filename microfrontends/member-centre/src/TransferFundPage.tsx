import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useBalance, useRefreshBalance, type FormErrors, type VendorWallet } from '@tessera/kit';
import { NAMESPACE } from './translations';
import { fetchMerchantWallet, transferWallet, useWalletKey, type TransferDirection } from './wallet/api';
import { amountProblem, isPositive } from './wallet/amount';
import { AmountField, FormEnd, outcomeUnknown, refusalErrors, useAmountMessage, useRequestId } from './wallet/form';
import { useMoney } from './wallet/money';
import { SummaryItem } from './wallet/SummaryItem';
import './wallet/wallet.css';

interface TransferProps {
  wallet: VendorWallet;
  mainBalance: string;
}

/**
 * Moves money between the main wallet and one vendor's wallet: in (main to vendor) or out (vendor
 * to main), an amount or everything the source holds ("all", moved as the server counts it).
 */
function TransferForm({ wallet, mainBalance }: TransferProps) {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const amountMessage = useAmountMessage(money);
  const ids = useRequestId();
  const refreshBalance = useRefreshBalance();
  const directionName = useId();
  const [direction, setDirection] = useState<TransferDirection>('in');
  const [amount, setAmount] = useState('');
  const [all, setAll] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const source = direction === 'in' ? mainBalance : wallet.balance;

  function edit(change: () => void) {
    change();
    setErrors({});
    setNotice(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = all ? null : amountProblem(amount, { balance: source });
    if (problem || (all && !isPositive(source))) {
      setErrors({ amount: problem ? amountMessage(problem) : t('amount_nothing') });
      return;
    }
    const fields = all ? { vassalage: wallet.vassalage, direction, all: true as const } : { vassalage: wallet.vassalage, direction, amount: amount.trim() };
    setBusy(true);
    setNotice(null);
    try {
      const result = await transferWallet({ ...fields, requestId: ids.idFor(fields) });
      ids.settled();
      if (result.status === 'failed') {
        setErrors({ form: t('transfer_failed') });
      } else {
        setErrors({});
        setAmount('');
        setAll(false);
        setNotice(t(result.status === 'pending' ? 'transfer_pending' : 'transfer_done'));
      }
      void refreshBalance();
    } catch (error) {
      if (outcomeUnknown(error)) void refreshBalance();
      else ids.settled();
      setErrors(refusalErrors(error, t('error_network'), ['amount']));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="wallet-transfer" noValidate onSubmit={submit} aria-label={t('transfer_of', { wallet: wallet.displayName })}>
      <fieldset className="wallet-transfer__direction">
        <legend>{t('transfer_direction')}</legend>
        {(['in', 'out'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={directionName}
              value={value}
              checked={direction === value}
              onChange={() => edit(() => setDirection(value))}
            />
            {t(value === 'in' ? 'transfer_in' : 'transfer_out', { wallet: wallet.displayName })}
          </label>
        ))}
      </fieldset>
      <AmountField
        name="amount"
        label={t('amount')}
        value={all ? source : amount}
        onChange={(value) => edit(() => {
          setAmount(value);
          setAll(false);
        })}
        error={errors.amount}
        hint={t('transfer_available', { amount: money(source) })}
        addon={
          <button type="button" className="button button--ghost wallet-transfer__all" aria-pressed={all} onClick={() => edit(() => setAll(true))}>
            {t('all')}
          </button>
        }
      />
      <FormEnd error={errors.form} notice={notice} busy={busy} label={t('transfer')} busyLabel={t('transferring')} />
    </form>
  );
}

/**
 * My wallet (page key transferFund): the total and main balances and every transfer-vendor wallet
 * with its balance, each with a transfer in or out, unless the brand has only the main wallet.
 */
export function TransferFundPage() {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const walletKey = useWalletKey();
  const { balance, loading, error, refresh } = useBalance();
  const merchant = useQuery({ queryKey: walletKey('merchantWallet'), queryFn: fetchMerchantWallet, staleTime: 60_000 });
  const transfers = merchant.data ? !merchant.data.isSingle : false;
  const vendors = transfers ? (balance?.wallets ?? []) : [];
  return (
    <section className="wallet" data-page="transferFund">
      <div className="wallet__heading">
        <h2>{t('transferFund')}</h2>
        <button type="button" className="button button--ghost wallet__refresh" disabled={loading} onClick={() => void refresh()}>
          {t('refresh_balance')}
        </button>
      </div>
      {!balance ? (
        <p className="wallet__status" role={error ? 'alert' : 'status'}>
          {error ? t('balance_failed') : t('loading')}
        </p>
      ) : (
        <>
          <dl className="wallet__summary">
            <SummaryItem data-wallet="sum" label={t('total_balance')}>{money(balance.sumBalance)}</SummaryItem>
            <SummaryItem data-wallet="main" label={t('main_wallet')}>{money(balance.mainBalance)}</SummaryItem>
          </dl>
          {merchant.isError && (
            <p className="field__error" role="alert">
              {t('wallets_failed')}
            </p>
          )}
          {vendors.length > 0 && (
            <ul className="wallet__vendors">
              {vendors.map((wallet) => (
                <li key={wallet.vassalage} className="wallet__vendor" data-wallet={wallet.vassalage}>
                  <h3>
                    <span>{wallet.displayName}</span>
                    <span className="wallet__vendor-balance" data-wallet-balance>
                      {money(wallet.balance)}
                    </span>
                  </h3>
                  <TransferForm wallet={wallet} mainBalance={balance.mainBalance} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
