import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@tessera/kit';
import { PasswordField, SmsCodeField, TextField } from '../forms';
import { logIn, sendSmsCode, type PasswordLogin } from '../data/member';
import { useFlag } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { CaptchaOnDemandField, useCaptchaOnDemand } from './captchaOnDemand';
import { errorsOfRefusal, FormError, useForm } from './formState';

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

/**
 * A password login (with the code of an address check when it has one) and what follows it.
 * The captcha shows when the brand always asks (LOGINREQCAPTCHA3) and ``always``, or a refusal asks.
 */
function usePasswordLogin(place: LoginPlace, always = true) {
  const finishLogin = useAfterLogin();
  const captcha = useCaptchaOnDemand(useFlag('LOGINREQCAPTCHA3') && always);
  const logInWith = async (fields: Omit<PasswordLogin, 'agent'>) => {
    const login = await captcha.withCaptcha((part) => logIn({ ...fields, ...(place.agent && { agent: true }), ...part }));
    if (login) await finishLogin(login, { via: 'username', password: fields.password, home: place.home });
  };
  return { captcha, logInWith };
}

/**
 * Username and password (SPEC §4, §5): both required after trimming. An unknown address hands
 * over to the SMS check.
 */
export function PasswordLoginForm({ place, onIpCheck }: { place: LoginPlace; onIpCheck: (check: IpCheck) => void }) {
  const { t } = useTranslation('modals');
  const { captcha, logInWith } = usePasswordLogin(place);
  const { form, values, errors, show, bind } = useForm({ username: '', password: '' });
  const username = values.username.trim();
  const password = values.password.trim();

  const login = useMutation({
    mutationFn: () => logInWith({ username, password }),
    onError: (error) => {
      const check = ipCheckOf(error, username, password);
      if (check) onIpCheck(check);
      else show(errorsOfRefusal(error, t('error_network')));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!username) found.username = t('error_username_required');
    if (!password) found.password = t('error_password_required');
    if (show(found)) login.mutate();
  }

  return (
    <form ref={form} className="login" noValidate onSubmit={onSubmit} data-login-state={login.isPending ? 'sending' : 'editing'}>
      <TextField name="username" label={t('login_username')} required autoComplete="username" maxLength={64} data-autofocus {...bind('username')} />
      <PasswordField name="password" label={t('login_password')} autoComplete="current-password" {...bind('password')} />
      <CaptchaOnDemandField captcha={captcha} />
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight login__submit" disabled={login.isPending}>
        {login.isPending ? t('login_sending') : t('login_submit')}
      </button>
    </form>
  );
}

/**
 * The unregistered-address check (SPEC §4, identity contract): a code sent with purpose "ip" to
 * the member's own number, then the same login again with the code. The captcha solved for the
 * login stands for this step too (one captcha per attempt): one shows only when the server asks
 * (a wrong code, or the attempt's pass gone).
 */
export function IpVerificationStep({ check, place, onBack }: { check: IpCheck; place: LoginPlace; onBack: () => void }) {
  const { t } = useTranslation('modals');
  const { captcha, logInWith } = usePasswordLogin(place, false);
  const { form, values, errors, show, bind } = useForm({ verificationCode: '' });
  const code = values.verificationCode.trim();

  const login = useMutation({
    mutationFn: () => logInWith({ username: check.username, password: check.password, verificationCode: code }),
    onError: (error) => show(errorsOfRefusal(error, t('error_network'), { codeFields: { verification_failed: 'verificationCode' } })),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (show(code ? {} : { verificationCode: t('error_code_required') })) login.mutate();
  }

  return (
    <form ref={form} className="login login--ip-check" noValidate onSubmit={onSubmit}>
      <p className="login__ip-note">{t('login_ip_check', { mobileNum: check.mobileNum })}</p>
      <SmsCodeField
        label={t('sms_code')}
        data-autofocus
        {...bind('verificationCode')}
        send={() => captcha.sendCode((part) => sendSmsCode({ purpose: 'ip', username: check.username }, part))}
      />
      <CaptchaOnDemandField captcha={captcha} />
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
