// Debian's Chromium driven by playwright-core against a running Tessera server.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before } from 'node:test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CompactEncrypt, importJWK } from 'jose';
import { chromium } from 'playwright-core';

export const BASE_URL = new URL(process.env.TESSERA_E2E_URL || 'http://127.0.0.1:6543');
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const TESSERA_CLI = `${REPOSITORY}.venv/bin/tessera`;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  `--host-resolver-rules=MAP *.localhost ${BASE_URL.hostname === 'localhost' ? '127.0.0.1' : BASE_URL.hostname}`,
];

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.TESSERA_E2E_CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** The address of PATH on BRAND's demo host (demo-bd.localhost, demo-ph.localhost, demo-vn.localhost), on BASE's port. */
export function brandUrl(brand, path = '/', base = BASE_URL) {
  const url = new URL(path, base);
  url.hostname = `${brand}.localhost`;
  return url.toString();
}

// Chromium asks for /favicon.ico by itself; the page never references it.
const IGNORED_PATHS = new Set(['/favicon.ico']);

const RUN = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const BRANDS = ['demo-bd', 'demo-ph', 'demo-vn'];

/** The demo brands' time zones (tenant.toml `timezone`); localhost and 127.0.0.1 are demo-bd. */
export const BRAND_ZONES = { 'demo-bd': 'Asia/Dhaka', 'demo-ph': 'Asia/Manila', 'demo-vn': 'Asia/Ho_Chi_Minh' };

/** Today (YYYY-MM-DD) in BRAND's zone at NOW: the day 'hide today' and the record pages count in. */
export function brandDay(brand, now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BRAND_ZONES[brand] }).format(now);
}

/**
 * A member (type 4) and an agent (type 1): pass one as ``session`` to openPage and the page starts
 * logged in as it, with a real session on whichever demo brand it opens.
 */
export const MEMBER = { isAgent: 4, username: `e2e-member-${RUN}` };
export const AGENT = { isAgent: 1, username: `e2e-agent-${RUN}` };
const PASSWORD = 'e2e-Passw0rd';

/** Create USERNAME on BRAND with the CLI, on the server's database (the default var/tessera.sqlite). */
export function createMember(brand, username, { password = PASSWORD, type = 4, nickname, defaultPassword = false } = {}) {
  const args = ['members', 'create', brand, username, '--type', String(type)];
  args.push(...(defaultPassword ? ['--default-password'] : ['--password', password]));
  if (nickname) args.push('--nickname', nickname);
  execFileSync(TESSERA_CLI, args, { cwd: REPOSITORY, stdio: 'pipe' });
}

/** A new operator API key for BRAND named NAME (tessera operators create-key), on the server's database. */
export function createOperatorKey(brand, name) {
  const printed = execFileSync(TESSERA_CLI, ['operators', 'create-key', brand, name], { cwd: REPOSITORY, encoding: 'utf8' });
  return printed.trim().split('\n').at(-1);
}

/** Call PATH on BRAND's host directly (Node's fetch may not set Host), answering the envelope. */
export function callBrand(brand, path, { method = 'GET', body, type, token, cookie, withHeaders = false } = {}) {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: BASE_URL.hostname,
        port: BASE_URL.port,
        path,
        method,
        headers: {
          Host: `${brand}.localhost:${BASE_URL.port}`,
          Accept: 'application/json',
          ...(type ? { 'Content-Type': type } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(withHeaders ? { answer: JSON.parse(text), headers: response.headers } : JSON.parse(text)));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/** The text of a brand's image captcha as a reader would type it (tests/e2e/read_captcha.py). */
/** BRAND's relay OPERATION posted with BODY (as TOKEN's member when given): its value, or an error naming the refusal. */
export async function relayCall(brand, operation, body, token) {
  const answer = await callBrand(brand, `/wps/relay/${operation}`, { method: 'POST', body: JSON.stringify(body), type: 'application/json', token });
  if (!answer.success) throw new Error(`${operation}: ${answer.code}`);
  return answer.value;
}

export function readCaptcha(brand, captchaId) {
  return execFileSync(`${REPOSITORY}.venv/bin/python`, ['tests/e2e/read_captcha.py', brand, captchaId], {
    cwd: REPOSITORY,
    encoding: 'utf8',
  }).trim();
}

/** A captcha solved for a call: the cookie that names it and the text read from it. */
async function solvedCaptcha(brand) {
  const { headers } = await callBrand(brand, '/wps/captcha', { withHeaders: true });
  const cookie = (headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).find((pair) => pair.startsWith('tessera_captcha='));
  return { cookie, captcha: readCaptcha(brand, cookie.split('=')[1]) };
}

/** Log USERNAME in on BRAND through the encrypted login call; the session as the shell stores it. */
export async function logIn(brand, username, password = PASSWORD) {
  const status = await callBrand(brand, '/wps/system/status');
  const jwk = status.value.publicKey;
  // A captcha is asked with LOGINREQCAPTCHA3, or after a failed login from this address.
  let login = await sendLogin(brand, jwk, username, password, status.value.whitelabel.LOGINREQCAPTCHA3);
  if (login.code === 'captcha_required') login = await sendLogin(brand, jwk, username, password, true);
  if (!login.success) throw new Error(`login of ${username} on ${brand}: ${login.code}`);
  const info = (await callBrand(brand, '/wps/member/info', { token: login.value.token })).value;
  return { token: login.value.token, isAgent: info.type, username: info.account };
}

async function sendLogin(brand, jwk, username, password, withCaptcha) {
  const { cookie, captcha } = withCaptcha ? await solvedCaptcha(brand) : {};
  const plaintext = { type: 'username', username, password, captcha, iat: Math.floor(Date.now() / 1000), jti: randomUUID() };
  const body = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(plaintext)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwk.kid })
    .encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
  return callBrand(brand, '/wps/session/login', { method: 'POST', body, type: 'application/jose', cookie });
}

const sessions = new Map();

/** ROLE's sessions by host, created and logged in once per run. */
function sessionsOf(role) {
  if (!sessions.has(role)) {
    sessions.set(
      role,
      (async () => {
        const byHost = {};
        for (const brand of BRANDS) {
          createMember(brand, role.username, { type: role.isAgent });
          byHost[`${brand}.localhost`] = await logIn(brand, role.username);
        }
        return byHost;
      })(),
    );
  }
  return sessions.get(role);
}

/**
 * A fresh page (own storage) that records console errors, uncaught exceptions and failed requests.
 * Chromium's own 'Failed to load resource' console line is replaced by the request it is about.
 * The day's announcement popup is hidden (as after 'hide today') unless ``announcements`` is set;
 * ``session`` starts the page with that session stored. The brand's service worker is blocked
 * (requests it served would bypass a test's ``page.route``) unless ``options.serviceWorkers`` is 'allow'.
 */
export async function openPage(browser, { announcements = false, session = null, options = {} } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  const byHost = session ? await sessionsOf(session) : null;
  await context.addInitScript(
    ([hide, stored, zones]) => {
      if (window !== window.top) return; // a game's frame is the vendor's page: its storage is not the brand's
      // 'Hide today' counts the brand's day, whatever zone the browser is in.
      const zone = zones[location.hostname.split('.')[0]] ?? zones['demo-bd'];
      if (hide) localStorage.setItem('hideAnnounceDate', new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()));
      if (stored?.[location.hostname]) localStorage.setItem('session', JSON.stringify(stored[location.hostname]));
    },
    [!announcements, byHost, BRAND_ZONES],
  );
  const page = await context.newPage();
  const errors = [];
  const record = (url, what) => {
    if (!IGNORED_PATHS.has(new URL(url).pathname)) errors.push(`${what} ${url}`);
  };
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) record(response.url(), String(response.status()));
  });
  // ERR_ABORTED is a request the page itself gave up on (a navigation away), not a failure.
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason !== 'net::ERR_ABORTED') record(request.url(), reason);
  });
  return { context, page, errors };
}

/**
 * ``run(page, context)`` on a fresh page of ``browser`` (``openPage``'s options), then the page's
 * errors checked: exactly ``expectedErrors``; or, with ``allowedErrors``, none but those starting
 * with one of them; or none checked with ``allowErrors``. The context is closed whatever happens.
 */
export async function withPage(browser, run, { expectedErrors = [], allowedErrors = null, allowErrors = false, ...options } = {}) {
  const { context, page, errors } = await openPage(browser, options);
  try {
    await run(page, context).catch(async (failure) => {
      // TESSERA_E2E_SCREENSHOTS=dir keeps a picture of the page as the step failed.
      const folder = process.env.TESSERA_E2E_SCREENSHOTS;
      if (folder) await page.screenshot({ path: `${folder}/failed-${Date.now()}.png`, fullPage: true }).catch(() => undefined);
      throw failure;
    });
    if (allowedErrors) {
      const unexpected = errors.filter((line) => !allowedErrors.some((allowed) => line.startsWith(allowed)));
      assert.deepEqual(unexpected, [], 'console errors');
    } else if (!allowErrors) {
      assert.deepEqual(errors, expectedErrors, 'console errors');
    }
  } finally {
    await context.close();
  }
}

/**
 * One Chromium for the calling test file: launched before its tests, closed after them. Its
 * ``withPage(run, options)`` is :func:`withPage` on that browser.
 */
export function browserForFile() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return { withPage: (run, options) => withPage(browser, run, options) };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe-core's serious and critical violations on the page as it is now, one line each
 * ("rule: target, ..."). The script is evaluated through the DevTools protocol, which the page's
 * content security policy does not govern.
 */
export async function accessibilityViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Fetch a route's request from the real server (Node resolves it: the loopback address, the brand's host). */
export async function fetchThrough(route) {
  const url = new URL(route.request().url());
  const headers = { ...route.request().headers(), host: url.host };
  url.hostname = BASE_URL.hostname;
  return route.fetch({ url: url.toString(), headers });
}

/**
 * Serve every page with its bootstrap changed by ``change(bootstrap)``, e.g. to show a status the
 * server is not in. Later calls to the status answer the same.
 */
export async function changeBootstrap(page, change) {
  let status = null;
  // A document Playwright fulfils has no address of its own, so Chromium's Local Network Access
  // counts it as public and refuses its images from the loopback vendor sandbox unless allowed.
  await page.context().grantPermissions(['local-network-access']);
  await page.route(
    (url) => !url.pathname.startsWith('/static/') && !url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/wps/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await fetchThrough(route);
      const html = await response.text();
      const changed = html.replace(
        /(<script id="tessera-bootstrap" type="application\/json">)(.*?)(<\/script>)/s,
        (_, open, text, close) => {
          const bootstrap = JSON.parse(text);
          change(bootstrap);
          status = bootstrap.initial.status;
          return open + JSON.stringify(bootstrap).replaceAll('<', '\\u003c') + close;
        },
      );
      return route.fulfill({ response, body: changed });
    },
  );
  await page.route('**/wps/system/status*', (route) => route.fulfill({ json: { success: true, code: null, message: null, value: status } }));
}

/**
 * Phone, tablet, laptop and desktop sizes the member pages are checked at (a phone first: 360 and
 * 390 px; the header is compact below 1280 px).
 */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  smallPhone: { width: 360, height: 740 },
  tablet: { width: 768, height: 1024 },
  laptop: { width: 1100, height: 720 },
  desktop: { width: 1280, height: 800 },
};

/**
 * What sticks out of the viewport on the page as it is now, one line each: the document wider than
 * the viewport, a visible element reaching past its left or right edge (only the outermost of a nest
 * is named), and a dialog taller or lower than the viewport. An element clipped by a scrolling or
 * hiding ancestor (a table's own scroller, a marquee, a carousel) is that ancestor's business, so
 * inner scrollers need no listing; ``allow`` names selectors left out on purpose.
 */
export async function viewportOverflows(page, { allow = [] } = {}) {
  return page.evaluate((allowed) => {
    const width = document.documentElement.clientWidth;
    const height = document.documentElement.clientHeight;
    const SLACK = 1; // sub-pixel rounding
    const found = [];
    const describe = (element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
      const data = [...element.attributes].find((attribute) => attribute.name.startsWith('data-'));
      const named = `${element.tagName.toLowerCase()}${id}${classes}${data ? `[${data.name}="${data.value}"]` : ''}`;
      const parent = element.parentElement;
      return parent && parent !== document.body ? `${describe(parent).split(' > ').at(-1)} > ${named}` : named;
    };
    const clipsX = (element) => !['visible'].includes(getComputedStyle(element).overflowX);
    const shown = (element) => {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1; // not visually hidden
    };
    const isAllowed = (element) => allowed.some((selector) => element.closest(selector));
    /** Sticks out sideways, and no ancestor (up to the viewport) clips it. */
    const sticksOut = (element) => {
      const box = element.getBoundingClientRect();
      if (box.right <= width + SLACK && box.left >= -SLACK) return false;
      if (getComputedStyle(element).position === 'fixed') return true;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
        if (ancestor !== document.body && clipsX(ancestor)) return false;
        if (getComputedStyle(ancestor).position === 'fixed') break;
      }
      return true;
    };
    if (document.documentElement.scrollWidth > width + SLACK) {
      found.push(`the document is ${document.documentElement.scrollWidth} px wide in a ${width} px viewport`);
    }
    const outermost = new Set();
    for (const element of document.body.querySelectorAll('*')) {
      if (isAllowed(element) || !shown(element) || !sticksOut(element)) continue;
      let nested = false;
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) if (outermost.has(ancestor)) nested = true;
      if (nested) continue;
      outermost.add(element);
      const box = element.getBoundingClientRect();
      found.push(`${describe(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px of ${width}`);
    }
    for (const dialog of document.querySelectorAll('[role="dialog"], [aria-modal="true"]')) {
      if (isAllowed(dialog) || !shown(dialog)) continue;
      const box = dialog.getBoundingClientRect();
      if (box.top < -SLACK || box.bottom > height + SLACK) {
        found.push(`${describe(dialog)} spans ${Math.round(box.top)}..${Math.round(box.bottom)} px of ${height} px high`);
      }
    }
    return found;
  }, allow);
}

/** Fails naming what sticks out of the viewport (see viewportOverflows); ``where`` says which step. */
export async function expectNoOverflow(page, where = '', options = {}) {
  const found = await viewportOverflows(page, options);
  const size = page.viewportSize();
  assert.deepEqual(found, [], `overflow at ${size?.width}x${size?.height}${where ? ` (${where})` : ''}:\n${found.join('\n')}`);
}
