/** Each offered language as its own speakers name it, the same whatever the page's language. */
export const LANGUAGE_NAMES: Record<string, string> = {
  bn: 'বাংলা',
  en: 'English',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  fil: 'Filipino',
  hi: 'हिन्दी',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  ko: '한국어',
  ja: '日本語',
  'pt-BR': 'Português (Brasil)',
  es: 'Español',
  my: 'မြန်မာ',
};

/** A language's own name; a code without one (an older brand's) by the browser's name for it. */
export function languageName(code: string): string {
  if (LANGUAGE_NAMES[code]) return LANGUAGE_NAMES[code];
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
