// Login, the logged-in panel and logout (SPEC §2, §4) through the modals, on the real server.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brandUrl, createMember, browserForFile } from './browser.mjs';

const PASSWORD = 'Login-e2e-9';

const { withPage } = browserForFile();

/** An address of its own for a page: demo accounts are limited per address and hour, and after a failed login
 * the server asks that address for a captcha (the other browser tests log in from 127.0.0.1 without one). */
const freshAddress = () => ({
  extraHTTPHeaders: { 'X-Forwarded-For': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9` },
});
const FRESH_ADDRESS = { options: freshAddress() };

const uniqueName = (prefix) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function fillLogin(page, username, password) {
  await page.waitForSelector('.modal[data-modal="login"]');
  await page.fill('.login input[name="username"]', username);
  await page.fill('.login input[name="password"]', password);
  await page.click('.login__submit');
}

describe('login and logout', () => {
  test('a member logs in through the modal, opens the personal centre and logs out', () => {
    const username = uniqueName('e2elogin');
    createMember('demo-bd', username, { password: PASSWORD, nickname: `Nick ${username}` });
    return withPage(async (page) => {
      await page.goto(brandUrl('demo-bd'));
      await page.click('.header__login');
      await fillLogin(page, username, PASSWORD);
      await page.waitForSelector('.account-area');
      // A first login's action: the deposit dialog.
      await page.click('.deposit-dialog__later');
      assert.equal(await page.textContent('.account-area__username'), `Nick ${username}`);
      assert.equal(await page.textContent('.account-area__vip'), 'VIP0');
      assert.equal(await page.$('.modal[data-modal="login"]'), null);
      const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('session')));
      assert.deepEqual([stored.username, stored.isAgent], [username, 4]);

      await page.click('.header__member-centre');
      await page.waitForSelector('[data-page="securityCenter"]');
      await page.click('.overlay__close');

      await page.click('.header__logout');
      await page.waitForSelector('.modal[data-modal="logout"]');
      await page.click('.logout__confirm');
      await page.waitForSelector('.header__login');
      assert.equal(await page.$('.account-area'), null);
      assert.equal(await page.evaluate(() => localStorage.getItem('session')), null);
      assert.equal(new URL(page.url()).pathname, '/');
    });
  });

  test('/login opens the modal over home; a wrong password shows the server message', () => {
    const username = uniqueName('e2ewrong');
    createMember('demo-bd', username, { password: PASSWORD });
    return withPage(
      async (page) => {
        await page.goto(brandUrl('demo-bd', '/login'));
        await page.waitForSelector('main h1');
        await page.click('.login__submit');
        assert.equal(await page.$$eval('.login [data-field-error]', (nodes) => nodes.length), 2);
        await fillLogin(page, username, 'not-the-password');
        const message = await page.waitForSelector('.login [data-field-error="form"]');
        assert.ok((await message.textContent()).trim().length > 0);
        assert.equal(await page.$('.account-area'), null);
      },
      { expectedErrors: [`401 ${brandUrl('demo-bd', '/wps/session/login')}`], options: freshAddress() },
    );
  });

  test('free play on demo-ph logs in as a guest', () =>
    withPage(async (page) => {
      await page.goto(brandUrl('demo-ph'));
      await page.click('.header__login');
      await page.click('.login__free-play');
      await page.waitForSelector('.account-area');
      const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('session')));
      assert.equal(stored.isAgent, 0);
      assert.equal(await page.textContent('.account-area__vip'), 'VIP0');
    }, FRESH_ADDRESS));

  test('demo-bd, without the free-play flag, has no free-play button', () =>
    withPage(async (page) => {
      await page.goto(brandUrl('demo-bd'));
      await page.click('.header__login');
      await page.waitForSelector('.modal[data-modal="login"]');
      assert.equal(await page.$('.login__free-play'), null);
    }));
});
