// Nothing below the home banner moves while the page loads: each block keeps its space from the
// first paint, however late its answer comes (the answers below the banner are held back here).
// Nothing on a lobby page moves either, on a phone with a slow network and a slow processor, as a
// new visitor opens it: the page's code, its vendors and its games all come late.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { VIEWPORTS, brandUrl, browserForFile } from './browser.mjs';

const { withPage } = browserForFile();

/** The answers the blocks below the banner wait for, held back this long. */
const DELAY_MS = 1500;
const DELAYED = ['GCSGAME_hotGamesV2', 'GCSGAME_getRankList', '/lgw/games/game_menus', 'MCSFE_getListAnnouncements'];
const LIMIT = 0.05;

// Records every layout shift from the first moment, with what moved (outside the header and its
// navigation, which sit above the banner) and where it was and went.
const OBSERVE = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources || []).map((source) => {
        const node = source.node;
        const element = node && node.nodeType === 1 ? node : node?.parentElement;
        const above = Boolean(element?.closest('.header, .bottom-nav'));
        let name = element ? element.tagName.toLowerCase() : '(removed)';
        if (element?.className && typeof element.className === 'string') name += '.' + element.className.trim().split(/\\s+/).join('.');
        const data = element && Object.keys(element.dataset || {}).length ? JSON.stringify({ ...element.dataset }) : '';
        const rect = (r) => Math.round(r.y) + '+' + Math.round(r.height);
        return { above, name: name + data + ' ' + rect(source.previousRect) + ' -> ' + rect(source.currentRect) };
      });
      window.__shifts.push({ value: entry.value, at: Math.round(entry.startTime), sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

function delayBelowBanner(page) {
  return page.route(
    (url) => DELAYED.some((part) => url.pathname.includes(part)),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      await route.continue().catch(() => undefined);
    },
  );
}

const SIZES = { phone: VIEWPORTS.phone, desktop: VIEWPORTS.desktop };

function described(shifts) {
  return shifts.map((shift) => `${shift.value.toFixed(4)} at ${shift.at} ms: ${shift.sources.map((s) => s.name).join('; ')}`).join('\n');
}

describe('the home page keeps its layout while its blocks load', () => {
  for (const brand of ['demo-bd', 'demo-ph']) {
    for (const [size, viewport] of Object.entries(SIZES)) {
      test(`${brand} at ${viewport.width} px: the shift below the banner stays under ${LIMIT}`, () =>
        withPage(
          async (page) => {
            await page.addInitScript(OBSERVE);
            await delayBelowBanner(page);
            await page.goto(brandUrl(brand, '/'));
            await page.waitForSelector('main h1');
            // Every block has its answer and is drawn with it, then a moment for late images and fonts.
            await page.waitForSelector('.home-hot__games, .home-hot .home-state[data-state="empty"]', { timeout: 15_000 });
            await page.waitForSelector('.home-winners__table tbody tr[data-rank], .home-winners .home-state[data-state="empty"]', { timeout: 15_000 });
            await page.waitForLoadState('networkidle');
            await page.waitForTimeout(500);
            const shifts = await page.evaluate(() => window.__shifts);
            const below = shifts.filter((shift) => shift.sources.some((source) => !source.above));
            const total = below.reduce((sum, shift) => sum + shift.value, 0);
            assert.ok(total < LIMIT, `${brand} ${size}: shift ${total.toFixed(4)} below the banner:\n${described(below)}`);
          },
          { options: { viewport } },
        ));
    }
  }
});

/** The answers a lobby waits for (its vendors, its games, the game menus), held back this long. */
const LOBBY_DELAY_MS = 1000;
const LOBBY_CALLS = ['GCSGAME_newGameVendor', 'GCSGAME_gameList', '/lgw/games/game_menus'];

/** Lighthouse's mobile profile as Chromium's DevTools apply it: a slow 4G network, a processor four times slower. */
async function slowPhone(page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The home page and each lobby page, and what shows once it has drawn its answers (on the home page,
 * the hot games, drawn as a transition once they arrive: their place holds until it is drawn). */
const LOBBIES = {
  '/': '.home-hot__games',
  '/rng': '.game-grid .game-card[data-game]',
  '/live': '.game-grid .game-card[data-game]',
  '/lottery': '[data-page="lottery"] h1',
};

describe('the home and lobby pages keep their layout while they load on a slow phone', () => {
  for (const brand of ['demo-bd', 'demo-ph']) {
    for (const [path, drawn] of Object.entries(LOBBIES)) {
      test(`${brand} ${path} at ${VIEWPORTS.phone.width} px: the layout shift stays under ${LIMIT}`, () =>
        withPage(
          async (page) => {
            await page.addInitScript(OBSERVE);
            await slowPhone(page);
            await page.route(
              (url) => LOBBY_CALLS.some((part) => url.pathname.includes(part)),
              async (route) => {
                await new Promise((resolve) => setTimeout(resolve, LOBBY_DELAY_MS));
                await route.continue().catch(() => undefined);
              },
            );
            await page.goto(brandUrl(brand, path), { timeout: 60_000 });
            await page.waitForSelector(drawn, { timeout: 60_000 });
            await page.waitForLoadState('networkidle', { timeout: 60_000 });
            await page.waitForTimeout(1000);
            const shifts = await page.evaluate(() => window.__shifts);
            const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
            assert.ok(total < LIMIT, `${brand} ${path}: layout shift ${total.toFixed(4)}:\n${described(shifts)}`);
          },
          { options: { viewport: VIEWPORTS.phone } },
        ));
    }
  }
});
