import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderInShell, serve } from '../../test/render';
import { BANNER_AUTOPLAY_MS, BANNER_SIZES, BannerCarousel } from './BannerCarousel';
import { TopBanner } from './TopBanner';
import { bannerOf, noticesOf } from './fixtures';

const NOTICES = '/wps/relay/MCSFE_getListAnnouncements';

function currentSlide(container: HTMLElement): string | undefined {
  return container.querySelector<HTMLElement>('.banner-carousel__slide:not([inert])')?.dataset.bannerId;
}

describe('top banner', () => {
  test('shows the banners of the route group only', async () => {
    serve({ [NOTICES]: noticesOf({ banners: [bannerOf(1, { groupName: 'rng' }), bannerOf(2, { groupName: 'home' })] }) });
    const { container } = renderInShell(<TopBanner />, { path: '/rng' });
    expect(await screen.findByRole('img', { name: 'Banner 1' })).toHaveProperty('width', 1200);
    expect(container.querySelector('.top-banner')?.getAttribute('data-group')).toBe('rng');
    expect(screen.queryByRole('img', { name: 'Banner 2' })).toBeNull();
  });

  test('keeps the space while loading and collapses when the group has no banners', async () => {
    let answer: (value: unknown) => void = () => undefined;
    serve({ [NOTICES]: () => new Promise((resolve) => (answer = resolve)) });
    const { container } = renderInShell(<TopBanner />, { path: '/' });
    await waitFor(() => expect(container.querySelector('.top-banner--reserved')).not.toBeNull());
    answer(new Response(JSON.stringify({ success: true, code: null, message: null, value: noticesOf({ banners: [bannerOf(1, { groupName: 'rng' })] }) })));
    await waitFor(() => expect(container.querySelector('.top-banner')).toBeNull());
  });

  test('starts again at the first banner on another route of the same group', async () => {
    serve({ [NOTICES]: noticesOf({ banners: [bannerOf(1), bannerOf(2)] }) });
    const { container, router } = renderInShell(<TopBanner />, { path: '/' });
    const second = await screen.findByRole('button', { name: 'Show banner 2' });
    act(() => second.click());
    expect(currentSlide(container)).toBe('2');
    await act(() => router.navigate('/help'));
    expect(currentSlide(container)).toBe('1');
  });

  test('routes without a group show nothing, even while loading', () => {
    serve({});
    const { container } = renderInShell(<TopBanner />, { path: '/promotions' });
    expect(container.querySelector('.top-banner')).toBeNull();
  });

  test('a banner with a linkage is a link: internal in place, external in a new tab', async () => {
    serve({
      [NOTICES]: noticesOf({
        banners: [
          bannerOf(1, { linkageType: 'INTERNAL', linkUrl: '/promotions', title: 'Inside' }),
          bannerOf(2, { linkageType: 'EXTERNAL', linkUrl: 'https://example.com/', title: 'Outside' }),
          bannerOf(3, { title: 'Plain' }),
        ],
      }),
    });
    renderInShell(<TopBanner />, { path: '/help' });
    const inside = (await screen.findByAltText('Inside')).closest('a');
    expect(inside?.getAttribute('href')).toBe('/promotions');
    expect(inside?.getAttribute('target')).toBeNull();
    const outside = screen.getByAltText('Outside').closest('a');
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener');
    expect(screen.getByAltText('Plain').closest('a')).toBeNull();
  });
});

describe('banner carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('advances every 3000 ms and wraps around', () => {
    vi.useFakeTimers();
    const { container } = renderInShell(<BannerCarousel banners={[bannerOf(1), bannerOf(2)]} />);
    expect(currentSlide(container)).toBe('1');
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS - 1));
    expect(currentSlide(container)).toBe('1');
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide(container)).toBe('2');
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(currentSlide(container)).toBe('1');
  });

  test('pagination dots only with more than one banner; a dot shows its banner', () => {
    const single = renderInShell(<BannerCarousel banners={[bannerOf(1)]} />);
    expect(single.container.querySelectorAll('.banner-carousel__dot')).toHaveLength(0);
    single.unmount();
    const { container } = renderInShell(<BannerCarousel banners={[bannerOf(1), bannerOf(2), bannerOf(3)]} />);
    expect(container.querySelectorAll('.banner-carousel__dot')).toHaveLength(3);
    act(() => screen.getByRole('button', { name: 'Show banner 3' }).click());
    expect(currentSlide(container)).toBe('3');
    expect(screen.getByRole('button', { name: 'Show banner 3' }).getAttribute('aria-current')).toBe('true');
  });

  test('the first banner is fetched at once with high priority, the others lazily; each has its size', () => {
    const sources = [
      { type: 'image/avif' as const, srcset: '/assets/~/b-1-360.avif 360w, /assets/~/b-1-720.avif 720w' },
      { type: 'image/webp' as const, srcset: '/assets/~/b-1-360.webp 360w, /assets/~/b-1-720.webp 720w' },
    ];
    const { container } = renderInShell(
      <BannerCarousel banners={[bannerOf(1, { width: 1600, height: 480, sources }), bannerOf(2), bannerOf(3)]} />,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', 'auto', 'auto']);
    expect(images.map((image) => [image.getAttribute('width'), image.getAttribute('height')])).toEqual([
      ['1600', '480'],
      ['1200', '360'],
      ['1200', '360'],
    ]);
    expect(images.map((image) => image.getAttribute('decoding'))).toEqual([null, 'async', 'async']);
  });

  test('a banner with copies is a picture offering AVIF, then WebP, at the banner\'s shown width', () => {
    const sources = [
      { type: 'image/avif' as const, srcset: '/assets/~/b-1-360.avif 360w' },
      { type: 'image/webp' as const, srcset: '/assets/~/b-1-360.webp 360w' },
    ];
    const { container } = renderInShell(<BannerCarousel banners={[bannerOf(1, { width: 1600, height: 480, sources }), bannerOf(2)]} />);
    const [picture, ...others] = container.querySelectorAll('picture');
    expect(others).toHaveLength(0);
    const offered = [...picture.querySelectorAll('source')].map((source) => [
      source.getAttribute('type'),
      source.getAttribute('srcset'),
      source.getAttribute('sizes'),
    ]);
    expect(offered).toEqual([
      ['image/avif', '/assets/~/b-1-360.avif 360w', BANNER_SIZES],
      ['image/webp', '/assets/~/b-1-360.webp 360w', BANNER_SIZES],
    ]);
    expect(picture.querySelector('img')?.getAttribute('src')).toBe('/static/banners/1.svg');
  });

  test('holds still while hovered', () => {
    vi.useFakeTimers();
    const { container } = renderInShell(<BannerCarousel banners={[bannerOf(1), bannerOf(2)]} />);
    const carousel = container.querySelector('.banner-carousel')!;
    act(() => {
      carousel.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(BANNER_AUTOPLAY_MS));
    expect(currentSlide(container)).toBe('1');
  });
});
