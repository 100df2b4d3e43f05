import { useTranslation } from 'react-i18next';
import { formatMoney, moneyStyleOf } from '@tessera/kit';
import { useBrand } from '../brand';
import { fromMinor } from './slip';

/** The brand's money as the lottery writes it: its places, and amounts (decimal strings or minor units) shown. */
export function useLotteryMoney() {
  const brand = useBrand();
  const { i18n } = useTranslation();
  const style = moneyStyleOf(brand);
  const places = brand.currencyPlaces;
  const show = (amount: string | bigint) =>
    formatMoney(typeof amount === 'bigint' ? fromMinor(amount, places) : amount, style, i18n.language);
  return { places, show };
}
