import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, readBootstrap, useBalance } from '@tessera/kit';

/**
 * Money in the page's language (SPEC §9): the currency sign of the member's wallet (the brand's
 * until the balance has loaded), thousands separators, two decimals. ``signed`` puts + before a
 * credit, as the account record shows it.
 */
export function useMoney(): (amount: string, signed?: boolean) => string {
  const { i18n } = useTranslation();
  const symbol = useBalance().balance?.currencySymbol || readBootstrap().brand.currencySymbol;
  return useCallback(
    (amount: string, signed = false) => {
      const text = formatMoney(amount, symbol, i18n.language);
      return signed && !text.startsWith('-') && /[1-9]/.test(amount) ? `+${text}` : text;
    },
    [symbol, i18n.language],
  );
}

/** A server time (ISO 8601 UTC) in the member's own time zone and the page's language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      try {
        return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
      } catch {
        return date.toISOString();
      }
    },
    [i18n.language],
  );
}
