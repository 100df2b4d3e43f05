import { TextField, type TextFieldProps } from '@tessera/kit';
import { SmsCodeButton, type SmsSent } from './SmsCodeButton';
import { VERIFICATION_CODE_MAX } from './validation';

type SmsCodeFieldProps = Omit<TextFieldProps, 'name' | 'addon'> & {
  /** Sends a code; the button then counts down (SPEC §4). */
  send: () => Promise<SmsSent | null>;
  /** The code comes from Firebase: one minute between codes (SPEC §4). */
  firebase?: boolean;
};

/** The verification code typed from an SMS, with the button that sends it (SPEC §5: 255 at most). */
export function SmsCodeField({ send, firebase = false, ...field }: SmsCodeFieldProps) {
  return (
    <TextField
      name="verificationCode"
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_MAX}
      {...field}
      addon={<SmsCodeButton send={send} firebase={firebase} />}
    />
  );
}
