import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FooterImage } from '../data/status';
import { useSystemStatus } from '../data/status';

/** A licence or badge image, linked when it has a link: a route in place, a web address in a new tab. */
function Badge({ image }: { image: FooterImage }) {
  // Shown 40 px high; the image's own size keeps its room (a square one for an https URL).
  const picture = (
    <img src={image.url} alt={image.title} width={image.width ?? 40} height={image.height ?? 40} loading="lazy" decoding="async" />
  );
  if (!image.linkUrl) return picture;
  if (image.linkUrl.startsWith('/')) return <Link to={image.linkUrl}>{picture}</Link>;
  return (
    <a href={image.linkUrl} target="_blank" rel="noopener">
      {picture}
    </a>
  );
}

function BadgeGroup({ kind, heading, images }: { kind: string; heading: string; images: FooterImage[] }) {
  if (images.length === 0) return null;
  return (
    <div className="footer-legal__group" data-legal={kind}>
      <h2 className="footer__heading">{heading}</h2>
      <ul className="footer-legal__badges">
        {images.map((image) => (
          <li key={image.url}>
            <Badge image={image} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Licences, protection logos and the responsible-gaming logo from the brand's footer content. */
export function LegalRow() {
  const { t } = useTranslation('frame');
  const footer = useSystemStatus().data?.footer;
  if (!footer) return null;
  const responsibility = footer.responsibility ? [footer.responsibility] : [];
  if (footer.licences.length + footer.protection.length + responsibility.length === 0) return null;
  return (
    <div className="footer-legal">
      <BadgeGroup kind="licences" heading={t('footer.licences')} images={footer.licences} />
      <BadgeGroup kind="protection" heading={t('footer.protection')} images={footer.protection} />
      <BadgeGroup kind="responsibility" heading={t('footer.responsibility')} images={responsibility} />
    </div>
  );
}
