import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHelpCenter } from '../data/content';

/** A link to each section of the help centre. */
export function HelpLinks() {
  const { t } = useTranslation('frame');
  const sections = useHelpCenter().data?.sections ?? [];
  if (sections.length === 0) return null;
  return (
    <div className="footer-help">
      <h2 className="footer__heading">{t('footer.help')}</h2>
      <ul className="footer-help__list">
        {sections.map((section) => (
          <li key={section.key}>
            <Link to={{ pathname: '/help', hash: section.key }} data-help={section.key}>
              {section.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
