// Every lobby plays, in Chromium on the real server and the demo vendor's own server: a member with
// money opens one game of each category in the /game frame and bets through the brand's seamless
// wallet — a baccarat table (a bet in its window, settled after the deal), a sportsbook single (shown
// unsettled in the betting record until the vendor's desk enters the result), an esports parlay
// (settled, then resettled after a corrected result), a cockfight called off (cancelled: the stake
// back), a fish volley and a card showdown (played out in steps, settled at once). The betting record
// shows each round with its status, the member centre lists them, and the balance agrees with the
// record at every step.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { brandUrl, browserForFile, callBrand, createOperatorKey, MEMBER, relayCall } from './browser.mjs';

const BRAND = 'demo-bd';
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const FUNDS = 500;
const { withPage } = browserForFile();
let operatorKey;

before(() => {
  operatorKey = createOperatorKey(BRAND, `e2e-lobbies-${RUN}`);
});

/** A game of the lane ``gameType`` from the demo vendor whose name passes ``named``. */
async function pickGame(gameType, named = () => true) {
  const { vendors } = await relayCall(BRAND, 'GCSGAME_newGameVendor', { gameType, platform: 'html5-desktop', pageSize: 30 });
  for (const vendor of vendors.filter((v) => v.walletMode === 'seamless' && v.gameCount > 0)) {
    const { games } = await relayCall(BRAND, 'GCSGAME_gameList', { gameType, vassalage: vendor.vassalage, pageNo: 1, pageSize: 100 });
    const game = games.find((g) => named(g.displayName));
    if (game) return { ...game, gameType, walletMode: 'seamless' };
  }
  throw new Error(`no ${gameType} game to play`);
}

function gamePath(game) {
  const query = new URLSearchParams({
    vassalage: game.vassalage, gameCode: game.gameCode, gameType: game.gameType, walletMode: 'seamless', gameName: game.displayName,
  });
  return `/game?${query}`;
}

async function sessionToken(page) {
  return JSON.parse(await page.evaluate(() => localStorage.getItem('session'))).token;
}

async function bets(token) {
  const answer = await callBrand(BRAND, '/wps/games/bets?pageNo=1&pageSize=50', { token });
  assert.equal(answer.success, true, answer.code);
  return answer.value.list;
}

async function balance(token) {
  const answer = await callBrand(BRAND, '/wps/v2/wallets/balance', { token });
  return Number(answer.value.sumBalance);
}

/** The balance the betting record accounts for: what came in, less every stake standing, plus every payout kept. */
function expectedBalance(records) {
  let cents = FUNDS * 100;
  for (const r of records) {
    if (r.status === 'cancelled' || r.status === 'rolled_back') continue;
    cents -= Math.round(Number(r.bet) * 100);
    if (r.status === 'settled' || r.status === 'resettled') cents += Math.round(Number(r.payout) * 100);
  }
  return cents / 100;
}

async function assertBalanceAgrees(token) {
  const records = await bets(token);
  assert.equal((await balance(token)).toFixed(2), expectedBalance(records).toFixed(2), JSON.stringify(records));
  return records;
}

/** Waits until the round of ``gameCode`` placed last has ``status`` in the betting record. */
async function roundOf(token, gameCode, status) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const found = (await bets(token)).find((r) => r.gameCode === gameCode);
    if (found?.status === status) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the round of ${gameCode} is not ${status} after 30 s`);
}

/** Opens ``game`` in the /game frame; the frame and the vendor's desk address. */
async function open(page, game) {
  await page.goto(brandUrl(BRAND, gamePath(game)));
  const element = await page.waitForSelector('iframe[data-game-frame]');
  const frame = await element.contentFrame();
  await frame.waitForSelector('[data-field=balance]');
  return { frame, desk: `${frame.url().split('/play/')[0]}/desk/results` };
}

async function enterResult(desk, event, result) {
  const answer = await fetch(desk, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ event, result }) });
  const text = await answer.text();
  assert.equal(answer.status, 200, text);
  return JSON.parse(text);
}

async function placed(frame, status) {
  await frame.waitForSelector(`[data-field=result][data-status="${status}"]`, { state: 'attached' });
  const message = await frame.textContent('[data-field=message]');
  assert.ok(!/refused/.test(message), message);
}

test('one game of every category is played through the seamless wallet; the betting record and the balance agree', { timeout: 240_000 }, async () => {
  const lanes = {
    live: await pickGame('LIVE', (name) => /^Baccarat|^Speed Baccarat/.test(name)),
    sports: await pickGame('SPORTS'),
    esports: await pickGame('ESPORTS'),
    cockfight: await pickGame('COCKFIGHT'),
    fish: await pickGame('FISH'),
    cards: await pickGame('PVP'),
  };
  await withPage(async (page) => {
    await page.addInitScript(() => window === window.top && localStorage.setItem('lang', 'en'));
    const bonus = await callBrand(BRAND, '/ops/bonuses', {
      method: 'POST',
      token: operatorKey,
      type: 'application/json',
      body: JSON.stringify({ username: MEMBER.username, amount: `${FUNDS}.00`, title: 'e2e lobbies', requestId: `lobbies${RUN}` }),
    });
    assert.equal(bonus.success, true, bonus.code);
    await page.goto(brandUrl(BRAND, '/'));
    const token = await sessionToken(page);

    // Live: a banker bet while the table's window is open, settled once the table has dealt.
    let { frame } = await open(page, lanes.live);
    // A window with a few seconds left, so the bet is in before it closes.
    const early = ['0', '1', '2'].map((left) => `:not([data-closes-in="${left}"])`).join('');
    await frame.waitForSelector(`[data-field=window][data-open="true"]${early}`, { timeout: 30_000 });
    await frame.click('[data-action=bet][data-spot=banker]');
    await placed(frame, 'open');
    await assertBalanceAgrees(token);
    const baccarat = await roundOf(token, lanes.live.gameCode, 'settled');
    assert.ok(['0.00', '10.00', '19.50'].includes(baccarat.payout), baccarat.payout);
    await frame.waitForSelector(`[data-field=bets] li[data-round="${baccarat.roundId}"][data-status=settled]`, { state: 'attached' });

    // Sports: a single stays unsettled until the desk enters the fixture's result.
    let desk;
    ({ frame, desk } = await open(page, lanes.sports));
    await frame.waitForSelector('[data-event] [data-pick=home]');
    const fixture = await frame.getAttribute('[data-event]', 'data-event');
    await frame.click(`[data-event="${fixture}"] [data-pick=home]`);
    await frame.click('[data-action=bet]');
    await placed(frame, 'open');
    const single = await roundOf(token, lanes.sports.gameCode, 'open');
    assert.deepEqual([single.bet, single.winLoss, single.settledAt], ['10.00', '0.00', null]);
    await assertBalanceAgrees(token);
    await page.goto(brandUrl(BRAND, '/?memberCentre=personalHistoryCopy'));
    const unsettled = page.locator(`section[data-page="personalHistoryCopy"] tr[data-bet="${single.id}"]`);
    await unsettled.waitFor();
    assert.equal(await unsettled.getAttribute('data-status'), 'open');
    assert.match(await unsettled.textContent(), /Unsettled/);
    await enterResult(desk, fixture, 'home');
    const won = await roundOf(token, lanes.sports.gameCode, 'settled');
    assert.ok(Number(won.payout) > 10, won.payout);
    await assertBalanceAgrees(token);

    // Esports: a parlay of two fixtures, settled when both have results, resettled after a correction.
    ({ frame, desk } = await open(page, lanes.esports));
    await frame.waitForSelector('[data-event] [data-pick=home]');
    const [first, second] = await frame.$$eval('[data-event]', (nodes) => nodes.slice(0, 2).map((n) => n.dataset.event));
    await frame.click(`[data-event="${first}"] [data-pick=home]`);
    await frame.click(`[data-event="${second}"] [data-pick=away]`);
    assert.match(await frame.textContent('[data-field=slip]'), /2 pick\(s\): parlay/);
    await frame.click('[data-action=bet]');
    await placed(frame, 'open');
    await enterResult(desk, first, 'home');
    assert.equal((await roundOf(token, lanes.esports.gameCode, 'open')).winLoss, '0.00');
    await enterResult(desk, second, 'away');
    const parlay = await roundOf(token, lanes.esports.gameCode, 'settled');
    assert.ok(Number(parlay.payout) > 10, parlay.payout);
    await assertBalanceAgrees(token);
    await enterResult(desk, second, 'home'); // the result corrected: the parlay lost after all
    const corrected = await roundOf(token, lanes.esports.gameCode, 'resettled');
    assert.deepEqual([corrected.payout, corrected.winLoss], ['0.00', '-10.00']);
    await assertBalanceAgrees(token);

    // Cockfight: a meron bet on a fight called off is cancelled, its stake back.
    ({ frame, desk } = await open(page, lanes.cockfight));
    await frame.waitForSelector('[data-event] [data-pick=meron]');
    const fight = await frame.getAttribute('[data-event]', 'data-event');
    await frame.click(`[data-event="${fight}"] [data-pick=meron]`);
    await frame.click('[data-action=bet]');
    await placed(frame, 'open');
    await assertBalanceAgrees(token);
    await enterResult(desk, fight, 'void');
    await roundOf(token, lanes.cockfight.gameCode, 'cancelled');
    await assertBalanceAgrees(token);

    // Fish and cards: a round of several steps, settled at its end.
    for (const game of [lanes.fish, lanes.cards]) {
      ({ frame } = await open(page, game));
      await frame.click('[data-action=bet]');
      await placed(frame, 'settled');
      await frame.waitForSelector('[data-field=steps] li:nth-child(5)');
      await roundOf(token, game.gameCode, 'settled');
    }

    // The betting record: one round of each category with its status, and the balance it accounts for.
    const records = await assertBalanceAgrees(token);
    const byType = Object.fromEntries(records.map((r) => [r.gameType, r.status]));
    assert.deepEqual(byType, {
      LIVE: 'settled', SPORTS: 'settled', ESPORTS: 'resettled', COCKFIGHT: 'cancelled', FISH: 'settled', PVP: 'settled',
    });
    await page.goto(brandUrl(BRAND, '/?memberCentre=personalHistoryCopy'));
    const rows = page.locator('section[data-page="personalHistoryCopy"] tr[data-bet]');
    await rows.nth(records.length - 1).waitFor();
    const shown = await rows.evaluateAll((nodes) => nodes.map((n) => n.dataset.status).sort());
    assert.deepEqual(shown, records.map((r) => r.status).sort());
    await page.locator('.account-balance__amount').filter({ hasText: (await balance(token)).toLocaleString('en-US', { minimumFractionDigits: 2 }) }).waitFor();
  }, { session: MEMBER });
});
