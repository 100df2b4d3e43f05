/**
 * Money as the site shows it (SPEC §9): the currency sign, thousands separators and exactly two
 * decimals. Amounts arrive as decimal strings ("1234.50") and are never turned into floats: the
 * string is split into its digits, so no rounding error creeps in however large the amount.
 */

const DECIMAL_STRING = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The language's group and decimal symbols (Latin digits); English ones for an unknown language. */
function separatorsOf(language: string | undefined): { group: string; decimal: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(language || 'en', { numberingSystem: 'latn', useGrouping: true }).formatToParts(1234.5);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(1234.5);
  }
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** Minor units of a decimal string, rounded half away from zero past the second decimal. */
function minorUnitsOf(amount: string): bigint | null {
  const match = DECIMAL_STRING.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (!whole && !fraction) return null;
  const padded = fraction.padEnd(3, '0');
  let minor = BigInt(whole || '0') * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) minor += 1n;
  return sign === '-' ? -minor : minor;
}

function grouped(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * ``amount`` (a decimal string) with ``symbol`` before it, e.g. "৳1,234.50"; a negative amount
 * keeps its sign before the symbol ("-৳20.00"). A text that is not a number is returned as is.
 */
export function formatMoney(amount: string, symbol: string, language?: string): string {
  const minor = minorUnitsOf(amount);
  if (minor === null) return amount;
  const negative = minor < 0n;
  const size = negative ? -minor : minor;
  const { group, decimal } = separatorsOf(language);
  const whole = grouped((size / 100n).toString(), group);
  const cents = (size % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${symbol}${whole}${decimal}${cents}`;
}
