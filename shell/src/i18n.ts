import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, readStored, writeStored, type Bootstrap } from '@tessera/kit';
import en from './locales/en';
import bn from './locales/bn';
import vi from './locales/vi';
import * as frame from './frame/locales';
import * as modals from './modals/locales';
import * as forms from './forms/locales';
import * as games from './games/locales';
import * as play from './play/locales';

export const FALLBACK_LANGUAGE = 'en';

/** The shell's texts per language and namespace: core ('translation'), 'frame', 'modals', 'forms', 'games' (the
 * lobby) and 'play' (the game page, hot games and winners). */
export const RESOURCES = {
  en: { translation: en, frame: frame.en, modals: modals.en, forms: forms.en, games: games.en, play: play.en },
  bn: { translation: bn, frame: frame.bn, modals: modals.bn, forms: forms.bn, games: games.bn, play: play.bn },
  vi: { translation: vi, frame: frame.vi, modals: modals.vi, forms: forms.vi, games: games.vi, play: play.vi },
};

/** Every code the picker offers: the site's list when the server sends it, else the brand's. */
export function selectableLanguages(bootstrap: Bootstrap): string[] {
  return bootstrap.languages?.length ? bootstrap.languages : bootstrap.brand.languages;
}

/** The stored choice if selectable, else the brand's default. */
export function initialLanguage(bootstrap: Bootstrap): string {
  const stored = readStored(STORAGE_KEYS.language);
  return stored && selectableLanguages(bootstrap).includes(stored) ? stored : bootstrap.brand.defaultLanguage;
}

/** The server renders the page (and its first answers) in the language of the ``lang`` cookie. */
function rememberForServer(language: string): void {
  document.cookie = `lang=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
}

export async function initI18n(language: string): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: RESOURCES,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  rememberForServer(language);
}

export async function changeLanguage(language: string): Promise<void> {
  const previous = i18next.language;
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  rememberForServer(language);
  writeStored(STORAGE_KEYS.language, language);
  if (previous && previous !== language) writeStored(STORAGE_KEYS.languageHistory, previous);
}
