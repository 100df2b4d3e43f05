import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@tessera/kit';
import { BootstrapContext } from '../brand';
import { useSystemStatus } from '../data/status';
import { useJackpot } from './useJackpot';

/** Each digit rolls in a window this many px high (SPEC §9). */
export const JACKPOT_DIGIT_HEIGHT = 48;

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The currency's decimals and the language's separators (Intl), in Western digits so the reels can roll. */
export function formatJackpot(amount: number, language = 'en', places = 2): string {
  let options: Intl.NumberFormatOptions = { minimumFractionDigits: places, maximumFractionDigits: places, numberingSystem: 'latn' };
  try {
    return numberFormat(language, options).format(amount);
  } catch {
    options = { minimumFractionDigits: places, maximumFractionDigits: places };
    return numberFormat('en', options).format(amount);
  }
}

function RollingDigit({ digit }: { digit: number }) {
  return (
    <span className="jackpot__digit" style={{ height: JACKPOT_DIGIT_HEIGHT }}>
      <span className="jackpot__reel" style={{ transform: `translateY(-${digit * JACKPOT_DIGIT_HEIGHT}px)` }}>
        {DIGITS.map((value) => (
          <span key={value} style={{ height: JACKPOT_DIGIT_HEIGHT, lineHeight: `${JACKPOT_DIGIT_HEIGHT}px` }}>
            {value}
          </span>
        ))}
      </span>
    </span>
  );
}

/** The /rng jackpot: a rising amount in the brand's currency symbol, drawn as rolling digits. */
export function Jackpot() {
  const { t, i18n } = useTranslation('frame');
  const bootstrap = useContext(BootstrapContext);
  const symbol = useSystemStatus().data?.brand.currencySymbol || bootstrap?.brand.currencySymbol || '';
  const places = useSystemStatus().data?.brand.currencyPlaces ?? bootstrap?.brand.currencyPlaces ?? 2;
  const amount = formatJackpot(useJackpot(), i18n.language, places);
  const characters = [...amount];
  return (
    <section className="jackpot" aria-label={t('jackpot')} data-amount={amount}>
      <span className="jackpot__label" aria-hidden="true">
        {t('jackpot')}
      </span>
      <span className="visually-hidden">
        {symbol} {amount}
      </span>
      <span className="jackpot__amount" aria-hidden="true">
        <span className="jackpot__currency">{symbol}</span>
        {characters.map((character, position) => {
          // Keyed from the right, so a reel keeps rolling when the amount gains a digit.
          const key = characters.length - position;
          return DIGITS.includes(character) ? (
            <RollingDigit key={key} digit={Number(character)} />
          ) : (
            <span key={key} className="jackpot__separator">
              {character}
            </span>
          );
        })}
      </span>
    </section>
  );
}
