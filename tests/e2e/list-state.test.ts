import fs from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListFilter, ScreenDefinition } from '../../common/screenDefinition.js';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

const SCREENS = fs
  .readdirSync('schemas')
  .filter((file) => file.endsWith('.screen.json'))
  .map((file) => JSON.parse(fs.readFileSync(`schemas/${file}`, 'utf8')) as ScreenDefinition)
  .filter((screen) => screen.list);

/**
 * Every list keeps its search, filters, page and page size in the address: a filtered list is
 * bookmarked, shared, reloaded and reopened with Back as it was. Checked on every declared list,
 * with every one of its filters at once (the reading sheets' 23 and their search).
 */
describe.skipIf(!chromiumPath)('list state in the address, in Chromium', () => {
  let session: DemoSession;
  let page: Page;
  const url = (path: string) => session.url(path);
  const rows = () => page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
  const chips = () => page.locator('.filter-chip > span').allTextContents();

  beforeAll(async () => {
    session = await openDemoSession({ width: 1024, height: 768 });
    page = session.page;
  });
  afterAll(async () => session?.close());

  /** A value the filter accepts on the demo data: an option's value, some stars, a month. */
  async function valueOf(filter: ListFilter): Promise<string> {
    if (filter.widget === 'stars') return '2';
    if (filter.widget === 'month') return '2020-01';
    if (filter.widget === 'text') return 'a';
    const source = filter.options!;
    if (source.static) return String(source.static[0]!.value);
    const query = source.api!.startsWith('utilities/') ? '' : '?perPage=1';
    const answer = (await (await page.request.get(url(`/api/admin/${source.api}${query}`))).json()) as { data: Record<string, unknown>[] };
    return String(answer.data[0]![source.valueField ?? 'id']);
  }

  /** The list's own API call (not an option list's), once the page sends it. */
  const listCall = (screen: ScreenDefinition) => (request: Request) =>
    new URL(request.url()).pathname === `/api/admin/${screen.api}` && request.method() === 'GET';

  for (const screen of SCREENS) {
    const filters = screen.list!.filters ?? [];
    const search = screen.list!.search;
    it(`${screen.routes.list.path}: its search${filters.length ? ` and its ${filters.length} filter(s)` : ''}, page size, reload and Back`, async () => {
      const address = new URLSearchParams();
      if (search) address.set('q', 'a');
      const values: Record<string, string> = {};
      for (const filter of filters) address.set(filter.param, (values[filter.param] = await valueOf(filter)));
      address.set('perPage', '20');
      const path = `${screen.routes.list.path}?${address}`;

      // Opened from the address: the list asks the server with all of it, and shows it.
      const asked = page.waitForRequest(listCall(screen));
      await page.goto(url(path));
      const sent = new URL((await asked).url()).searchParams;
      if (search) expect(sent.get(search.param), 'search').toBe('a');
      for (const filter of filters) {
        const value = filter.widget === 'multiSelect' || filter.widget === 'treeSelect' ? sent.getAll(`${filter.param}[]`) : sent.getAll(filter.param);
        expect(value, filter.param).toEqual([values[filter.param]]);
      }
      expect(sent.get('perPage')).toBe('20');
      if (search) await expect.poll(() => page.locator('.search-box input').inputValue()).toBe('a');
      expect(await page.locator('.filter-chip').count()).toBe(filters.length);

      if (filters.length) {
        // A chip taken off leaves the address; Back brings it again, with its chip.
        const first = filters[0]!;
        await page.locator('.filter-chip').first().getByRole('button').click();
        await page.waitForURL((target) => !target.searchParams.has(first.param));
        await expect.poll(() => page.locator('.filter-chip').count()).toBe(filters.length - 1);
        await page.goBack();
        await page.waitForURL((target) => target.searchParams.get(first.param) === values[first.param]);
        await expect.poll(() => page.locator('.filter-chip').count()).toBe(filters.length);
      }

      // Reloaded: the same list.
      await page.reload();
      await page.locator('.p-datatable').waitFor();
      if (search) await expect.poll(() => page.locator('.search-box input').inputValue()).toBe('a');
      expect(await page.locator('.filter-chip').count()).toBe(filters.length);
    });
  }

  it('pages through the reading sheets: page and size in the address, Back returns to the page before', async () => {
    await page.goto(url('/reading-sheets'));
    await expect.poll(() => rows().count()).toBe(10);
    const firstOf = () => rows().first().locator('td:not(.row-choice)').first().textContent();
    const pageOne = await firstOf();
    await page.locator('.p-paginator-page', { hasText: /^2$/ }).click();
    await page.waitForURL(url('/reading-sheets?page=2'));
    await expect.poll(firstOf).not.toBe(pageOne);
    const pageTwo = await firstOf();
    await page.locator('.p-paginator .p-dropdown').click();
    await page.getByRole('option', { name: '20' }).click();
    await page.waitForURL(url('/reading-sheets?perPage=20'));
    await expect.poll(() => rows().count()).toBe(20);
    await page.goBack();
    await page.waitForURL(url('/reading-sheets?page=2'));
    await expect.poll(firstOf).toBe(pageTwo);
    expect(await page.locator('.p-paginator-page.p-highlight').textContent()).toBe('2');
    await page.goBack();
    await page.waitForURL(url('/reading-sheets'));
    await expect.poll(firstOf).toBe(pageOne);
  });

  it('sets a rating and another filter behind More filters, counts them, shows and removes their chips', async () => {
    await page.goto(url('/reading-sheets?statuses=2'));
    const more = page.locator('.more-filters');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    // In view: author, status, genres, and the button; the 20 others wait behind it.
    expect(await page.locator('.filter-bar > .p-dropdown, .filter-bar > .p-multiselect, .filter-bar > .p-treeselect').count()).toBe(3);
    expect(await page.locator('.filter-more .stars-filter').count()).toBe(0);
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.filter-more .stars-filter').count()).toBe(8);
    expect(await page.locator('.filter-more-selects > *').count()).toBe(12);
    await page.locator('.stars-filter[aria-label="Plot"] .p-rating-item:not(.p-rating-cancel-item)').nth(1).click();
    await page.waitForURL((target) => target.searchParams.get('plot') === '2');
    await page.locator('.p-dropdown', { has: page.locator('[aria-label="Series"]') }).click();
    await page.getByRole('option', { name: 'Series of Books', exact: true }).click();
    await page.waitForURL((target) => target.searchParams.get('series') === '2');
    await page.getByRole('button', { name: 'More filters, 2 active' }).click();
    await expect.poll(() => page.locator('.filter-more .stars-filter').count()).toBe(0);
    await expect.poll(chips).toEqual(['Status: In progress', 'Series: Series of Books', 'Plot: 2 stars or more']);

    await page.getByRole('button', { name: 'Remove the filter Plot: 2 stars or more' }).click();
    await page.waitForURL((target) => !target.searchParams.has('plot'));
    await expect.poll(() => page.getByRole('button', { name: 'More filters, 1 active' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(url('/reading-sheets'));
    await expect.poll(() => page.locator('.filter-chip').count()).toBe(0);
  });
});
