import { useTranslation } from 'react-i18next';

/** A route whose content is not built yet: its title and a 'coming soon' state. */
export function SectionPage({ pageKey }: { pageKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page" data-page={pageKey}>
      <h1>{t(`page.${pageKey}`)}</h1>
      <p>{t('coming_soon')}</p>
    </section>
  );
}
