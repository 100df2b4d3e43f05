import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dateZone, formatDateTime, formatMoney, moneyStyleOf, readBootstrap } from '@tessera/kit';

/**
 * Money in the page's language (SPEC §9): the brand's currency as that language writes it (the
 * brand's own symbol when it sets one), with the currency's decimal places. ``signed`` puts +
 * before a credit, as the account record shows it.
 */
export function useMoney(): (amount: string, signed?: boolean) => string {
  const { i18n } = useTranslation();
  const brand = readBootstrap().brand;
  return useCallback(
    (amount: string, signed = false) => {
      const text = formatMoney(amount, moneyStyleOf(brand), i18n.language);
      return signed && !text.startsWith('-') && /[1-9]/.test(amount) ? `+${text}` : text;
    },
    [brand, i18n.language],
  );
}

/** A server time (ISO 8601 UTC) in the zone the member's days are counted in, naming it, in the page's language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const zone = dateZone();
  return useCallback((iso: string) => formatDateTime(iso, i18n.language, zone), [i18n.language, zone]);
}
