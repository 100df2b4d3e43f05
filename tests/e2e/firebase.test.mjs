// Phone sign-in through Firebase (SPEC §3, §4, §8) in Chromium, against the Firebase Auth emulator:
// on a brand whose firebase-phone-auth plugin names the emulator (tenant.toml `emulator_host`), a
// visitor registers by mobile and a member logs in with the ID token the emulator gives for the
// texted code. The emulator (firebase-tools, a devDependency) and a Tessera server of this test's
// own (tests/e2e/firebaseServer.mjs) are started here, so the demo brands keep their SMS flows on
// the shared server; the codes the emulator "texts" are read from its REST API. The Firebase SDK
// is fetched only once a code is asked for.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { brandUrl, launchBrowser, openPage, readCaptcha } from './browser.mjs';
import { FIREBASE_CLI, freePort, startBrandServer, startEmulator } from './firebaseServer.mjs';

const BRAND = 'demo-ph';
const PROJECT_ID = 'demo-tessera'; // a demo- project: the emulator needs no credentials for it
const API_KEY = 'demo-api-key';

let emulator = null;
let server = null;
let browser = null;
let serverStart = null; // the server starts while the emulator does; its failure is the tests' (in before)

// Registered first, so whatever is started below is stopped whatever happens.
after(async () => {
  try {
    await browser?.close();
  } finally {
    try {
      await (server ?? (await serverStart?.catch(() => null)))?.stop();
    } finally {
      await emulator?.stop();
    }
  }
});

/** Why the tests cannot run here, or false: only a missing or failing emulator skips them. */
async function startOrSkip() {
  if (!FIREBASE_CLI) return 'firebase-tools is not installed (a devDependency, or FIREBASE_TOOLS_BIN)';
  const emulatorPort = await freePort();
  const firebase = { project_id: PROJECT_ID, api_key: API_KEY, emulator_host: `127.0.0.1:${emulatorPort}` };
  serverStart = startBrandServer({ brand: BRAND, firebase });
  serverStart.catch(() => {}); // reported by before
  try {
    emulator = await startEmulator({ port: emulatorPort, projectId: PROJECT_ID });
    return false;
  } catch (error) {
    console.error(error.message);
    const [why, ...output] = error.message.split('\n');
    const lastLine = output.filter((line) => line.trim()).at(-1);
    return lastLine ? `${why}: ${lastLine}` : why;
  }
}

const skip = await startOrSkip();

before(async () => {
  if (skip) return;
  server = await serverStart;
  browser = await launchBrowser();
});

/** The address of PATH on the brand's host, on this test's server. */
const pageUrl = (path = '/') => brandUrl(BRAND, path, server.url);

/** The brand's status from this test's server (Node's fetch may not set Host). */
function brandStatus() {
  return new Promise((resolve, reject) => {
    const { hostname, port } = server.url;
    const call = httpRequest({ host: hostname, port, path: '/wps/system/status', headers: { Host: `${BRAND}.localhost:${port}` } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve(JSON.parse(text).value));
    });
    call.on('error', reject);
    call.end();
  });
}

const randomDigits = (count) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
// Firebase's calls go to the emulator; a wrong code is its 400. The SDK first asks for the
// project's reCAPTCHA Enterprise settings, which the emulator does not have (501): it then goes on
// with the plain reCAPTCHA, which the emulator skips.
const EMULATOR_REFUSAL = `400 ${emulator?.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber`;
const NO_ENTERPRISE_RECAPTCHA = `501 ${emulator?.url}/identitytoolkit.googleapis.com/v2/recaptchaConfig`;

async function withPage(run, { expectedErrors = [NO_ENTERPRISE_RECAPTCHA] } = {}) {
  const { context, page, errors } = await openPage(browser);
  // Scripts the page loaded that hold the Firebase SDK.
  const firebaseScripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const text = await response.text().catch(() => '');
    if (text.includes('@firebase/auth')) firebaseScripts.push(response.url());
  });
  try {
    await run(page, context, firebaseScripts);
    assert.deepEqual(errors.filter((line) => !expectedErrors.some((expected) => line.startsWith(expected))), [], 'console errors');
  } finally {
    await context.close();
  }
}

async function solveCaptchaIfShown(page, context, scope) {
  const field = await page.$(`${scope} input[name="captcha"]`);
  if (!field) return;
  await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('src')?.startsWith('data:image/'),
    `${scope} [data-field="captcha"] img`);
  const cookie = (await context.cookies(pageUrl('/wps/captcha'))).find((c) => c.name === 'tessera_captcha');
  await field.fill(readCaptcha(BRAND, cookie.value));
}

/** Ask Firebase for a code for PHONE: the button then waits one minute (SPEC §4); the code the emulator "texted". */
async function sendCode(page, scope, phone) {
  const sentBefore = (await emulator.codesFor(phone)).length;
  await page.click(`${scope} .sms-code-button`);
  const button = await page.waitForSelector(`${scope} .sms-code-button[data-countdown]`);
  const seconds = Number(await button.getAttribute('data-countdown'));
  assert.ok(seconds > 50 && seconds <= 60, `the countdown starts at one minute, not ${seconds} s`);
  const codes = await emulator.codesFor(phone);
  assert.equal(codes.length, sentBefore + 1, `one code is texted to ${phone}`);
  return codes.at(-1);
}

describe(`${BRAND}: phone sign-in through the Firebase Auth emulator`, { skip }, () => {
  const mobile = `9${randomDigits(9)}`;
  const phone = `+63${mobile}`;

  test("the status call publishes the brand's Firebase web app, with the emulator's address", async () => {
    assert.deepEqual((await brandStatus()).phoneAuth, {
      provider: 'firebase',
      apiKey: API_KEY,
      projectId: PROJECT_ID,
      authDomain: `${PROJECT_ID}.firebaseapp.com`,
      emulatorUrl: emulator.url,
    });
  });

  test('a visitor registers by mobile with the code Firebase texted; the SDK came only with the first code', () =>
    withPage(async (page, context, firebaseScripts) => {
      await page.goto(pageUrl('/register'));
      await page.waitForSelector('.modal[data-modal="register"] form.register');
      await page.fill('form.register input[name="mobileNum"]', mobile);
      const password = page.locator('form.register input[name="password"]');
      if (await password.count()) {
        await password.fill('Mob1lePass');
        await page.fill('form.register input[name="confirmPassword"]', 'Mob1lePass');
        await page.check('form.register input[name="terms"]');
      }
      assert.deepEqual(firebaseScripts, [], 'no Firebase before a code is asked for');
      const code = await sendCode(page, 'form.register', phone);
      assert.ok(firebaseScripts.length > 0, 'the Firebase SDK is fetched for the code');
      await page.fill('form.register input[name="verificationCode"]', code);
      await solveCaptchaIfShown(page, context, 'form.register');
      await page.click('.register__submit');
      await page.waitForSelector('.modal[data-modal="deposit"]');
    }));

  test('a wrong code is refused under the code field, and the server is not asked', () =>
    withPage(async (page) => {
      const logins = [];
      page.on('request', (request) => request.url().endsWith('/wps/session/login') && logins.push(request));
      await page.goto(pageUrl());
      await page.click('.header__login');
      await page.click('.method-switch input[value="sms"]');
      await page.fill('.login--sms input[name="mobileNum"]', mobile);
      const code = await sendCode(page, '.login--sms', phone);
      await page.fill('.login--sms input[name="verificationCode"]', code === '000000' ? '111111' : '000000');
      await page.click('.login__submit');
      const error = await page.waitForSelector('.login--sms [data-field-error="verificationCode"]');
      assert.equal(await error.textContent(), 'The verification code is not correct.');
      assert.equal(logins.length, 0);
    }, { expectedErrors: [EMULATOR_REFUSAL, NO_ENTERPRISE_RECAPTCHA] }));

  test('the member logs in with the code Firebase texted', () =>
    withPage(async (page) => {
      await page.goto(pageUrl());
      await page.click('.header__login');
      await page.click('.method-switch input[value="sms"]');
      await page.fill('.login--sms input[name="mobileNum"]', mobile);
      await page.fill('.login--sms input[name="verificationCode"]', await sendCode(page, '.login--sms', phone));
      await page.click('.login__submit');
      await page.waitForSelector('.account-area');
    }));
});
