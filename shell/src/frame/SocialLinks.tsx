import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../data/status';
import { SocialIcon } from './icons';

/** Resource types that are social links, in the order shown. */
export const SOCIAL_TYPES = ['FACEBOOK', 'TELEGRAM', 'INSTAGRAM', 'YOUTUBE', 'TWITTER', 'WHATSAPP', 'LINE'];

/** A link to each social resource the brand has. */
export function SocialLinks() {
  const { t } = useTranslation('frame');
  const resources = useSystemStatus().data?.resources ?? [];
  const social = SOCIAL_TYPES.flatMap((type) => resources.filter((resource) => resource.resourceType === type));
  if (social.length === 0) return null;
  return (
    <div className="social-links">
      <h2 className="footer__heading">{t('footer.social')}</h2>
      <ul className="social-links__list">
        {social.map((resource) => (
          <li key={`${resource.resourceType}-${resource.url}`}>
            <a href={resource.url} target="_blank" rel="noopener" className="social-links__link" data-social={resource.resourceType}>
              <SocialIcon type={resource.resourceType} />
              {t(`social.${resource.resourceType}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
