// The main pages at 360, 390, 768, 1100 and 1280 px, logged out and as an agent (who has the most in
// the header): nothing reaches past the viewport (browser.mjs's expectNoOverflow). The flows at
// 390 px are in phones.test.mjs.
import { describe, test } from 'node:test';
import { AGENT, VIEWPORTS, brandUrl, browserForFile, expectNoOverflow } from './browser.mjs';

const { withPage } = browserForFile();
const BRAND = 'demo-bd';

const english = (context) => context.addInitScript(() => window === window.top && localStorage.setItem('lang', 'en'));

async function openPage(page, path) {
  await page.goto(brandUrl(BRAND, path));
  await page.locator('main h1, main section').first().waitFor();
}

const MAIN_PAGES = ['/', '/rng', '/live', '/promotions', '/noticePage', '/vip', '/help', '/agent', '/down'];

describe('the main pages at every width', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    // An agent has the most in the header (the agent centre's shortcut besides the member's).
    for (const session of [null, AGENT]) {
      test(`${name} (${viewport.width} px), ${session ? 'logged in' : 'logged out'}`, () =>
        withPage(async (page, context) => {
          await english(context);
          for (const path of MAIN_PAGES) {
            await openPage(page, path);
            await page.waitForLoadState('networkidle');
            await expectNoOverflow(page, path);
          }
          if (session) {
            await page.goto(brandUrl(BRAND, '/?memberCentre=transactionHistory'));
            await page.locator('section[data-page="transactionHistory"]').waitFor();
            await expectNoOverflow(page, 'account record');
          }
        }, { session, options: { viewport } }));
    }
  }
});
