import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HelpSectionList } from '../modals/HelpSectionList';
import '../modals/modals.css';

/** /helpmc: the bare help centre page (SPEC §2); /helpmc#key opens that section. */
export function HelpCentrePage() {
  const { t } = useTranslation('modals');
  const { hash } = useLocation();
  return (
    <section className="page help-centre-page" data-page="helpmc">
      <h1>{t('in_help_center')}</h1>
      <HelpSectionList initialOpen={decodeURIComponent(hash.slice(1)) || undefined} />
      <p>
        <Link to="/">{t('back_home')}</Link>
      </p>
    </section>
  );
}
