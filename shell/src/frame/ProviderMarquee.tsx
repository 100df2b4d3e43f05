import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../data/content';
import { allVendors } from './gameTypes';
import { Marquee, PROVIDER_MARQUEE } from './Marquee';

/** The logos (or names) of every vendor of every lane, scrolling slowly. */
export function ProviderMarquee() {
  const { t } = useTranslation('frame');
  const vendors = allVendors(useGameMenus().data);
  if (vendors.length === 0) return null;
  return (
    <section className="provider-marquee" aria-label={t('footer.providers')}>
      <Marquee pace={PROVIDER_MARQUEE}>
        <ul className="provider-marquee__list">
          {vendors.map((vendor) => (
            <li key={vendor.vassalage} className="provider-marquee__vendor" data-vendor={vendor.vassalage}>
              {/* A vendor's logo is about 5:2: its room is kept before it arrives. */}
              {vendor.smallIcon ? (
                <img src={vendor.smallIcon} alt={vendor.displayName} width={80} height={32} loading="lazy" decoding="async" />
              ) : (
                vendor.displayName
              )}
            </li>
          ))}
        </ul>
      </Marquee>
    </section>
  );
}
