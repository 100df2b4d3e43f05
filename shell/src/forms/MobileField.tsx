import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { firstMessage } from './TextField';

/** Country calling codes offered when a brand names none: its own country's first. */
export const DIALING_CODES = ['+880', '+63', '+91', '+92', '+84', '+66', '+62', '+60', '+65', '+855', '+95', '+86', '+852', '+82', '+81', '+1', '+44'];

/** The calling code of the country a brand's currency belongs to, for the first choice. */
const CODE_OF_CURRENCY: Record<string, string> = {
  BDT: '+880', PHP: '+63', INR: '+91', PKR: '+92', VND: '+84', THB: '+66', IDR: '+62', MYR: '+60', SGD: '+65',
  KHR: '+855', MMK: '+95', CNY: '+86', HKD: '+852', KRW: '+82', JPY: '+81', USD: '+1', GBP: '+44',
};

export function defaultDialingCode(currency: string | undefined): string {
  return (currency && CODE_OF_CURRENCY[currency]) || DIALING_CODES[0];
}

interface MobileFieldProps {
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  value: string;
  onChange: (value: string) => void;
  error?: string | readonly string[] | null;
  required?: boolean;
  label?: ReactNode;
  /** The codes to choose from; one code (or none) gives a text box instead of a list. */
  dialingCodes?: readonly string[];
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** A mobile number: the country calling code (countryDialingCode) and the number (mobileNum). */
export function MobileField({
  dialingCode, onDialingCodeChange, value, onChange, error, required, label, dialingCodes = DIALING_CODES, inputRef, disabled,
}: MobileFieldProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const codeId = `${id}-code`;
  const errorId = `${id}-error`;
  const shown = firstMessage(error);
  const codes = dialingCodes.includes(dialingCode) ? dialingCodes : [dialingCode, ...dialingCodes];
  return (
    <div className="field form-field mobile-field" data-field="mobileNum">
      <label htmlFor={id}>
        {label ?? t('mobile')}
        {required && (
          <abbr className="field__required" title={t('required_mark')} aria-hidden="true">
            *
          </abbr>
        )}
      </label>
      <div className="form-field__control">
        {codes.length > 1 ? (
          <select
            id={codeId}
            name="countryDialingCode"
            aria-label={t('dialing_code')}
            value={dialingCode}
            disabled={disabled}
            onChange={(event) => onDialingCodeChange(event.target.value)}
          >
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={codeId}
            name="countryDialingCode"
            aria-label={t('dialing_code')}
            className="mobile-field__code"
            inputMode="tel"
            maxLength={8}
            value={dialingCode}
            disabled={disabled}
            onChange={(event) => onDialingCodeChange(event.target.value)}
          />
        )}
        <input
          ref={inputRef}
          id={id}
          name="mobileNum"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required={required}
          maxLength={20}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
        />
      </div>
      {shown && (
        <p id={errorId} className="field__error" data-field-error="mobileNum">
          {shown}
        </p>
      )}
    </div>
  );
}
