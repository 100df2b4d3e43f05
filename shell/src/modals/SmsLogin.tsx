import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { CaptchaField, defaultDialingCode, MobileField, SmsCodeField, TextField, validateFields } from '../forms';
import { logInBySms, sendSmsCode } from '../data/member';
import { useSystemStatus } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { useCaptchaOnDemand } from './captchaOnDemand';
import { errorsOfRefusal, FormError, useFieldRules, useFormErrors } from './formState';
import type { LoginPlace } from './PasswordLogin';

const RULES = { mobileNum: 'mobileNum' } as const;

/**
 * SMS login (MOBILEVERCODELOGIN3; SPEC §4, §5): the number is checked before a code is sent
 * (purpose "login"), then the number and the code log in with type "sms".
 */
export function SmsLoginForm({ place }: { place: LoginPlace }) {
  const { t } = useTranslation('modals');
  const status = useSystemStatus().data;
  const finishLogin = useAfterLogin();
  const rules = useFieldRules(RULES);
  const captcha = useCaptchaOnDemand();
  const { form, errors, show, clear } = useFormErrors();
  const [dialingCode, setDialingCode] = useState(() => defaultDialingCode(status?.brand.currency));
  const [values, setValues] = useState({ mobileNum: '', verificationCode: '' });
  const mobileNo = values.mobileNum.trim();

  const login = useMutation({
    mutationFn: async () => {
      const fields = { countryDialingCode: dialingCode, mobileNum: mobileNo, verificationCode: values.verificationCode.trim() };
      const answer = await logInBySms({ ...fields, ...(place.agent && { agent: true }) });
      await finishLogin(answer, { via: 'sms', home: place.home });
    },
    onError: (error) => show(errorsOfRefusal(error, t('error_network'), { verification_failed: 'verificationCode' })),
  });

  const set = (name: keyof typeof values) => (value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    clear(name);
  };
  function sendCode() {
    if (!show(validateFields({ mobileNum: values.mobileNum }, rules, t))) return Promise.resolve(null);
    return captcha.sendCode((part) => sendSmsCode({ purpose: 'login', countryDialingCode: dialingCode, mobileNo }, part));
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (show(validateFields(values, rules, t))) login.mutate();
  }

  return (
    <form ref={form} className="login login--sms" noValidate onSubmit={onSubmit} data-login-state={login.isPending ? 'sending' : 'editing'}>
      <MobileField dialingCode={dialingCode} onDialingCodeChange={setDialingCode} value={values.mobileNum} onChange={set('mobileNum')} error={errors.mobileNum} required />
      <SmsCodeField
        label={t('sms_code')}
        value={values.verificationCode}
        onChange={set('verificationCode')}
        error={errors.verificationCode}
        send={sendCode}
      />
      {captcha.shown && <CaptchaField ref={captcha.ref} error={captcha.error} onInput={captcha.clearError} />}
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight login__submit" disabled={login.isPending}>
        {login.isPending ? t('login_sending') : t('login_submit')}
      </button>
    </form>
  );
}
