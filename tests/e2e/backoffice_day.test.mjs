// A brand's day in the back office, in Chromium on the real server: a staff member logs in with
// TOTP and approves a member's bank deposit; the member's withdrawal, above the brand's threshold,
// waits for a second staff member, who approves it, and it is paid; an announcement and a banner
// are published and the brand's site shows them; the member is frozen and can no longer log in;
// the day's report is exported; every one of those actions is in the audit log, whose chain
// `tessera audit verify` proves unbroken.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { BASE_URL, brandDay, brandUrl, callBrand, launchBrowser, logIn, openPage } from './browser.mjs';

const BRAND = 'demo-bd';
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const PLAYER = { isAgent: 4, username: `e2e-bo-${RUN}` };
const LOGIN_PASSWORD = 'e2e-Passw0rd'; // browser.mjs makes its members with this password
const PAYMENT_PASSWORD = 'Pay-e2e-2468';
const STAFF_PASSWORD = 'a password of my own';
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

function tessera(...args) {
  return execFileSync(`${REPOSITORY}.venv/bin/tessera`, args, { cwd: REPOSITORY, encoding: 'utf8' });
}

function backOfficeUrl(path = '/') {
  const url = new URL(path, BASE_URL);
  url.hostname = 'admin.localhost';
  return url.toString();
}

/** A superuser, logged in with their one-time password, their own password chosen and TOTP set up. */
async function enrolledStaff(name) {
  const username = `e2e-${name}-${RUN}`;
  const oneTime = tessera('staff', 'create', username, '--superuser').trim().split('\n').at(-1);
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(backOfficeUrl('/'));
  await page.waitForURL(/\/login$/);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(oneTime);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.locator('input[name="newPassword"]').fill(STAFF_PASSWORD);
  await page.locator('input[name="newPasswordAgain"]').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  const totp = OTPAuth.URI.parse((await page.locator('[data-otpauth-uri]').innerText()).trim());
  await page.locator('input[name="code"]').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.locator('[data-recovery-code]').first().waitFor();
  await page.getByRole('button', { name: 'I have kept them: continue' }).click();
  await page.getByRole('combobox', { name: 'Brand' }).waitFor();
  return { username, context, page };
}

/** A back-office call made by the staff member's own page (their cookie and CSRF token). */
async function staffCall(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/bo/api/session')).json();
      const answer = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.value.csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, ...(await answer.json()) };
    },
    { method, path, body },
  );
}

/** Click ACTION on the row of the list at PATH that names WHO (the player by default), and confirm it. */
async function actOnRow(page, path, action, who = PLAYER.username) {
  await page.goto(backOfficeUrl(path));
  const row = page.locator('tbody tr').filter({ hasText: who });
  await row.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function openCentrePage(page, key) {
  await page.goto(brandUrl(BRAND, `/?memberCentre=${key}`));
  await page.locator(`section[data-page="${key}"]`).waitFor();
}

test('a brand’s day: approvals with a second staff member, content on the site, a frozen member, the report and the audit', async () => {
  const maker = await enrolledStaff('maker');
  const checker = await enrolledStaff('checker');
  const { context, page: member } = await openPage(browser, { session: PLAYER });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  const published = [];
  try {
    // 1. The member deposits by bank transfer; the maker approves it in the deposits queue.
    await openCentrePage(member, 'depositv2');
    await member.getByRole('radio', { name: /Dutch-Bangla Bank/ }).check();
    await member.getByLabel('Amount').fill('1000');
    await member.getByLabel('Transfer reference').fill(`DBBL-${RUN}`);
    await member.getByRole('button', { name: 'Submit deposit' }).click();
    await member.getByText('has been submitted and is waiting for review').waitFor();
    await actOnRow(maker.page, '/deposits', 'Approve');
    const credited = await staffCall(maker.page, 'GET', `/bo/api/brands/${BRAND}/deposits?status=paid&member=${PLAYER.username}`);
    assert.deepEqual(credited.value.items.map((deposit) => deposit.amount), ['1000.00']);

    // 2. A withdrawal above the brand's threshold waits for a second staff member.
    const threshold = await staffCall(maker.page, 'PUT', `/bo/api/brands/${BRAND}/settings/approvals`, { threshold: '500.00' });
    assert.equal(threshold.status, 200, JSON.stringify(threshold));
    await openCentrePage(member, 'withdraw');
    const addAccount = member.locator('.bank-account-form');
    await addAccount.getByLabel('Bank').fill('Dutch-Bangla Bank');
    await addAccount.getByLabel('Account name').fill('E2E Member');
    await addAccount.getByLabel('Account number').fill('1234567890');
    await addAccount.getByRole('button', { name: 'Save bank account' }).click();
    await member.locator('.payments__account-number').filter({ hasText: '****7890' }).waitFor();
    const setPassword = member.locator('form').filter({ has: member.getByRole('heading', { name: 'Set a payment password' }) });
    await setPassword.getByLabel('Login password').fill(LOGIN_PASSWORD);
    await setPassword.locator('input[name="paymentPassword"]').fill(PAYMENT_PASSWORD);
    await setPassword.locator('input[name="confirmPaymentPassword"]').fill(PAYMENT_PASSWORD);
    await setPassword.getByRole('button', { name: 'Set payment password' }).click();
    await setPassword.waitFor({ state: 'detached' });
    const withdrawal = member.locator('.withdrawal-form');
    await withdrawal.getByLabel('Bank account').selectOption({ label: 'Dutch-Bangla Bank ****7890 (E2E Member)' });
    await withdrawal.getByLabel('Amount').fill('600');
    await withdrawal.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
    await member.getByText('has been requested').waitFor();

    await actOnRow(maker.page, '/withdrawals', 'Approve');
    await maker.page.getByText('Waiting for a second approver').waitFor();
    await actOnRow(checker.page, '/approvals', 'Approve', maker.username); // the maker asked for it
    const approved = encodeURIComponent(JSON.stringify({ status: 'approved' }));
    await actOnRow(maker.page, `/withdrawals?filter=${approved}`, 'Pay');
    const paid = await staffCall(maker.page, 'GET', `/bo/api/brands/${BRAND}/withdrawals?status=paid&member=${PLAYER.username}`);
    assert.equal(paid.value.items.length, 1, JSON.stringify(paid));

    // 3. An announcement and a banner, published, are on the brand's site.
    const title = `Cricket night ${RUN}`;
    const texts = { bn: { title, content: 'আজ রাতে **ক্রিকেট**' }, en: { title, content: 'Tonight: **cricket**' } };
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const notice = await staffCall(maker.page, 'POST', `/bo/api/brands/${BRAND}/announcements`, { type: 'PL', texts, startsAt });
    assert.equal(notice.status, 200, JSON.stringify(notice));
    const images = await staffCall(maker.page, 'GET', `/bo/api/brands/${BRAND}/images`);
    const image = images.value.items.find((found) => found.path.startsWith('banners/'));
    // The banner goes on the customer-service page, whose group the demo brand leaves empty: the
    // other browser tests, running beside this one, count the home page's banners.
    const banner = await staffCall(maker.page, 'POST', `/bo/api/brands/${BRAND}/banners`, {
      group: 'service',
      image: image.path,
      link: '/rng', // a page the brand has (other tests check every banner's link)
      titles: { en: title },
    });
    assert.equal(banner.status, 200, JSON.stringify(banner));
    published.push(`/bo/api/brands/${BRAND}/announcements/${notice.value.key}`, `/bo/api/brands/${BRAND}/banners/${banner.value.key}`);
    const site = await callBrand(BRAND, '/wps/relay/MCSFE_getListAnnouncements?lang=en&types=B,PL');
    assert.ok(site.value.player.some((shown) => shown.title === title), 'the announcement is on the site');
    assert.ok(site.value.banners.some((shown) => shown.title === title), 'the banner is on the site');
    await member.goto(brandUrl(BRAND, '/service'));
    await member.locator('section.top-banner[data-group="service"] img').and(member.getByAltText(title)).waitFor();
    await maker.page.goto(backOfficeUrl('/announcements'));
    await maker.page.getByText(title).first().waitFor();

    // 4. The member, frozen from their page, can no longer log in.
    const found = await staffCall(maker.page, 'GET', `/bo/api/brands/${BRAND}/members?q=${PLAYER.username}`);
    const memberId = found.value.items[0].id;
    await maker.page.goto(backOfficeUrl(`/members/${memberId}/show`));
    await maker.page.getByRole('button', { name: 'Freeze' }).click();
    await maker.page.getByRole('dialog').getByLabel('Reason').fill('chargeback under review');
    await maker.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await maker.page.getByRole('button', { name: 'Unfreeze' }).waitFor();
    await assert.rejects(logIn(BRAND, PLAYER.username), /account_frozen/);

    // 5. The day's report, exported as the server's CSV.
    await maker.page.goto(backOfficeUrl('/reports'));
    const downloading = maker.page.waitForEvent('download');
    await maker.page.getByRole('button', { name: 'Export CSV' }).first().click();
    const csv = readFileSync(await (await downloading).path(), 'utf8');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    assert.match(header, /^day,deposits,withdrawals,bets,wins,bonuses,ggr,ngr/);
    const today = rows.find((row) => row.startsWith(brandDay(BRAND)));
    assert.ok(today, csv);
    assert.ok(Number(today.split(',')[1]) >= 1000, today);

    // 6. Every action in the audit log, whose chain holds.
    const audited = async (staff) => {
      const log = await staffCall(staff.page, 'GET', `/bo/api/audit?brand=${BRAND}&staff=${staff.username}&pageSize=200`);
      return new Set(log.value.entries.map((entry) => entry.action));
    };
    const made = await audited(maker);
    for (const action of ['deposit_approved', 'approval_requested', 'withdrawal_paid', 'announcement_published', 'banner_published', 'member_status_changed']) {
      assert.ok(made.has(action), `${action} in ${[...made]}`);
    }
    assert.ok((await audited(checker)).has('approval_approved'));
    await maker.page.goto(backOfficeUrl('/audit'));
    await maker.page.getByText('member_status_changed').first().waitFor();
    assert.match(tessera('audit', 'verify'), /\d+ entr/);
  } finally {
    for (const path of published) await staffCall(maker.page, 'DELETE', path); // the demo brand as it was
    await context.close();
    await maker.context.close();
    await checker.context.close();
  }
});
