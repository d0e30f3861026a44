import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

/** Lists show names where people read names: a sheet's genre, a genre's or thematic's parent. */
describe.skipIf(!chromiumPath)('names instead of codes in the lists, in Chromium', () => {
  let session: DemoSession;
  let page: Page;
  const url = (path: string) => session.url(path);
  /** The texts of one column of the list's rows, by its header. */
  async function column(header: string): Promise<string[]> {
    await page.locator('.p-datatable-tbody tr td').first().waitFor();
    const headers = (await page.locator('.p-datatable-thead th').allTextContents()).map((text) => text.trim());
    const index = headers.indexOf(header);
    expect(index, `${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return (await page.locator(`.p-datatable-tbody tr td:nth-child(${index + 1})`).allTextContents()).map((text) => text.trim());
  }
  const api = async (path: string) => (await (await page.request.get(url(`/api/admin/${path}`))).json()) as { data: Record<string, unknown>[] };

  beforeAll(async () => {
    session = await openDemoSession({ width: 1024, height: 768 });
    page = session.page;
  });
  afterAll(async () => session?.close());

  it("shows each sheet's primary genre by its name, after its colour", async () => {
    await page.goto(url('/reading-sheets'));
    const shown = await column('Genre');
    const listed = (await api('books?page=1&perPage=10')).data.map((row) => (row.primary_genre_name as string | null) ?? '-');
    expect(shown).toEqual(listed);
    expect(shown.some((text) => text !== '-')).toBe(true);
    expect(shown.filter((text) => /#[0-9a-f]{6}/i.test(text))).toEqual([]);
    expect(await page.locator('.p-datatable-tbody tr td .color-swatch').count()).toBeGreaterThan(0);
  });

  it("shows a genre's and a thematic's parent by its name, the icon at the top of the tree", async () => {
    await page.goto(url('/genres?q=dra'));
    const expected = (await api('genres?name=dra&perPage=10')).data;
    // The searched rows, once the search is applied.
    await expect.poll(() => column('Name')).toEqual(expected.map((row) => row.name));
    const genres = await column('Parent genre');
    expect(genres).toEqual(expected.map((row) => (row.parent_name as string | null) ?? ''));
    expect(genres.some((text) => text !== '')).toBe(true);
    expect(genres.filter((text) => /^\d+$/.test(text))).toEqual([]);

    await page.goto(url('/thematics?page=3'));
    const thematics = await column('Parent thematic');
    expect(thematics.length).toBeGreaterThan(0);
    expect(thematics.filter((text) => /^\d+$/.test(text))).toEqual([]);
    expect(thematics.some((text) => /[a-z]/i.test(text))).toBe(true);
  });

  it("names the field and its language in a validation message, not the language's code", async () => {
    await page.goto(url('/genre/new'));
    await page.getByRole('heading', { name: 'Create a genre' }).waitFor();
    await page.getByRole('tab', { name: /FR/ }).click();
    await page.locator('#root_names_fr').fill('Polar');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // The browser's check, shown on the English tab it jumps to.
    await page.locator('#root_names_en__error').waitFor();
    expect(await page.locator('#root_names_en__error').textContent()).toBe('The name (English) field is required.');
    // The server answers in the same words.
    const response = await page.request.post(url('/api/admin/genres'), { data: { names: { fr: 'Polar' }, color: '#0091ea' } });
    expect(response.status()).toBe(422);
    expect((await response.json()).errors).toEqual({ 'names.en': ['The name (English) field is required.'] });
  });

  it("names the plans in the users' plan filter and its chips as the plan column does, not by their codes", async () => {
    await page.goto(url('/users'));
    await page.locator('.p-multiselect', { has: page.locator('[aria-label="Plan"]') }).click();
    const options = page.locator('.p-multiselect-panel .p-multiselect-item');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Essential', 'Premium', 'VIP']);
    await options.filter({ hasText: 'VIP' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((target) => target.searchParams.has('plan_id'));
    await expect.poll(() => page.locator('.filter-chip > span').allTextContents()).toEqual(['Plan: VIP']);
  });
});
