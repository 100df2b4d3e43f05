// `make bench` (as users measure): Lighthouse on the home page, the slots lobby (/rng) and the
// lottery page (/lottery) of each demo brand, in Debian's Chromium against the running server.
//
// Mobile profile (Lighthouse's default: simulated slow 4G, CPU 4x slower), RUNS runs a page, the
// median by performance score printed with its LCP, TBT, CLS, accessibility and best practices
// against the targets; then one desktop-profile run a page, its LCP against 1.2 s (and its
// accessibility and best practices: the wide layout is another page to check). Every run is a
// new user: a new Chromium with a fresh profile, nothing cached, no service worker installed yet.
// The failing accessibility and best-practices audits and the top performance opportunities are
// listed under the tables. Targets are reported, not failed; exit status 1 means a page could not
// be measured. Only loopback is reached: every other host name resolves to nothing. The median
// mobile run and the desktop run of each page are kept in var/bench/lighthouse/ (Lighthouse JSON).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { brandUrl } from '../e2e/browser.mjs';
import { TARGETS, desktopTable, figures, findings, medianRun, mobileTable, opportunities } from './lighthouseReport.mjs';

const RUNS = Number(process.env.TESSERA_BENCH_LIGHTHOUSE_RUNS || 3);
const BRANDS = (process.env.TESSERA_BENCH_BRANDS || 'demo-bd,demo-ph').split(',');
const PATHS = (process.env.TESSERA_BENCH_PATHS || '/,/rng,/lottery').split(',');
const RUN_TIMEOUT_MS = 120_000;
// Each page's median mobile run and desktop run as Lighthouse's JSON, for its viewer.
const REPORTS = fileURLToPath(new URL('../../var/bench/lighthouse/', import.meta.url));
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
    const run = lighthouse(url, flags, config);
    run.catch(() => {}); // after a timeout, its failure once Chromium is gone is already reported
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`${url}: Lighthouse gave no result`);
    return result.lhr;
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

function printFindings(label, lhr, withOpportunities = true) {
  const lines = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const found of findings(lhr, category)) {
      lines.push(`  ${category}: ${found.id} (${found.title})`);
      for (const item of found.items) lines.push(`      ${item.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
  const top = withOpportunities ? opportunities(lhr) : [];
  if (top.length) {
    lines.push('  performance opportunities:');
    for (const found of top) {
      lines.push(`    ${found.id}: ${Math.round(found.savingsMs)} ms, ${Math.round(found.savingsBytes / 1024)} KiB (${found.title})`);
    }
  }
  if (lines.length) console.log(`\n${label}\n${lines.join('\n')}`);
}

/** RUNS mobile runs of a page, its median; then one desktop run. Failures are kept, not thrown. */
async function measurePage({ page, url }, failures) {
  const found = { page };
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const lhr = await measure(url);
      runs.push({ ...figures(lhr), lhr });
    }
    found.mobile = medianRun(runs);
    console.error(`measured ${page} (mobile): scores ${runs.map((r) => r.score).join(', ')}`);
    const lhr = await measure(url, desktopConfig);
    found.desktop = { ...figures(lhr), lhr };
    const name = page.replace(/ \/$/, ' home').replace(/[^a-z0-9]+/gi, '-');
    writeFileSync(`${REPORTS}${name}-mobile.json`, JSON.stringify(found.mobile.lhr));
    writeFileSync(`${REPORTS}${name}-desktop.json`, JSON.stringify(lhr));
  } catch (error) {
    failures.push(`${page}: ${error.message}`);
  }
  return found;
}

async function main() {
  const pages = BRANDS.flatMap((brand) => PATHS.map((path) => ({ page: `${brand} ${path}`, url: brandUrl(brand, path) })));
  const failures = [];
  const measured = [];
  mkdirSync(REPORTS, { recursive: true });
  for (const page of pages) measured.push(await measurePage(page, failures));
  const mobile = measured.filter((found) => found.mobile).map(({ page, mobile: run }) => ({ page, run }));
  const desktop = measured.filter((found) => found.desktop).map(({ page, desktop: run }) => ({ page, run }));
  console.log(`\nLighthouse, mobile profile (simulated slow 4G, CPU 4x slower), a new user, median of ${RUNS} runs by performance score`);
  console.log(mobileTable(mobile));
  console.log('\nLighthouse, desktop profile, one run');
  console.log(desktopTable(desktop));
  for (const { page, run } of mobile) printFindings(`${page} (mobile, median run)`, run.lhr);
  for (const { page, run } of desktop) printFindings(`${page} (desktop)`, run.lhr, false);
  const missed = [...mobile, ...desktop].filter(({ run }) => run.accessibility < TARGETS.accessibility || run.bestPractices < TARGETS.bestPractices);
  if (mobile.length) console.log(`\n${missed.length ? `${missed.length} run(s) below 100 in accessibility or best practices` : 'accessibility and best practices: 100 on every page measured, mobile and desktop'}`);
  console.log(`reports (Lighthouse JSON): ${REPORTS}`);
  if (failures.length) {
    console.error(`\nnot measured:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
