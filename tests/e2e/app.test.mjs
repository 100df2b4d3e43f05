// Each brand is an installable web app: its manifest as Chromium reads it, its service worker
// (registered, serving the shell offline, never keeping an API answer) and its app download page
// (/down: the install guides and a QR code of the brand's address), at phone and desktop widths.
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { MEMBER, brandUrl, browserForFile } from './browser.mjs';

const { withPage } = browserForFile();
// Other test files block the worker (browser.mjs): these are about it.
const WITH_WORKER = { serviceWorkers: 'allow' };

const WIDTHS = [360, 390, 768, 1280];
// The built worker the server serves at /sw.js (its static folder, as `make` leaves it).
const WORKER_FILE = new URL(`${process.env.TESSERA_STATIC_DIR ?? new URL('../../build', import.meta.url).pathname}/shell/sw.js`, 'file:');
// The build's report of the shell's first load and of the chunks that come later (shell/federation/bundleReport.js).
const BUNDLE_REPORT = new URL('../../var/report/initial.json', import.meta.url);
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/api/', '/ops/'];
// Offline, the page's own calls to the API fail: that is what the no-connection notice is about.
const OFFLINE_ERRORS = ['net::ERR_INTERNET_DISCONNECTED', 'TypeError: Failed to fetch'];

/** The brand's address as its pages give it (tenant.toml public_url on the server's port). */
function publicUrl(brand) {
  return brandUrl(brand, '/').replace(/\/$/, '');
}

/** Evaluate CHECK in the page until it answers true (page.waitForFunction takes a promise for true). */
async function waitInPage(page, check, argument, what, seconds = 15) {
  const until = Date.now() + seconds * 1000;
  while (!(await page.evaluate(check, argument))) {
    assert.ok(Date.now() < until, `still not ${what} after ${seconds} s`);
    await page.waitForTimeout(200);
  }
}

/** Open PATH on BRAND and wait until its service worker is active and controls the page. */
async function openControlled(page, brand, path = '/') {
  await page.goto(brandUrl(brand, path));
  await page.locator('.header').waitFor();
  const controlled = async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  };
  await waitInPage(page, controlled, null, 'controlled by the worker');
  assert.match(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL), /\/sw\.js$/);
}

/** The shell's files in the built worker's precache, by name. */
function precachedFiles() {
  const worker = readFileSync(WORKER_FILE, 'utf8');
  return [...worker.matchAll(/['"]?url['"]?:\s*['"]\/static\/shell\/([^'"?]+)['"]/g)].map((match) => match[1]).sort();
}

/** Every request kept in the page's caches, as paths with their query. */
function keptRequests(page) {
  return page.evaluate(async () => {
    const kept = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        kept.push({ cache: name, path: url.pathname + url.search });
      }
    }
    return kept;
  });
}

test("the manifest is the brand's, and Chromium finds nothing wrong in it", async () => {
  await withPage(async (page) => {
    await page.goto(brandUrl('demo-vn', '/'));
    await page.locator('.header').waitFor();
    const devtools = await page.context().newCDPSession(page);
    const { url, errors, data } = await devtools.send('Page.getAppManifest');
    assert.equal(new URL(url).pathname, '/manifest.webmanifest');
    assert.deepEqual(errors, []);
    const manifest = JSON.parse(data);
    assert.equal(manifest.name, 'Tessera Demo VN');
    assert.equal(manifest.short_name, 'Demo VN');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.theme_color, '#ffffff');
    for (const icon of manifest.icons) {
      const answer = await page.evaluate(async (src) => {
        const response = await fetch(src);
        const image = await createImageBitmap(await response.blob());
        return { status: response.status, type: response.headers.get('content-type'), size: `${image.width}x${image.height}` };
      }, icon.src);
      assert.deepEqual(answer, { status: 200, type: 'image/png', size: icon.sizes }, icon.src);
    }
    assert.deepEqual(
      manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`),
      ['192x192 any', '512x512 any', '512x512 maskable'],
    );
    // Chromium would offer to install it: nothing stands in the way but the test's private window.
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'), []);
  });
});

test("the built worker precaches the shell's first load and none of the chunks that come later", () => {
  const report = JSON.parse(readFileSync(BUNDLE_REPORT, 'utf8'));
  const filesOf = (chunks) => chunks.flatMap((chunk) => [...chunk.files, ...chunk.styles]);
  const firstLoad = filesOf(report.initial.chunks).sort();
  const later = filesOf(report.onDemand.chunks);
  assert.ok(firstLoad.includes('main.js'), "the shell's entry is part of its first load");
  assert.ok(later.length > 0, 'pages and modals come later');
  assert.deepEqual(precachedFiles(), firstLoad);
  assert.deepEqual(later.filter((file) => firstLoad.includes(file)), [], 'no chunk that comes later is precached');
});

test('the service worker registers, and offline a reload shows the shell and the no-connection notice', async () => {
  await withPage(
    async (page, context) => {
      // The first visit: the worker keeps the shell's first load, its page and its catalogue as it installs.
      await openControlled(page, 'demo-bd');
      // A page's code is kept when the page is first opened (/pointMall and /vip are both section pages).
      await page.goto(brandUrl('demo-bd', '/pointMall'));
      await page.locator('[data-page="pointMall"]').waitFor();
      await page.goto(brandUrl('demo-bd', '/'));
      await page.locator('.header').waitFor();
      await page.locator('[data-testid="offline-notice"]').waitFor({ state: 'detached' });
      await page.waitForTimeout(1100); // a page answered from now on would carry a later Date
      const wentOffline = Date.now() - 1000;
      await context.setOffline(true);
      const again = await page.reload();
      assert.ok(again.fromServiceWorker(), 'the page comes from the service worker');
      assert.ok(Date.parse(again.headers().date) <= wentOffline, 'the page is the copy kept before');
      await page.locator('.header').waitFor();
      const notice = page.locator('[data-testid="offline-notice"]');
      await notice.waitFor();
      assert.match(await notice.innerText(), /কোনো সংযোগ নেই/); // demo-bd speaks Bengali
      // A page never opened is the shell too, which routes to it, with the code kept before.
      const unseen = await page.goto(brandUrl('demo-bd', '/vip'));
      assert.ok(unseen.fromServiceWorker());
      await page.locator('[data-page="vip"]').waitFor();
      await notice.waitFor();
      // A page whose code never came says it cannot be shown, and shows once the connection is back.
      await page.goto(brandUrl('demo-bd', '/noticePage'));
      const failed = page.locator('.load-failed[role="alert"]');
      await failed.waitFor();
      await notice.waitFor();
      await context.setOffline(false);
      await notice.waitFor({ state: 'detached' });
      await failed.locator('button').click();
      await page.locator('[data-page="noticePage"]').waitFor();
    },
    // Offline, a banner image the page had not loaded yet (all but the first wait until shown) fails,
    // and so does the code of a page never opened (React reports the error its boundary shows).
    {
      allowedErrors: [
        ...OFFLINE_ERRORS,
        `net::ERR_FAILED ${brandUrl('demo-bd', '/assets/')}`,
        `net::ERR_FAILED ${brandUrl('demo-bd', '/static/shell/')}`,
        'ChunkLoadError',
      ],
      options: WITH_WORKER,
    },
  );
});

test('the code a page loaded before the worker took over is kept: offline, a lobby opened on the first visit opens again', async () => {
  await withPage(
    async (page, context) => {
      await openControlled(page, 'demo-ph', '/rng');
      await page.locator('.game-lobby').waitFor();
      // Every chunk the page loaded beyond the precached first load.
      const precached = new Set(precachedFiles());
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith('/static/shell/')),
      );
      const later = loaded.filter((path) => !precached.has(path.slice('/static/shell/'.length)));
      assert.ok(later.length > 0, "the lobby's code is not in the precache");
      const keptAll = async (paths) => {
        const kept = new Set();
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) kept.add(new URL(request.url).pathname);
        return paths.every((path) => kept.has(path));
      };
      await waitInPage(page, keptAll, later, "keeping the lobby's code");
      await context.setOffline(true);
      await page.goto(brandUrl('demo-ph', '/fish'));
      await page.locator('.game-lobby[data-category="FISH"] h1').waitFor();
      await page.locator('[data-testid="offline-notice"]').waitFor();
    },
    { allowedErrors: [...OFFLINE_ERRORS, `net::ERR_FAILED ${brandUrl('demo-ph', '/assets/')}`], options: WITH_WORKER },
  );
});

test("a member's API answers are never kept, the shell's files and pages are", async () => {
  await withPage(
    async (page) => {
      await openControlled(page, 'demo-ph');
      // Calls with the member's session (the balance, the member's info), through the worker.
      const memberCalls = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/wps/') && request.headers().authorization) memberCalls.push(request.url());
      });
      await page.reload();
      await page.locator('.header').waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok(memberCalls.length > 0, "the page made the member's calls");
      const kept = await keptRequests(page);
      const paths = kept.map((entry) => entry.path);
      assert.ok(paths.includes('/'), 'the shell page');
      assert.ok(paths.some((path) => path.startsWith('/static/shell/main.js')), "the shell's entry");
      const api = paths.filter((path) => API_PREFIXES.some((prefix) => path.startsWith(prefix)));
      assert.deepEqual(api, [], 'API answers in the caches');
    },
    { session: MEMBER, options: WITH_WORKER },
  );
});

test('a new build is a new worker: it takes over the page and keeps the new files instead of the old', async () => {
  const built = readFileSync(WORKER_FILE, 'utf8');
  // The next build: the same worker, but the shell's entry has changed (its precache revision).
  const next = built.replace(/(['"]?revision['"]?:\s*['"])[0-9a-f]+(['"],\s*['"]?url['"]?:\s*['"]\/static\/shell\/main\.js)/, '$1next0build$2');
  assert.notEqual(next, built);
  try {
    await withPage(
      async (page) => {
        await openControlled(page, 'demo-bd');
        const entry = (kept) => kept.find((request) => request.path.startsWith('/static/shell/main.js'))?.path;
        const before = entry(await keptRequests(page));
        assert.match(before, /__WB_REVISION__=/);
        const takenOver = page.evaluate(
          () => new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true })),
        );
        writeFileSync(WORKER_FILE, next);
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
        assert.equal(await takenOver, true);
        // The new worker drops the old files once it is active (its activation goes on after it takes over).
        const dropped = async (old) => {
          for (const name of await caches.keys()) {
            const requests = await (await caches.open(name)).keys();
            if (requests.some((request) => request.url.endsWith(old))) return false;
          }
          return true;
        };
        await waitInPage(page, dropped, before, 'dropped the old entry');
        const kept = await keptRequests(page);
        assert.equal(entry(kept), '/static/shell/main.js?__WB_REVISION__=next0build');
        assert.equal(kept.filter((request) => request.path === before).length, 0, 'the old entry is dropped');
      },
      { options: WITH_WORKER },
    );
  } finally {
    writeFileSync(WORKER_FILE, built);
  }
});

for (const width of WIDTHS) {
  test(`/down at ${width} px: both install guides and a QR code of the brand's address`, async () => {
    await withPage(
      async (page) => {
        await page.goto(brandUrl('demo-vn', '/down'));
        const guides = page.locator('.install-guide');
        await guides.first().waitFor();
        assert.deepEqual(await guides.evaluateAll((all) => all.map((guide) => guide.dataset.platform)), ['android', 'ios']);
        for (const platform of ['android', 'ios']) {
          const steps = page.locator(`.install-guide[data-platform="${platform}"] li`);
          assert.equal(await steps.count(), 4);
          assert.ok((await steps.first().innerText()).includes(publicUrl('demo-vn')));
        }
        assert.match(await page.locator('[data-platform="ios"]').innerText(), /Thêm vào MH chính/);
        const qr = page.locator('.download-page__qr img');
        await qr.waitFor();
        const png = PNG.sync.read(await qr.screenshot());
        const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        assert.equal(decoded?.data, publicUrl('demo-vn'));
        const overflow = await page.evaluate(() =>
          Math.max(...[...document.querySelectorAll('.download-page, .download-page *')].map((node) => node.getBoundingClientRect().right)) - window.innerWidth,
        );
        assert.ok(overflow <= 0, `the page's content is ${overflow} px wider than the screen`);
      },
      { options: { viewport: { width, height: 800 } } },
    );
  });
}

test("/down offers the browser's install dialog when Chrome has one", async () => {
  await withPage(
    async (page) => {
      await page.goto(brandUrl('demo-ph', '/down'));
      await page.locator('.install-guide').first().waitFor();
      const install = page.getByRole('button', { name: 'Install the app' });
      assert.equal(await install.count(), 0, 'no button before Chrome offers it');
      // Chrome's offer, as it comes once the page is installable: the page keeps it for its button.
      await page.evaluate(() => {
        const offer = new Event('beforeinstallprompt', { cancelable: true });
        offer.prompt = async () => {
          window.installAsked = true;
        };
        offer.userChoice = Promise.resolve({ outcome: 'accepted' });
        window.dispatchEvent(offer);
      });
      await install.click();
      await page.getByRole('status').filter({ hasText: 'The app is installed' }).waitFor();
      assert.equal(await page.evaluate(() => window.installAsked), true);
    },
    { options: { viewport: { width: 390, height: 800 } } },
  );
});

test('/download, which a visitor may open before logging in, is the app download page too', async () => {
  await withPage(async (page) => {
    await page.goto(brandUrl('demo-bd', '/download'));
    await page.locator('.download-page .install-guide').first().waitFor();
    assert.equal(await page.locator('.install-guide').count(), 2);
  });
});
