// Time zones in Chromium on the real server: the browser runs in a zone far from demo-bd's
// Asia/Dhaka, on a calendar day other than the brand's today (the zone is picked so that it is,
// at whatever hour the test runs). A deposit and a bet made now appear under "Today" in the account
// record and the betting record, the days go to the server with their offset, every date shown
// names the zone, and a notice shows the day the server gave it in the brand's zone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BRAND_ZONES, brandDay, brandUrl, browserForFile, callBrand, createMember, createOperatorKey, logIn, relayCall } from './browser.mjs';

const BRAND = 'demo-bd';
const ZONE = BRAND_ZONES[BRAND];
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const { withPage } = browserForFile();

/** A zone far from the brand's whose day is not the brand's today right now. */
function farZone(now = new Date()) {
  const candidates = ['America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
  const day = (zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
  const zone = candidates.find((candidate) => day(candidate) !== day(ZONE));
  assert.ok(zone, 'a zone on another day than the brand');
  return zone;
}

/** The short name Chromium gives the brand's zone in English ("GMT+6"). */
const ZONE_LABEL = new Intl.DateTimeFormat('en', { timeZone: ZONE, timeZoneName: 'short' })
  .formatToParts(new Date())
  .find((part) => part.type === 'timeZoneName').value;

async function ok(answer, what) {
  const value = await answer;
  assert.equal(value.success, true, `${what}: ${value.code} ${value.message ?? ''}`);
  return value.value;
}

/** A member of the brand with money: a bank deposit of 1000 approved by the operator, and its session. */
async function memberWithDeposit() {
  const username = `e2e-zones-${RUN}`;
  createMember(BRAND, username);
  const session = await logIn(BRAND, username);
  const deposit = await ok(
    callBrand(BRAND, '/wps/wallet/deposits', {
      method: 'POST',
      token: session.token,
      type: 'application/json',
      body: JSON.stringify({ channel: 'dbbl', amount: '1000.00', reference: `Z-${RUN}`, requestId: `zones-${RUN}` }),
    }),
    'deposit',
  );
  const id = deposit.deposit.id;
  const operatorKey = createOperatorKey(BRAND, `e2e-zones-${RUN}`);
  await ok(
    callBrand(BRAND, `/ops/deposits/${id}/approve`, {
      method: 'POST',
      token: operatorKey,
      type: 'application/json',
      body: JSON.stringify({ remark: 'zones' }),
    }),
    'approve',
  );
  return { ...session, username };
}

const relay = (operation, body, token) => relayCall(BRAND, operation, body, token);

/** A cheap slot of a seamless RNG vendor, as the lobby shows it. */
async function pickSlot(token) {
  const { vendors } = await relay('GCSGAME_newGameVendor', { gameType: 'RNG', platform: 'html5-desktop', pageSize: 30 }, token);
  const vendor = vendors.find((v) => v.category === 'RNG' && v.walletMode === 'seamless' && v.gameCount > 0);
  assert.ok(vendor, 'a seamless RNG vendor');
  const { games } = await relay('GCSGAME_gameList', { gameType: 'RNG', vassalage: vendor.vassalage, gameClassify: 'SC', pageNo: 1, pageSize: 24 }, token);
  const game = games.find((g) => Number(g.minBet) * g.lines <= 5);
  assert.ok(game, 'a cheap slot');
  return { vendor, game };
}

async function settledRound(token) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await ok(callBrand(BRAND, '/wps/games/bets?pageNo=1&pageSize=10', { token }), 'bets');
    if (answer.list[0]?.status === 'settled') return answer.list[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the round was not settled within 10 s');
}

/** The record calls the page made (path and query), newest last. */
function recordCalls(page) {
  const seen = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['/wps/games/bets', '/wps/wallet/transactions'].includes(url.pathname)) seen.push(url);
  });
  return seen;
}

describe(`demo-bd (${ZONE}) seen from a browser in another zone and on another day`, () => {
  test('a deposit and a bet made now are under Today in the account record and the betting record, dated in the brand\'s zone', async () => {
    const member = await memberWithDeposit();
    const { vendor, game } = await pickSlot(member.token);
    const zone = farZone();
    await withPage(
      async (page, context) => {
        const session = { token: member.token, isAgent: member.isAgent, username: member.username };
        await context.addInitScript((stored) => {
          if (window !== window.top) return;
          localStorage.setItem('lang', 'en');
          localStorage.setItem('session', JSON.stringify(stored));
        }, session);
        const calls = recordCalls(page);

        // A spin of the vendor's slot in the /game frame: a round of the seamless wallet.
        const query = new URLSearchParams({ vassalage: vendor.vassalage, gameCode: game.gameCode, gameType: 'RNG', walletMode: 'seamless' });
        await page.goto(brandUrl(BRAND, `/game?${query}`));
        const frame = page.frameLocator('iframe[data-game-frame]');
        await frame.locator('[data-action="spin"]').click();
        await frame.locator('[data-action="spin"]:not([disabled])').waitFor();
        const round = await settledRound(member.token);
        const browserDay = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
        assert.notEqual(browserDay, brandDay(BRAND), 'the browser is on another day than the brand');

        // The betting record, Today: the round is there, dated in the brand's zone, named.
        await page.goto(brandUrl(BRAND, '/?memberCentre=personalHistoryCopy'));
        const bets = page.locator('section[data-page="personalHistoryCopy"]');
        await bets.locator('button[data-preset="today"]').click();
        const row = bets.locator(`tr[data-bet="${round.id}"]`);
        await row.waitFor();
        assert.match(await row.textContent(), new RegExp(ZONE_LABEL.replace('+', '\\+')));
        assert.equal(await bets.locator('[data-date-zone]').getAttribute('data-date-zone'), ZONE);
        const betsCall = calls.filter((url) => url.pathname === '/wps/games/bets').at(-1);
        assert.equal(betsCall.searchParams.get('startDate'), `${brandDay(BRAND)}T00:00:00.000+06:00`);
        assert.equal(betsCall.searchParams.get('endDate'), `${brandDay(BRAND)}T23:59:59.999+06:00`);

        // The account record, Today: the deposit and the bet.
        await page.goto(brandUrl(BRAND, '/?memberCentre=transactionHistory'));
        const records = page.locator('section[data-page="transactionHistory"]');
        await records.locator('button[data-preset="today"]').click();
        await records.locator('[data-record]').first().waitFor();
        const rows = await records.locator('[data-record]').evaluateAll((found) => found.map((tr) => tr.textContent));
        assert.ok(rows.some((text) => /Deposit/.test(text) && /1,000\.00/.test(text)), rows.join('\n'));
        assert.ok(rows.some((text) => /Game/i.test(text)), rows.join('\n'));
        assert.ok(rows.every((text) => text.includes(ZONE_LABEL)), rows.join('\n'));
        const recordsCall = calls.filter((url) => url.pathname === '/wps/wallet/transactions').at(-1);
        assert.equal(recordsCall.searchParams.get('startDate'), `${brandDay(BRAND)}T00:00:00.000+06:00`);
      },
      { options: { timezoneId: zone, locale: 'en-US' } },
    );
  });

  test('a notice shows the day the server gives it in the brand\'s zone, naming the zone', async () => {
    const zone = farZone();
    const notices = await ok(callBrand(BRAND, '/wps/relay/MCSFE_getListAnnouncements?types=PL&lang=en'), 'notices');
    const notice = notices.player.find((found) => found.startDate);
    assert.ok(notice, 'a dated notice');
    const expected = new Intl.DateTimeFormat('en', { timeZone: ZONE, timeZoneName: 'short', year: 'numeric', month: 'short', day: 'numeric' })
      .format(new Date(notice.startDate));
    await withPage(
      async (page, context) => {
        await context.addInitScript(() => localStorage.setItem('lang', 'en'));
        await page.goto(brandUrl(BRAND, '/noticePage'));
        const date = page.locator('.notice-list__date').first();
        await date.waitFor();
        const shown = await page.locator('.notice-list__date').evaluateAll((found) => found.map((node) => node.textContent));
        assert.ok(shown.includes(expected), `${shown.join(' / ')} should hold ${expected}`);
        assert.ok(shown.every((text) => text.endsWith(ZONE_LABEL)), shown.join(' / '));
      },
      { options: { timezoneId: zone, locale: 'en-US' } },
    );
  });
});
