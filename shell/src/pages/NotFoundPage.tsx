import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page not-found" data-page="not-found">
      <h1>{t('not_found')}</h1>
      <p>{t('not_found_info')}</p>
      <Link to="/">{t('back_home')}</Link>
    </section>
  );
}
