// The catalogues as the server's /locales/<language>.json answers them (English underneath), read from
// platform/tessera/locale for tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalogue } from '../src/i18n';

export const LOCALE_DIR = path.resolve(__dirname, '../../platform/tessera/locale');

function ownCatalogue(language: string): Catalogue {
  const folder = path.join(LOCALE_DIR, language);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(folder, name), 'utf-8'))]),
  );
}

/** One language's texts by namespace, English under them. */
export function catalogueOf(language: string): Catalogue {
  const english = ownCatalogue('en');
  if (language === 'en') return english;
  const own = ownCatalogue(language);
  return Object.fromEntries(Object.entries(english).map(([namespace, texts]) => [namespace, { ...texts, ...own[namespace] }]));
}
