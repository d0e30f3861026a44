import { asc } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genres } from '../../server/db/schema/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/** How the built app loads: its first requests, its compressed scripts, and a page whose code cannot be loaded. */
describe.skipIf(!chromiumPath)('loading the app in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  const url = (path: string) => `${server.url}${path}`;

  /** A new browser profile (nothing cached) with the session of the logged-in administrator. */
  async function freshContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies(cookies);
    return context;
  }

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    const page = await loggedInPage(browser, server.url);
    cookies = await page.context().cookies();
    await page.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens an edit page with one request for the session and one for the record, sent before the app has started, and compressed scripts', async () => {
    const [genre] = await server.database.db.select({ id: genres.id, names: genres.names }).from(genres).orderBy(asc(genres.id)).limit(1);
    const context = await freshContext();
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
    });
    const scripts: { path: string; encoding: string | undefined }[] = [];
    page.on('response', async (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js'))
        scripts.push({ path: pathname, encoding: (await response.allHeaders())['content-encoding'] });
    });

    await page.goto(url(`/genre/${genre!.id}`));
    const name = page.locator('#root_names_en');
    await expect.poll(() => name.inputValue()).toBe((genre!.names as Record<string, string>).en);

    // Sent by the first module, while the others were still evaluated (≈ 80–130 ms here), not once
    // they all had run (a few ms before DOMContentLoaded).
    const { recordStart, scriptsRun } = await page.evaluate((path) => {
      const record = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path)!;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { recordStart: record.startTime, scriptsRun: navigation.domContentLoadedEventStart };
    }, `/api/admin/genres/${genre!.id}`);
    expect(recordStart).toBeLessThan(scriptsRun - 20);

    expect(calls.filter((call) => call === 'GET /api/admin/me')).toHaveLength(1);
    expect(calls.filter((call) => call === `GET /api/admin/genres/${genre!.id}`)).toHaveLength(1);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(scripts.filter((script) => script.encoding !== 'br')).toEqual([]);
    await context.close();
  });

  it('says so inside the layout when a page’s code cannot be loaded, and its reload button shows the page', async () => {
    const context = await freshContext();
    const chunk = '**/assets/ResourceListScreen-*.js';
    await context.route(chunk, (route) => route.abort('connectionfailed'));
    const page = await context.newPage();
    await page.goto(url('/genres'));

    await page.getByRole('heading', { name: 'This page could not be shown.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Genres' }).isVisible()).toBe(true);

    await context.unroute(chunk);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)').first().waitFor();
    expect(await page.getByRole('heading', { name: 'This page could not be shown.' }).count()).toBe(0);
    await context.close();
  });
});
