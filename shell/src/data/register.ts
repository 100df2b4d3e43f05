import { useQuery } from '@tanstack/react-query';
import { getJson, sendEncrypted, sendJson } from '@tessera/kit';
import type { CaptchaAnswer, FieldSetting, RegisterSettings, SmsSent } from '../forms';
import type { Login } from './member';
import { useSystemStatus } from './status';

/** The two ways to register (SPEC §4): a username and password, or a mobile number. */
export type RegisterMode = 'username' | 'mobile';

/** Fields a brand may turn on in its register settings, in the order the form shows them. */
export const OPTIONAL_FIELDS = [
  'payeeName', 'email', 'qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'birthday', 'recommenderId', 'referralCode',
] as const;

/** A field the form shows, and whether it must be filled. */
export interface FormField {
  name: string;
  required: boolean;
}

/** Registration switches of the brand (whitelabel flags, SPEC §6). */
export interface RegisterFlags {
  username: boolean;
  mobile: boolean;
  smsVerification: boolean;
  paymentPassword: boolean;
}

/** The modes a brand offers, the default (mobile when offered) first (SPEC §4). */
export function registerModes(flags: RegisterFlags): RegisterMode[] {
  return [...(flags.mobile ? (['mobile'] as const) : []), ...(flags.username ? (['username'] as const) : [])];
}

/**
 * The fields of a mode, in order (SPEC §5): username, password and its confirmation always
 * required; the mobile number in mobile mode, or when the brand turns it on (required when it
 * says); the SMS code with REGMOBVERF3; the payment password with PAYMENTPASSWORD3; then every
 * optional field the brand turns on, required only when it says.
 */
export function registerFields(mode: RegisterMode, flags: RegisterFlags, settings: RegisterSettings): FormField[] {
  const mobileSetting = settings.mobileNum;
  const mobile: FormField[] = [];
  if (mode === 'mobile' || mobileSetting?.enabled) {
    mobile.push({ name: 'mobileNum', required: mode === 'mobile' || Boolean(mobileSetting?.required) });
    if (flags.smsVerification) mobile.push({ name: 'verificationCode', required: true });
  }
  const passwords = [
    { name: 'password', required: true },
    { name: 'confirmPassword', required: true },
  ];
  const fields = mode === 'mobile' ? [...mobile, ...passwords] : [{ name: 'username', required: true }, ...passwords, ...mobile];
  if (flags.paymentPassword) fields.push({ name: 'paymentPassword', required: true });
  for (const name of OPTIONAL_FIELDS) {
    const setting = settings[name];
    if (setting?.enabled) fields.push({ name, required: setting.required });
  }
  return fields;
}

/** The setting a field is checked by, with the form's own say on whether it is required. */
export function settingFor(field: FormField, settings: RegisterSettings): FieldSetting {
  const own = settings[field.name] ?? { enabled: true, required: false, acceptedPattern: '*', patternId: 'any', minLength: 1, maxLength: 255 };
  return { ...own, required: field.required };
}

/** An agent's affiliate code that the brand accepts here (GET /wps/agent/affiliate); nothing of the agent is told. */
export interface Affiliate {
  valid: boolean;
}

export function affiliateQuery(code: string) {
  const domain = window.location.host;
  return {
    queryKey: ['affiliate', code, domain],
    queryFn: () => getJson<Affiliate>('/wps/agent/affiliate', { code, domain }),
    staleTime: 5 * 60_000,
    retry: false,
  };
}

/** Where an affiliate code stands: none given, being checked, accepted or refused. */
export type AffiliateState = { code: null; state: 'none' } | { code: string; state: 'checking' | 'valid' | 'invalid' };

/**
 * The code a registration starts with (SPEC §4): the address's referralCode, else the one of
 * the domain the site is reached on, checked with the server.
 */
export function useAffiliateCode(referralCode: string | null | undefined): AffiliateState {
  const status = useSystemStatus();
  const code = referralCode?.trim() || status.data?.domainRoute.referralCode || null;
  const check = useQuery({ ...affiliateQuery(code ?? ''), enabled: Boolean(code) });
  if (!code) return status.isPending && !referralCode ? { code: '', state: 'checking' } : { code: null, state: 'none' };
  if (check.isPending) return { code, state: 'checking' };
  return { code, state: check.data?.valid ? 'valid' : 'invalid' };
}

const PATHS: Record<RegisterMode, string> = { username: '/wps/member/register', mobile: '/wps/member/register/mobile' };

/** Register and log in at once (PUT, encrypted); the answer is the new session's login. */
export function register(mode: RegisterMode, fields: Record<string, unknown>): Promise<Login> {
  return sendEncrypted<Login>(
    PATHS[mode],
    { ...fields, registerMethod: 'WEB', login: true, domain: window.location.host },
    'PUT',
  );
}

export interface RegisterSms {
  countryDialingCode: string;
  mobileNo: string;
  username?: string;
}

/** Send a code to the number being registered (409 mobile_taken when it has an account). */
export function sendRegisterSms(fields: RegisterSms, captcha: CaptchaAnswer | null = null): Promise<SmsSent> {
  return sendJson<SmsSent>('/wps/verification/sms/register', { ...fields, ...captcha });
}
