import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInShell, serve } from '../../test/render';
import { Frame, type FrameVariant } from './Frame';
import { bannerOf, noticeOf, noticesOf } from './fixtures';

const NOTICES = '/wps/relay/MCSFE_getListAnnouncements';

function landmarks() {
  return {
    header: screen.queryAllByRole('banner').length,
    nav: screen.queryAllByRole('navigation').length,
    main: screen.queryAllByRole('main').length,
    aside: screen.queryAllByRole('complementary').length,
    footer: screen.queryAllByRole('contentinfo').length,
  };
}

function renderFrame(variant: FrameVariant, path: string) {
  return renderInShell(
    <Frame variant={variant}>
      <h1>Page</h1>
    </Frame>,
    { path },
  );
}

describe('frame variants', () => {
  test('full: header, navigation, main, side bar and footer, once each', () => {
    serve({});
    const { container } = renderFrame('full', '/promotions');
    expect(container.querySelector('[data-variant]')?.getAttribute('data-variant')).toBe('full');
    expect(landmarks()).toEqual({ header: 1, nav: 1, main: 1, aside: 1, footer: 1 });
    expect(container.querySelector('[data-footer="player"]')).not.toBeNull();
  });

  test('bannerNoSide: everything but the side bar', async () => {
    serve({ [NOTICES]: noticesOf({ banners: [bannerOf(1, { groupName: 'pointMall' })] }) });
    const { container } = renderFrame('bannerNoSide', '/pointMall');
    expect(landmarks()).toEqual({ header: 1, nav: 1, main: 1, aside: 0, footer: 1 });
    expect(await screen.findByRole('img', { name: 'Banner 1' })).toBeTruthy();
    expect(container.querySelector('.notice-bar, .jackpot')).toBeNull();
  });

  test('headerOnly: the header and the page', () => {
    serve({});
    const { container } = renderFrame('headerOnly', '/lottery');
    expect(landmarks()).toEqual({ header: 1, nav: 0, main: 1, aside: 0, footer: 0 });
    expect(container.querySelector('[data-variant="headerOnly"]')).not.toBeNull();
  });

  test('bare: the page alone', () => {
    serve({});
    const { container } = renderFrame('bare', '/helpmc');
    expect(landmarks()).toEqual({ header: 0, nav: 0, main: 1, aside: 0, footer: 0 });
    expect(container.querySelector('[data-variant="bare"] main h1')).not.toBeNull();
  });

  test('agentFooter: the agent footer in place of the players\u2019 footer, no side bar', () => {
    serve({});
    const { container } = renderFrame('agentFooter', '/agent');
    expect(landmarks()).toEqual({ header: 1, nav: 1, main: 1, aside: 0, footer: 1 });
    expect(container.querySelector('[data-footer="agent"]')).not.toBeNull();
    expect(container.querySelector('[data-footer="player"]')).toBeNull();
  });

  test('the notice bar comes under the home banner, the jackpot under the /rng banner', async () => {
    serve({ [NOTICES]: noticesOf({ player: [noticeOf(1, 'Welcome')], banners: [bannerOf(1), bannerOf(2, { groupName: 'rng' })] }) });
    const home = renderFrame('full', '/help');
    expect(await screen.findByRole('button', { name: 'Welcome' })).toBeTruthy();
    expect(home.container.querySelector('.frame__top > .top-banner + .notice-bar')).not.toBeNull();
    expect(home.container.querySelector('.jackpot')).toBeNull();
    home.unmount();

    const rng = renderFrame('full', '/rng');
    await waitFor(() => expect(rng.container.querySelector('.frame__top > .top-banner + .jackpot')).not.toBeNull());
    expect(rng.container.querySelector('.notice-bar')).toBeNull();
  });
});
