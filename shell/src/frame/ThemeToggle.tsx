import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand';
import { initialTheme, saveTheme, type Theme } from '../theme';

/** Switches between the light and dark theme; the label names the theme it switches to. */
export function ThemeToggle() {
  const { t } = useTranslation('frame');
  const brand = useBrand();
  const [theme, setTheme] = useState<Theme>(() => initialTheme(brand));
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      data-theme-value={theme}
      onClick={() => {
        saveTheme(next);
        setTheme(next);
      }}
    >
      <span className="visually-hidden">{t('header.theme_toggle')}: </span>
      {t(next === 'dark' ? 'header.theme_dark' : 'header.theme_light')}
    </button>
  );
}
