// Phones first: the main flows at 390 px (register, deposit, play a slot, withdraw, every member
// centre page, every dialog the frame opens), the main pages at 360, 390, 768, 1100 and
// 1280 px logged out and logged in (widths.test.mjs), and at every step nothing reaches past the viewport
// (browser.mjs's expectNoOverflow). On a phone the header keeps the logo, the member's balance and
// a menu; the centres fill the screen with a back control; tables scroll inside themselves.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  VIEWPORTS,
  brandUrl,
  browserForFile,
  callBrand,
  createOperatorKey,
  expectNoOverflow,
} from './browser.mjs';

const { withPage } = browserForFile();
const BRAND = 'demo-bd';
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PASSWORD = 'e2e-Passw0rd'; // browser.mjs makes its members with this password
const PAYMENT_PASSWORD = 'Pay-e2e-2468';
const PHONE = { options: { viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true } };

const english = (context) => context.addInitScript(() => window === window.top && localStorage.setItem('lang', 'en'));

async function openHome(page, path = '/') {
  await page.goto(brandUrl(BRAND, path));
  await page.locator('main h1, main section').first().waitFor();
}

/** Open the compact header's menu (shortcuts, personal centre, language, theme). */
async function openHeaderMenu(page) {
  await page.locator('.header-menu__toggle[aria-expanded="false"]').click();
  await page.locator('.header-menu__panel').waitFor();
}

/** Controls a thumb presses on a phone: at least 44 px high and 32 px wide, every one shown of SELECTORS. */
async function expectTouchTargets(page, selectors) {
  const small = await page.locator(selectors.join(', ')).evaluateAll((controls) =>
    controls
      .filter((control) => control.checkVisibility())
      .map((control) => [control.className, control.getBoundingClientRect()])
      .filter(([, box]) => box.height < 44 || box.width < 32)
      .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
  assert.deepEqual(small, [], 'touch targets under 44 px');
}

const HEADER_CONTROLS = ['.header-menu__toggle', '.header__login', '.header__register', '.account-menu__toggle', '.account-balance__refresh', '.account-balance__toggle'];

/** The header fits one row on a phone: the logo, the member's essentials and the menu button. */
async function expectCompactHeader(page) {
  const box = await page.locator('.header').boundingBox();
  assert.ok(box.height <= 72, `the header is ${box.height} px high`);
  assert.equal(await page.locator('.header-boxes').isVisible(), false, 'the shortcuts wait in the menu');
  await expectTouchTargets(page, HEADER_CONTROLS);
}

describe('a visitor on a 390 px phone', () => {
  test('registers through the header and the deposit dialog opens the deposit page full-screen', () =>
    withPage(async (page, context) => {
      await english(context);
      await openHome(page);
      await expectCompactHeader(page);
      await expectNoOverflow(page, 'home');
      await openHeaderMenu(page);
      await expectNoOverflow(page, 'header menu');
      await page.keyboard.press('Escape');
      await page.locator('.header-menu__panel').waitFor({ state: 'hidden' });

      await page.locator('.header__register').click();
      await page.locator('.modal[data-modal="register"] form.register').waitFor();
      await expectNoOverflow(page, 'register dialog');
      await expectTouchTargets(page, ['.modal__close']);
      const username = `ph${RUN}`.slice(0, 16);
      await page.fill('form.register input[name="username"]', username);
      await page.fill('form.register input[name="password"]', 'Phone1234pass');
      await page.fill('form.register input[name="confirmPassword"]', 'Phone1234pass');
      await page.fill('form.register input[name="email"]', `${username}@example.com`);
      await page.check('form.register input[name="terms"]');
      await page.locator('.register__submit').click();
      await page.locator('.modal[data-modal="deposit"]').waitFor();
      await expectNoOverflow(page, 'deposit dialog');
      await expectCompactHeader(page);

      await page.locator('.deposit-dialog__now').click();
      await page.locator('section[data-page="depositv2"]').waitFor();
      await expectFullScreenCentre(page);
      await expectNoOverflow(page, 'deposit page');
      // Back goes to the centre's menu, then to the site.
      await page.getByRole('button', { name: 'Back to the menu' }).click();
      await page.locator('.centre__menu [data-page="depositv2"]').waitFor();
      assert.equal(await page.locator('.centre__content').isVisible(), false, 'the menu alone');
      await expectNoOverflow(page, 'centre menu');
      await page.getByRole('button', { name: 'Back to the site' }).click();
      await page.locator('.overlay').waitFor({ state: 'detached' });
    }, PHONE));

  test('every dialog a visitor opens from the frame fits: announcements, log in, forgot password, feedback, help', () =>
    withPage(async (page, context) => {
      await english(context);
      await openHome(page);
      await page.locator('.modal[data-modal="announcements"]').waitFor();
      await expectNoOverflow(page, 'announcements');
      await page.locator('.modal[data-modal="announcements"] .modal__close').click();

      await page.locator('.header__login').click();
      await page.locator('.modal[data-modal="login"]').waitFor();
      await expectNoOverflow(page, 'login dialog');
      await page.locator('.login__forgot').click();
      await page.locator('.modal[data-modal="forgotPassword"]').waitFor();
      await expectNoOverflow(page, 'forgot password dialog');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.locator('.modal').waitFor({ state: 'detached' });

      await page.locator('.side-bar__item[data-side="feedback"]').click();
      await page.locator('form.feedback').waitFor();
      await expectNoOverflow(page, 'feedback dialog');
      await page.keyboard.press('Escape');

      await page.locator('.footer-help a').first().click();
      await page.locator('.modal[data-modal="help"]').waitFor();
      await expectNoOverflow(page, 'help dialog');
    }, { ...PHONE, announcements: true }));
});

/** The centre takes the whole viewport and shows one page (its menu hidden) with a back control. */
async function expectFullScreenCentre(page) {
  const panel = await page.locator('.overlay__panel').boundingBox();
  const viewport = page.viewportSize();
  assert.deepEqual([panel.x, panel.y, panel.width, panel.height], [0, 0, viewport.width, viewport.height]);
  assert.equal(await page.locator('.centre__menu').isVisible(), false, 'one page at a time');
  await page.locator('.overlay__back[data-back-to="menu"]').waitFor();
  await expectTouchTargets(page, ['.overlay__back', '.overlay__close']);
}

/** From the centre's menu on a phone, open PAGE and wait for it. */
async function openFromCentreMenu(page, key) {
  await page.locator(`.centre__menu [data-page="${key}"]`).click();
  await page.locator('.centre__content').waitFor();
  await page.locator(`.centre__content section[data-page="${key}"], .centre__content :is(p, section)`).first().waitFor();
}

/** A seamless slot vendor of the brand's RNG lane and one of its cheap slots, as the lobby shows them. */
async function pickSlot() {
  const relay = async (operation, body) => (await callBrand(BRAND, `/wps/relay/${operation}`, { method: 'POST', body: JSON.stringify(body), type: 'application/json' })).value;
  const { vendors } = await relay('GCSGAME_newGameVendor', { gameType: 'RNG', platform: 'html5-desktop', pageSize: 30 });
  const vendor = vendors.find((v) => v.category === 'RNG' && v.walletMode === 'seamless' && v.gameCount > 0);
  const { games } = await relay('GCSGAME_gameList', { gameType: 'RNG', vassalage: vendor.vassalage, gameClassify: 'SC', pageNo: 1, pageSize: 24 });
  return { vendor, game: games.find((g) => Number(g.minBet) * g.lines <= 5) };
}

describe('a member on a 390 px phone', () => {
  test('deposits, plays a slot, finds it in the betting record (scrolling inside itself), withdraws, and visits every centre page', async () => {
    const member = { isAgent: 4, username: `e2e-phone-${RUN}` };
    const operatorKey = createOperatorKey(BRAND, `e2e-phone-${RUN}`);
    const operator = async (method, path, body) => {
      const answer = await callBrand(BRAND, path, { method, token: operatorKey, ...(body ? { body: JSON.stringify(body), type: 'application/json' } : {}) });
      assert.equal(answer.success, true, `${method} ${path}: ${answer.code}`);
      return answer.value;
    };
    await withPage(async (page, context) => {
      await english(context);
      // A bank transfer, approved by the operator.
      await page.goto(brandUrl(BRAND, '/?memberCentre=depositv2'));
      await page.locator('section[data-page="depositv2"]').waitFor();
      await expectFullScreenCentre(page);
      await page.getByRole('radio', { name: /Dutch-Bangla Bank/ }).check();
      await page.getByLabel('Amount').fill('1000');
      await page.getByLabel('Transfer reference').fill(`DBBL-${RUN}`);
      await expectNoOverflow(page, 'deposit form');
      await page.getByRole('button', { name: 'Submit deposit' }).click();
      await page.getByText('has been submitted and is waiting for review').waitFor();
      await expectNoOverflow(page, 'deposit submitted');
      const { list } = await operator('GET', '/ops/deposits?status=pending');
      const deposit = list.find((entry) => entry.username === member.username);
      await operator('POST', `/ops/deposits/${deposit.id}/approve`, { remark: 'seen on the statement' });
      await page.getByRole('button', { name: 'Back to the menu' }).click();
      await page.getByRole('button', { name: 'Back to the site' }).click();
      await page.getByRole('button', { name: 'Refresh balance' }).click();
      await page.locator('.account-balance__amount').filter({ hasText: '৳1,000.00' }).waitFor();
      await expectCompactHeader(page);

      // A slot of a seamless vendor from the lobby, on the game page.
      const { vendor, game } = await pickSlot();
      await page.goto(brandUrl(BRAND, '/rng'));
      await page.locator('.game-lobby__list .game-card').first().waitFor();
      await expectNoOverflow(page, 'slots lobby');
      await page.locator(`[data-vendor-tab="${vendor.vassalage}"]`).click();
      await page.locator('[data-filter="search"]').fill(game.displayName);
      await page.locator('[data-filter="search"]').press('Enter');
      const card = page.locator(`.game-lobby__list [data-game="${game.gameCode}"]`);
      await expectNoOverflow(page, 'slots lobby, one vendor');
      await card.locator('.game-card__launch').click();
      await page.waitForURL((url) => url.pathname === '/game');
      const frame = page.frameLocator('iframe[data-game-frame]');
      await frame.locator('[data-action="spin"]').waitFor();
      await expectNoOverflow(page, 'game page');
      const frameBox = await page.locator('iframe[data-game-frame]').boundingBox();
      assert.ok(frameBox.width <= VIEWPORTS.phone.width, `the game frame is ${frameBox.width} px wide`);
      await frame.locator('[data-action="spin"]').click();
      await frame.locator('[data-action="spin"]:not([disabled])').waitFor();

      // The betting record: the round's row, the table scrolling inside its own box.
      await page.goto(brandUrl(BRAND, '/?memberCentre=personalHistoryCopy'));
      const row = page.locator('section[data-page="personalHistoryCopy"] tr[data-bet]').first();
      await row.waitFor({ timeout: 15_000 });
      await expectNoOverflow(page, 'betting record');
      const scroller = page.locator('section[data-page="personalHistoryCopy"] .wallet-records__table');
      const { scrollWidth, clientWidth } = await scroller.evaluate((box) => ({ scrollWidth: box.scrollWidth, clientWidth: box.clientWidth }));
      assert.ok(scrollWidth > clientWidth, `the table (${scrollWidth} px) scrolls inside its ${clientWidth} px box`);
      const lastColumn = row.locator('[data-amount="winLoss"]');
      assert.ok((await lastColumn.boundingBox()).x >= VIEWPORTS.phone.width, 'the last column starts out of view');
      await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
      const scrolled = await lastColumn.boundingBox();
      assert.ok(scrolled.x + scrolled.width <= VIEWPORTS.phone.width, 'the last column is reached by scrolling the table');
      await expectNoOverflow(page, 'betting record scrolled');

      // A withdrawal: a bank account, the payment password, the request.
      await page.getByRole('button', { name: 'Back to the menu' }).click();
      await openFromCentreMenu(page, 'withdraw');
      const addAccount = page.locator('.bank-account-form');
      await addAccount.getByLabel('Bank').fill('Dutch-Bangla Bank');
      await addAccount.getByLabel('Account name').fill('E2E Phone');
      await addAccount.getByLabel('Account number').fill('1234567890');
      await addAccount.getByRole('button', { name: 'Save bank account' }).click();
      await page.locator('.payments__account-number').filter({ hasText: '****7890' }).waitFor();
      const setPassword = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Set a payment password' }) });
      await setPassword.getByLabel('Login password').fill(PASSWORD);
      await setPassword.locator('input[name="paymentPassword"]').fill(PAYMENT_PASSWORD);
      await setPassword.locator('input[name="confirmPaymentPassword"]').fill(PAYMENT_PASSWORD);
      await setPassword.getByRole('button', { name: 'Set payment password' }).click();
      await setPassword.waitFor({ state: 'detached' });
      const withdrawal = page.locator('.withdrawal-form');
      await withdrawal.getByLabel('Bank account').selectOption({ label: 'Dutch-Bangla Bank ****7890 (E2E Phone)' });
      await withdrawal.getByLabel('Amount').fill('600');
      await withdrawal.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
      await expectNoOverflow(page, 'withdrawal form');
      await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
      await page.getByText('has been requested').waitFor();
      await expectNoOverflow(page, 'withdrawal requested');

      // Every page of the centre, each from its menu and back.
      await page.getByRole('button', { name: 'Back to the menu' }).click();
      const keys = await page.locator('.centre__menu [data-page]').evaluateAll((buttons) => buttons.map((button) => button.dataset.page));
      assert.equal(keys.length, 9, keys.join(', ')); // the pages built so far
      for (const key of keys) {
        await openFromCentreMenu(page, key);
        await expectNoOverflow(page, `member centre: ${key}`);
        await page.getByRole('button', { name: 'Back to the menu' }).click();
        await page.locator('.centre__menu').waitFor();
      }
      await expectNoOverflow(page, 'member centre menu');
      await expectTouchTargets(page, ['.centre__menu button', '.overlay__back', '.overlay__close']);
      await page.getByRole('button', { name: 'Back to the site' }).click();

      // The account menu and its dialogs: help centre, log out.
      await page.locator('.account-menu__toggle').click();
      await expectNoOverflow(page, 'account menu');
      await page.locator('.account-menu__item[data-menu="help"]').click();
      await page.locator('.modal[data-modal="help"]').waitFor();
      await expectNoOverflow(page, 'help centre');
      await page.keyboard.press('Escape');
      await page.locator('.account-menu__toggle').click();
      await page.locator('.account-menu__item[data-menu="logout"]').click();
      await page.locator('.modal[data-modal="logout"]').waitFor();
      await expectNoOverflow(page, 'logout confirm');
    }, { ...PHONE, session: member });
  });
});
