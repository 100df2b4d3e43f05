import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@tessera/kit';
import {
  asksForCaptcha, CaptchaField, defaultDialingCode, fieldErrorsOf, messageOf, MobileField, SmsCodeButton, TextField,
  useRegisterSettings, validateField, validateFields, validateTerms, WarningDialog,
  type CaptchaAnswer, type CaptchaHandle, type RegisterSettings,
} from '../forms';
import { startSession } from '../data/member';
import {
  affiliateQuery, register, registerFields, registerModes, sendRegisterSms, settingFor, useAffiliateCode,
  type FormField, type RegisterFlags, type RegisterMode,
} from '../data/register';
import { useFlag, useSystemStatus } from '../data/status';
import { Modal } from './Modal';
import { useModals } from './ModalProvider';

const INPUT_TYPES: Record<string, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' }> = {
  username: { autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', autoComplete: 'off', inputMode: 'numeric' },
  verificationCode: { autoComplete: 'one-time-code', inputMode: 'numeric' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  payeeName: { autoComplete: 'name' },
  birthday: { autoComplete: 'bday' },
};

function useRegisterFlags(): RegisterFlags & { direct: boolean } {
  return {
    direct: useFlag('DIRECTREG3'),
    username: useFlag('USERNAMEREG3'),
    mobile: useFlag('MOBILENUMREG3'),
    smsVerification: useFlag('REGMOBVERF3'),
    paymentPassword: useFlag('PAYMENTPASSWORD3'),
  };
}

/** Registration by username or mobile number (SPEC §2, §4, §5), opened over home. */
export function RegisterModal({ referralCode, onClose }: { referralCode?: string | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const status = useSystemStatus();
  const settings = useRegisterSettings();
  const flags = useRegisterFlags();
  const modes = registerModes(flags);
  const ready = !status.isPending && !settings.isPending;

  let body;
  if (!ready) body = <p className="load-status" data-load-status="loading">{t('register_loading')}</p>;
  else if (!flags.direct || modes.length === 0 || !settings.data) {
    body = (
      <p className="load-status" role="alert" data-load-status="failed">
        {settings.isError ? t('register_load_failed') : t('register_unavailable')}
      </p>
    );
  } else {
    body = <RegisterForm modes={modes} flags={flags} settings={settings.data} referralCode={referralCode} currency={status.data?.brand.currency} onClose={onClose} />;
  }
  return (
    <Modal title={t('register_title')} onClose={onClose} kind="register" className="register-modal">
      {body}
    </Modal>
  );
}

interface RegisterFormProps {
  modes: RegisterMode[];
  flags: RegisterFlags;
  settings: RegisterSettings;
  referralCode?: string | null;
  currency?: string;
  onClose: () => void;
}

function RegisterForm({ modes, flags, settings, referralCode, currency, onClose }: RegisterFormProps) {
  const { t } = useTranslation('forms');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const modals = useModals();
  const ids = { mode: useId(), terms: useId(), termsError: useId(), formError: useId() };
  const form = useRef<HTMLFormElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const [mode, setMode] = useState<RegisterMode>(modes[0]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [dialingCode, setDialingCode] = useState(() => defaultDialingCode(currency));
  const [terms, setTerms] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server asked for a captcha the brand's settings do not show (register or SMS send).
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [smsCaptcha, setSmsCaptcha] = useState(false);
  // An address or domain code that the server later refused on submit.
  const [affiliateRefused, setAffiliateRefused] = useState(false);
  const affiliate = useAffiliateCode(referralCode);

  const fields = registerFields(mode, flags, settings);
  const showAffiliate = affiliate.state === 'none' || affiliate.state === 'invalid' || affiliateRefused;
  const affiliateField: FormField = { name: 'affiliateCode', required: Boolean(settings.affiliateCode?.required) };
  const checked = showAffiliate ? [...fields, affiliateField] : fields;
  const showCaptcha = Boolean(settings.captcha?.enabled) || captchaAsked || smsCaptcha;
  const value = (name: string) => values[name] ?? '';

  function setValue(name: string, next: string) {
    setValues((previous) => ({ ...previous, [name]: next }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: '' } : previous));
  }

  function focus(name: string) {
    const element = form.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  }

  /** The first field with a problem, in the form's order, takes the focus. */
  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = [...checked.map((field) => field.name), 'captcha', 'terms'].find((name) => found[name]);
    if (first) focus(first);
    return Boolean(first);
  }

  async function sendSms() {
    const problem = validateField('mobileNum', value('mobileNum'), settingFor({ name: 'mobileNum', required: true }, settings), t);
    if (problem) {
      showErrors({ ...errors, mobileNum: problem });
      return null;
    }
    let answer: CaptchaAnswer | null = null;
    if (smsCaptcha) {
      answer = (await captcha.current?.verify()) ?? null;
      if (!answer) return null;
    }
    try {
      return await sendRegisterSms({
        countryDialingCode: dialingCode.trim(),
        mobileNo: value('mobileNum').trim(),
        username: mode === 'username' ? value('username').trim() || undefined : undefined,
        ...answer,
      });
    } catch (error) {
      if (asksForCaptcha(error)) setSmsCaptcha(true);
      throw error;
    } finally {
      if (answer) captcha.current?.reload();
    }
  }

  /** The code to send after checking it (SPEC §4); null when there is none, false when refused. */
  async function checkedAffiliateCode(): Promise<string | null | false> {
    const code = showAffiliate ? value('affiliateCode').trim() : affiliate.code;
    if (!code) return null;
    try {
      await queryClient.fetchQuery(affiliateQuery(code));
      return code;
    } catch (error) {
      setAffiliateRefused(true);
      setWarning(messageOf(error, t('error_network')));
      return false;
    }
  }

  function onRefused(error: unknown) {
    const found = fieldErrorsOf(error);
    const code = error instanceof ApiError ? error.code : '';
    const message = messageOf(error, t('error_network'));
    if (code === 'invitation_code_error') {
      setAffiliateRefused(true);
      setWarning(message);
      return;
    }
    if (code === 'username_taken' && mode === 'username') found.username ??= message;
    if (code === 'mobile_taken') found.mobileNum ??= message;
    if (asksForCaptcha(error)) {
      setCaptchaAsked(true);
      found.captcha ??= message;
    }
    const shown = [...checked.map((field) => field.name), 'captcha'].some((name) => found[name]);
    setFormError(shown ? null : message);
    showErrors(found);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const termsProblem = validateTerms(terms, t);
    if (termsProblem) {
      showErrors({ terms: termsProblem });
      return;
    }
    const entered = Object.fromEntries(checked.map((field) => [field.name, value(field.name)]));
    const checkSettings = Object.fromEntries(checked.map((field) => [field.name, settingFor(field, settings)]));
    if (showErrors(validateFields(entered, checkSettings, t))) return;
    setBusy(true);
    try {
      const affiliateCode = await checkedAffiliateCode();
      if (affiliateCode === false) return;
      let answer: CaptchaAnswer | null = null;
      if (showCaptcha) {
        answer = (await captcha.current?.verify()) ?? null;
        if (!answer) return;
      }
      const filled = Object.fromEntries(fields.map((field) => [field.name, value(field.name).trim()]).filter(([, text]) => text));
      if (filled.mobileNum) filled.countryDialingCode = dialingCode.trim();
      let login;
      try {
        login = await register(mode, { ...filled, ...(affiliateCode ? { affiliateCode } : {}), ...answer });
      } catch (error) {
        if (answer) captcha.current?.reload();
        onRefused(error);
        return;
      }
      await startSession(queryClient, login.token);
      navigate('/');
      modals.open({ kind: 'deposit' });
    } catch (error) {
      setFormError(messageOf(error, t('error_network')));
    } finally {
      setBusy(false);
    }
  }

  function field({ name, required }: FormField) {
    if (name === 'mobileNum') {
      return (
        <MobileField
          key={name}
          dialingCode={dialingCode}
          onDialingCodeChange={setDialingCode}
          value={value(name)}
          onChange={(next) => setValue(name, next)}
          error={errors[name]}
          required={required}
        />
      );
    }
    const types = INPUT_TYPES[name] ?? {};
    const setting = settings[name];
    return (
      <TextField
        key={name}
        name={name}
        label={t(`register_${name}`)}
        required={required}
        value={value(name)}
        onChange={(next) => setValue(name, next)}
        error={errors[name]}
        maxLength={name === 'verificationCode' ? 255 : setting?.maxLength}
        {...types}
        addon={name === 'verificationCode' ? <SmsCodeButton send={sendSms} disabled={busy} /> : undefined}
      />
    );
  }

  return (
    <form ref={form} className="register" noValidate onSubmit={onSubmit} data-register-state={busy ? 'sending' : 'editing'} data-register-mode={mode}>
      {modes.length > 1 && (
        <fieldset className="register__modes">
          <legend>{t('register_mode')}</legend>
          {modes.map((option) => (
            <label key={option} className="register__mode">
              <input
                type="radio"
                name={`${ids.mode}-mode`}
                value={option}
                checked={mode === option}
                onChange={() => {
                  setMode(option);
                  setErrors({});
                }}
              />
              {t(`register_mode_${option}`)}
            </label>
          ))}
        </fieldset>
      )}
      {fields.map(field)}
      {showAffiliate && field(affiliateField)}
      {showCaptcha && <CaptchaField ref={captcha} error={errors.captcha} onInput={() => setErrors((previous) => ({ ...previous, captcha: '' }))} />}
      <div className="register__terms">
        <input
          id={ids.terms}
          type="checkbox"
          name="terms"
          checked={terms}
          onChange={(event) => {
            setTerms(event.target.checked);
            setErrors((previous) => ({ ...previous, terms: '' }));
          }}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? ids.termsError : undefined}
        />
        <label htmlFor={ids.terms}>{t('register_terms')}</label>{' '}
        <Link to="/help#term" className="register__terms-link" onClick={() => modals.open({ kind: 'help', section: 'term' })}>
          {t('register_terms_link')}
        </Link>
        {errors.terms && (
          <p id={ids.termsError} className="field__error" data-field-error="terms">
            {errors.terms}
          </p>
        )}
      </div>
      {formError && (
        <p id={ids.formError} className="field__error" role="alert" data-field-error="form">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--highlight register__submit" disabled={busy}>
        {busy ? t('register_sending') : t('register_submit')}
      </button>
      <p className="register__login">
        {t('register_have_account')}{' '}
        <button type="button" className="register__login-link" onClick={() => modals.open({ kind: 'login' })}>
          {t('register_login')}
        </button>
      </p>
      {warning && <WarningDialog message={warning} onConfirm={() => setWarning(null)} />}
    </form>
  );
}
