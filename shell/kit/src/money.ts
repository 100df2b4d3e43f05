/**
 * Money as the page's language shows the brand's currency (SPEC §9): its symbol, grouping and
 * decimal marks where that language puts them, Latin digits, and exactly the currency's decimal
 * places ("250.000 ₫" in Vietnamese, "৳1,000.00" in English). Amounts arrive as decimal strings
 * ("1234.50", "250000") and are never turned into floats: the whole part is formatted as a BigInt
 * and the fraction's digits are written in as they came, so no rounding error creeps in however
 * large the amount.
 */
import { numberFormat } from './intl';

/** The brand's money as a page formats it (status and bootstrap ``brand``). */
export interface MoneyStyle {
  /** ISO 4217 code, e.g. "BDT", "VND". */
  currency: string;
  /** The decimal places of the currency's minor unit (BDT 2, VND 0). */
  places: number;
  /** The brand's own symbol, shown instead of the language's; none: the language's narrow symbol. */
  symbol?: string | null;
}

/** What a brand (status or bootstrap) says of its money. */
export interface BrandMoney {
  currency: string;
  currencySymbol: string;
  ownCurrencySymbol: boolean;
  currencyPlaces: number;
}

/** The style of a brand's money: its own symbol only when it sets one. */
export function moneyStyleOf(brand: BrandMoney): MoneyStyle {
  return {
    currency: brand.currency,
    places: brand.currencyPlaces,
    symbol: brand.ownCurrencySymbol ? brand.currencySymbol : null,
  };
}

const DECIMAL_STRING = /^([+-]?)(\d*)(?:\.(\d*))?$/;

interface Parsed {
  negative: boolean;
  whole: bigint;
  fraction: string;
}

/** A decimal string at ``places`` places, rounded half away from zero past them; null when it is not one. */
function parse(amount: string, places: number): Parsed | null {
  const match = DECIMAL_STRING.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (!whole && !fraction) return null;
  const padded = fraction.padEnd(places + 1, '0');
  const scale = 10n ** BigInt(places);
  let minor = BigInt(whole || '0') * scale + BigInt(padded.slice(0, places) || '0');
  if (Number(padded[places]) >= 5) minor += 1n;
  return {
    negative: sign === '-' && minor > 0n,
    whole: minor / scale,
    fraction: places > 0 ? (minor % scale).toString().padStart(places, '0') : '',
  };
}

function formatter(language: string | undefined, style: MoneyStyle): Intl.NumberFormat | null {
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: style.currency,
    currencyDisplay: 'narrowSymbol',
    numberingSystem: 'latn',
    minimumFractionDigits: style.places,
    maximumFractionDigits: style.places,
  };
  for (const candidate of [language || 'en', 'en']) {
    try {
      return numberFormat(candidate, options);
    } catch {
      // an unknown language: English; an unknown currency: no formatter
    }
  }
  return null;
}

/**
 * ``amount`` (a decimal string) in the brand's money as ``language`` writes it; a negative amount
 * keeps its sign where the language puts it ("-৳20.00"). A text that is not a number is
 * returned as is.
 */
export function formatMoney(amount: string, style: MoneyStyle, language?: string): string {
  const parsed = parse(amount, style.places);
  if (parsed === null) return amount;
  const format = formatter(language, style);
  if (format === null) {
    const fraction = parsed.fraction ? `.${parsed.fraction}` : '';
    return `${parsed.negative ? '-' : ''}${style.symbol ?? style.currency}${parsed.whole}${fraction}`;
  }
  // A whole part of zero is formatted as one (a BigInt has no -0) and written back as 0.
  const shown = parsed.whole === 0n ? 1n : parsed.whole;
  const parts = format.formatToParts(parsed.negative ? -shown : shown);
  return parts
    .map((part) => {
      if (part.type === 'integer' && parsed.whole === 0n) return '0';
      if (part.type === 'fraction') return parsed.fraction;
      if (part.type === 'currency' && style.symbol) return style.symbol;
      return part.value;
    })
    .join('');
}
