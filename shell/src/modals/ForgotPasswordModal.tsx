import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { brandSendsSms } from '@tessera/kit';
import { PasswordField, TextField, validateFields } from '../forms';
import { requestPasswordEmail, resetPassword } from '../data/member';
import { useSystemStatus } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { errorsOfRefusal, FormError, useFieldRules, useForm } from './formState';
import { MethodSwitch } from './MethodSwitch';
import { Modal } from './Modal';
import { PHONE_RULES, PhoneCodeFields, useDialingCode } from './PhoneCodeFields';

type Method = 'email' | 'mobile';

/**
 * Forgot password (SPEC §4, §5): by e-mail, a reset link; by mobile (when the brand sends SMS
 * codes), a code and the new password, which logs the member in.
 */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const byMobile = brandSendsSms(useSystemStatus().data?.whitelabel);
  const [method, setMethod] = useState<Method>('email');
  return (
    <Modal title={t('forgot_title')} onClose={onClose} kind="forgotPassword" className="forgot-modal">
      {byMobile && (
        <MethodSwitch
          legend={t('forgot_method')}
          options={[
            ['email', t('forgot_by_email')],
            ['mobile', t('forgot_by_mobile')],
          ]}
          value={method}
          onChange={(next) => setMethod(next as Method)}
        />
      )}
      {byMobile && method === 'mobile' ? <ForgotByMobile /> : <ForgotByEmail onClose={onClose} />}
    </Modal>
  );
}

const EMAIL_RULES = { email: 'email' } as const;

/** The e-mail way: the answer is the same whether or not the account exists, and so is the message. */
function ForgotByEmail({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const rules = useFieldRules(EMAIL_RULES);
  const { form, values, errors, show, bind } = useForm({ username: '', email: '' });
  const send = useMutation({
    mutationFn: () => requestPasswordEmail(values.username.trim(), values.email.trim()),
    onError: (error) => show(errorsOfRefusal(error, t('error_network'))),
  });

  if (send.isSuccess) {
    return (
      <div className="forgot-sent">
        <p role="status">{t('forgot_email_sent')}</p>
        <button type="button" className="button button--highlight" data-autofocus onClick={onClose}>
          {t('password_done')}
        </button>
      </div>
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (show(validateFields(values, rules, t))) send.mutate();
  }
  return (
    <form ref={form} className="forgot-form" noValidate onSubmit={onSubmit}>
      <TextField name="username" label={t('login_username')} required autoComplete="username" maxLength={64} {...bind('username')} />
      <TextField name="email" type="email" label={t('forgot_email')} required autoComplete="email" maxLength={254} {...bind('email')} />
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight forgot-form__submit" disabled={send.isPending}>
        {send.isPending ? t('password_sending') : t('forgot_email_submit')}
      </button>
    </form>
  );
}

const MOBILE_RULES = { ...PHONE_RULES, newPassword: 'password' } as const;
const CODE_FIELDS = { verification_failed: 'verificationCode' };

/** The mobile way: a code of purpose "forgot", the new password, then the member is logged in and goes home. */
function ForgotByMobile() {
  const { t } = useTranslation('modals');
  const finishLogin = useAfterLogin();
  const rules = useFieldRules(MOBILE_RULES);
  const { form, values, errors, show, bind } = useForm({ mobileNum: '', verificationCode: '', newPassword: '' });
  const [dialingCode, setDialingCode] = useDialingCode();
  const reset = useMutation({
    mutationFn: async () => {
      const login = await resetPassword({
        countryDialingCode: dialingCode,
        mobileNum: values.mobileNum.trim(),
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword.trim(),
      });
      await finishLogin(login, { via: 'reset', home: '/' });
    },
    onError: (error) => show(errorsOfRefusal(error, t('error_network'), { codeFields: CODE_FIELDS })),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (show(validateFields(values, rules, t))) reset.mutate();
  }
  return (
    <form ref={form} className="forgot-form" noValidate onSubmit={onSubmit}>
      <PhoneCodeFields purpose="forgot" form={{ values, bind, show }} dialingCode={dialingCode} onDialingCodeChange={setDialingCode} />
      <PasswordField name="newPassword" label={t('password_newPassword')} autoComplete="new-password" {...bind('newPassword')} />
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight forgot-form__submit" disabled={reset.isPending}>
        {reset.isPending ? t('password_sending') : t('forgot_mobile_submit')}
      </button>
    </form>
  );
}
