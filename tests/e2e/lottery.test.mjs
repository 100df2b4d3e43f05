// The lottery in Chromium on the real server: a member of demo-vn with money opens /lottery, bets on
// the open fast draw, then on a northern draw on /vnlottery, and finds both bets in my bets; the
// draws' time is brought forward (tests/e2e/draw_due.py: nobody waits for 18:15 in Vietnam), the
// lottery's jobs draw the fast draw and take the northern result from the development results feed,
// then settle both; my bets shows them settled, the balance, the betting record and profit and loss
// agree to the unit, and the fast draw's proof verifies. On a phone and on a desktop, with nothing
// wider than the screen and no serious accessibility finding.
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accessibilityViolations, brandUrl, callBrand, createOperatorKey, expectNoOverflow, launchBrowser, openPage, VIEWPORTS,
} from './browser.mjs';

const BRAND = 'demo-vn';
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const FUNDS = '2000000'; // dong: a lô point on the northern draw costs about 27,000
const REPOSITORY = new URL('../..', import.meta.url).pathname;
// The development results feed the sandboxes serve (tenants/demo-vn/tenant.toml [plugins.results-http]).
const RESULTS_FEED = 'http://127.0.0.1:6550/lottery-results';
let browser;
let operatorKey;

/** Run the scheduled job NAME for demo-vn now, as the worker would. */
function runJob(name) {
  execFileSync(`${REPOSITORY}.venv/bin/tessera`, ['jobs', 'run', name, '--brand', BRAND], { cwd: REPOSITORY, stdio: 'pipe' });
}

/** GAME's draw NUMERO due now: its bets closed, its time passed. */
function drawDue(game, numero) {
  execFileSync(`${REPOSITORY}.venv/bin/python`, ['tests/e2e/draw_due.py', BRAND, game, numero], { cwd: REPOSITORY, stdio: 'pipe' });
}

/** The northern result the feed publishes for NUMERO: 27 numbers in published order, the special ending in SPECIAL_END. */
async function publishNorthernResult(numero, specialEnd) {
  const numbers = [`123${specialEnd}`, '45611', '10001', '20002', '30003', '40004', '50005', '60006', '70007', '80008'];
  numbers.push('1111', '2222', '3333', '4444', '5551', '5552', '5553', '5554', '5555', '5556', '661', '662', '663', '71', '72', '73', '74');
  const answer = await fetch(`${RESULTS_FEED}/results/MB/${numero}`, { method: 'POST', body: JSON.stringify({ numbers }) });
  assert.equal(answer.status, 204, `the feed took the result of MB ${numero}`);
}

/** A money text ("1,998,000", "1998000.00") as a number. */
function amount(text) {
  return Number(String(text).replace(/[^0-9.-]/g, ''));
}

before(async () => {
  browser = await launchBrowser();
  operatorKey = createOperatorKey(BRAND, `e2e-lottery-${RUN}`);
  // What the worker does on a running site: the Vietnamese draws stored, the fast series committed.
  runJob('lottery.vn-draws');
  runJob('lottery.fast-draws');
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
  test(`on a ${width}: a fast bet and a northern bet placed, drawn, settled and agreeing with the balance, betting record and profit and loss; the fast proof holds`, async () => {
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
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('session')).token);
      const bets = async (game) => (await callBrand(BRAND, `/lotto/lgw/bets?gameCode=${game}`, { token })).value.content;
      const [northBet] = await bets(northGame);
      const [fastBet] = await bets(fastGame);
      assert.equal(northBet.state, 'placed');
      assert.deepEqual(fastBet.numbers, ['12', '34']);

      // The draws' time comes: the fast draw is drawn from its seed, the northern result comes from the feed.
      await publishNorthernResult(northBet.numero, '27');
      drawDue(fastGame, fastBet.numero);
      drawDue(northGame, northBet.numero);
      runJob('lottery.fast-draws');
      runJob('lottery.results');
      runJob('lottery.settle');

      // Settled: the đề on 27 won; my bets says so, and the fast bet is won or lost.
      await page.reload();
      await page.locator('[data-section="bets"]').click();
      await page.locator('.my-bets__table [data-state="won"]').first().waitFor();
      const [settledNorth, settledFast] = [(await bets(northGame))[0], (await bets(fastGame))[0]];
      assert.equal(settledNorth.state, 'won');
      assert.ok(['won', 'lost'].includes(settledFast.state), `the fast bet is settled (${settledFast.state})`);

      // The balance, the betting record and profit and loss agree with the bets, to the unit.
      const cost = amount(settledNorth.cost) + amount(settledFast.cost);
      const payout = amount(settledNorth.payout) + amount(settledFast.payout);
      const balance = (await callBrand(BRAND, '/wps/v2/wallets/balance', { token })).value;
      assert.equal(amount(balance.mainBalance), amount(FUNDS) - cost + payout, 'the balance');
      const record = (await callBrand(BRAND, '/wps/games/bets?vassalage=HOUSE_LOTTO&pageSize=100', { token })).value;
      assert.deepEqual([record.summary.count, amount(record.summary.bet), amount(record.summary.payout)], [2, cost, payout], 'the betting record');
      const profit = (await callBrand(BRAND, '/wps/games/profit', { token })).value;
      const lottery = profit.rows.find((row) => row.vassalage === 'HOUSE_LOTTO');
      assert.deepEqual([lottery.count, amount(lottery.bet), amount(lottery.payout)], [2, cost, payout], 'profit and loss');

      await page.goto(brandUrl(BRAND, `/lottery?gameCode=${fastGame}`));
      await page.locator('[data-section="bets"]').click();
      const fastRow = page.locator('.my-bets__table [data-bet]').first();
      await fastRow.waitFor();
      assert.match(await fastRow.textContent(), /12, 34/);

      // The fast game's results history links its drawn draw to its proof, which holds.
      await page.locator('[data-section="results"]').click();
      const verify = page.locator('a[data-action="verify"]').first();
      await verify.waitFor();
      await verify.click();
      await page.locator('.fair-proof[data-holds="true"]').waitFor();
      assert.deepEqual(errors, [], 'console errors');
    } finally {
      await context.close();
    }
  });
}
