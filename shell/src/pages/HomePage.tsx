import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand';
import { HotGames } from '../play/HotGames';
import { Winners } from '../play/Winners';

export function HomePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <section className="page home-page" data-page="home" data-brand={brand.slug}>
      <h1>{t('page.home')}</h1>
      <HotGames />
      <Winners />
    </section>
  );
}
