import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { TextField, useBalance, useMemberInfo, type FormErrors } from '@tessera/kit';
import { NAMESPACE } from './translations';
import { fetchPaymentPasswordSettings, transferToUpline, useWalletKey, type PaymentPasswordSettings } from './wallet/api';
import { amountProblem } from './wallet/amount';
import { AmountField, FormEnd, outcomeUnknown, refusalErrors, useAmountMessage, useRequestId } from './wallet/form';
import { useMoney } from './wallet/money';
import './wallet/wallet.css';

/** The amount, and the payment password when the brand asks for it; the main wallet pays. */
function UplineForm({ settings }: { settings: PaymentPasswordSettings }) {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const amountMessage = useAmountMessage(money);
  const ids = useRequestId();
  const { balance, refresh: refreshBalance } = useBalance();
  const mainBalance = balance?.mainBalance ?? settings.mainBalance;
  const asksPassword = settings.paymentPasswordRequired;
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function edit(name: string, change: () => void) {
    change();
    setNotice(null);
    setErrors(({ [name]: _field, form: _form, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: FormErrors = {};
    const problem = amountProblem(amount, { balance: mainBalance });
    if (problem) found.amount = amountMessage(problem);
    if (asksPassword && !paymentPassword) found.paymentPassword = t('payment_password_required');
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields = { amount: amount.trim(), ...(asksPassword ? { paymentPassword } : {}) };
    setBusy(true);
    setNotice(null);
    try {
      await transferToUpline({ ...fields, requestId: ids.idFor(fields) });
      ids.settled();
      setAmount('');
      setPaymentPassword('');
      setNotice(t('upline_done', { amount: money(fields.amount) }));
      void refreshBalance();
    } catch (error) {
      if (outcomeUnknown(error)) void refreshBalance();
      else ids.settled();
      setErrors(refusalErrors(error, t('error_network'), asksPassword ? ['amount', 'paymentPassword'] : ['amount']));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="wallet-upline" noValidate onSubmit={submit}>
      <p className="wallet-upline__balance" data-wallet="main">
        {t('main_wallet')}: <strong>{money(mainBalance)}</strong>
      </p>
      <AmountField name="amount" label={t('amount')} value={amount} onChange={(value) => edit('amount', () => setAmount(value))} error={errors.amount} />
      {asksPassword && (
        <TextField
          name="paymentPassword"
          type="password"
          autoComplete="off"
          required
          label={t('payment_password')}
          value={paymentPassword}
          onChange={(value) => edit('paymentPassword', () => setPaymentPassword(value))}
          error={errors.paymentPassword}
          hint={settings.hasPaymentPassword ? undefined : t('payment_password_not_set')}
        />
      )}
      <FormEnd error={errors.form} notice={notice} busy={busy} label={t('transfer')} busyLabel={t('transferring')} />
    </form>
  );
}

/**
 * Transfer to upline (page key transferUpline): only for a member whose member info allows it
 * (toUpline); the others are told it is not available to them.
 */
export function TransferUplinePage() {
  const { t } = useTranslation(NAMESPACE);
  const walletKey = useWalletKey();
  const member = useMemberInfo();
  const allowed = Boolean(member.data?.toUpline);
  const settings = useQuery({ queryKey: walletKey('withdrawal-settings'), queryFn: fetchPaymentPasswordSettings, enabled: allowed });
  let body;
  if (member.isError || settings.isError) {
    body = (
      <p className="wallet__status" role="alert">
        {t('wallet_load_failed')}
      </p>
    );
  } else if (!member.data || (allowed && !settings.data)) {
    body = (
      <p className="wallet__status" role="status">
        {t('loading')}
      </p>
    );
  } else if (!allowed) {
    body = (
      <p className="wallet__status" data-upline-unavailable>
        {t('upline_unavailable')}
      </p>
    );
  } else {
    body = <UplineForm settings={settings.data!} />;
  }
  return (
    <section className="wallet" data-page="transferUpline">
      <h2>{t('transferUpline')}</h2>
      {body}
    </section>
  );
}
