import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authors, bookAuthors, bookGenres, bookRatings, bookSearchText, books, genres } from '../../server/db/schema/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

describe.skipIf(!chromiumPath)('reading-sheet list in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let subGenre: { id: number; name: string };
  const sheets: Record<'summer' | 'road' | 'river', number> = { summer: 0, road: 0, river: 0 };
  const url = (path: string) => `${server.url}${path}`;
  // Data rows only: while a list loads (or when it is empty), its tbody holds one message row.
  const rows = () => page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
  // The second column after the rows' checkboxes.
  const titles = async () => (await rows().locator('td:nth-child(3)').allTextContents()).sort();
  /** How many sheets the list says match, under the table where the paginator shows. */
  const counted = () => page.locator('.list-view > .list-footer > .list-count').textContent();

  beforeAll(async () => {
    server = await startE2eServer();
    const { db } = server.database;
    const [child] = await db.select().from(genres).where(eq(genres.id, 13));
    subGenre = { id: child!.id, name: child!.names.en! };
    const [author] = await db.insert(authors).values({ name: 'Hugo Véron', searchText: 'hugo veron' }).returning({ id: authors.id });
    const add = async (title: string, genreId: number, quality: number, day: number) => {
      const [book] = await db
        .insert(books)
        .values({
          originalTitle: title,
          titles: { en: title },
          searchText: bookSearchText(title, { en: title }, ['Hugo Véron']),
          updatedAt: new Date(Date.UTC(2024, 0, day)),
        })
        .returning({ id: books.id });
      await db.insert(bookAuthors).values({ bookId: book!.id, authorId: author!.id });
      await db.insert(bookGenres).values({ bookId: book!.id, genreId, isPrimary: true });
      await db.insert(bookRatings).values({ bookId: book!.id, type: 'quality', rate: quality });
      return book!.id;
    };
    sheets.summer = await add('Summer of Shadows', subGenre.id, 4, 3);
    sheets.road = await add('The Winter Road', 2, 4, 2);
    sheets.river = await add('The River', subGenre.id, 1, 1);
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the sheets under READING SHEETS LIST, with their authors and status', async () => {
    await page.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    await expect.poll(titles).toEqual(['Summer of Shadows', 'The River', 'The Winter Road']);
    expect(await rows().first().textContent()).toContain('Hugo Véron');
    expect(await rows().first().locator('.status-tag').textContent()).toBe('Draft');
    expect(
      await rows()
        .first()
        .locator('.status-tag')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(211, 47, 47)');
    expect(await page.getByRole('link', { name: 'Reading sheets' }).count()).toBe(1);
    // How many match, in words, said to a screen reader as it changes.
    expect(await counted()).toBe('3 reading sheets');
    expect(await page.locator('.list-footer .list-count').getAttribute('role')).toBe('status');
    await page.screenshot({ path: 'test-results/reading-sheets-list.png', fullPage: true });
  });

  it('filters by a genre and a minimum of stars, keeps the filters in the URL, and after a reload', async () => {
    await page.locator('.filter-bar .p-treeselect').first().click();
    await page.locator('.p-treeselect-panel .p-treeselect-filter').fill(subGenre.name);
    await page.locator('.p-treeselect-panel .p-treenode-content', { hasText: subGenre.name }).first().click();
    await page.keyboard.press('Escape');
    // Escape closes the panel when the tree select holds the focus; a click outside it does in any case.
    const panel = page.locator('.p-treeselect-panel');
    const closed = await panel.waitFor({ state: 'detached', timeout: 2000 }).then(
      () => true,
      () => false,
    );
    if (!closed) await page.getByRole('heading', { name: 'READING SHEETS LIST' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.waitForURL((target) => target.searchParams.getAll('genres').includes(String(subGenre.id)));
    await expect.poll(titles).toEqual(['Summer of Shadows', 'The River']);
    await expect.poll(counted).toBe('2 reading sheets');

    // The ratings wait behind 'More filters'.
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.locator('.stars-filter[aria-label="Literary quality"] .p-rating-item:not(.p-rating-cancel-item)').nth(2).click();
    await page.waitForURL((target) => target.searchParams.get('quality') === '3');
    await expect.poll(titles).toEqual(['Summer of Shadows']);
    await expect.poll(counted).toBe('1 reading sheet');
    const filtered = new URL(page.url());
    expect(filtered.pathname).toBe('/reading-sheets');
    expect(filtered.searchParams.getAll('genres')).toContain(String(subGenre.id));

    await page.reload();
    await page.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    await expect.poll(titles).toEqual(['Summer of Shadows']);
    expect(page.url()).toBe(filtered.toString());
    // Both filters show as chips; the ratings' button counts the one behind it.
    expect(await page.locator('.filter-chip').allTextContents()).toEqual([`Genre(s): ${subGenre.name}`, 'Literary quality: 3 stars or more']);
    await page.getByRole('button', { name: 'More filters, 1 active' }).click();
    await expect.poll(() => page.locator('.stars-filter[aria-label="Literary quality"] .p-rating-item-active').count()).toBe(3);
  });

  it('searches a title ignoring accents, then opens a row on /reading-sheet/{id}', async () => {
    await page.goto(url('/reading-sheets'));
    await page.getByPlaceholder('Find a title or an author...').fill('RÎVER');
    await page.waitForURL(url('/reading-sheets?q=R%C3%8EVER'));
    await expect.poll(titles).toEqual(['The River']);
    await rows().first().click();
    await page.waitForURL(url(`/reading-sheet/${sheets.river}`));
    await page.getByRole('heading', { name: 'UPDATING A READING SHEET' }).waitFor();
    await page.screenshot({ path: 'test-results/reading-sheet-opened-from-list.png' });
  });
});
