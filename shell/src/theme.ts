import { STORAGE_KEYS, readStored, writeStored, type Brand } from '@tessera/kit';

export type Theme = 'light' | 'dark';

export function initialTheme(brand: Brand): Theme {
  const stored = readStored(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : brand.theme;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.classList.toggle('theme-dark', theme === 'dark');
  document.documentElement.classList.toggle('theme-light', theme === 'light');
  // The browser's bar (and the installed app's title bar) in the theme's header colour.
  const bar = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  const colour = bar?.dataset[theme];
  if (bar && colour) bar.content = colour;
}

export function saveTheme(theme: Theme): void {
  writeStored(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}
