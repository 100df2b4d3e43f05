// `make bench` (as users measure): Lighthouse on the home page, the slots lobby (/rng) and the
// lottery page (/lottery) of each demo brand, in Debian's Chromium against the running server.
//
// Mobile profile (Lighthouse's default: simulated slow 4G, CPU 4x slower), RUNS runs a page, the
// median by performance score printed with its LCP, TBT, CLS, accessibility and best practices
// against the targets; then one desktop-profile run a page, its LCP against 1.2 s. Every run is a
// new user: a new Chromium with a fresh profile, nothing cached, no service worker installed yet.
// The failing accessibility and best-practices audits and the top performance opportunities are
// listed under the tables. Targets are reported, not failed; exit status 1 means a page could not
// be measured. Only loopback is reached: every other host name resolves to nothing.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { brandUrl } from '../e2e/browser.mjs';
import { TARGETS, desktopTable, figures, findings, medianRun, mobileTable, opportunities } from './lighthouseReport.mjs';

const RUNS = Number(process.env.TESSERA_BENCH_LIGHTHOUSE_RUNS || 3);
const BRANDS = (process.env.TESSERA_BENCH_BRANDS || 'demo-bd,demo-ph').split(',');
const PATHS = (process.env.TESSERA_BENCH_PATHS || '/,/rng,/lottery').split(',');
const RUN_TIMEOUT_MS = 120_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** One Lighthouse run of URL in a new Chromium (fresh profile), within RUN_TIMEOUT_MS. */
async function measure(url, config) {
  const chrome = await launch({ chromePath: process.env.TESSERA_E2E_CHROMIUM || '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${url}: no result within ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
    });
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
    const result = await Promise.race([lighthouse(url, flags, config), timeout]);
    if (!result) throw new Error(`${url}: Lighthouse gave no result`);
    return result.lhr;
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

function printFindings(label, lhr) {
  const lines = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const found of findings(lhr, category)) {
      lines.push(`  ${category}: ${found.id} (${found.title})`);
      for (const item of found.items) lines.push(`      ${item.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
  const top = opportunities(lhr);
  if (top.length) {
    lines.push('  performance opportunities:');
    for (const found of top) {
      lines.push(`    ${found.id}: ${Math.round(found.savingsMs)} ms, ${Math.round(found.savingsBytes / 1024)} KiB (${found.title})`);
    }
  }
  if (lines.length) console.log(`\n${label}\n${lines.join('\n')}`);
}

async function main() {
  const pages = BRANDS.flatMap((brand) => PATHS.map((path) => ({ page: `${brand} ${path}`, url: brandUrl(brand, path) })));
  const mobile = [];
  for (const { page, url } of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const lhr = await measure(url);
      runs.push({ ...figures(lhr), lhr });
    }
    const run = medianRun(runs);
    mobile.push({ page, run });
    console.error(`measured ${page}: ${runs.map((r) => r.score).join(', ')}`);
  }
  const desktop = [];
  for (const { page, url } of pages) {
    const lhr = await measure(url, desktopConfig);
    desktop.push({ page, run: { ...figures(lhr), lhr } });
  }
  console.log(`\nLighthouse, mobile profile (simulated slow 4G, CPU 4x slower), a new user, median of ${RUNS} runs by performance score`);
  console.log(mobileTable(mobile));
  console.log('\nLighthouse, desktop profile, one run');
  console.log(desktopTable(desktop));
  for (const { page, run } of mobile) printFindings(`${page} (mobile, median run)`, run.lhr);
  const missed = mobile.filter(({ run }) => run.accessibility < TARGETS.accessibility || run.bestPractices < TARGETS.bestPractices);
  console.log(`\n${missed.length ? `${missed.length} page(s) below 100 in accessibility or best practices` : 'accessibility and best practices: 100 on every page'}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
