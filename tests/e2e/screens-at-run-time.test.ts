import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/** The parts of the genres file the test changes. */
interface GenresFile {
  list: { columns: Record<string, string>[] };
  form: { schema: { definitions: { name: { maxLength: number } } } };
}

/**
 * A screen published through the API while the app is open: the page shows the new label, column
 * and rule from its next navigation, with no rebuild and no restart, and validates with the new
 * rule in the browser (validators loaded at run time, under the page's Content-Security-Policy:
 * the e2e setup fails a test on any violation).
 */
describe.skipIf(!chromiumPath)('screen definitions published at run time, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const url = (path: string) => `${server.url}${path}`;
  const api = (method: 'put' | 'post', path: string, data: unknown) => page.request[method](url(`/api/admin/${path}`), { data: data as object });
  const headers = () => page.locator('.p-datatable-thead th:not(.row-choice)').allTextContents();

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a published label and column after a navigation, and refuses a name over the new limit in the browser', async () => {
    await page.getByRole('link', { name: 'Genres' }).click();
    await page.getByRole('heading', { name: 'Genres' }).waitFor();
    expect(await headers()).not.toContain('English name');

    const definition = structuredClone(loadScreenFiles().get('genres')!) as unknown as GenresFile;
    definition.list.columns.push({ field: 'name', header: 'screens.genres.englishName', cell: 'text' });
    definition.form.schema.definitions.name.maxLength = 20;
    const labels = {
      title: 'Kinds of story',
      menu: 'Genres',
      create: 'Create a genre',
      edit: 'Edit the genre',
      parent: 'Parent genre',
      englishName: 'English name',
    };
    expect((await api('put', 'screens/genres/draft', { definition, labels })).status()).toBe(200);
    const published = await api('post', 'screens/genres/publish', { comment: 'English name column', baseVersion: 0 });
    expect(published.status(), await published.text()).toBe(200);

    // The next navigation brings the published version.
    await page.getByRole('link', { name: 'Times' }).click();
    await page.getByRole('heading', { name: 'Times' }).waitFor();
    await page.getByRole('link', { name: 'Genres' }).click();
    await page.getByRole('heading', { name: 'Kinds of story' }).waitFor();
    await expect.poll(headers).toContain('English name');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/screens-published-list-1440.png' });

    // The create form validates with the published rule, in the browser: nothing is sent.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/genres')) saves.push(request.url());
    });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#root_names_en').fill('A name of twenty-five ch.');
    await page.getByRole('button', { name: 'Create', exact: true }).last().click();
    await expect.poll(() => page.locator('#root_names_en__error').textContent()).toBe('The name (English) may not be greater than 20 characters.');
    expect(saves).toEqual([]);
  });

  it('goes back to the old label, column and rule after a rollback, at the next navigation', async () => {
    const rolled = await api('post', 'screens/genres/rollback', { version: 0, comment: 'As before' });
    expect(rolled.status(), await rolled.text()).toBe(200);
    await page.goto(url('/times'));
    await page.getByRole('link', { name: 'Genres' }).click();
    await page.getByRole('heading', { name: 'Genres' }).waitFor();
    await expect.poll(headers).not.toContain('English name');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#root_names_en').fill('A name of twenty-five ch.');
    await page.getByRole('button', { name: 'Create', exact: true }).last().click();
    await page.waitForURL(url('/genres'));
  });

  it('renders the reading sheet editor from its published definition: its label, and its rule checked in the browser', async () => {
    const definition = structuredClone(loadScreenFiles().get('reading-sheets')!) as {
      form: { schema: { properties: Record<string, { maxLength?: number }> } };
    };
    definition.form.schema.properties.original_title!.maxLength = 20;
    const labels = { fields: { original_title: 'Title in its language' } };
    expect((await api('put', 'screens/reading-sheets/draft', { definition, labels })).status()).toBe(200);
    const published = await api('post', 'screens/reading-sheets/publish', { comment: 'Shorter titles', baseVersion: 0 });
    expect(published.status(), await published.text()).toBe(200);

    await page.goto(url('/times'));
    await page.getByRole('link', { name: 'Reading sheets' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByLabel('Title in its language').waitFor();
    await page.screenshot({ path: 'test-results/screens-published-sheet-1440.png' });
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/books')) saves.push(request.url());
    });
    await page.getByLabel('Title in its language').fill('A title of twenty-five c.');
    await page.getByRole('button', { name: 'SAVE THE SHEET' }).click();
    await expect.poll(() => page.locator('#root_original_title__error').textContent()).toBe('The original title may not be greater than 20 characters.');
    expect(saves).toEqual([]);
    expect((await api('post', 'screens/reading-sheets/rollback', { version: 0 })).status()).toBe(200);
  });
});
