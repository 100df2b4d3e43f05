// The whole money flow in Chromium on the real server, its payment gateway sandbox and its
// transfer-wallet vendor sandbox (python -m tessera_sandboxes): a member deposits by bank
// transfer (an operator approves it through the operator API) and through the gateway (paid on
// the gateway's own page, credited by its signed notification), moves money into the vendor's
// wallet and back, withdraws (the operator pays it) and confirms receipt, then finds every step
// in the account record with the balance right after each one. The header balance is checked
// after every step.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { brandUrl, callBrand, createOperatorKey, expectNoOverflow, launchBrowser, openPage } from './browser.mjs';

const BRAND = 'demo-bd';
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const MEMBER = { isAgent: 4, username: `e2e-wallet-${RUN}` };
const LOGIN_PASSWORD = 'e2e-Passw0rd'; // browser.mjs makes its members with this password
const PAYMENT_PASSWORD = 'Pay-e2e-2468';
let browser;
let operatorKey;

before(async () => {
  browser = await launchBrowser();
  operatorKey = createOperatorKey(BRAND, `e2e-${RUN}`);
});

after(async () => {
  await browser?.close();
});

/** The operator API on the brand's host: the envelope's value, or a failure naming the code. */
async function operator(method, path, body) {
  const answer = await callBrand(BRAND, path, {
    method,
    token: operatorKey,
    ...(body ? { body: JSON.stringify(body), type: 'application/json' } : {}),
  });
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.code}`);
  return answer.value;
}

async function pendingOf(kind) {
  const { list } = await operator('GET', `/ops/${kind}?status=pending`);
  const mine = list.filter((entry) => entry.username === MEMBER.username);
  assert.equal(mine.length, 1, `one pending ${kind} of the member`);
  return mine[0];
}

/** Wait for the header's balance to read EXPECTED (money actions in the page refresh it by themselves). */
async function headerShows(page, expected) {
  await page.locator('.account-balance__amount').filter({ hasText: expected }).waitFor();
}

/** Close the member centre, click the header's refresh button, and wait for EXPECTED. */
async function refreshHeader(page, expected) {
  const close = page.locator('.overlay__close');
  if (await close.isVisible()) await close.click();
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await headerShows(page, expected);
}

async function openCentrePage(page, key) {
  await page.goto(brandUrl(BRAND, `/?memberCentre=${key}`));
  await page.locator(`section[data-page="${key}"]`).waitFor();
}

test('deposit through both channels, transfer to the vendor and back, withdraw, confirm, and read the account record', async () => {
  const { context, page, errors } = await openPage(browser, { session: MEMBER });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  try {
    // 1. A bank transfer, approved by the operator.
    await openCentrePage(page, 'depositv2');
    await page.getByRole('radio', { name: /Dutch-Bangla Bank/ }).check();
    await page.getByLabel('Amount').fill('1000');
    await page.getByLabel('Transfer reference').fill(`DBBL-${RUN}`);
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await page.getByText('has been submitted and is waiting for review').waitFor();
    const manual = await pendingOf('deposits');
    assert.equal(manual.amount, '1000.00');
    await operator('POST', `/ops/deposits/${manual.id}/approve`, { remark: 'seen on the statement' });
    await refreshHeader(page, '৳1,000.00');

    // 2. The gateway: paid on its page, credited by its notification, back on the brand.
    await openCentrePage(page, 'depositv2');
    await page.getByRole('radio', { name: /bKash/ }).check();
    await page.getByLabel('Amount').fill('500');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/gateway/pay/')); // the sandboxes' gateway, on whichever port they serve
    await page.getByRole('button', { name: /^Pay 500\.00 BDT/ }).click();
    await page.waitForURL((url) => url.hostname === `${BRAND}.localhost`);
    await page.locator('[data-returned-deposit][data-status="paid"]').waitFor({ timeout: 30_000 });
    await headerShows(page, '৳1,500.00');

    // 3. Into the vendor's wallet and all of it back.
    await openCentrePage(page, 'transferFund');
    const vendor = page.getByRole('form', { name: 'Transfer for Tessera Wallet Vendor' });
    await vendor.getByRole('radio', { name: 'Main wallet to Tessera Wallet Vendor' }).check();
    await vendor.getByLabel('Amount').fill('300');
    await vendor.getByRole('button', { name: 'Transfer', exact: true }).click();
    await vendor.getByText('The transfer is done.').waitFor();
    await page.locator('[data-wallet="TWV"] [data-wallet-balance]').filter({ hasText: '৳300.00' }).waitFor();
    await headerShows(page, '৳1,500.00'); // the sum of the main and vendor wallets
    await vendor.getByRole('radio', { name: 'Tessera Wallet Vendor to main wallet' }).check();
    await vendor.getByRole('button', { name: 'All' }).click();
    await vendor.getByRole('button', { name: 'Transfer', exact: true }).click();
    await vendor.getByText('The transfer is done.').waitFor();
    await page.locator('[data-wallet="TWV"] [data-wallet-balance]').filter({ hasText: '৳0.00' }).waitFor();

    // 4. A withdrawal: a bank account, the payment password, the request (held at once).
    await openCentrePage(page, 'withdraw');
    const addAccount = page.locator('.bank-account-form');
    await addAccount.getByLabel('Bank').fill('Dutch-Bangla Bank');
    await addAccount.getByLabel('Account name').fill('E2E Member');
    await addAccount.getByLabel('Account number').fill('1234567890');
    await addAccount.getByRole('button', { name: 'Save bank account' }).click();
    await page.locator('.payments__account-number').filter({ hasText: '****7890' }).waitFor();
    const setPassword = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Set a payment password' }) });
    await setPassword.getByLabel('Login password').fill(LOGIN_PASSWORD);
    await setPassword.locator('input[name="paymentPassword"]').fill(PAYMENT_PASSWORD);
    await setPassword.locator('input[name="confirmPaymentPassword"]').fill(PAYMENT_PASSWORD);
    await setPassword.getByRole('button', { name: 'Set payment password' }).click();
    await setPassword.waitFor({ state: 'detached' }); // the withdrawal form asks for it from now on
    const withdrawal = page.locator('.withdrawal-form');
    await withdrawal.getByLabel('Bank account').selectOption({ label: 'Dutch-Bangla Bank ****7890 (E2E Member)' });
    await withdrawal.getByLabel('Amount').fill('600');
    await withdrawal.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('has been requested').waitFor();
    await headerShows(page, '৳900.00');
    await expectNoOverflow(page, 'withdrawal requested');

    // 5. The operator pays it; the member confirms receipt.
    const requested = await pendingOf('withdrawals');
    assert.equal(requested.amount, '600.00');
    await operator('POST', `/ops/withdrawals/${requested.id}/approve`);
    await operator('POST', `/ops/withdrawals/${requested.id}/pay`, { reference: `PAY-${RUN}` });
    await openCentrePage(page, 'withdraw');
    await page.getByText('Did you receive this withdrawal?').waitFor();
    await page.getByRole('button', { name: 'Received', exact: true }).click();
    await page.locator('[data-confirmation="received"]').waitFor();
    await refreshHeader(page, '৳900.00');

    // 6. The account record: every step, newest first, with the balance after it.
    await openCentrePage(page, 'transactionHistory');
    const rows = page.locator('[data-record]');
    await rows.first().waitFor();
    const records = await rows.evaluateAll((found) =>
      found.map((row) => [...row.querySelectorAll('td')].slice(1, 5).map((cell) => cell.textContent.trim()).join(' | ')),
    );
    assert.deepEqual(records, [
      'Withdrawal | Main wallet | -৳600.00 | ৳900.00',
      'Wallet transfer | Tessera Wallet Vendor | -৳300.00 | ৳0.00',
      'Wallet transfer | Main wallet | +৳300.00 | ৳1,500.00',
      'Wallet transfer | Tessera Wallet Vendor | +৳300.00 | ৳300.00',
      'Wallet transfer | Main wallet | -৳300.00 | ৳1,200.00',
      'Deposit | Main wallet | +৳500.00 | ৳1,500.00',
      'Deposit | Main wallet | +৳1,000.00 | ৳1,000.00',
    ]);
    await expectNoOverflow(page, 'account record');
    assert.deepEqual(errors, [], 'console errors');
  } catch (failure) {
    if (process.env.TESSERA_E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.TESSERA_E2E_SCREENSHOTS}/wallet.png`, fullPage: true });
    throw failure;
  } finally {
    await context.close();
  }
});
