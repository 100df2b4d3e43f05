import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { PasswordField, validateFields } from '../forms';
import { resetPassword } from '../data/member';
import { useAfterLogin } from './afterLogin';
import { errorsOfRefusal, FormError, useFieldRules, useForm } from './formState';
import { Modal } from './Modal';

export { RESET_PATH, ResetLinkOpener } from './resetLink';

const RULES = { newPassword: 'password' } as const;

/** A new password for the e-mailed link's token; the answer logs the member in and goes home. */
export function SetPasswordModal({ resetToken, onClose }: { resetToken: string; onClose: () => void }) {
  const { t } = useTranslation('modals');
  const finishLogin = useAfterLogin();
  const rules = useFieldRules(RULES);
  const { form, values, errors, show, bind } = useForm({ newPassword: '' });
  const reset = useMutation({
    mutationFn: async () => {
      const login = await resetPassword({ resetToken, newPassword: values.newPassword.trim() });
      await finishLogin(login, { via: 'reset', home: '/' });
    },
    onError: (error) => show(errorsOfRefusal(error, t('error_network'))),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (show(validateFields(values, rules, t))) reset.mutate();
  }
  return (
    <Modal title={t('set_password_title')} onClose={onClose} kind="setPassword" className="password-modal">
      <form ref={form} className="password-form" noValidate onSubmit={onSubmit}>
        <PasswordField name="newPassword" label={t('password_newPassword')} autoComplete="new-password" data-autofocus {...bind('newPassword')} />
        <FormError message={errors.form} />
        <button type="submit" className="button button--highlight password-form__submit" disabled={reset.isPending}>
          {reset.isPending ? t('password_sending') : t('set_password_submit')}
        </button>
      </form>
    </Modal>
  );
}
