// `make bench` (front end): the home page of each demo brand in headless Chromium.
//
// Prints the initial JavaScript the home page loads (gzipped, level 9, as a server would send it)
// and whether any remote was fetched before it was opened, then LCP, CLS and total blocking time
// with the CPU throttled 4x, each the median of RUNS cold loads. The baseline, measured the same
// way in the same run, is the same page from the same server with its scripts taken out and the
// frame's first screen written in as static HTML: the ratio says what the shell's JavaScript costs.
// Targets are reported, not failed; exit status 1 means a measurement could not be made.
import { gzipSync } from 'node:zlib';
import { brandUrl, launchBrowser } from '../e2e/browser.mjs';

const RUNS = Number(process.env.TESSERA_BENCH_RUNS || 5);
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 3000;
const PAINT_TIMEOUT_MS = 30_000;
const BRANDS = ['demo-bd', 'demo-ph'];
const TARGETS = { initialJsKiB: 150, lcpMs: 1500, cls: 0.05 };
const REMOTE_PATHS = ['/static/member-centre/', '/static/agent-centre/'];

// Collects the paint and layout-shift entries and long tasks from the first moment of the page.
const OBSERVE = `
  window.__bench = { lcp: 0, cls: 0, longTasks: [], fcp: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__bench.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The home page's scripts until the network is idle: gzipped bytes, and whether a remote came too. */
async function initialJavaScript(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let gzipped = 0;
  let raw = 0;
  for (const response of scripts) {
    const body = await response.body();
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  const remoteFetched = scripts.some((r) => REMOTE_PATHS.some((path) => new URL(r.url()).pathname.startsWith(path)));
  await context.close();
  return { files: scripts.length, raw, gzipped, remoteFetched };
}

/** The page as static HTML: no scripts, the first screen the shell draws written in. */
async function baselineHtml(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('main h1');
  const html = await page.evaluate(() => {
    const clone = document.documentElement.cloneNode(true);
    clone.querySelectorAll('script').forEach((script) => script.remove());
    return '<!DOCTYPE html>' + clone.outerHTML;
  });
  await context.close();
  return html;
}

async function loadOnce(browser, url, html) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (html) await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(OBSERVE);
  await page.goto(url, { waitUntil: 'load' });
  // The shell draws once its chunks and catalogue have come, which with the CPU 4x slower can be
  // seconds after the load event: wait for its first screen and a largest contentful paint, then
  // SETTLE_MS for later, larger candidates (a popup notice).
  await page.waitForFunction(() => window.__bench.lcp > 0 && document.querySelector('main h1'), null, { timeout: PAINT_TIMEOUT_MS })
    .catch(() => {});
  await page.waitForTimeout(SETTLE_MS);
  const found = await page.evaluate(() => window.__bench);
  await context.close();
  const tbt = found.longTasks
    .filter(([start]) => start >= found.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { lcp: found.lcp, cls: found.cls, tbt };
}

async function medians(browser, url, html) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await loadOnce(browser, url, html));
  if (runs.some((run) => !run.lcp)) {
    throw new Error(`no largest contentful paint on ${url} (${html ? 'baseline' : 'shell'}) within ${PAINT_TIMEOUT_MS / 1000} s of the load event`);
  }
  return { lcp: median(runs.map((r) => r.lcp)), cls: median(runs.map((r) => r.cls)), tbt: median(runs.map((r) => r.tbt)) };
}

const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
const met = (ok) => (ok ? 'met' : 'NOT met');

async function main() {
  const browser = await launchBrowser();
  try {
    console.log(`Front end: home page, Chromium headless, CPU ${CPU_SLOWDOWN}x slower, median of ${RUNS} cold loads`);
    for (const brand of BRANDS) {
      const url = brandUrl(brand, '/');
      const js = await initialJavaScript(browser, url);
      const shell = await medians(browser, url, null);
      const baseline = await medians(browser, url, await baselineHtml(browser, url));
      const kib = js.gzipped / 1024;
      console.log(`\n${brand}`);
      console.log(`  initial JS      ${js.files} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${kib.toFixed(1)} KiB gzipped`
        + `   target <= ${TARGETS.initialJsKiB} KiB: ${met(kib <= TARGETS.initialJsKiB)}`);
      console.log(`  remotes fetched before opened: ${js.remoteFetched ? 'yes (NOT met)' : 'no (met)'}`);
      console.log('  metric        shell     baseline   ratio   target');
      console.log(`  LCP        ${shell.lcp.toFixed(0).padStart(6)} ms ${baseline.lcp.toFixed(0).padStart(7)} ms   ${ratio(shell.lcp, baseline.lcp).padStart(5)}   <= ${TARGETS.lcpMs} ms: ${met(shell.lcp <= TARGETS.lcpMs)}`);
      console.log(`  CLS        ${shell.cls.toFixed(3).padStart(9)} ${baseline.cls.toFixed(3).padStart(10)}   ${ratio(shell.cls, baseline.cls).padStart(5)}   <= ${TARGETS.cls}: ${met(shell.cls <= TARGETS.cls)}`);
      console.log(`  TBT        ${shell.tbt.toFixed(0).padStart(6)} ms ${baseline.tbt.toFixed(0).padStart(7)} ms   ${ratio(shell.tbt, baseline.tbt).padStart(5)}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
