import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@tessera/kit';
import { CaptchaField, SmsCodeField, TextField } from '../forms';
import { logIn, sendSmsCode } from '../data/member';
import { useFlag } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { useCaptchaOnDemand, type CaptchaOnDemand } from './captchaOnDemand';
import { errorsOfRefusal, FormError, useFormErrors } from './formState';

/** Where a login goes and whether it is the agent entrance's (which sends `agent: true`). */
export interface LoginPlace {
  agent: boolean;
  home: string;
}

/** A password login from an address the member never used, waiting for its SMS code. */
export interface IpCheck {
  username: string;
  password: string;
  /** The member's number, masked by the server. */
  mobileNum: string;
}

const IP_CHECK = 'ip_verification_required';

function ipCheckOf(error: unknown, username: string, password: string): IpCheck | null {
  if (!(error instanceof ApiError) || error.code !== IP_CHECK) return null;
  const mobileNum = (error.value as { mobileNum?: unknown } | null)?.mobileNum;
  return { username, password, mobileNum: typeof mobileNum === 'string' ? mobileNum : '' };
}

function LoginCaptcha({ captcha }: { captcha: CaptchaOnDemand }) {
  return captcha.shown ? <CaptchaField ref={captcha.ref} error={captcha.error} onInput={captcha.clearError} /> : null;
}

/**
 * Username and password (SPEC §4, §5): both required after trimming, the captcha when the brand
 * always asks (LOGINREQCAPTCHA3) or a refusal asks. An unknown address hands over to the SMS check.
 */
export function PasswordLoginForm({ place, onIpCheck }: { place: LoginPlace; onIpCheck: (check: IpCheck) => void }) {
  const { t } = useTranslation('modals');
  const finishLogin = useAfterLogin();
  const captcha = useCaptchaOnDemand(useFlag('LOGINREQCAPTCHA3'));
  const { form, errors, show, clear } = useFormErrors();
  const [values, setValues] = useState({ username: '', password: '' });
  const username = values.username.trim();
  const password = values.password.trim();

  const login = useMutation({
    mutationFn: async () => {
      const answer = await captcha.withCaptcha((part) => logIn({ username, password, ...(place.agent && { agent: true }), ...part }));
      if (answer) await finishLogin(answer, { via: 'username', password, home: place.home });
    },
    onError: (error) => {
      const check = ipCheckOf(error, username, password);
      if (check) onIpCheck(check);
      else show(errorsOfRefusal(error, t('error_network')));
    },
  });

  const set = (name: keyof typeof values) => (value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    clear(name);
  };
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!username) found.username = t('error_username_required');
    if (!password) found.password = t('error_password_required');
    if (show(found)) login.mutate();
  }

  return (
    <form ref={form} className="login" noValidate onSubmit={onSubmit} data-login-state={login.isPending ? 'sending' : 'editing'}>
      <TextField name="username" label={t('login_username')} required autoComplete="username" maxLength={64} data-autofocus value={values.username} onChange={set('username')} error={errors.username} />
      <TextField name="password" type="password" label={t('login_password')} required autoComplete="current-password" maxLength={128} value={values.password} onChange={set('password')} error={errors.password} />
      <LoginCaptcha captcha={captcha} />
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight login__submit" disabled={login.isPending}>
        {login.isPending ? t('login_sending') : t('login_submit')}
      </button>
    </form>
  );
}

/**
 * The unregistered-address check (SPEC §4, identity contract): a code sent with purpose "ip" to
 * the member's own number, then the same login again with the code.
 */
export function IpVerificationStep({ check, place, onBack }: { check: IpCheck; place: LoginPlace; onBack: () => void }) {
  const { t } = useTranslation('modals');
  const finishLogin = useAfterLogin();
  const captcha = useCaptchaOnDemand(useFlag('LOGINREQCAPTCHA3'));
  const { form, errors, show, clear } = useFormErrors();
  const [code, setCode] = useState('');

  const login = useMutation({
    mutationFn: async () => {
      const { username, password } = check;
      const fields = { username, password, verificationCode: code.trim(), ...(place.agent && { agent: true }) };
      const answer = await captcha.withCaptcha((part) => logIn({ ...fields, ...part }));
      if (answer) await finishLogin(answer, { via: 'username', password, home: place.home });
    },
    onError: (error) => show(errorsOfRefusal(error, t('error_network'), { verification_failed: 'verificationCode' })),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (show(code.trim() ? {} : { verificationCode: t('error_code_required') })) login.mutate();
  }

  return (
    <form ref={form} className="login login--ip-check" noValidate onSubmit={onSubmit}>
      <p className="login__ip-note">{t('login_ip_check', { mobileNum: check.mobileNum })}</p>
      <SmsCodeField
        label={t('sms_code')}
        data-autofocus
        value={code}
        onChange={(value) => {
          setCode(value);
          clear('verificationCode');
        }}
        error={errors.verificationCode}
        send={() => captcha.sendCode((part) => sendSmsCode({ purpose: 'ip', username: check.username }, part))}
      />
      <LoginCaptcha captcha={captcha} />
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight login__submit" disabled={login.isPending}>
        {login.isPending ? t('login_sending') : t('login_ip_submit')}
      </button>
      <button type="button" className="button button--ghost login__back" onClick={onBack}>
        {t('login_back')}
      </button>
    </form>
  );
}
