// The form kit of the shell's modals: register settings, client-side checks with the server's
// messages, fields with their errors, captcha, mobile number, SMS code button and warnings.
import './forms.css';

export { useRegisterSettings, fetchRegisterSettings, registerSettingsKey } from './settings';
export type { FieldSetting, RegisterSettings } from './settings';
export {
  validateField, validateFields, validateTerms, patternMessage, fitsPattern, firstInvalid,
  ANY_PATTERN, CONFIRMATIONS, VERIFICATION_CODE_MAX,
} from './validation';
export type { Translate } from './validation';
export { TextField, firstMessage } from './TextField';
export type { TextFieldProps } from './TextField';
export { fieldErrorsOf, asksForCaptcha, messageOf } from './fieldErrors';
export { CaptchaField, CAPTCHA_RELOAD_MS } from './CaptchaField';
export type { CaptchaAnswer, CaptchaHandle } from './CaptchaField';
export { GEETEST_SCRIPT, loadGeetest } from './geetest';
export type { GeetestResult } from './geetest';
export { MobileField, DIALING_CODES, defaultDialingCode } from './MobileField';
export { SmsCodeButton, countdownSeconds, SMS_THROTTLE_MS } from './SmsCodeButton';
export { SmsCodeField } from './SmsCodeField';
export type { SmsSent } from './SmsCodeButton';
export { WarningDialog } from './WarningDialog';
