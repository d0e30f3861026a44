import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/**
 * The reading-sheet list past its count bound: more than 10,000 matches are counted as 'More than
 * 10,000 reading sheets', and the user still pages through every one of them, by cursor, with the
 * address following; a bulk action says it takes 10,000 rows at most rather than offering them all.
 */
describe.skipIf(!chromiumPath)('reading-sheet list past 10,000 matches, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const url = (path: string) => `${server.url}${path}`;
  const rows = () => page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
  // The second column after the rows' checkboxes.
  const firstTitle = () => rows().first().locator('td:nth-child(3)').textContent();
  const report = () => page.locator('.p-paginator-current').textContent();
  /** How many sheets the list says match, beside its paginator. */
  const counted = () => page.locator('.list-footer .list-count').textContent();
  const address = () => new URL(page.url()).searchParams;

  beforeAll(async () => {
    server = await startE2eServer();
    // 10,012 sheets called 'Bulk n', the highest n updated last (first in the list), and one other.
    await server.database.db.execute(sql`
      insert into books (original_title, titles, search_text, updated_at)
      select 'Bulk ' || g, jsonb_build_object('en', 'Bulk ' || g), 'bulk ' || g, timestamptz '2023-01-01' + g * interval '1 second'
      from generate_series(1, 10012) g`);
    await server.database.db.execute(sql`insert into books (original_title, search_text) values ('Lone Title', 'lone title')`);
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
    await page.setViewportSize({ width: 1024, height: 768 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("says 'More than 10,000 reading sheets' and pages on by cursor, Back and Previous included", async () => {
    await page.goto(url('/reading-sheets?q=bulk&perPage=50'));
    await expect.poll(firstTitle).toBe('Bulk 10012');
    expect(await counted()).toBe('More than 10,000 reading sheets');
    expect(await report()).toBe('Page 1');
    // No page numbers or last page: the number of pages is not known.
    expect(await page.locator('.p-paginator-page').count()).toBe(0);
    expect(await page.locator('.p-paginator-last').count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.locator('.p-paginator').screenshot({ path: 'test-results/reading-sheets-bounded-paginator-1024.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('.p-paginator').screenshot({ path: 'test-results/reading-sheets-bounded-paginator-1440.png' });
    await page.setViewportSize({ width: 1024, height: 768 });

    await page.locator('.p-paginator-next').click();
    await expect.poll(firstTitle).toBe('Bulk 9962');
    expect(await report()).toBe('Page 2');
    expect(await counted()).toBe('More than 10,000 reading sheets');
    expect(address().get('page')).toBe('2');
    expect(address().get('after')).toBeTruthy();
    await page.locator('.p-paginator-next').click();
    await expect.poll(firstTitle).toBe('Bulk 9912');

    // Previous steps back by cursor; a reload shows the same page.
    await page.locator('.p-paginator-prev').click();
    await expect.poll(firstTitle).toBe('Bulk 9962');
    expect(address().get('before')).toBeTruthy();
    await page.reload();
    await expect.poll(firstTitle).toBe('Bulk 9962');
    expect(await report()).toBe('Page 2');
    // Back in the browser: the third page again.
    await page.goBack();
    await expect.poll(firstTitle).toBe('Bulk 9912');
    // First page: no cursor in the address.
    await page.locator('.p-paginator-first').click();
    await expect.poll(firstTitle).toBe('Bulk 10012');
    expect([...address().keys()].sort()).toEqual(['perPage', 'q']);
  });

  it('reaches the last match, where Next stops', async () => {
    // A bookmarked deep page: the 200th of 50 (offsets 9,950 to 9,999), then on by cursor past the bound.
    await page.goto(url('/reading-sheets?q=bulk&perPage=50&page=200'));
    await expect.poll(firstTitle).toBe('Bulk 62');
    await page.locator('.p-paginator-next').click();
    await expect.poll(firstTitle).toBe('Bulk 12');
    expect(await rows().count()).toBe(12);
    expect(await report()).toBe('Page 201');
    expect(await page.locator('.p-paginator-next').isDisabled()).toBe(true);
  });

  it('starts again from the first page when the search or the page size changes, exact again under the bound', async () => {
    await page.goto(url('/reading-sheets?q=bulk&perPage=50&page=200'));
    await expect.poll(firstTitle).toBe('Bulk 62');
    await page.locator('.p-paginator .p-dropdown').click();
    await page.locator('.p-dropdown-item', { hasText: /^20$/ }).click();
    await expect.poll(firstTitle).toBe('Bulk 10012');
    expect(address().get('page')).toBeNull();
    expect(await report()).toBe('Page 1');

    // 'Bulk 1', 'Bulk 10' … 'Bulk 1999', 'Bulk 10000' … 'Bulk 10012': counted exactly, in the locale's numbers.
    await page.goto(url('/reading-sheets?q=bulk%201'));
    await expect.poll(counted).toBe('1,124 reading sheets');

    await page.goto(url('/reading-sheets?q=bulk%20100'));
    // 'Bulk 100', 'Bulk 1000' … 'Bulk 10012': 24 matches, counted exactly, with page numbers again.
    await expect.poll(firstTitle).toBe('Bulk 10012');
    expect(await counted()).toBe('24 reading sheets');
    expect(await page.locator('.p-paginator-current').count()).toBe(0);
    expect(await page.locator('.p-paginator-page').allTextContents()).toEqual(['1', '2', '3']);
  });

  it('offers no dead button for every matching row past what a bulk action takes: it says so, readable on the bar', async () => {
    await page.goto(url('/reading-sheets?q=bulk'));
    await expect.poll(firstTitle).toBe('Bulk 10012');
    await rows().first().getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Rows chosen' });
    await bar.getByText('Rows chosen: 1').waitFor();
    expect(await bar.locator('.bulk-bar-note').textContent()).toBe(
      'The list matches more than 10,000 rows and a bulk action takes at most 10,000: narrow the list with the search or a filter to choose them all.',
    );
    expect(await bar.getByRole('button', { name: /^Choose all/ }).count()).toBe(0);
    expect(await axeProblems(page, '.bulk-bar')).toEqual([]);
    await bar.screenshot({ path: 'test-results/bulk-bar-too-many-1024.png' });
    await rows().first().getByRole('checkbox').uncheck();
    await bar.waitFor({ state: 'detached' });
  });
});
