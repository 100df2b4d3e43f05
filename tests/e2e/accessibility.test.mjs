// axe-core on every page built, in both themes, with the overlays and modals open:
// no serious or critical violation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AGENT, accessibilityViolations, brandUrl, changeBootstrap, launchBrowser, openPage } from './browser.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const PAGES = ['/', '/rng', '/live', '/sports', '/help', '/helpmc', '/noticePage', '/vip', '/agent', '/lottery', '/promotions', '/no-such-page'];

/** Open ``path`` settled: the frame's calls answered, nothing reserved any more. */
async function settle(page, brand, path) {
  await page.goto(brandUrl(brand, path));
  await page.waitForSelector('main h1');
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.top-banner--reserved, .notice-bar--reserved'));
}

async function check(run, options = {}) {
  const { context, page } = await openPage(browser, options);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

for (const brand of ['demo-bd', 'demo-ph', 'demo-vn']) {
  for (const theme of ['light', 'dark']) {
    describe(`${brand}, ${theme} theme`, () => {
      const themed = { session: AGENT };
      test('every page', () =>
        check(async (page) => {
          await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
          const found = {};
          for (const path of PAGES) {
            await settle(page, brand, path);
            const violations = await accessibilityViolations(page);
            if (violations.length) found[path] = violations;
          }
          assert.deepEqual(found, {});
        }, themed));

      test('the announcement popup, the centres, feedback and the language list', () =>
        check(
          async (page) => {
            await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
            await page.goto(brandUrl(brand, '/'));
            await page.waitForSelector('.modal[data-modal="announcements"] .announcement-list li');
            assert.deepEqual(await accessibilityViolations(page), [], 'announcement popup');
            await page.click('.modal__close');
            await page.click('.header__member-centre');
            await page.waitForSelector('[data-page="securityCenter"]');
            assert.deepEqual(await accessibilityViolations(page), [], 'member centre');
            await page.click('.overlay__close');
            await page.click('.side-bar__item[data-side="feedback"]');
            await page.waitForSelector('form.feedback');
            assert.deepEqual(await accessibilityViolations(page), [], 'feedback');
            await page.click('.modal__close');
            await page.hover('.language-picker__current');
            await page.waitForSelector('.language-picker [data-lang="en"]');
            assert.deepEqual(await accessibilityViolations(page), [], 'language list');
          },
          { session: AGENT, announcements: true },
        ));
    });
  }
}

test('the maintenance and region-blocked views', () =>
  check(async (page) => {
    for (const value of [{ status: 1, maintenance: { endTime: '2030-01-01T00:00:00Z', info: null } }, { status: 2 }]) {
      await page.unrouteAll();
      await changeBootstrap(page, (bootstrap) => Object.assign(bootstrap.initial.status, value));
      await page.goto(brandUrl('demo-bd'));
      await page.waitForSelector('.system-view');
      assert.deepEqual(await accessibilityViolations(page), [], `status ${value.status}`);
    }
  }));
