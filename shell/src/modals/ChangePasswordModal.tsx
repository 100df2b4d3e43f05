import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CaptchaField, SmsCodeField, TextField, validateFields } from '../forms';
import { changePassword, renewSession, sendSmsCode, type Login, type PasswordChange } from '../data/member';
import { useFlag } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { useCaptchaOnDemand } from './captchaOnDemand';
import { errorsOfRefusal, FormError, useFieldRules, useFormErrors } from './formState';
import { MethodSwitch } from './MethodSwitch';
import { Modal } from './Modal';

/** A login that must change its password first; its session is not stored until then. */
export interface ForcedPasswordChange {
  login: Login;
  /** The password typed at login, held in memory only and sent as the old password. */
  oldPassword: string;
  home: string;
}

type Method = 'password' | 'phone';

const RULES = { newPassword: 'password' } as const;
/** Refusals about one field (identity contract). */
const CODE_FIELDS = {
  old_password_wrong: 'oldPassword',
  password_unchanged: 'newPassword',
  confirmation_mismatch: 'confirmNewPassword',
  verification_failed: 'verificationCode',
};

/**
 * Change password (SPEC §2, §5): the old password (or, with CHNGPASSVERIF3, a code sent to the
 * member's phone), the new one by the brand's password rules, and its confirmation. The server
 * ends every other session and answers a new token, which replaces the stored one. Forced after a
 * login, it cannot be dismissed and sends the password typed at login unless it has none.
 */
export function ChangePasswordModal({ forced, onClose }: { forced?: ForcedPasswordChange; onClose: () => void }) {
  const { t } = useTranslation('modals');
  const queryClient = useQueryClient();
  const finishLogin = useAfterLogin();
  const phoneMethod = useFlag('CHNGPASSVERIF3') && !forced;
  const rules = useFieldRules(RULES);
  const captcha = useCaptchaOnDemand();
  const { form, errors, show, clear } = useFormErrors();
  const [method, setMethod] = useState<Method>('password');
  const [values, setValues] = useState({ oldPassword: '', verificationCode: '', newPassword: '', confirmNewPassword: '' });
  const [done, setDone] = useState(false);
  const heldPassword = forced?.oldPassword || null;
  const byPhone = phoneMethod && method === 'phone';

  const change = useMutation({
    mutationFn: async (fields: PasswordChange) => {
      const { token } = await changePassword(fields, forced?.login.token);
      if (forced) await finishLogin({ ...forced.login, token, passwordExpired: false }, { via: 'passwordChange', home: forced.home });
      else renewSession(queryClient, token);
    },
    onSuccess: () => setDone(!forced),
    onError: (error) => show(errorsOfRefusal(error, t('error_network'), CODE_FIELDS)),
  });

  const set = (name: keyof typeof values) => (value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    clear(name);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked: Record<string, string> = { newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword };
    if (byPhone) checked.verificationCode = values.verificationCode;
    else if (!heldPassword) checked.oldPassword = values.oldPassword;
    if (!show(validateFields(checked, rules, t))) return;
    const passwords = { newPassword: values.newPassword.trim(), confirmNewPassword: values.confirmNewPassword.trim() };
    change.mutate(
      byPhone
        ? { verificationCode: values.verificationCode.trim(), ...passwords }
        : { oldPassword: heldPassword ?? values.oldPassword.trim(), ...passwords },
    );
  }

  if (done) {
    return (
      <Modal
        title={t('password_title')}
        onClose={onClose}
        kind="changePassword"
        className="password-modal"
        footer={
          <button type="button" className="button button--highlight" data-autofocus onClick={onClose}>
            {t('password_done')}
          </button>
        }
      >
        <p role="status">{t('password_changed')}</p>
      </Modal>
    );
  }

  const passwordField = (name: 'oldPassword' | 'newPassword' | 'confirmNewPassword', autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={t(`password_${name}`)}
      required
      maxLength={128}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
    />
  );

  return (
    <Modal title={t('password_title')} onClose={onClose} kind="changePassword" className="password-modal" dismissible={!forced}>
      <form ref={form} className="password-form" noValidate onSubmit={onSubmit}>
        {forced && <p className="password-form__note">{t('password_forced_note')}</p>}
        {phoneMethod && (
          <MethodSwitch
            legend={t('password_method')}
            options={[
              ['password', t('password_method_password')],
              ['phone', t('password_method_phone')],
            ]}
            value={method}
            onChange={(next) => setMethod(next as Method)}
          />
        )}
        {byPhone ? (
          <>
            <SmsCodeField
              label={t('sms_code')}
              value={values.verificationCode}
              onChange={set('verificationCode')}
              error={errors.verificationCode}
              send={() => captcha.sendCode((part) => sendSmsCode({ purpose: 'password' }, part))}
            />
            {captcha.shown && <CaptchaField ref={captcha.ref} error={captcha.error} onInput={captcha.clearError} />}
          </>
        ) : (
          !heldPassword && passwordField('oldPassword', 'current-password')
        )}
        {passwordField('newPassword', 'new-password')}
        {passwordField('confirmNewPassword', 'new-password')}
        <FormError message={errors.form} />
        <button type="submit" className="button button--highlight password-form__submit" disabled={change.isPending}>
          {change.isPending ? t('password_sending') : t('password_submit')}
        </button>
      </form>
    </Modal>
  );
}
