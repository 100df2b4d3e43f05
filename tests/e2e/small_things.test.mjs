// The small things a member notices, in Chromium on the real server: the announcement popup opens
// once, 'hide today' lasts until the brand's midnight (a fixed clock, in a browser zone far from the
// brand's) and a return from the payment gateway never opens it; the legal-age box says the brand's
// age and is never ticked; the game page has an exit to its lobby and a deposit button; the hotline
// dials on a phone and shows its number on a desktop; every banner and link of the demo brands'
// pages leads to a real page.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BRAND_ZONES, MEMBER, brandUrl, browserForFile, callBrand } from './browser.mjs';

const { withPage } = browserForFile();
const BRANDS = Object.keys(BRAND_ZONES);
const POPUP = '.modal[data-modal="announcements"]';

/** The page has loaded its frame (the notice bar comes with the first paint of a full page). */
const loaded = (page) => page.locator('.notice-bar__title').first().waitFor();

/** The moment a few minutes before the brand's next midnight. */
function beforeBrandMidnight(brand, minutes = 2, now = new Date()) {
  const zone = BRAND_ZONES[brand];
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  const untilMidnight = ((24 - parts.hour) * 3600 - parts.minute * 60 - parts.second) * 1000 - now.getMilliseconds();
  return new Date(now.getTime() + untilMidnight - minutes * 60_000);
}

describe('the announcement popup', () => {
  test("'hide today' hides it until the brand's midnight, not the browser's", () =>
    withPage(
      async (page, context) => {
        await context.addInitScript(() => localStorage.setItem('lang', 'en'));
        const late = beforeBrandMidnight('demo-bd');
        await page.clock.setFixedTime(late);
        await page.goto(brandUrl('demo-bd'));
        await page.locator(`${POPUP} .announcement-list li`).first().waitFor();
        await page.check('.hide-today input');
        await page.click('.modal__close');
        const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(late);
        assert.equal(await page.evaluate(() => localStorage.getItem('hideAnnounceDate')), day);

        // Later that evening in Dhaka (the same day in Los Angeles): still hidden, on a new visit too.
        await page.clock.setFixedTime(new Date(late.getTime() + 60_000));
        await page.evaluate(() => sessionStorage.clear());
        await page.reload();
        await loaded(page);
        assert.equal(await page.locator(POPUP).count(), 0, 'hidden before the brand\'s midnight');

        // Past the brand's midnight (still the same day in Los Angeles): it opens again.
        await page.clock.setFixedTime(new Date(late.getTime() + 3 * 60_000));
        await page.evaluate(() => sessionStorage.clear());
        await page.reload();
        await page.locator(`${POPUP} .announcement-list li`).first().waitFor();
      },
      { announcements: true, options: { timezoneId: 'America/Los_Angeles' } },
    ));

  test('it opens once a visit: home again, or the page loaded again, does not reopen it', () =>
    withPage(
      async (page) => {
        await page.goto(brandUrl('demo-bd'));
        await page.locator(`${POPUP} .announcement-list li`).first().waitFor();
        await page.click('.modal__close');
        await page.goto(brandUrl('demo-bd', '/noticePage'));
        await page.goto(brandUrl('demo-bd', '/'));
        await loaded(page);
        await page.reload();
        await loaded(page);
        assert.equal(await page.locator(POPUP).count(), 0);
      },
      { announcements: true },
    ));

  test('a return from the payment gateway never opens it', () =>
    withPage(
      async (page, context) => {
        await context.addInitScript(() => window === window.top && localStorage.setItem('lang', 'en'));
        // The gateway's deposit, paid on its page: back on the brand, in the member centre, no popup.
        await page.goto(brandUrl('demo-bd', '/?memberCentre=depositv2'));
        await page.locator('section[data-page="depositv2"]').waitFor();
        await page.getByRole('radio', { name: /bKash/ }).check();
        await page.getByLabel('Amount').fill('500');
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/gateway/pay/'));
        await page.evaluate(() => sessionStorage.clear()); // the gateway's own page: nothing of the brand's
        await page.getByRole('button', { name: /^Pay 500\.00 BDT/ }).click();
        await page.waitForURL((url) => url.hostname === 'demo-bd.localhost');
        await page.locator('[data-returned-deposit]').waitFor({ timeout: 30_000 });
        assert.equal(await page.locator(POPUP).count(), 0);

        // The return address opened in a new tab (no visit before it): no popup either.
        const other = await context.newPage();
        await other.goto(brandUrl('demo-bd', '/?memberCentre=depositv2&deposit=1'));
        await other.locator('section[data-page="depositv2"]').waitFor();
        assert.equal(await other.locator(POPUP).count(), 0);
        await other.close();
      },
      { announcements: true, session: MEMBER },
    ));
});

describe('registration', () => {
  for (const [brand, age] of [['demo-bd', 18], ['demo-vn', 21]]) {
    test(`${brand}'s legal-age box says ${age} and is not ticked; unticked, the form is not sent`, () =>
      withPage(async (page, context) => {
        await context.addInitScript(() => localStorage.setItem('lang', 'en'));
        await page.goto(brandUrl(brand, '/register'));
        const terms = page.locator('form.register input[name="terms"]');
        await terms.waitFor();
        assert.equal(await terms.isChecked(), false);
        assert.equal(await page.locator(`label[for="${await terms.getAttribute('id')}"]`).textContent(), `I am ${age} or older and accept the terms.`);
        await page.fill('form.register input[name="username"]', 'agecheck1');
        await page.fill('form.register input[name="password"]', 'Age-check-1');
        await page.fill('form.register input[name="confirmPassword"]', 'Age-check-1');
        await page.click('.register__submit');
        await page.locator('[data-field-error="terms"]').waitFor();
        assert.equal(await page.locator('.modal[data-modal="register"]').count(), 1);
      }));
  }
});

describe('the game page', () => {
  test('exit goes back to the lobby it came from; deposit opens the deposit page over the game', () =>
    withPage(
      async (page, context) => {
        await context.addInitScript(() => window === window.top && localStorage.setItem('lang', 'en'));
        await page.goto(brandUrl('demo-bd', '/rng'));
        const tab = page.locator('[data-vendor-tab]').nth(1);
        const vendor = await tab.getAttribute('data-vendor-tab');
        await tab.click();
        await page.waitForURL((url) => url.searchParams.get('page') === vendor);
        await page.locator('.game-lobby__list:not([data-fetching]) .game-card').first().waitFor();
        await page.locator('.game-lobby__list .game-card__launch').first().click();
        await page.waitForURL((url) => url.pathname === '/game');
        await page.locator('iframe[data-game-frame]').waitFor();

        await page.click('[data-game-deposit]');
        await page.locator('section[data-page="depositv2"]').waitFor();
        assert.equal(new URL(page.url()).pathname, '/game', 'the game stays behind the deposit page');
        await page.click('.overlay__close');

        await page.click('[data-game-exit]');
        await page.waitForURL((url) => url.pathname === '/rng');
        assert.equal(new URL(page.url()).searchParams.get('page'), vendor, 'the same vendor tab');
        await page.goBack();
        assert.notEqual(new URL(page.url()).pathname, '/game', 'Back does not reopen the game');
      },
      { session: MEMBER, allowErrors: true },
    ));
});

describe('the hotline', () => {
  test('dials on a phone (390 px)', () =>
    withPage(
      async (page, context) => {
        await context.addInitScript(() => localStorage.setItem('lang', 'en'));
        await page.goto(brandUrl('demo-bd'));
        const dial = page.locator('[data-hotline-dial]');
        await dial.waitFor({ state: 'visible' });
        assert.equal(await dial.getAttribute('href'), 'tel:+8809600000000');
        assert.equal(await page.locator('[data-hotline-number]').isVisible(), false);
      },
      { options: { viewport: { width: 390, height: 844 } } },
    ));

  test('shows its number, copyable, on a desktop', () =>
    withPage(
      async (page, context) => {
        await context.addInitScript(() => localStorage.setItem('lang', 'en'));
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.goto(brandUrl('demo-bd'));
        const number = page.locator('[data-hotline-number]');
        await number.waitFor({ state: 'visible' });
        assert.equal(await number.locator('.hotline__number').textContent(), '+8809600000000');
        assert.equal(await page.locator('[data-hotline-dial]').isVisible(), false);
        await number.getByRole('button', { name: 'Copy the number +8809600000000' }).click();
        await number.getByText('Copied').waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '+8809600000000');
      },
      { options: { viewport: { width: 1280, height: 800 } } },
    ));
});

/**
 * The addresses of the brand's own site that its banners, resources and footer link to (its
 * content), and those its home page links to (the frame: navigation, side bar, footer).
 */
async function internalLinks(brand, page) {
  const banners = (await callBrand(brand, '/wps/relay/MCSFE_getListAnnouncements?types=B&lang=en')).value.banners;
  const status = (await callBrand(brand, '/wps/system/status?lang=en')).value;
  const footer = status.footer ?? {};
  // Pages of the site, not its files (images, the app's QR code).
  const pages = (links) => links.filter(
    (link) => typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') && !/^\/(assets|static)\/|\.(png|svg|jpe?g|webp)$/.test(link),
  );
  const content = pages([
    ...banners.map((banner) => banner.linkUrl),
    ...(status.resources ?? []).map((resource) => resource.url),
    ...[...(footer.licences ?? []), footer.responsibility ?? {}].map((item) => item.linkUrl),
  ]);
  await page.goto(brandUrl(brand));
  await page.locator('.notice-bar__title').first().waitFor();
  // The game menus loaded: the navigation shows the brand's own lanes (with their vendors).
  await page.locator('.bottom-nav .nav-dropdown').first().waitFor({ state: 'attached' });
  const onPage = pages(await page.$$eval('a[href^="/"]', (anchors) => anchors.map((anchor) => anchor.getAttribute('href'))));
  // Vendor links differ only in their query: one of each page, besides every content link.
  const byPage = new Map(onPage.map((link) => [new URL(link, 'http://x').pathname, link]));
  return { content: [...new Set(content)], frame: [...byPage.values()].filter((link) => !content.includes(link)) };
}

describe('banners and links of the demo brands', () => {
  for (const brand of BRANDS) {
    test(`${brand}: every banner and link leads to a page of the site, never one still to come; a banner's lobby has games`, (t) =>
      withPage(
        async (page, context) => {
          await context.addInitScript(() => localStorage.setItem('lang', 'en'));
          const { content, frame } = await internalLinks(brand, page);
          assert.ok(content.length >= 3 && frame.length >= 5, `${content.join(' ')} | ${frame.join(' ')}`);
          t.diagnostic(`${brand}: ${content.join(' ')} | ${frame.join(' ')}`);
          const comingSoon = [];
          for (const link of [...content, ...frame]) {
            await page.goto(brandUrl(brand, link));
            await page.locator('main > section.page, .modal').first().waitFor({ state: 'attached', timeout: 10_000 })
              .catch(() => assert.fail(`${link} shows no page`));
            assert.equal(await page.locator('[data-page="not-found"]').count(), 0, `${link} is not found`);
            if (content.includes(link) && (await page.locator('.game-lobby').count())) {
              await page.locator('.game-lobby__list .game-card, .live-rooms [data-room]').first()
                .waitFor({ timeout: 10_000 })
                .catch(() => assert.fail(`${link} opens a lobby without games`));
            }
            if (await page.locator('main > section.page > p').filter({ hasText: /coming soon/i }).count()) comingSoon.push(link);
          }
          assert.deepEqual(comingSoon, [], `${brand}: links to pages still to come`);
        },
        { allowErrors: true },
      ));
  }
});
