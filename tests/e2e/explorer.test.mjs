import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, browserForFile } from './browser.mjs';

const { withPage } = browserForFile();

const WIDTHS = [390, 1280];

// The description is OpenAPI 3.1 as served, and Swagger UI 5 renders it. The page's content
// security policy allows only its own script and styles and calls to its own origin: anything it
// refused would be a console error.
for (const width of WIDTHS) {
  test(`the API explorer renders the 3.1 description and tries a call under its policy at ${width} px`, async () => {
    await withPage(
      async (page) => {
        const response = await page.goto(new URL('/api/explorer', BASE_URL).toString());
        assert.match(response.headers()['content-security-policy'], /frame-ancestors 'none'/);
        const version = page.locator('.info .version-stamp');
        await version.waitFor();
        assert.match(await version.innerText(), /OAS 3\.1/);
        const status = page.locator('.opblock', { has: page.locator('[data-path="/wps/system/status"]') });
        await status.locator('.opblock-summary').click();
        await status.locator('.try-out__btn').click();
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/system/status');
        await status.locator('.execute').click();
        const answer = await answered;
        assert.equal(answer.status(), 200);
        assert.equal(new URL(answer.url()).origin, BASE_URL.origin, "the call goes to the brand's own API");
        await status.locator('.live-responses-table').waitFor();
        assert.match(await status.locator('.live-responses-table tbody .response-col_status').first().innerText(), /200/);
      },
      { options: { viewport: { width, height: 900 } } },
    );
  });
}
