import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
/** A page whose feature is not built yet: its title and a translated 'coming soon' note. */
export function comingSoonPage(namespace: string, pageKey: string): ComponentType {
  function ComingSoonPage() {
    const { t } = useTranslation(namespace);
    return (
      <section className="coming-soon" data-page={pageKey}>
        <h2>{t(pageKey)}</h2>
        <p className="coming-soon__title">{t('coming_soon')}</p>
        <p>{t('coming_soon_info')}</p>
      </section>
    );
  }
  ComingSoonPage.displayName = `ComingSoon(${pageKey})`;
  return ComingSoonPage;
}
