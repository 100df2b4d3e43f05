// The form kit of the shell's modals: register settings, client-side checks with the server's
// messages, fields with their errors, captcha, mobile number, SMS code and message dialogs.
import './forms.css';

export { useRegisterSettings } from './settings';
export type { FieldSetting, RegisterSettings } from './settings';
export { validateField, validateFields, validateTerms } from './validation';
export { TextField } from '@tessera/kit';
export { PasswordField } from './PasswordField';
export { fieldErrorsOf, asksForCaptcha, messageOf } from './fieldErrors';
export { CaptchaField } from './CaptchaField';
export type { CaptchaAnswer, CaptchaHandle } from './CaptchaField';
export { GEETEST_SCRIPT } from './geetest';
export { MobileField, defaultDialingCode } from './MobileField';
export { SmsCodeButton } from './SmsCodeButton';
export { SmsCodeField } from './SmsCodeField';
export type { SmsSent } from './SmsCodeButton';
export { MessageDialog } from './MessageDialog';
