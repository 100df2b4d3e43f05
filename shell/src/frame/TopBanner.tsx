import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBanners, useNotices } from '../data/content';
import { BannerCarousel } from './BannerCarousel';
import { bannerGroup } from './routeGroups';

/**
 * The banners of the route's group. While the notices load, the banner's space is kept so the
 * page does not jump; a group without banners shows nothing.
 */
export function TopBanner() {
  const { t } = useTranslation('frame');
  const { pathname } = useLocation();
  const group = bannerGroup(pathname);
  const { isPending } = useNotices();
  const banners = useBanners(group);
  if (!group) return null;
  if (isPending) return <div className="top-banner top-banner--reserved" aria-hidden="true" />;
  if (banners.length === 0) return null;
  return (
    <section className="top-banner" aria-label={t('banner.label')} data-group={group}>
      {/* A new route starts a new carousel at its first slide. */}
      <BannerCarousel key={pathname} banners={banners} />
    </section>
  );
}
