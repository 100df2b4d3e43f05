// Every text of the back office from its catalogues (locale/<language>.json, over react-admin's own
// English), through react-admin's Polyglot i18nProvider. English first; another language is a
// catalogue beside it.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import en from './locale/en.json';

type Catalogue = Record<string, unknown>;

function merged(base: Catalogue, over: Catalogue): Catalogue {
  const result: Catalogue = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = result[key];
    result[key] =
      value && typeof value === 'object' && below && typeof below === 'object'
        ? merged(below as Catalogue, value as Catalogue)
        : value;
  }
  return result;
}

export const CATALOGUES: Record<string, TranslationMessages> = {
  en: merged(englishMessages as unknown as Catalogue, en) as unknown as TranslationMessages,
};

export const i18nProvider = polyglotI18nProvider((language) => CATALOGUES[language] ?? CATALOGUES.en, 'en', [
  { locale: 'en', name: 'English' },
]);
