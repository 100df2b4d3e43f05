import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, openPage } from './browser.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The description as OpenAPI 3.0 says it: the bundled Swagger UI (4.x) renders no 3.1 description. */
async function describedAsOpenApi30(page) {
  await page.route('**/api/openapi.json', async (route) => {
    const response = await route.fetch();
    return route.fulfill({ response, json: { ...(await response.json()), openapi: '3.0.3' } });
  });
}

// The page's content security policy allows only its own script and styles and calls to its own
// origin: anything it refused would be a console error.
test('the API explorer renders, opens and tries a call under its content security policy', async () => {
  const { context, page, errors } = await openPage(browser);
  try {
    await describedAsOpenApi30(page);
    const response = await page.goto(new URL('/api/explorer', BASE_URL).toString());
    assert.match(response.headers()['content-security-policy'], /frame-ancestors 'none'/);
    const status = page.locator('.opblock', { has: page.locator('[data-path="/wps/system/status"]') });
    await status.locator('.opblock-summary').click();
    await status.locator('.try-out__btn').click();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/system/status');
    await status.locator('.execute').click();
    assert.equal((await answered).status(), 200);
    await status.locator('.live-responses-table').waitFor();
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await context.close();
  }
});
