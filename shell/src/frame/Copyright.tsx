import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand';

export function Copyright() {
  const { t } = useTranslation('frame');
  const brand = useBrand();
  return <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear(), brand: brand.name })}</p>;
}
