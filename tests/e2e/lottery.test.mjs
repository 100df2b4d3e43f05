// The lottery in Chromium on the real server (written against the lottery's calls; it runs once the
// draws and bets backends are in): a member of demo-vn with money opens /lottery, bets on the open
// fast draw, then on a northern draw on /vnlottery, and finds both bets in my bets; on a phone and
// on a desktop, with nothing wider than the screen and no serious accessibility finding.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accessibilityViolations, brandUrl, callBrand, createOperatorKey, expectNoOverflow, launchBrowser, openPage, VIEWPORTS,
} from './browser.mjs';

const BRAND = 'demo-vn';
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const FUNDS = '2000000'; // dong: a lô point on the northern draw costs about 27,000
let browser;
let operatorKey;

before(async () => {
  browser = await launchBrowser();
  operatorKey = createOperatorKey(BRAND, `e2e-lottery-${RUN}`);
});

after(async () => {
  await browser?.close();
});

/** FUNDS into the member's wallet (an operator bonus). */
async function fund(member) {
  const bonus = await callBrand(BRAND, '/ops/bonuses', {
    method: 'POST',
    token: operatorKey,
    type: 'application/json',
    body: JSON.stringify({ username: member.username, amount: FUNDS, title: 'e2e lottery', requestId: `lottery${member.username}` }),
  });
  assert.equal(bonus.success, true, bonus.code);
}

/** The countdown's seconds left ("01:02" → 62; "1:00:05" → 3605). */
function secondsOf(text) {
  return text.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
}

/** Wait until the betting view's draw has at least 8 s left (a fast draw may be about to lock). */
async function openDrawWithTime(page) {
  for (;;) {
    const clock = page.locator('.lottery-betting__draw [data-draw-state="open"] [data-countdown]');
    await clock.waitFor({ timeout: 120_000 });
    if (secondsOf(await clock.textContent()) >= 8) return;
    await page.waitForTimeout(1_000);
  }
}

/** On a phone the slip is a bottom sheet: open it from its bar. */
async function openSlip(page) {
  const bar = page.locator('.bet-slip__bar');
  if ((await bar.isVisible()) && (await bar.getAttribute('aria-expanded')) === 'false') await bar.click();
}

/** Choose NUMBERS on the board's grid of bet type BETTYPE, stake STAKE, put it on the slip and place it. */
async function placeBet(page, { betType, numbers, stake }) {
  await openDrawWithTime(page);
  await page.locator(`[data-tab-row="bet-types"] [data-tab="${betType}"]`).click();
  await page.locator(`.bet-board[data-bet-type="${betType}"]`).waitFor();
  for (const number of numbers) await page.locator(`.number-grid [data-number="${number}"]`).click();
  await page.locator('.bet-board__stake input').fill(stake);
  await page.locator('[data-action="add-to-slip"]').click();
  await openSlip(page);
  await page.locator('[data-slip-line]').first().waitFor();
  await page.locator('[data-action="place-bets"]').click();
  await page.locator('[data-placed="1"]').waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('[data-slip-line]').count(), 0, 'the placed line leaves the slip');
}

for (const [width, viewport] of [['phone', VIEWPORTS.phone], ['desktop', VIEWPORTS.desktop]]) {
  test(`on a ${width}: a fast bet on /lottery, a northern bet on /vnlottery, both in my bets`, async () => {
    const member = { isAgent: 4, username: `e2e-lottery-${width}-${RUN}` };
    const { context, page, errors } = await openPage(browser, { session: member, options: { viewport } });
    await context.addInitScript(() => window === window.top && localStorage.setItem('lang', 'en'));
    await fund(member);
    try {
      // The fast games' lobby: the first game's betting view.
      await page.goto(brandUrl(BRAND, '/lottery'));
      await page.locator('.lottery-card').first().waitFor();
      await expectNoOverflow(page, `/lottery on a ${width}`);
      assert.deepEqual(await accessibilityViolations(page), [], 'the fast lobby');
      const fastGame = await page.locator('.lottery-card').first().getAttribute('data-game');
      await page.locator('.lottery-card').first().locator('[data-action="open-game"]').click();
      await page.locator(`[data-page="lottery-betting"][data-game="${fastGame}"]`).waitFor();
      await placeBet(page, { betType: 'lo_2', numbers: ['12', '34'], stake: '1' });
      await expectNoOverflow(page, `a fast game's betting view on a ${width}`);
      assert.deepEqual(await accessibilityViolations(page), [], "a fast game's betting view");

      // The Vietnamese lobby: the northern tab, Miền Bắc's open draw, a đề bet.
      await page.goto(brandUrl(BRAND, '/vnlottery'));
      await page.locator('[data-tab-row="menu"] [data-tab="NORTH"]').click();
      const north = page.locator('.lottery-card').first();
      await north.waitFor();
      await expectNoOverflow(page, `/vnlottery on a ${width}`);
      assert.deepEqual(await accessibilityViolations(page), [], 'the Vietnamese lobby');
      const northGame = await north.getAttribute('data-game');
      await north.locator('[data-action="open-game"]').click();
      await page.locator(`[data-page="lottery-betting"][data-game="${northGame}"]`).waitFor();
      await placeBet(page, { betType: 'de', numbers: ['27'], stake: '1000' });

      // My bets: the northern bet here; the fast one on its game's page.
      await page.locator('[data-section="bets"]').click();
      await page.locator('.my-bets__table [data-state="placed"]').first().waitFor();
      await expectNoOverflow(page, `my bets on a ${width}`);
      await page.goto(brandUrl(BRAND, `/lottery?gameCode=${fastGame}`));
      await page.locator('[data-section="bets"]').click();
      const fastBet = page.locator('.my-bets__table [data-bet]').first();
      await fastBet.waitFor();
      assert.match(await fastBet.textContent(), /12, 34/);

      // The results history of the fast game links each drawn draw to its proof.
      await page.locator('[data-section="results"]').click();
      const verify = page.locator('a[data-action="verify"]').first();
      await verify.waitFor({ timeout: 120_000 });
      await verify.click();
      await page.locator('.fair-proof[data-holds="true"]').waitFor();
      assert.deepEqual(errors, [], 'console errors');
    } finally {
      await context.close();
    }
  });
}
