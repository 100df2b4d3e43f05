// Languages: only the shown language's catalogue is downloaded; switching re-renders every visible text
// at once (the shell's and the remotes'), is saved (lang, hisLang), and is sent to the server for a
// logged-in member; ?lang= opens a page in its language; a brand's own texts are laid on top.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { MEMBER, brandUrl, browserForFile } from './browser.mjs';

const { withPage } = browserForFile();
const LOCALE = new URL('../../platform/tessera/locale/', import.meta.url);

/** A language's catalogue as the files hold it, by namespace. */
function catalogue(language) {
  const folder = new URL(`${language}/`, LOCALE);
  return Object.fromEntries(
    readdirSync(folder).map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(name, folder), 'utf8'))]),
  );
}

/** The texts every visitor sees in the frame, as the page shows them now. */
function frameTexts(page) {
  return page.evaluate(() => ({
    heading: document.querySelector('main h1')?.textContent,
    login: document.querySelector('.header__actions button')?.textContent?.trim(),
    download: document.querySelector('[data-box="download"]')?.textContent?.trim(),
    lang: document.documentElement.lang,
  }));
}

/** The catalogue addresses the page asked for, by language. */
function catalogueRequests(page) {
  const asked = [];
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/locales\/(.+)\.json$/);
    if (match) asked.push(match[1]);
  });
  return asked;
}

/** The picker opens on hover for a mouse; each language is a button. */
async function chooseLanguage(page, code) {
  await page.hover('.language-picker__current');
  await page.click(`.language-picker [data-lang="${code}"]`);
}

describe('languages', () => {
  test('a page downloads only its language, and a switch re-renders every text at once', () =>
    withPage(async (page) => {
      const asked = catalogueRequests(page);
      await page.goto(brandUrl('demo-bd'));
      await page.waitForSelector('main h1');
      const bn = catalogue('bn');
      assert.deepEqual(await frameTexts(page), { heading: bn.translation.page.home, login: bn.frame.header.login, download: bn.frame.box.download, lang: 'bn' });
      assert.deepEqual([...new Set(asked)], ['bn']);

      await chooseLanguage(page, 'th');
      const th = catalogue('th');
      await page.waitForFunction((home) => document.querySelector('main h1')?.textContent === home, th.translation.page.home);
      assert.deepEqual(await frameTexts(page), { heading: th.translation.page.home, login: th.frame.header.login, download: th.frame.box.download, lang: 'th' });
      assert.deepEqual([...new Set(asked)], ['bn', 'th']);
      const nav = await page.textContent('nav');
      assert.ok(nav.includes(th.frame.nav.home), 'the navigation is in Thai');
      assert.ok(!nav.includes(bn.frame.nav.home), 'no Bengali left in the navigation');
      const stored = await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]);
      assert.deepEqual(stored, ['th', 'bn']);
    }));

  test('?lang= opens the page in that language and keeps it', () =>
    withPage(async (page) => {
      await page.goto(brandUrl('demo-vn', '/?lang=ja'));
      const ja = catalogue('ja');
      await page.waitForFunction((home) => document.querySelector('main h1')?.textContent === home, ja.translation.page.home);
      assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'ja');
      await page.goto(brandUrl('demo-vn', '/'));
      await page.waitForFunction((home) => document.querySelector('main h1')?.textContent === home, ja.translation.page.home);
    }));

  test('every offered language is in the picker by its own name', () =>
    withPage(async (page) => {
      await page.goto(brandUrl('demo-ph'));
      await page.waitForSelector('main h1');
      await page.hover('.language-picker__current');
      const offered = await page.$$eval('.language-picker [data-lang]', (buttons) => buttons.map((b) => [b.dataset.lang, b.textContent]));
      assert.equal(offered.length, 15);
      assert.deepEqual(Object.fromEntries(offered).my, 'မြန်မာ');
      assert.deepEqual(Object.fromEntries(offered)['zh-Hant'], '繁體中文');
    }));

  test("a brand's own texts are laid over the product's", () =>
    withPage(async (page) => {
      await page.goto(brandUrl('demo-ph', '/?lang=en'));
      await page.waitForSelector('main h1');
      assert.equal((await frameTexts(page)).download, 'Get the app');
      await page.goto(brandUrl('demo-bd', '/?lang=en'));
      await page.waitForSelector('main h1');
      assert.equal((await frameTexts(page)).download, catalogue('en').frame.box.download);
    }));

  test("a logged-in member's switch reaches the member centre and the server", () =>
    withPage(
      async (page) => {
        await page.goto(brandUrl('demo-bd', '/?lang=en'));
        await page.waitForSelector('.header__member-centre');
        const update = page.waitForRequest((request) => request.url().endsWith('/wps/member/info/language') && request.method() === 'PUT');
        await chooseLanguage(page, 'ko');
        assert.deepEqual(JSON.parse((await update).postData()), { language: 'ko' });
        const ko = catalogue('ko');
        await page.click('.header__member-centre');
        await page.waitForFunction(
          (title) => document.querySelector('section.my-account')?.textContent.includes(title),
          ko.memberCentre.nickname,
        );
      },
      { session: MEMBER },
    ));
});
