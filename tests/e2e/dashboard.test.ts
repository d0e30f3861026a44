import { eq, sql } from 'drizzle-orm';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../common/dashboard.js';
import { bookViews, savedSearches, users } from '../../server/db/schema/index.js';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

describe.skipIf(!chromiumPath)('the dashboard in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let data: DashboardData;
  const url = (path: string) => `${server.url}${path}`;
  const db = () => server.database.db;
  const track = () => page.locator('.dashboard-slider-track');
  const chart = (metric: string) => page.locator(`figure.dashboard-chart[data-metric="${metric}"]`);

  beforeAll(async () => {
    server = await startE2eServer();
    await seedDemoData(db());
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
    data = (await (await page.request.get(url('/api/admin/dashboard/data'))).json()).data;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openDashboard(): Promise<void> {
    await page.goto(url('/reading-sheets'));
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.locator('.dashboard-book').first().waitFor();
  }

  it('opens from the menu with its lists and charts, passes axe, and scrolls the slider by 340 px each way', async () => {
    // The dashboard's code and chart.js load with the dashboard only.
    const scripts: string[] = [];
    const onRequest = (sent: Request) => {
      if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
    };
    page.on('request', onRequest);
    await page.goto(url('/reading-sheets'));
    await page.waitForLoadState('networkidle');
    const dashboardCode = (paths: string[]) => paths.filter((pathname) => /\/assets\/(DashboardScreen|UsageCharts|auto)-/.test(pathname));
    expect(dashboardCode(scripts)).toEqual([]);
    await openDashboard();
    await chart('views').locator('canvas').waitFor();
    page.off('request', onRequest);
    expect(dashboardCode(scripts).map((pathname) => pathname.replace(/-[\w-]+\.js$/, ''))).toEqual(
      expect.arrayContaining(['/assets/DashboardScreen', '/assets/UsageCharts', '/assets/auto']),
    );

    expect(await page.locator('.dashboard-book-title').allTextContents()).toEqual(data.popularBooks.map((book) => book.originalTitle));
    expect(await page.locator('.dashboard-side-title').allTextContents()).toEqual(['Les utilisateurs — RÉCEMMENT CONNECTÉS', 'Critères — LES PLUS DEMANDÉS']);
    expect(await page.getByRole('heading', { name: 'Fiches les plus regardées' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Recherches enregistrées' }).count()).toBe(1);
    await chart('views').locator('canvas').waitFor();
    expect(await axeProblems(page, '.dashboard-page')).toEqual([]);

    expect(await track().evaluate((element) => element.scrollLeft)).toBe(0);
    await page.getByRole('button', { name: 'Next sheets' }).click();
    await expect.poll(() => track().evaluate((element) => element.scrollLeft)).toBe(340);
    await page.getByRole('button', { name: 'Previous sheets' }).click();
    await expect.poll(() => track().evaluate((element) => element.scrollLeft)).toBe(0);
  });

  it("opens 'Recherché par:' on a saved search: the users who saved those filters, loaded once", async () => {
    await openDashboard();
    const card = page.locator('.dashboard-search').first();
    const [search] = data.recentSearches;
    const savers = await db()
      .selectDistinct({ id: users.id })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(sql`${savedSearches.savedFilters} = ${JSON.stringify(search!.savedFilters)}::jsonb`);
    let asked = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/dashboard/get-saved-search-users')) asked += 1;
    });
    const toggle = card.getByRole('button', { name: 'Recherché par:' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await card.locator('.dashboard-search-users li').first().waitFor();
    expect(await card.locator('.dashboard-search-users li a').count()).toBe(savers.length);
    // Closed and opened again: the list is not asked twice.
    await toggle.click();
    await toggle.click();
    await card.locator('.dashboard-search-users li').first().waitFor();
    expect(asked).toBe(1);
  });

  it("closes 'Recherché par:' when its users cannot be loaded", async () => {
    await openDashboard();
    await page.route('**/dashboard/get-saved-search-users', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Down for a minute."}' }),
    );
    const card = page.locator('.dashboard-search').nth(1);
    const toggle = card.getByRole('button', { name: 'Recherché par:' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await card.locator('.dashboard-search-users').count()).toBe(0);
    await page.unroute('**/dashboard/get-saved-search-users');
  });

  it('follows a recent user to the user screen and a popular sheet to its editor', async () => {
    await openDashboard();
    const [recent] = data.recentUsers;
    await page.locator('.dashboard-side').getByRole('link', { name: recent!.fullname }).first().click();
    await page.waitForURL(url(`/user/${recent!.id}`));
    await openDashboard();
    await page.locator('.dashboard-book').first().click();
    await page.waitForURL(url(`/reading-sheet/${data.popularBooks[0]!.id}`));
    await page.getByRole('heading', { name: 'UPDATING A READING SHEET' }).waitFor();
  });

  it("switches the charts' period from 30 to 90 days, each caption saying its total", async () => {
    await openDashboard();
    await expect.poll(() => chart('views').getAttribute('data-points')).toBe('30');
    await page.getByRole('button', { name: '90 days' }).click();
    await expect.poll(() => chart('views').getAttribute('data-points')).toBe('90');
    await expect.poll(() => chart('requests').getAttribute('data-points')).toBe('90');
    const since = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const [views] = await db()
      .select({ value: sql<number>`count(*)::int` })
      .from(bookViews)
      .where(sql`(${bookViews.viewedAt} at time zone 'UTC')::date >= ${since}`);
    expect(await chart('views').locator('figcaption').textContent()).toBe(`Sheet views ${views!.value} in the last 90 days`);
  });
});
