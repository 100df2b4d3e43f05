import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AGENT, BASE_URL, MEMBER, brandUrl, changeBootstrap, browserForFile, expectNoOverflow } from './browser.mjs';


const { withPage } = browserForFile();

async function rootState(page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    theme: document.documentElement.dataset.theme,
    heading: document.querySelector('main h1')?.textContent,
    logo: document.querySelector('.header__logo img')?.getAttribute('alt'),
  }));
}

/** The picker opens on hover; each language is a button. */
async function chooseLanguage(page, code) {
  await page.hover('.language-picker__current');
  await page.click(`.language-picker [data-lang="${code}"]`);
}

async function openHome(page, brand, path = '/') {
  await page.goto(brandUrl(brand, path));
  await page.waitForSelector('main h1');
}

describe('brands', () => {
  test('demo-bd home renders in Bengali with the light theme', () =>
    withPage(async (page) => {
      await openHome(page, 'demo-bd');
      assert.deepEqual(await rootState(page), {
        lang: 'bn',
        theme: 'light',
        heading: 'হোম',
        logo: 'Tessera Demo BD',
      });
      await expectNoOverflow(page, 'demo-bd home');
    }));

  test('demo-ph home renders in English with the dark theme', () =>
    withPage(async (page) => {
      await openHome(page, 'demo-ph');
      const state = await rootState(page);
      assert.equal(state.lang, 'en');
      assert.equal(state.theme, 'dark');
      assert.equal(state.heading, 'Home');
      await expectNoOverflow(page, 'demo-ph home');
    }));
});

describe('preferences', () => {
  test('theme and language switches persist across reloads', () =>
    withPage(async (page) => {
      await openHome(page, 'demo-bd');
      await page.click('.theme-toggle');
      await chooseLanguage(page, 'en');
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Home');
      await page.reload();
      await page.waitForSelector('main h1');
      const state = await rootState(page);
      assert.equal(state.theme, 'dark');
      assert.equal(state.lang, 'en');
      assert.equal(state.heading, 'Home');
      const stored = await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('lang'), localStorage.getItem('hisLang')]);
      assert.deepEqual(stored, ['dark', 'en', 'bn']);
    }));
});

describe('system status views', () => {
  test('status 1 shows the maintenance view with its end time', () =>
    withPage(async (page) => {
      await changeBootstrap(page, (bootstrap) => {
        Object.assign(bootstrap.initial.status, { status: 1, maintenance: { endTime: '2030-01-01T00:00:00Z', info: null } });
      });
      await page.goto(brandUrl('demo-ph'));
      await page.waitForSelector('[data-view="maintenance"]');
      assert.equal(await page.textContent('[data-view="maintenance"] h1'), 'Under maintenance');
      assert.match(await page.textContent('.maintenance__end'), /^Expected end: /);
      assert.equal(await page.$('.header'), null);
    }));

  test('status 2 shows the region-blocked view with the caller IP in Bengali', () =>
    withPage(async (page) => {
      await changeBootstrap(page, (bootstrap) => {
        Object.assign(bootstrap.initial.status, { status: 2, location: { ip: '203.0.113.9', region: 'XX' } });
      });
      await page.goto(brandUrl('demo-bd'));
      await page.waitForSelector('[data-view="region-blocked"]');
      assert.equal(await page.textContent('[data-view="region-blocked"] h1'), 'প্রবেশ সীমিত');
      assert.match(await page.textContent('[data-view="region-blocked"]'), /203\.0\.113\.9/);
    }));
});

describe('routes', () => {
  const ALIASES = ['/', '/index', '/index.html', '/home', '/login', '/forget'];
  for (const path of ALIASES) {
    test(`${path} shows the home page`, () =>
      withPage(async (page) => {
        await openHome(page, 'demo-ph', path);
        assert.equal(await page.getAttribute('main section', 'data-page'), 'home');
      }));
  }

  // ABC is no agent's code on demo-ph: the check answers 400 and the affiliate field is shown.
  const REGISTER = {
    '/register?referralCode=ABC': [`400 ${brandUrl('demo-ph', '/wps/agent/affiliate')}?code=ABC&domain=demo-ph.localhost%3A${BASE_URL.port}`],
    '/register.html': [],
  };
  for (const [path, expectedErrors] of Object.entries(REGISTER)) {
    test(`${path} shows the home page with the register modal`, () =>
      withPage(async (page) => {
        // The refused affiliate check is among the expected errors: wait for its answer, not only the modal.
        const affiliate = expectedErrors.length ? page.waitForResponse((r) => r.url().includes('/wps/agent/affiliate')) : null;
        await openHome(page, 'demo-ph', path);
        assert.equal(await page.getAttribute('main section', 'data-page'), 'home');
        await page.waitForSelector('[data-modal="register"]');
        await affiliate;
      }, { expectedErrors }));
  }

  const SECTIONS = {
    '/noticePage': 'noticePage',
    '/vip': 'vip',
    '/pointMall': 'pointMall',
    '/agent': 'agent',
    '/service': 'service',
    '/lottery': 'lottery',
    // A game's code opens its betting view (SPEC §2's query: gameCode, vendor, playType).
    '/lottery?gameCode=ELOTT1M&vendor=V&playType=P': 'lottery-betting',
    '/vnlottery': 'vnlottery',
    '/hot': 'hot',
    '/live': 'live',
    '/promotions': 'promotions',
    '/promoDetail': 'promoDetail',
    '/seamless': 'seamless',
    '/fbsports': 'fbsports',
    '/help#term': 'help',
    '/helpmc': 'helpmc',
    '/down': 'down',
    '/join': 'join',
    '/game': 'game',
  };
  for (const [path, pageKey] of Object.entries(SECTIONS)) {
    test(`${path} shows ${pageKey}`, () =>
      withPage(async (page) => {
        await openHome(page, 'demo-ph', path);
        assert.equal(await page.getAttribute('main section', 'data-page'), pageKey);
      }));
  }

  const CATEGORIES = { sports: 'games', esports: 'games', elott: 'games', cockfight: 'games', rng: 'egames', fish: 'egames', pvp: 'egames' };
  for (const [category, kind] of Object.entries(CATEGORIES)) {
    test(`/${category} is the ${kind} page of ${category.toUpperCase()}`, () =>
      withPage(async (page) => {
        await openHome(page, 'demo-ph', `/${category}`);
        const section = page.locator('main section');
        assert.equal(await section.getAttribute('data-category'), category.toUpperCase());
        assert.equal(await section.getAttribute('data-kind'), kind);
      }));
  }

  test('an unknown path shows the not-found page', () =>
    withPage(
      async (page) => {
        await openHome(page, 'demo-ph', '/no-such-page');
        assert.equal(await page.getAttribute('main section', 'data-page'), 'not-found');
      },
      { expectedErrors: [`404 ${brandUrl('demo-ph', '/no-such-page')}`] },
    ));
});

describe('micro-frontends', () => {
  test('the member centre loads its remote and opens on securityCenter', () =>
    withPage(
      async (page) => {
        await openHome(page, 'demo-bd');
        const remoteEntry = page.waitForResponse((response) => response.url().includes('/static/member-centre/remoteEntry.js'));
        await page.click('.header__member-centre');
        assert.equal((await remoteEntry).status(), 200);
        await page.waitForSelector('[data-page="securityCenter"]');
        const menu = await page.$$eval('.centre__menu button', (buttons) => buttons.map((button) => button.dataset.page));
        // The pages built so far, in the order of SPEC §2; the rest are not offered until they are built.
        assert.deepEqual(menu, [
          'securityCenter', 'transferFund', 'depositv2', 'withdraw', 'transferUpline', 'personalHistoryCopy',
          'transactionHistory', 'personalProfit', 'bonusDetails',
        ]);
        await page.click('.centre__menu button[data-page="withdraw"]');
        await page.waitForSelector('section[data-page="withdraw"]');
        await page.click('.overlay__close');
        assert.equal(await page.$('.overlay'), null);
      },
      { session: MEMBER },
    ));

  test('a visitor sees neither centre in the header', () =>
    withPage(async (page) => {
      await openHome(page, 'demo-bd');
      assert.equal(await page.$('.header__member-centre'), null);
      assert.equal(await page.$('.header__agent-centre'), null);
      assert.ok(await page.$('.header__login'));
    }));

  test('a remote that fails to load shows Retry and the shell keeps working', () =>
    withPage(
      async (page) => {
        await page.route('**/static/member-centre/remoteEntry.js*', (route) => route.abort());
        await openHome(page, 'demo-ph');
        await page.click('.header__member-centre');
        await page.waitForSelector('.load-failed button');
        await page.click('.overlay__close');
        await chooseLanguage(page, 'bn');
        await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'হোম');
      },
      { allowErrors: true, session: AGENT },
    ));

  test('Retry loads a remote that failed before', () =>
    withPage(
      async (page) => {
        await page.route('**/static/member-centre/remoteEntry.js*', (route) => route.abort());
        await openHome(page, 'demo-bd');
        await page.click('.header__member-centre');
        await page.waitForSelector('.load-failed button');
        await page.unroute('**/static/member-centre/remoteEntry.js*');
        await page.click('.load-failed button');
        await page.waitForSelector('[data-page="securityCenter"]');
      },
      { allowErrors: true, session: MEMBER },
    ));
});

describe('route guard', () => {
  // The demo brands leave LOGINEDTOHOMEPAGE off: the page's status gets the flag turned on.
  const loginFirst = (page) =>
    changeBootstrap(page, (bootstrap) => {
      bootstrap.initial.status.whitelabel.LOGINEDTOHOMEPAGE = true;
    });

  test('a visitor is sent to /login, and may still reach /helpmc', () =>
    withPage(async (page) => {
      await loginFirst(page);
      await page.goto(brandUrl('demo-ph', '/promotions'));
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goto(brandUrl('demo-ph', '/helpmc'));
      await page.waitForSelector('section[data-page="helpmc"]');
      assert.equal(new URL(page.url()).pathname, '/helpmc');
    }));

  test('a member with a session goes where they asked', () =>
    withPage(
      async (page) => {
        await loginFirst(page);
        await page.goto(brandUrl('demo-ph', '/promotions'));
        await page.waitForSelector('main section[data-page="promotions"]');
      },
      { session: MEMBER },
    ));
});
