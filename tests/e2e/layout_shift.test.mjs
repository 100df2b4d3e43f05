// Nothing below the home banner moves while the page loads: each block keeps its space from the
// first paint, however late its answer comes (the answers below the banner are held back here).
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
            const described = below.map((shift) => `${shift.value.toFixed(4)} at ${shift.at} ms: ${shift.sources.map((s) => s.name).join('; ')}`);
            assert.ok(total < LIMIT, `${brand} ${size}: shift ${total.toFixed(4)} below the banner:\n${described.join('\n')}`);
          },
          { options: { viewport } },
        ));
    }
  }
});
