/** localStorage keys the site keeps (SPEC §3). */
export const STORAGE_KEYS = {
  theme: 'theme',
  language: 'lang',
  languageHistory: 'hisLang',
  hideAnnounceDate: 'hideAnnounceDate',
  publicityClose: 'publicityClose',
  /** The header shows the balance as *** while this is '1'. */
  hideBalance: 'hideBalance',
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the choice lasts for this page only */
  }
}
