import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { addTranslations, type Texts } from './translations';

const COMING_SOON: Texts = {
  en: { coming_soon: 'Coming soon', coming_soon_info: 'This page is on its way. Please check back later.' },
  bn: { coming_soon: 'শীঘ্রই আসছে', coming_soon_info: 'এই পৃষ্ঠাটি তৈরি হচ্ছে। অনুগ্রহ করে পরে আবার দেখুন।' },
  vi: { coming_soon: 'Sắp ra mắt', coming_soon_info: 'Trang này đang được hoàn thiện. Vui lòng quay lại sau.' },
};

/** Add a remote's page titles per language, with the texts its coming-soon pages show. */
export function addPageTranslations(namespace: string, titles: Texts): void {
  addTranslations(
    namespace,
    Object.fromEntries(Object.entries(titles).map(([language, texts]) => [language, { ...COMING_SOON[language], ...texts }])),
  );
}

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
