import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand';
import { useSystemStatus } from '../data/status';
import { SafeHtml } from '../modals/SafeHtml';

/** The brand's description, a few lines until the player asks for the rest. */
export function SeeMoreDescription() {
  const { t } = useTranslation('frame');
  const brand = useBrand();
  const description = useSystemStatus().data?.footer?.description;
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  if (!description) return null;
  return (
    <div className={expanded ? 'see-more is-expanded' : 'see-more'}>
      <h2 className="footer__heading">{t('footer.about', { brand: brand.name })}</h2>
      <div id={textId} className="see-more__text">
        <SafeHtml html={description} />
      </div>
      <button type="button" className="see-more__toggle" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded(!expanded)}>
        {t(expanded ? 'footer.see_less' : 'footer.see_more')}
      </button>
    </div>
  );
}
