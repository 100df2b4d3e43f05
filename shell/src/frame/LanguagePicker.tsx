import { useId, useState, type FocusEvent, type PointerEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sendJson, useSession } from '@tessera/kit';
import { useBootstrap } from '../brand';
import { changeLanguage, selectableLanguages } from '../i18n';
import { languageName } from '../languageNames';
import { ChevronIcon, GlobeIcon } from './icons';

/** Opens on hover for mouse users, and on click or keyboard for everyone else. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('frame');
  const bootstrap = useBootstrap();
  const session = useSession();
  const queryClient = useQueryClient();
  const languages = selectableLanguages(bootstrap);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const choose = async (code: string) => {
    // Offline or refused: the page stays in its language, and the picker can be tried again.
    if (!(await changeLanguage(code, bootstrap).then(() => true, () => false))) return;
    // Answers the server worded (channel names, statuses...) are asked again in the new language.
    void queryClient.invalidateQueries();
    // The language update: what is sent to the member later is in the language they chose.
    if (session) await sendJson('/wps/member/info/language', { language: code }, 'PUT').catch(() => undefined);
  };
  // A touch also fires pointerenter just before its click; only a mouse opens on hover.
  const hover = (value: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setOpen(value);
  };
  const leave = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  return (
    <div
      className={open ? 'language-picker is-open' : 'language-picker'}
      onPointerEnter={hover(true)}
      onPointerLeave={hover(false)}
      onBlur={leave}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button
        type="button"
        className="language-picker__current"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <GlobeIcon />
        <span className="visually-hidden">{t('header.language')}: </span>
        <span className="language-picker__name" lang={i18n.language}>{languageName(i18n.language)}</span>
        <ChevronIcon />
      </button>
      <ul className="language-picker__list" id={listId} hidden={!open}>
        {languages.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="language-picker__option"
              data-lang={code}
              lang={code}
              aria-current={code === i18n.language ? 'true' : undefined}
              onClick={() => {
                setOpen(false);
                void choose(code);
              }}
            >
              {languageName(code)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
