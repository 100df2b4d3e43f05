// Debian's Chromium driven by playwright-core against a running Tessera server.
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

/**
 * A fresh page (own storage) that records console errors, uncaught exceptions and failed requests.
 * Chromium's own 'Failed to load resource' console line is replaced by the request it is about.
 */
export async function openPage(browser) {
  const context = await browser.newContext();
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
  page.on('requestfailed', (request) => record(request.url(), request.failure()?.errorText ?? 'failed'));
  return { context, page, errors };
}
