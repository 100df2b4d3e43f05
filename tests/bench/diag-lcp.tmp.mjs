import { brandUrl, launchBrowser } from '../e2e/browser.mjs';
const OBSERVE = `
  window.__bench = { lcp: [], paints: [], vis: document.visibilityState };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.lcp.push([e.startTime, e.size, e.element && e.element.outerHTML.slice(0,120), e.url]); })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.paints.push([e.name, e.startTime]); })
    .observe({ type: 'paint', buffered: true });
`;
const browser = await launchBrowser();
for (const brand of (process.env.B || 'demo-bd,demo-ph').split(',')) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('console', (m) => console.log(brand, 'console', m.type(), m.text().slice(0, 200)));
  page.on('requestfailed', (r) => console.log(brand, 'failed', r.url()));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(OBSERVE);
  await page.goto(brandUrl(brand, '/'), { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  console.log(brand, JSON.stringify(await page.evaluate(() => ({ ...window.__bench, vis2: document.visibilityState, scroll: scrollY }))));
  await page.screenshot({ path: `/tmp/bench-diag/${brand}.png` });
  await context.close();
}
await browser.close();
