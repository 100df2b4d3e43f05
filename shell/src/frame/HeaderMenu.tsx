import { useId, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from './icons';

/** What closes the menu once clicked: a shortcut, the personal centre, a language. */
const CLOSES_MENU = '.header-box, .header__member-centre, .language-picker__option';

/**
 * The compact header's menu button and the panel it opens under the header, holding what does not
 * fit beside the logo on a phone (shortcuts, personal centre, language, theme). It closes on
 * Escape, when the focus leaves it, on a choice, and on a change of page.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation('frame');
  const { pathname } = useLocation();
  // Open on the page it was opened on: another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const panelId = useId();
  const leave = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  const choose = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest(CLOSES_MENU)) setOpen(false);
  };
  return (
    <div className={open ? 'header-menu is-open' : 'header-menu'} onBlur={leave} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button type="button" className="header-menu__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <MenuIcon />
        <span className="visually-hidden">{t('header.menu')}</span>
      </button>
      <div className="header-menu__panel" id={panelId} hidden={!open} onClick={choose}>
        {children}
      </div>
    </div>
  );
}
