// A brand for a new market as its member meets it: demo-vn keeps its money in whole dong (VND has
// no minor unit). An amount in fractions of a dong is refused by the API; a deposit the operator
// approves shows on the Vietnamese home page the way Vietnamese writes dong ("250.000 ₫").
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { brandUrl, callBrand, createOperatorKey, createMember, launchBrowser, logIn, withPage } from './browser.mjs';

const BRAND = 'demo-vn';
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const USERNAME = `e2evnd${RUN}`.slice(0, 16);
let browser;
let operatorKey;
let session;

before(async () => {
  browser = await launchBrowser();
  operatorKey = createOperatorKey(BRAND, `e2e-${RUN}`);
  createMember(BRAND, USERNAME);
  session = await logIn(BRAND, USERNAME);
});

after(async () => {
  await browser?.close();
});

const deposit = (amount) =>
  callBrand(BRAND, '/wps/wallet/deposits', {
    method: 'POST',
    token: session.token,
    type: 'application/json',
    body: JSON.stringify({ channel: 'vcb', amount, reference: `VCB-${RUN}`, requestId: randomUUID() }),
  });

test('demo-vn takes whole dong only, and its home page writes them as Vietnamese does', async () => {
  const refused = await deposit('250000.50');
  assert.equal(refused.success, false);
  assert.equal(refused.code, 'amount_too_precise');

  const started = await deposit('250000');
  assert.equal(started.success, true, started.code);
  assert.equal(started.value.deposit.amount, '250000');
  const approved = await callBrand(BRAND, `/ops/deposits/${started.value.deposit.id}/approve`, {
    method: 'POST',
    token: operatorKey,
    type: 'application/json',
    body: JSON.stringify({ remark: 'seen on the statement' }),
  });
  assert.equal(approved.success, true, approved.code);

  await withPage(browser, async (page, context) => {
    await context.addInitScript((stored) => localStorage.setItem('session', JSON.stringify(stored)), session);
    await page.goto(brandUrl(BRAND));
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'vi');
    const balance = page.locator('.account-balance__amount');
    await balance.filter({ hasText: /₫/ }).waitFor();
    // Vietnamese groups thousands with '.', and puts the sign after the amount, past a no-break space.
    assert.match((await balance.textContent()).trim(), /(^|\s)250\.000\u00a0₫$/);
  });
});
