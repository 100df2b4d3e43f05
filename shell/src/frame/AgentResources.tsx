import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../data/status';

/** The brand's agent resources (its agent site, with a QR code when it has one). */
export function AgentResources() {
  const { t } = useTranslation('frame');
  const resources = (useSystemStatus().data?.resources ?? []).filter((resource) => resource.resourceType === 'AGENT');
  if (resources.length === 0) return null;
  return (
    <div className="agent-resources">
      <h2 className="footer__heading">{t('footer.agents')}</h2>
      <ul className="agent-resources__list">
        {resources.map((resource) => (
          <li key={resource.url}>
            <a href={resource.url} target="_blank" rel="noopener" data-resource="AGENT">
              {resource.title || t('footer.agent_site')}
            </a>
            {resource.qrCodeUrl && <img src={resource.qrCodeUrl} alt={t('footer.agent_qr')} width={96} height={96} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
