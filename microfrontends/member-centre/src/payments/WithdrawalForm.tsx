import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError, FormError, TextField, useForm, useRefreshBalance, type FormErrors } from '@tessera/kit';
import { amountProblem } from '../wallet/amount';
import { AmountField, outcomeUnknown, refusalErrors, useAmountMessage, useRequestId } from '../wallet/form';
import { SelectField } from './fields';
import { useReloadWallet } from './queries';
import { PAYMENTS_NS } from './translations';
import { startWithdrawal, type BankAccount, type Withdrawal, type WithdrawalSettings } from './wallet';

interface Props {
  settings: WithdrawalSettings;
  accounts: BankAccount[];
  money: (amount: string) => string;
}

/**
 * A withdrawal to one of the member's bank accounts: an amount within the brand's bounds and not
 * above the main balance, with the payment password when the brand asks for one.
 */
export function WithdrawalForm({ settings, accounts, money }: Props) {
  const { t } = useTranslation(PAYMENTS_NS);
  const reload = useReloadWallet();
  const refreshBalance = useRefreshBalance();
  const requestIds = useRequestId();
  const amountMessage = useAmountMessage(money);
  const asksPassword = settings.paymentPasswordRequired;
  const { form, values, errors, show, set, bind } = useForm({ bankAccountId: accounts.length === 1 ? String(accounts[0].id) : '', amount: '', paymentPassword: '' });
  const [requested, setRequested] = useState<Withdrawal | null>(null);
  const shown = ['bankAccountId', 'amount', ...(asksPassword ? ['paymentPassword'] : [])];

  const withdraw = useMutation({
    mutationFn: startWithdrawal,
    onSuccess: (withdrawal) => {
      requestIds.settled();
      setRequested(withdrawal);
      set('amount', '');
      set('paymentPassword', '');
      void refreshBalance();
      reload('withdrawals', 'withdrawalSettings');
    },
    onError: (error) => {
      // No answer: the hold may have been taken, so the balance is asked again.
      if (outcomeUnknown(error)) void refreshBalance();
      else requestIds.settled();
      // The brand turned the payment password on meanwhile: the settings show the form setting it.
      if (error instanceof ApiError && error.code === 'payment_password_not_set') reload('withdrawalSettings');
      show(refusalErrors(error, t('error_network'), shown));
    },
  });

  function check(): FormErrors {
    const found: FormErrors = {};
    if (!accounts.some((account) => String(account.id) === values.bankAccountId)) found.bankAccountId = t('field_required');
    const amount = amountProblem(values.amount, { min: settings.minAmount, max: settings.maxAmount, balance: settings.mainBalance });
    if (amount) found.amount = amountMessage(amount);
    if (asksPassword && !values.paymentPassword.trim()) found.paymentPassword = t('field_required');
    return found;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setRequested(null);
    if (!show(check())) return;
    const fields = {
      bankAccountId: Number(values.bankAccountId),
      amount: values.amount.trim(),
      ...(asksPassword ? { paymentPassword: values.paymentPassword.trim() } : {}),
    };
    withdraw.mutate({ ...fields, requestId: requestIds.idFor(fields) });
  }

  return (
    <form ref={form} className="payments__form withdrawal-form" noValidate onSubmit={onSubmit} aria-labelledby="payments-withdraw">
      <h3 id="payments-withdraw">{t('withdraw_form')}</h3>
      <SelectField name="bankAccountId" label={t('withdraw_account')} required {...bind('bankAccountId')}>
        <option value="">{t('withdraw_account_choose')}</option>
        {accounts.map((account) => (
          <option key={account.id} value={String(account.id)}>
            {account.bankName} {account.accountNumber} ({account.accountName})
          </option>
        ))}
      </SelectField>
      <AmountField name="amount" label={t('amount')} hint={t('limits', { min: money(settings.minAmount), max: money(settings.maxAmount) })} {...bind('amount')} />
      {asksPassword && <TextField name="paymentPassword" type="password" label={t('payment_password')} required autoComplete="off" maxLength={128} {...bind('paymentPassword')} />}
      <FormError message={errors.form} />
      {requested && (
        <p className="payments__notice" role="status">
          {t('withdraw_submitted', { amount: money(requested.amount) })}
        </p>
      )}
      <button type="submit" className="button button--highlight payments__submit" disabled={withdraw.isPending}>
        {withdraw.isPending ? t('withdraw_sending') : t('withdraw_submit')}
      </button>
    </form>
  );
}
