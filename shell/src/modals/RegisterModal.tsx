import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError, numberFormat, readBootstrap } from '@tessera/kit';
import {
  messageOf, MessageDialog, MobileField, SmsCodeField, TextField, useRegisterSettings, validateField, validateFields, validateTerms,
  type RegisterSettings,
} from '../forms';
import {
  affiliateQuery, register, registerFields, registerModes, sendRegisterSms, settingFor, useAffiliateCode,
  type FormField, type RegisterFlags, type RegisterMode,
} from '../data/register';
import { useFlag, useSystemStatus } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { CaptchaOnDemandField, useCaptchaOnDemand } from './captchaOnDemand';
import { FIREBASE_CODE_SETTING, PHONE_AUTH_CODE_FIELDS, useFirebasePhone } from './firebasePhone';
import { errorsOfRefusal, FormError, useForm } from './formState';
import { MethodSwitch } from './MethodSwitch';
import { Modal } from './Modal';
import { useModals } from './modalContext';
import { useDialingCode } from './PhoneCodeFields';

/** The age a member confirms when the brand does not say (SPEC §5, §9). */
export const DEFAULT_LEGAL_AGE = 18;

const INPUT_TYPES: Record<string, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' }> = {
  username: { autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', autoComplete: 'off', inputMode: 'numeric' },
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
    body = <RegisterForm modes={modes} flags={flags} settings={settings.data} referralCode={referralCode} />;
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
}

/** Refusals about one field (identity contract); in mobile mode the username is not shown. */
const CODE_FIELDS = { username_taken: 'username', mobile_taken: 'mobileNum', ...PHONE_AUTH_CODE_FIELDS };

function RegisterForm({ modes, flags, settings, referralCode }: RegisterFormProps) {
  const { t, i18n } = useTranslation('forms');
  const queryClient = useQueryClient();
  const modals = useModals();
  const finishLogin = useAfterLogin();
  const termsId = useId();
  const termsErrorId = useId();
  // Shown from the start when the brand's settings say so, else once the server asks for it.
  const captcha = useCaptchaOnDemand(Boolean(settings.captcha?.enabled));
  const { form, values, errors, show, clear, bind } = useForm<Record<string, string>>({});
  const [mode, setMode] = useState<RegisterMode>(modes[0]);
  const [dialingCode, setDialingCode] = useDialingCode();
  const firebase = useFirebasePhone();
  // Never ticked for the member: ticking it is the member saying they are of the brand's age.
  const [terms, setTerms] = useState(false);
  const legalAge = numberFormat(i18n.language).format(readBootstrap().brand.legalAge ?? DEFAULT_LEGAL_AGE);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An address or domain code that the server later refused on submit.
  const [affiliateRefused, setAffiliateRefused] = useState(false);
  const affiliate = useAffiliateCode(referralCode);

  const fields = registerFields(mode, flags, settings);
  const showAffiliate = affiliate.state === 'none' || affiliate.state === 'invalid' || affiliateRefused;
  const affiliateField: FormField = { name: 'affiliateCode', required: Boolean(settings.affiliateCode?.required) };
  const checked = showAffiliate ? [...fields, affiliateField] : fields;
  const value = (name: string) => values[name] ?? '';

  function sendSms() {
    const problem = validateField('mobileNum', value('mobileNum'), settingFor({ name: 'mobileNum', required: true }, settings), t);
    if (problem) {
      show({ mobileNum: problem });
      return Promise.resolve(null);
    }
    if (firebase) return firebase.send(dialingCode.trim(), value('mobileNum').trim());
    const username = mode === 'username' ? value('username').trim() || undefined : undefined;
    const number = { countryDialingCode: dialingCode.trim(), mobileNo: value('mobileNum').trim(), username };
    return captcha.sendCode((part) => sendRegisterSms(number, part));
  }

  function refuseAffiliate(error: unknown) {
    setAffiliateRefused(true);
    setWarning(messageOf(error, t('error_network')));
  }

  /** The code to send after checking it (SPEC §4); null when there is none, false when refused. */
  async function checkedAffiliateCode(): Promise<string | null | false> {
    const code = showAffiliate ? value('affiliateCode').trim() : affiliate.code;
    if (!code) return null;
    try {
      await queryClient.fetchQuery(affiliateQuery(code));
      return code;
    } catch (error) {
      refuseAffiliate(error);
      return false;
    }
  }

  /** The filled fields of the mode, trimmed, with the number's country code. */
  function filledFields(): Record<string, string> {
    const filled = Object.fromEntries(fields.map((field) => [field.name, value(field.name).trim()]).filter(([, text]) => text));
    if (filled.mobileNum) filled.countryDialingCode = dialingCode.trim();
    return filled;
  }

  /** With Firebase the code is traded for its ID token, sent in the code's place (SPEC §3, §4). */
  async function firebaseProof(): Promise<{ firebaseChannel: 'sms'; firebaseIdToken: string } | null> {
    const code = value('verificationCode').trim();
    if (!firebase || !code || !fields.some((field) => field.name === 'verificationCode')) return null;
    return { firebaseChannel: 'sms', firebaseIdToken: await firebase.idToken(code) };
  }

  function onRefused(error: unknown) {
    if (error instanceof ApiError && error.code === 'invitation_code_error') refuseAffiliate(error);
    else show(errorsOfRefusal(error, t('error_network'), { codeFields: CODE_FIELDS, shown: checked.map((field) => field.name) }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const termsProblem = validateTerms(terms, t);
    if (termsProblem) {
      show({ terms: termsProblem });
      return;
    }
    const entered = Object.fromEntries(checked.map((field) => [field.name, value(field.name)]));
    const rules: RegisterSettings = firebase ? { ...settings, verificationCode: { required: false, ...settings.verificationCode, ...FIREBASE_CODE_SETTING } } : settings;
    const checkSettings = Object.fromEntries(checked.map((field) => [field.name, settingFor(field, rules)]));
    if (!show(validateFields(entered, checkSettings, t))) return;
    setBusy(true);
    try {
      const affiliateCode = await checkedAffiliateCode();
      if (affiliateCode === false) return;
      const proof = await firebaseProof();
      const filled = filledFields();
      if (proof) delete filled.verificationCode;
      const login = await captcha.withCaptcha((part) => register(mode, { ...filled, ...proof, ...(affiliateCode && { affiliateCode }), ...part }));
      if (login) await finishLogin(login, { via: 'register' });
    } catch (error) {
      onRefused(error);
    } finally {
      setBusy(false);
    }
  }

  function field({ name, required }: FormField) {
    if (name === 'mobileNum') {
      return <MobileField key={name} dialingCode={dialingCode} onDialingCodeChange={setDialingCode} required={required} {...bind(name)} />;
    }
    if (name === 'verificationCode') {
      return <SmsCodeField key={name} firebase={Boolean(firebase)} label={t('register_verificationCode')} send={sendSms} {...bind(name)} />;
    }
    return (
      <TextField key={name} name={name} label={t(`register_${name}`)} required={required} maxLength={settings[name]?.maxLength} {...INPUT_TYPES[name]} {...bind(name)} />
    );
  }

  return (
    <form ref={form} className="register" noValidate onSubmit={onSubmit} data-register-state={busy ? 'sending' : 'editing'} data-register-mode={mode}>
      {modes.length > 1 && (
        <MethodSwitch
          className="register__modes"
          legend={t('register_mode')}
          options={modes.map((option) => [option, t(`register_mode_${option}`)] as const)}
          value={mode}
          onChange={(next) => {
            setMode(next as RegisterMode);
            show({}); // the other mode's problems go with its fields
          }}
        />
      )}
      {checked.map(field)}
      <CaptchaOnDemandField captcha={captcha} />
      <div className="register__terms">
        <input
          id={termsId}
          type="checkbox"
          name="terms"
          checked={terms}
          onChange={(event) => {
            setTerms(event.target.checked);
            clear('terms');
          }}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? termsErrorId : undefined}
        />
        <label htmlFor={termsId}>{t('register_terms', { age: legalAge })}</label>{' '}
        <Link to="/help#term" className="register__terms-link" onClick={() => modals.open({ kind: 'help', section: 'term' })}>
          {t('register_terms_link')}
        </Link>
        {errors.terms && (
          <p id={termsErrorId} className="field__error" data-field-error="terms">
            {errors.terms}
          </p>
        )}
      </div>
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight register__submit" disabled={busy}>
        {busy ? t('register_sending') : t('register_submit')}
      </button>
      <p className="register__login">
        {t('register_have_account')}{' '}
        <button type="button" className="register__login-link" onClick={() => modals.open({ kind: 'login' })}>
          {t('register_login')}
        </button>
      </p>
      {warning && <MessageDialog message={warning} onConfirm={() => setWarning(null)} />}
    </form>
  );
}
