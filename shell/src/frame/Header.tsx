import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBootstrap, useBrand } from '../brand';
import { changeLanguage, selectableLanguages } from '../i18n';
import { initialTheme, saveTheme, type Theme } from '../theme';
import { useOpenCentre } from './overlays';

function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const languages = selectableLanguages(useBootstrap());
  return (
    <label className="language-picker">
      <span>{t('language')}</span>
      <select value={i18n.language} onChange={(event) => void changeLanguage(event.target.value)}>
        {languages.map((code) => (
          <option key={code} value={code}>
            {t(`language_name.${code}`, { defaultValue: code })}
          </option>
        ))}
      </select>
    </label>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [theme, setTheme] = useState<Theme>(() => initialTheme(brand));
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={t('theme_toggle')}
      data-theme-value={theme}
      onClick={() => {
        saveTheme(next);
        setTheme(next);
      }}
    >
      {t(next === 'dark' ? 'theme_dark' : 'theme_light')}
    </button>
  );
}

export function Header() {
  const { t } = useTranslation();
  const brand = useBrand();
  const openCentre = useOpenCentre();
  return (
    <header className="header">
      <Link to="/" className="header__logo">
        {brand.name}
      </Link>
      <div className="header__actions">
        <button type="button" className="header__member-centre" onClick={() => openCentre('memberCentre')}>
          {t('member_centre')}
        </button>
        <button type="button" className="header__agent-centre" onClick={() => openCentre('agentCentre')}>
          {t('agent_centre')}
        </button>
        <LanguagePicker />
        <ThemeToggle />
      </div>
    </header>
  );
}

