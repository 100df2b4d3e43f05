import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Picture } from '@tessera/kit';
import type { Banner } from '../data/content';
import { useReducedMotion } from './useReducedMotion';

/** Banner autoplay interval (SPEC §9). */
export const BANNER_AUTOPLAY_MS = 3000;

/** Banner images are 1200x360; the slot keeps that ratio so nothing moves when they load. */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 360;
/** How wide a banner shows: the frame less its padding (the server's index.html preloads the first with the same). */
export const BANNER_SIZES = '(min-width: 1232px) 1200px, calc(100vw - 32px)';

/** The first banner is the page's largest paint: fetched at once with high priority; the others wait. */
function BannerImage({ banner, first }: { banner: Banner; first: boolean }) {
  const image = (
    <Picture
      src={banner.url}
      alt={banner.title}
      image={banner}
      fallbackWidth={BANNER_WIDTH}
      fallbackHeight={BANNER_HEIGHT}
      sizes={BANNER_SIZES}
      priority={first}
    />
  );
  if (!banner.linkageType || !banner.linkUrl) return image;
  if (banner.linkageType === 'EXTERNAL') {
    return (
      <a href={banner.linkUrl} target="_blank" rel="noopener">
        {image}
      </a>
    );
  }
  return <Link to={banner.linkUrl}>{image}</Link>;
}

/** Slides that advance every 3 s, paused while hovered or focused and for users who ask for less motion. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('frame');
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const reducedMotion = useReducedMotion();
  const count = banners.length;
  const current = index % count;
  const autoplay = count > 1 && !held && !reducedMotion;

  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setInterval(() => setIndex((value) => (value + 1) % count), BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [autoplay, count]);

  return (
    <div
      className="banner-carousel"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setHeld(false)}
    >
      <div className="banner-carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {banners.map((banner, position) => (
          <div
            key={banner.bannerId}
            className="banner-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('banner.slide', { number: position + 1, count })}
            data-banner-id={banner.bannerId}
            inert={position !== current}
          >
            <BannerImage banner={banner} first={position === 0} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="banner-carousel__dots">
          {banners.map((banner, position) => (
            <button
              key={banner.bannerId}
              type="button"
              className="banner-carousel__dot"
              aria-label={t('banner.show', { number: position + 1 })}
              aria-current={position === current ? 'true' : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
