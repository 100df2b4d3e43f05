import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { BASE_URL, brandUrl, browserForFile, expectNoOverflow, VIEWPORTS, viewportOverflows } from './browser.mjs';

const { withPage } = browserForFile();

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const USERNAME = `e2e-staff-${Date.now().toString(36)}${process.pid.toString(36)}`;
const NEW_PASSWORD = 'a password of my own';

/** The back office's address of PATH: its own host (TESSERA_BACKOFFICE_HOST's default), on the server's port. */
function backOfficeUrl(path = '/') {
  const url = new URL(path, BASE_URL);
  url.hostname = 'admin.localhost';
  return url.toString();
}

/** A superuser made with `tessera staff create`: their one-time password, printed once. */
function createStaff(username) {
  const printed = execFileSync(`${REPOSITORY}.venv/bin/tessera`, ['staff', 'create', username, '--superuser'], {
    cwd: REPOSITORY,
    encoding: 'utf8',
  });
  return printed.trim().split('\n').at(-1);
}

// Kept from the first test for the second: a recovery code opens one login.
const kept = { recoveryCodes: [] };
// The app asks for the session first (none yet); the brand-scoped lists it opens on after the login
// (the members) may answer 404 where the server has none of them.
const allowedErrors = [`401 ${backOfficeUrl('/bo/api/session')}`, `404 ${backOfficeUrl('/bo/api/brands/')}`];

test('a new staff member logs in with the one-time password, changes it, sets up two-factor and finds it in the audit log', async () => {
  const oneTimePassword = createStaff(USERNAME);
  await withPage(async (page) => {
    const answer = await page.goto(backOfficeUrl('/'));
    assert.match(answer.headers()['content-security-policy'], /script-src 'self'/);
    await page.waitForURL(/\/login$/);

    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(oneTimePassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await page.locator('input[name="newPasswordAgain"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();

    const uri = await page.locator('[data-otpauth-uri]').innerText();
    assert.ok(await page.getByRole('img', { name: 'QR code of your two-factor secret' }).isVisible());
    const totp = OTPAuth.URI.parse(uri.trim());
    await page.locator('input[name="code"]').fill(totp.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();

    const codes = page.locator('[data-recovery-code]');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    kept.recoveryCodes = await codes.allInnerTexts();
    await page.getByRole('button', { name: 'I have kept them: continue' }).click();

    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.waitForURL(/\/audit/);
    const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === '/bo/api/audit' && new URL(r.url()).searchParams.get('staff') === USERNAME);
    await page.getByRole('textbox', { name: 'Staff' }).fill(USERNAME);
    await filtered;
    // The staff member's own entries: none of the command line's (which made them) are left.
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('tbody tr td.column-action')].map((cell) => cell.textContent);
      return cells.length > 0 && !cells.includes('staff_created');
    });
    const actions = await page.locator('tbody tr td.column-action').allInnerTexts();
    assert.deepEqual(actions.sort(), ['login', 'password_changed', 'two_factor_enrolled']);
  }, { allowedErrors });
});

test('on a phone, the staff member logs in with a recovery code and finds the audit log in the menu', async () => {
  assert.equal(kept.recoveryCodes.length, 10, 'the first test kept the recovery codes');
  await withPage(async (page) => {
    await page.goto(backOfficeUrl('/audit'));
    await page.waitForURL(/\/login$/);
    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="code"]').fill(kept.recoveryCodes[0]);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('combobox', { name: 'Brand' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByText('password_changed').first().waitFor();
    // The menu's drawer has slid away (or is still open in full), not caught halfway.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.MuiDrawer-paper')].every(
        (drawer) => !drawer.checkVisibility({ checkVisibilityCSS: true }) || drawer.getBoundingClientRect().left >= 0,
      ),
    );
    assert.deepEqual(await viewportOverflows(page), []);
  }, { allowedErrors, options: { viewport: VIEWPORTS.phone } });
});

test('on a phone, every page of the menu fits the screen, its list or form drawn', async () => {
  assert.equal(kept.recoveryCodes.length, 10, 'the first test kept the recovery codes');
  await withPage(async (page) => {
    await page.goto(backOfficeUrl('/'));
    await page.waitForURL(/\/login$/);
    await page.locator('input[name="username"]').fill(USERNAME);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="code"]').fill(kept.recoveryCodes[1]);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('combobox', { name: 'Brand' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const pages = await page.locator('.MuiDrawer-paper a[role="menuitem"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.ok(pages.length >= 10, `the superuser's menu: ${pages}`);
    for (const path of pages) {
      await page.goto(backOfficeUrl(path));
      // Drawn: its content there, no loading indicator left.
      await page.waitForFunction(() => document.querySelector('#main-content')?.innerText.trim().length > 0);
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root, .MuiCircularProgress-root'));
      assert.equal(await page.locator('.MuiAlert-standardError').count(), 0, `${path}: an error is shown`);
      await expectNoOverflow(page, path);
    }
  }, { allowedErrors, options: { viewport: VIEWPORTS.phone } });
});

test("the back office's page is not on a brand's host", async () => {
  await withPage(async (page) => {
    const answer = await page.goto(brandUrl('demo-bd', '/audit'));
    const scripts = await page.locator('script[src]').evaluateAll((all) => all.map((one) => one.getAttribute('src')));
    assert.ok(!scripts.some((src) => src.includes('/back-office/')), `${answer.status()}: ${scripts}`);
  }, { allowErrors: true });
});
