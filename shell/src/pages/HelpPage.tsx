import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHelpCenter, type HelpSection } from '../data/content';
import { LoadStatus } from '../modals/LoadStatus';
import { useModals } from '../modals/modalContext';
import { SafeHtml } from '../modals/SafeHtml';
import '../modals/modals.css';

/** When the address names a help section (/help#term), the help modal opens at it, once per hash. */
function useSectionFromHash(sections: HelpSection[] | undefined) {
  const { hash } = useLocation();
  const { open } = useModals();
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const key = decodeURIComponent(hash.slice(1));
    if (!key || opened.current === key || !sections?.some((section) => section.key === key)) return;
    opened.current = key;
    open({ kind: 'help', section: key });
  }, [hash, sections, open]);
}

/** /help: every help section in full (SPEC §2; /help#term opens the terms in the help modal). */
export function HelpPage() {
  const { t } = useTranslation('modals');
  const help = useHelpCenter();
  const sections = help.data?.sections;
  useSectionFromHash(sections);
  return (
    <section className="page help-page" data-page="help">
      <h1>{t('help_title')}</h1>
      <LoadStatus isPending={help.isPending} isError={help.isError} count={sections?.length ?? 0} emptyKey="help_empty" />
      {sections?.map((section) => (
        <article key={section.key} className="help-article" data-key={section.key}>
          <h2>{section.title}</h2>
          <SafeHtml html={section.content} />
        </article>
      ))}
    </section>
  );
}
