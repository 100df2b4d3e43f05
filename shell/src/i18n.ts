import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, readStored, writeStored, type Bootstrap } from '@tessera/kit';

/** A language's catalogue: every namespace's texts (the shell's, the kit's and the remotes'). */
export type Catalogue = Record<string, Record<string, unknown>>;

/** Every code the picker offers: the site's languages (each with a complete catalogue), else the brand's. */
export function selectableLanguages(bootstrap: Bootstrap): string[] {
  return bootstrap.languages?.length ? bootstrap.languages : bootstrap.brand.languages;
}

/** A selectable code as written in the list, whatever its case, or null. */
function selectable(bootstrap: Bootstrap, code: string | null | undefined): string | null {
  if (!code) return null;
  return selectableLanguages(bootstrap).find((offered) => offered.toLowerCase() === code.toLowerCase()) ?? null;
}

/** The language a page starts in: the address's ``?lang=``, then the member's stored choice, then the
 * language the server rendered the page in (its ``lang`` cookie), then the brand's default. */
export function initialLanguage(bootstrap: Bootstrap, search: string = window.location.search): string {
  return (
    selectable(bootstrap, new URLSearchParams(search).get('lang')) ??
    selectable(bootstrap, readStored(STORAGE_KEYS.language)) ??
    selectable(bootstrap, bootstrap.language) ??
    bootstrap.brand.defaultLanguage
  );
}

/** Start the page's language: the one :func:`initialLanguage` picks, its catalogue fetched; a language
 * asked for by ``?lang=`` is kept as the member's choice. */
export async function startLanguage(bootstrap: Bootstrap): Promise<string> {
  const language = initialLanguage(bootstrap);
  await initI18n(language, await fetchCatalogue(bootstrap, language));
  if (selectable(bootstrap, new URLSearchParams(window.location.search).get('lang')) === language) {
    writeStored(STORAGE_KEYS.language, language);
  }
  return language;
}

/** The catalogue's address: the versioned one the server gave, else the plain one. */
function catalogueUrl(bootstrap: Bootstrap, language: string): string {
  return bootstrap.catalogues?.[language] ?? `${bootstrap.apiBase}/locales/${encodeURIComponent(language)}.json`;
}

/** Fetch one language's catalogue: only the language shown is ever downloaded. */
export async function fetchCatalogue(bootstrap: Bootstrap, language: string): Promise<Catalogue> {
  const response = await fetch(catalogueUrl(bootstrap, language), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`catalogue_unavailable:${language}`);
  return (await response.json()) as Catalogue;
}

/** The server renders the page (and its first answers) in the language of the ``lang`` cookie. */
function rememberForServer(language: string): void {
  document.cookie = `lang=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
}

export function addCatalogue(language: string, catalogue: Catalogue): void {
  for (const [namespace, texts] of Object.entries(catalogue)) i18next.addResourceBundle(language, namespace, texts, true, true);
}

/** Start i18next in ``language`` with its catalogue (fetched, or given by tests). */
export async function initI18n(language: string, catalogue: Catalogue): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    // The server lays English under every catalogue: nothing else needs downloading.
    fallbackLng: false,
    resources: { [language]: catalogue },
    ns: Object.keys(catalogue),
    defaultNS: 'translation',
    // The server's messages (field checks, phone sign-in, maintenance...) are read from any namespace.
    fallbackNS: 'errors',
    interpolation: { escapeValue: false },
    react: { bindI18n: 'languageChanged loaded added' },
  });
  document.documentElement.lang = language;
  rememberForServer(language);
}

/** Whether ``language``'s catalogue is in the page already. */
export function hasCatalogue(language: string): boolean {
  return i18next.hasResourceBundle(language, 'translation');
}

/** Show every text in ``language`` (its catalogue fetched first when the page lacks it), and keep the
 * choice: in storage (the previous one as history) and in the cookie the server reads. */
export async function changeLanguage(language: string, bootstrap?: Bootstrap): Promise<void> {
  if (!hasCatalogue(language)) {
    if (!bootstrap) throw new Error(`catalogue_missing:${language}`);
    addCatalogue(language, await fetchCatalogue(bootstrap, language));
  }
  const previous = i18next.language;
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  rememberForServer(language);
  writeStored(STORAGE_KEYS.language, language);
  if (previous && previous !== language) writeStored(STORAGE_KEYS.languageHistory, previous);
}
