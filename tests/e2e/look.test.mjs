// A brand looks like itself from the first paint: demo-vn's home page in Vietnamese, in its own red
// and gold (tenant.toml's [colours]), readable in both themes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { accessibilityViolations, brandUrl, launchBrowser, withPage } from './browser.mjs';

// The scripts of the shell's first load, which every page preloads (build/shell/first-load.json).
const BUILD = process.env.TESSERA_STATIC_DIR ?? new URL('../../build', import.meta.url).pathname;
const FIRST_LOAD = JSON.parse(readFileSync(`${BUILD}/shell/first-load.json`, 'utf8'));

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const background = (page, selector) => page.$eval(selector, (node) => getComputedStyle(node).backgroundColor);

test("demo-vn's page carries its colours before any script runs", () =>
  withPage(
    browser,
    async (page) => {
      await page.goto(brandUrl('demo-vn'));
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'vi');
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim());
      assert.equal(primary, '#b4161b');
    },
    // With scripts off, Chromium refuses the first load's scripts the page preloads (reporting them as 'csp'): nothing else may fail.
    { options: { javaScriptEnabled: false }, allowedErrors: FIRST_LOAD.scripts.map((name) => `csp ${brandUrl('demo-vn', `/static/shell/${name}`)}`) },
  ));

test("demo-vn's home page is in Vietnamese, in the brand's red", () =>
  withPage(browser, async (page) => {
    await page.goto(brandUrl('demo-vn'));
    await page.waitForSelector('main h1');
    assert.equal((await page.textContent('.bottom-nav [data-nav="home"]')).trim(), 'Trang chủ');
    assert.equal(await background(page, '.bottom-nav'), 'rgb(180, 22, 27)');
    assert.equal(await page.$eval('.header', (node) => getComputedStyle(node).color), 'rgb(35, 26, 20)');
    assert.match(await page.$eval('body', (node) => getComputedStyle(node).fontFamily), /^"Be Vietnam Pro", system-ui/);
  }));

for (const theme of ['light', 'dark']) {
  test(`demo-vn's home page keeps its text readable in the ${theme} theme`, () =>
    withPage(browser, async (page) => {
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await page.goto(brandUrl('demo-vn'));
      await page.waitForSelector('main h1');
      await page.waitForLoadState('networkidle');
      const nav = { light: 'rgb(180, 22, 27)', dark: 'rgb(255, 138, 128)' }[theme];
      assert.equal(await background(page, '.bottom-nav'), nav);
      assert.deepEqual(await accessibilityViolations(page), []);
    }));
}
