import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, useFieldIds, type FieldError } from '@tessera/kit';

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
  error?: FieldError;
  required?: boolean;
  /** The codes to choose from; one code (or none) gives a text box instead of a list. */
  dialingCodes?: readonly string[];
}

/** A mobile number: the country calling code (countryDialingCode) and the number (mobileNum). */
export function MobileField({ dialingCode, onDialingCodeChange, value, onChange, error, required, dialingCodes = DIALING_CODES }: MobileFieldProps) {
  const { t } = useTranslation('forms');
  const ids = useFieldIds(error);
  const codes = dialingCodes.includes(dialingCode) ? dialingCodes : [dialingCode, ...dialingCodes];
  const code = {
    id: `${ids.inputId}-code`,
    name: 'countryDialingCode',
    'aria-label': t('dialing_code'),
    value: dialingCode,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onDialingCodeChange(event.target.value),
  };
  return (
    <FieldFrame name="mobileNum" label={t('mobile')} required={required} ids={ids} className="mobile-field">
      <div className="form-field__control">
        {codes.length > 1 ? (
          <select {...code}>
            {codes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : (
          <input {...code} className="mobile-field__code" inputMode="tel" maxLength={8} />
        )}
        <input
          id={ids.inputId}
          name="mobileNum"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required={required}
          maxLength={20}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...ids.described}
        />
      </div>
    </FieldFrame>
  );
}
