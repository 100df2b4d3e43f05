import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageDialog, PasswordField, SmsCodeField, validateFields } from '../forms';
import { changePassword, renewSession, sendSmsCode, type PasswordChange } from '../data/member';
import { useFlag } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { CaptchaOnDemandField, useCaptchaOnDemand } from './captchaOnDemand';
import { errorsOfRefusal, FormError, useFieldRules, useForm } from './formState';
import { MethodSwitch } from './MethodSwitch';
import { Modal } from './Modal';
import type { ForcedPasswordChange } from './modalContext';

type Method = 'password' | 'phone';
type Field = 'oldPassword' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';

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
  const { form, values, errors, show, bind } = useForm({ oldPassword: '', verificationCode: '', newPassword: '', confirmNewPassword: '' });
  const [method, setMethod] = useState<Method>('password');
  const heldPassword = forced?.oldPassword || null;
  const byPhone = phoneMethod && method === 'phone';
  // The proof of the member's say-so: a texted code, or the old password unless it is held.
  const proof: Field[] = byPhone ? ['verificationCode'] : heldPassword ? [] : ['oldPassword'];
  const shown: Field[] = [...proof, 'newPassword', 'confirmNewPassword'];

  const change = useMutation({
    mutationFn: async (fields: PasswordChange) => {
      const { token } = await changePassword(fields, forced?.login.token);
      if (forced) await finishLogin({ ...forced.login, token, passwordExpired: false }, { via: 'passwordChange', home: forced.home });
      else renewSession(queryClient, token);
    },
    onError: (error) => show(errorsOfRefusal(error, t('error_network'), { codeFields: CODE_FIELDS, shown })),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!show(validateFields(Object.fromEntries(shown.map((name) => [name, values[name]])), rules, t))) return;
    const passwords = { newPassword: values.newPassword.trim(), confirmNewPassword: values.confirmNewPassword.trim() };
    change.mutate(
      byPhone
        ? { verificationCode: values.verificationCode.trim(), ...passwords }
        : { oldPassword: heldPassword ?? values.oldPassword.trim(), ...passwords },
    );
  }

  // A forced change goes on to what follows the login, which replaces this modal.
  if (change.isSuccess && !forced) {
    return (
      <MessageDialog
        kind="changePassword"
        block="password-modal"
        title={t('password_title')}
        message={t('password_changed')}
        confirm={t('password_done')}
        role="status"
        onConfirm={onClose}
      />
    );
  }

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
        {byPhone && (
          <>
            <SmsCodeField
              label={t('sms_code')}
              {...bind('verificationCode')}
              send={() => captcha.sendCode((part) => sendSmsCode({ purpose: 'password' }, part))}
            />
            <CaptchaOnDemandField captcha={captcha} />
          </>
        )}
        {proof.includes('oldPassword') && (
          <PasswordField name="oldPassword" label={t('password_oldPassword')} autoComplete="current-password" {...bind('oldPassword')} />
        )}
        <PasswordField name="newPassword" label={t('password_newPassword')} autoComplete="new-password" {...bind('newPassword')} />
        <PasswordField name="confirmNewPassword" label={t('password_confirmNewPassword')} autoComplete="new-password" {...bind('confirmNewPassword')} />
        <FormError message={errors.form} />
        <button type="submit" className="button button--highlight password-form__submit" disabled={change.isPending}>
          {change.isPending ? t('password_sending') : t('password_submit')}
        </button>
      </form>
    </Modal>
  );
}
