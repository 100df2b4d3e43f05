// Debian's Chromium driven by playwright-core against a running Tessera server.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

export const BASE_URL = new URL(process.env.TESSERA_E2E_URL || 'http://127.0.0.1:6543');

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

/** The address of PATH on BRAND's demo host (demo-bd.localhost, demo-ph.localhost). */
export function brandUrl(brand, path = '/') {
  const url = new URL(path, BASE_URL);
  url.hostname = `${brand}.localhost`;
  return url.toString();
}

// Chromium asks for /favicon.ico by itself; the page never references it.
const IGNORED_PATHS = new Set(['/favicon.ico']);

/** A member (type 4) and an agent (type 1) as the session store keeps them. */
export const MEMBER = { token: 'e2e-member-token', isAgent: 4, username: 'member01' };
export const AGENT = { token: 'e2e-agent-token', isAgent: 1, username: 'agent01' };

/**
 * A fresh page (own storage) that records console errors, uncaught exceptions and failed requests.
 * Chromium's own 'Failed to load resource' console line is replaced by the request it is about.
 * The day's announcement popup is hidden (as after 'hide today') unless ``announcements`` is set;
 * ``session`` starts the page with that session stored.
 */
export async function openPage(browser, { announcements = false, session = null, options = {} } = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([hide, stored]) => {
      if (hide) localStorage.setItem('hideAnnounceDate', new Date().toLocaleDateString('en-CA'));
      if (stored) localStorage.setItem('session', JSON.stringify(stored));
    },
    [!announcements, session],
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
