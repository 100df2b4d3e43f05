import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultDialingCode, MobileField, SmsCodeField, validateFields } from '../forms';
import { sendSmsCode, type SmsPurpose } from '../data/member';
import { useSystemStatus } from '../data/status';
import { CaptchaOnDemandField, useCaptchaOnDemand } from './captchaOnDemand';
import type { FirebasePhone } from './firebasePhone';
import { useFieldRules, type Form } from './formState';

/** The country calling code a number starts with: that of the brand's currency, until chosen. */
export function useDialingCode() {
  const currency = useSystemStatus().data?.brand.currency;
  return useState(() => defaultDialingCode(currency));
}

/** The number follows the brand's rule for the registration field of the same name. */
export const PHONE_RULES = { mobileNum: 'mobileNum' } as const;

interface PhoneCodeFieldsProps {
  /** Why the code is sent (identity contract): "login" or "forgot". */
  purpose: Extract<SmsPurpose, 'login' | 'forgot'>;
  form: Pick<Form<{ mobileNum: string; verificationCode: string }>, 'values' | 'bind' | 'show'>;
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  /** The brand's Firebase phone sign-in: Firebase texts the code instead of the server. */
  firebase?: FirebasePhone | null;
}

/**
 * A mobile number and the code texted to it (SPEC §4, §5): the number is checked before a code is
 * sent, and the captcha appears when the send asks for it.
 */
export function PhoneCodeFields({ purpose, form, dialingCode, onDialingCodeChange, firebase = null }: PhoneCodeFieldsProps) {
  const { t } = useTranslation('modals');
  const rules = useFieldRules(PHONE_RULES);
  const captcha = useCaptchaOnDemand();

  function sendCode() {
    const { mobileNum } = form.values;
    if (!form.show(validateFields({ mobileNum }, rules, t))) return Promise.resolve(null);
    if (firebase) return firebase.send(dialingCode, mobileNum.trim());
    return captcha.sendCode((part) => sendSmsCode({ purpose, countryDialingCode: dialingCode, mobileNo: mobileNum.trim() }, part));
  }

  return (
    <>
      <MobileField dialingCode={dialingCode} onDialingCodeChange={onDialingCodeChange} required {...form.bind('mobileNum')} />
      <SmsCodeField firebase={Boolean(firebase)} label={t('sms_code')} send={sendCode} {...form.bind('verificationCode')} />
      <CaptchaOnDemandField captcha={captcha} />
    </>
  );
}
