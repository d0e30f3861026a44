import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { axeProblems } from '../helpers/axe.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

/**
 * The API reference page (`/api/docs`) in Chromium: for staff only, rendered by its own files
 * under the app's Content Security Policy (a violation fails the test: tests/helpers/e2eSetup.ts),
 * reading the OpenAPI document of this server.
 */
describe.skipIf(!chromiumPath)('the API reference page, in Chromium', () => {
  let session: DemoSession;
  let page: Page;

  beforeAll(async () => {
    session = await openDemoSession();
    page = session.page;
  });
  afterAll(async () => session?.close());

  it('shows every group of calls of this server to a logged-in administrator, within the policy', async () => {
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(session.url('/api/docs'));
      await page.getByRole('heading', { name: /Book scouting administration API/ }).waitFor();
      // The operations of the document, grouped: a resource's list, a sheet's save, the studio's publish.
      for (const tag of ['genres', 'books', 'screens']) expect(await page.locator(`.opblock-tag[data-tag="${tag}"]`).count(), tag).toBe(1);
      for (const path of ['/api/admin/genres', '/api/admin/books/{id}', '/api/admin/screens/{name}/publish']) {
        expect(await page.locator(`.opblock-summary-path[data-path="${path}"]`).count(), path).toBeGreaterThan(0);
      }
      await page.screenshot({ path: `test-results/api-docs-${width}.png` });
    }
    expect(await axeProblems(page)).toEqual([]);
    // One operation opened: its parameters, its body as the screen is published, its answers.
    await page.locator('.opblock-summary-path[data-path="/api/admin/genres/{id}"]').first().click();
    await page.locator('.opblock.is-open .responses-wrapper').first().waitFor();
    await page.screenshot({ path: 'test-results/api-docs-operation-1024.png', fullPage: false });
    expect(await axeProblems(page)).toEqual([]);
  });

  it('sends a visitor without a session to the login page', async () => {
    const context = await session.browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(session.url('/api/docs'));
    await visitor.waitForURL(session.url('/auth/login'));
    await context.close();
  });
});
