import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError, FormError, TextField, useForm, type FormErrors } from '@tessera/kit';
import { refusalErrors } from '../wallet/form';
import { useReloadWallet } from './queries';
import { PAYMENTS_NS } from './translations';
import { addBankAccount, deleteBankAccount, type BankAccount } from './wallet';

/** A member keeps at most this many bank accounts (bank_account_limit). */
export const BANK_ACCOUNT_LIMIT = 5;
const NAME_MAX = 64;
const NUMBER_MAX = 32;
const DIGITS = /^\d+$/;

/** The member's saved bank accounts, each with a delete button, and the form adding one. */
export function BankAccounts({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const reload = useReloadWallet();
  const remove = useMutation({ mutationFn: deleteBankAccount, onSettled: () => reload('bankAccounts') });
  const refusal = remove.isError ? (remove.error instanceof ApiError && remove.error.serverMessage) || t('error_network') : null;
  return (
    <section className="payments__bank-accounts" aria-labelledby="payments-bank-accounts">
      <h3 id="payments-bank-accounts">{t('bank_accounts')}</h3>
      {accounts.length === 0 ? (
        <p>{t('bank_accounts_empty')}</p>
      ) : (
        <ul className="payments__account-list">
          {accounts.map((account) => (
            <li key={account.id} data-bank-account={account.id}>
              <span className="payments__account-bank">{account.bankName}</span>
              <span>{account.accountName}</span>
              <span className="payments__account-number">{account.accountNumber}</span>
              <button
                type="button"
                className="button"
                aria-label={t('bank_account_delete_name', { bank: account.bankName, number: account.accountNumber })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(account.id)}
              >
                {t('bank_account_delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={refusal} />
      {accounts.length < BANK_ACCOUNT_LIMIT ? <AddBankAccount /> : <p className="payments__notice">{t('bank_account_limit', { max: BANK_ACCOUNT_LIMIT })}</p>}
    </section>
  );
}

function AddBankAccount() {
  const { t } = useTranslation(PAYMENTS_NS);
  const reload = useReloadWallet();
  const { form, values, errors, show, bind, reset } = useForm({ bankName: '', accountName: '', accountNumber: '' });
  const add = useMutation({
    mutationFn: addBankAccount,
    onSuccess: () => {
      reset();
      reload('bankAccounts');
    },
    onError: (error) => show(refusalErrors(error, t('error_network'), ['bankName', 'accountName', 'accountNumber'])),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields = { bankName: values.bankName.trim(), accountName: values.accountName.trim(), accountNumber: values.accountNumber.trim() };
    const found: FormErrors = {};
    for (const [name, value] of Object.entries(fields)) if (!value) found[name] = t('field_required');
    if (fields.accountNumber && !DIGITS.test(fields.accountNumber)) found.accountNumber = t('account_number_digits');
    if (show(found)) add.mutate(fields);
  }

  return (
    <form ref={form} className="payments__form bank-account-form" noValidate onSubmit={onSubmit} aria-labelledby="payments-add-account">
      <h4 id="payments-add-account">{t('bank_account_add')}</h4>
      <TextField name="bankName" label={t('bank_name')} required maxLength={NAME_MAX} autoComplete="off" {...bind('bankName')} />
      <TextField name="accountName" label={t('account_name')} required maxLength={NAME_MAX} autoComplete="name" {...bind('accountName')} />
      <TextField name="accountNumber" label={t('account_number')} required maxLength={NUMBER_MAX} inputMode="numeric" autoComplete="off" {...bind('accountNumber')} />
      <FormError message={errors.form} />
      <button type="submit" className="button" disabled={add.isPending}>
        {add.isPending ? t('bank_account_saving') : t('bank_account_save')}
      </button>
    </form>
  );
}
