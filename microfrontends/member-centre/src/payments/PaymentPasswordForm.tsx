import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { FormError, TextField, useForm, type FormErrors } from '@tessera/kit';
import { refusalErrors } from '../wallet/form';
import { useReloadWallet } from './queries';
import { PAYMENTS_NS } from './translations';
import { setPaymentPassword } from './wallet';

const PASSWORD_MAX_LENGTH = 128;
const FIELDS = ['password', 'paymentPassword', 'confirmPaymentPassword'] as const;

/**
 * Setting the payment password a brand's withdrawals need: the login password proves it is the
 * member, the new one is typed twice. Sent encrypted, as every password is (SPEC §7).
 */
export function PaymentPasswordForm() {
  const { t } = useTranslation(PAYMENTS_NS);
  const reload = useReloadWallet();
  const { form, values, errors, show, bind } = useForm({ password: '', paymentPassword: '', confirmPaymentPassword: '' });
  const save = useMutation({
    mutationFn: setPaymentPassword,
    onSuccess: () => reload('withdrawalSettings'),
    onError: (error) => show(refusalErrors(error, t('error_network'), FIELDS)),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields = { password: values.password.trim(), paymentPassword: values.paymentPassword.trim(), confirmPaymentPassword: values.confirmPaymentPassword.trim() };
    const found: FormErrors = {};
    for (const name of FIELDS) if (!fields[name]) found[name] = t('field_required');
    if (!found.confirmPaymentPassword && fields.confirmPaymentPassword !== fields.paymentPassword) found.confirmPaymentPassword = t('confirmation_mismatch');
    if (show(found)) save.mutate(fields);
  }

  if (save.isSuccess) {
    return (
      <p className="payments__notice" role="status">
        {t('payment_password_saved')}
      </p>
    );
  }

  return (
    <form ref={form} className="payments__form payment-password-form" noValidate onSubmit={onSubmit} aria-labelledby="payments-payment-password">
      <h3 id="payments-payment-password">{t('payment_password_title')}</h3>
      <p>{t('payment_password_note')}</p>
      <TextField name="password" type="password" label={t('login_password')} required maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" {...bind('password')} />
      <TextField name="paymentPassword" type="password" label={t('new_payment_password')} required maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" {...bind('paymentPassword')} />
      <TextField name="confirmPaymentPassword" type="password" label={t('confirm_payment_password')} required maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" {...bind('confirmPaymentPassword')} />
      <FormError message={errors.form} />
      <button type="submit" className="button" disabled={save.isPending}>
        {save.isPending ? t('payment_password_sending') : t('payment_password_submit')}
      </button>
    </form>
  );
}
