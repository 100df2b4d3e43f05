// Games in Chromium on the real server and the demo vendor's own server (python -m tessera_sandboxes,
// its catalog synced by `tessera games sync`): a member with money opens the slots, picks a vendor,
// searches, favourites a game and finds it under favourites, launches it, spins the vendor's slot in
// the /game frame (the vendor debits and credits the brand's seamless wallet over signed HTTP), sees the
// header balance follow, and finds the round in the betting record with its stake and payout.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { brandUrl, callBrand, expectNoOverflow, launchBrowser, openPage, relayCall } from './browser.mjs';

const BRAND = 'demo-bd';
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const MEMBER = { isAgent: 4, username: `e2e-games-${RUN}` };
const FUNDS = '100.00';
let browser;
let operatorKey;

before(async () => {
  browser = await launchBrowser();
  const printed = execFileSync(`${REPOSITORY}.venv/bin/tessera`, ['operators', 'create-key', BRAND, `e2e-games-${RUN}`], {
    cwd: REPOSITORY,
    encoding: 'utf8',
  });
  operatorKey = printed.trim().split('\n').at(-1);
});

after(async () => {
  await browser?.close();
});

/** A seamless slot vendor of the brand's RNG lane and one of its slots, as the lobby will show them. */
async function pickSlot() {
  const { vendors } = await relayCall(BRAND, 'GCSGAME_newGameVendor', { gameType: 'RNG', platform: 'html5-desktop', pageSize: 30 });
  const vendor = vendors.find((v) => v.category === 'RNG' && v.walletMode === 'seamless' && v.gameCount > 0);
  assert.ok(vendor, 'a seamless RNG vendor');
  const { games } = await relayCall(BRAND, 'GCSGAME_gameList', {
    gameType: 'RNG', vassalage: vendor.vassalage, gameClassify: 'SC', pageNo: 1, pageSize: 24,
  });
  // A slot whose smallest spin (line bet x lines) the funds cover many times over.
  const game = games.find((g) => Number(g.minBet) * g.lines <= 5);
  assert.ok(game, `a cheap slot of ${vendor.vassalage}`);
  return { vendor, game };
}

const money = (text) => Number(text.replace(/[^0-9.-]/g, ''));

test('log in, open the slots, filter by vendor, search, favourite, launch, spin, and find the bet in the betting record', async () => {
  const { vendor, game } = await pickSlot();
  const { context, page, errors } = await openPage(browser, { session: MEMBER });
  await context.addInitScript(() => window === window.top && localStorage.setItem('lang', 'en'));
  const bonus = await callBrand(BRAND, '/ops/bonuses', {
    method: 'POST',
    token: operatorKey,
    type: 'application/json',
    body: JSON.stringify({ username: MEMBER.username, amount: FUNDS, title: 'e2e games', requestId: `games${RUN}` }),
  });
  assert.equal(bonus.success, true, bonus.code);
  try {
    await page.goto(brandUrl(BRAND, '/rng'));
    await page.locator('.account-balance__amount').filter({ hasText: '100.00' }).waitFor();

    // The vendor tab: only its games are listed.
    await page.locator(`[data-vendor-tab="${vendor.vassalage}"]`).click();
    await page.locator(`[data-vendor-tab="${vendor.vassalage}"][aria-pressed="true"]`).waitFor();
    await page.locator('.game-lobby__list:not([data-fetching]) .game-card').first().waitFor();
    const shownVendors = await page.$$eval('.game-lobby__list .game-card', (cards) => [...new Set(cards.map((c) => c.dataset.vendor))]);
    assert.deepEqual(shownVendors, [vendor.vassalage]);

    // The search finds the game by its name.
    await page.locator('[data-filter="search"]').fill(game.displayName);
    await page.locator('[data-filter="search"]').press('Enter');
    const card = page.locator(`.game-lobby__list [data-game="${game.gameCode}"]`);
    await card.waitFor();
    await page.locator('.game-lobby__list:not([data-fetching])').waitFor();
    const names = await page.$$eval('.game-lobby__list .game-card__name', (nodes) => nodes.map((n) => n.textContent));
    assert.ok(names.length >= 1 && names.every((name) => name.toLowerCase().includes(game.displayName.toLowerCase())), names.join(', '));

    // Favourite it, then find it under the favourites.
    await card.locator('[data-action="favourite"]').click();
    await card.locator('[data-action="favourite"][aria-pressed="true"]').waitFor();
    await page.locator('[data-type-tab="fav"]').click();
    await page.locator(`.game-lobby__list [data-game="${game.gameCode}"][data-favourite]`).waitFor();
    const favourites = await relayCall(BRAND, 'MCSFE_getFavoriteGamesList', { pageNo: 1, pageSize: 24 }, (await sessionToken(page)));
    assert.deepEqual(favourites.content.map((g) => g.gameCode), [game.gameCode]);

    // Launch: the vendor's slot in the /game frame.
    await page.locator(`.game-lobby__list [data-game="${game.gameCode}"] .game-card__launch`).click();
    await page.waitForURL((url) => url.pathname === '/game');
    const frame = page.frameLocator('iframe[data-game-frame]');
    const spin = frame.locator('[data-action="spin"]');
    await spin.waitFor();
    await expectNoOverflow(page, 'game page');
    await frame.locator('[data-field="balance"]').filter({ hasText: '100.00' }).waitFor();
    await spin.click();
    await assertSpinSettled(frame);
    const round = await settledRound(page);
    const after = await balanceOf(page);
    assert.equal(round.gameCode, game.gameCode);
    assert.equal(Number(after).toFixed(2), (100 - Number(round.bet) + Number(round.payout)).toFixed(2));
    // The header follows the wallet (the frame tells the page after every spin).
    await page.locator('.account-balance__amount').filter({ hasText: Number(after).toLocaleString('en-US', { minimumFractionDigits: 2 }) }).waitFor();
    assert.equal(money(await frame.locator('[data-field="balance"]').textContent()).toFixed(2), Number(after).toFixed(2));

    // The betting record shows the round.
    await page.goto(brandUrl(BRAND, '/?memberCentre=personalHistoryCopy'));
    const row = page.locator(`section[data-page="personalHistoryCopy"] tr[data-bet="${round.id}"]`);
    await row.waitFor();
    assert.equal(await row.getAttribute('data-status'), 'settled');
    await expectNoOverflow(page, 'betting record');
    assert.equal(money(await row.locator('[data-amount="bet"]').textContent()).toFixed(2), Number(round.bet).toFixed(2));
    assert.equal(money(await row.locator('[data-amount="payout"]').textContent()).toFixed(2), Number(round.payout).toFixed(2));
    assert.match(await row.textContent(), new RegExp(game.displayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

async function sessionToken(page) {
  return JSON.parse(await page.evaluate(() => localStorage.getItem('session'))).token;
}

async function balanceOf(page) {
  const answer = await callBrand(BRAND, '/wps/v2/wallets/balance', { token: await sessionToken(page) });
  return answer.value.sumBalance;
}

/** The member's one round, once the vendor's credit settled it (the vendor credits after the reels stop). */
async function settledRound(page) {
  const token = await sessionToken(page);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await callBrand(BRAND, '/wps/games/bets?pageNo=1&pageSize=10', { token });
    assert.equal(answer.success, true, answer.code);
    assert.ok(answer.value.list.length <= 1, 'one round at most');
    if (answer.value.list[0]?.status === 'settled') return answer.value.list[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the round was not settled within 10 s');
}

/** The spin's answer reached the page: the button is back and the message is not a refusal. */
async function assertSpinSettled(frame) {
  await frame.locator('[data-action="spin"]:not([disabled])').waitFor();
  const message = (await frame.locator('[data-field="message"]').textContent()).trim();
  assert.ok(!/refused|could not|error/i.test(message), `the slot says: ${message}`);
}
