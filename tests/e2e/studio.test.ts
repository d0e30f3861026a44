import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, genres } from '../../server/db/schema/index.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

const LONG_NAME = 'A name of twenty-five ch.';

/**
 * The screen studio as staff use it: the genres screen changed with the structured controls (a
 * column added, a field relabelled and moved, the name's length lowered), seen in the preview,
 * published after reading the impact, used by a second session after a navigation (and by the
 * server's validation), then rolled back for both. Then a mistake made in the JSON: shown at its
 * path, publishing refused until it is corrected.
 */
describe.skipIf(!chromiumPath)('the screen studio, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let staff: Page;
  let colleague: Page;
  const url = (path: string) => `${server.url}${path}`;
  const dropdown = (page: Page, id: string) => page.locator(`.p-dropdown:has(#${id})`);
  const choose = async (page: Page, id: string, option: string) => {
    await dropdown(page, id).click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: new RegExp(`^${option}$`) }).click();
  };
  const headers = (page: Page, scope = 'main') => page.locator(`${scope} .p-datatable-thead th`).allTextContents();
  const problems = (page: Page) => page.getByRole('region', { name: 'Problems of the draft' }).textContent();

  beforeAll(async () => {
    server = await startE2eServer();
    await server.database.db.insert(genres).values({ names: { en: LONG_NAME }, color: '#0091ea', searchText: 'long' });
    browser = await launchBrowser();
    staff = await loggedInPage(browser, server.url);
    colleague = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('changes the genres screen with the structured controls, previews, publishes after the impact; a second session follows, then a rollback', async () => {
    await staff.setViewportSize({ width: 1440, height: 1000 });
    await staff.getByRole('link', { name: 'Screens' }).click();
    await staff.getByRole('heading', { name: 'Screens' }).waitFor();
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/studio-list-1440.png', fullPage: true });
    await staff
      .locator('main')
      .getByRole('link', { name: /^Genres/ })
      .click();
    await staff.getByRole('heading', { name: 'Screen: Genres' }).waitFor();
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');

    // 1. A column, from the fields the list returns, with its header in words.
    await choose(staff, 'column-add', 'name');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await staff.locator('#column-4-header').fill('English name');
    // Reordered with the keyboard: the handle takes Alt+↓ and Alt+↑.
    const fieldsOrder = () => staff.locator('[id^="column-"][id$="-field"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await staff.getByRole('button', { name: 'Move color: drag, or Alt+arrow keys' }).focus();
    await staff.keyboard.press('Alt+ArrowDown');
    await expect.poll(fieldsOrder).toEqual(['id', 'names', 'parent_name', 'color', 'name']);
    await staff.getByRole('button', { name: 'Move color: drag, or Alt+arrow keys' }).press('Alt+ArrowUp');
    await expect.poll(fieldsOrder).toEqual(['id', 'names', 'color', 'parent_name', 'name']);

    // A field relabelled and moved, the name's length lowered.
    await staff.getByRole('tab', { name: 'Form fields' }).click();
    await staff.locator('summary', { hasText: 'parent_id' }).click();
    await staff.locator('#field-parent_id-label').fill('Broader genre');
    await staff.getByRole('button', { name: 'Move parent_id up' }).click();
    await staff.locator('summary', { hasText: 'names' }).click();
    await staff.locator('#field-names-maxLength').fill('20');
    await staff.locator('#field-names-maxLength').blur();

    // 2. Each change in the preview.
    await expect.poll(() => staff.getByRole('status').filter({ hasText: 'Draft saved' }).count()).toBeGreaterThan(0);
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');
    const preview = staff.getByRole('region', { name: 'Preview' });
    await expect.poll(() => headers(staff, '.studio-preview')).toContain('English name');
    await preview.getByText('Form', { exact: true }).click();
    await preview.getByText('Broader genre').waitFor();
    const labels = await preview.locator('label').allTextContents();
    expect(labels.findIndex((text) => text.includes('Broader genre'))).toBeLessThan(labels.findIndex((text) => text.includes('Display colour')));
    await preview.locator('#preview_names_en').fill(LONG_NAME);
    await preview.getByRole('button', { name: 'Check with the server' }).click();
    await preview.getByText('The name (English) may not be greater than 20 characters.').first().waitFor();
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/studio-editor-1440.png', fullPage: true });
    await staff.setViewportSize({ width: 1024, height: 900 });
    await staff.screenshot({ path: 'test-results/studio-editor-1024.png', fullPage: true });
    await staff.setViewportSize({ width: 1440, height: 1000 });

    // 3. Publish after reading the diff and the impact.
    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'Publish the draft' });
    await dialog.getByText('New list column: English name').waitFor();
    // The stored genres with a name over 20 characters in some language (the reference data has some), the first ones linked.
    await dialog.getByText(/^\d+ genres would be refused on their next save: names\.\w+: The name \(\w+\) may not be greater than 20 characters\.$/).waitFor();
    const [longGenre] = await server.database.db.select({ id: genres.id }).from(genres).where(eq(genres.searchText, 'long'));
    expect(await dialog.getByRole('link', { name: `#${longGenre!.id}` }).getAttribute('href')).toBe(`/genre/${longGenre!.id}`);
    await staff.locator('.p-dialog-enter-done').waitFor();
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/studio-publish-1440.png' });
    await dialog.getByLabel('Comment').fill('English names column, shorter names');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 4. The second session: after a navigation, the new column and label; the server refuses a 25-character name.
    await colleague.getByRole('link', { name: 'Genres' }).click();
    await colleague.getByRole('heading', { name: 'Genres' }).waitFor();
    await expect.poll(() => headers(colleague)).toContain('English name');
    await colleague.getByRole('button', { name: 'Create' }).click();
    await colleague.getByText('Broader genre').waitFor();
    const refused = await colleague.request.post(url('/api/admin/genres'), { data: { names: { en: LONG_NAME }, color: '#0091ea' } });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors['names.en']).toEqual(['The name (English) may not be greater than 20 characters.']);

    // 5. Rolled back: both sessions as before.
    await staff.getByRole('button', { name: 'History' }).click();
    const history = staff.getByRole('dialog', { name: 'History' });
    await history.getByText('English names column, shorter names').waitFor();
    await staff.locator('.p-dialog-enter-done').waitFor();
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/studio-history-1440.png' });
    await history.getByRole('button', { name: 'Roll back to version 0' }).click();
    await staff.locator('.p-confirm-dialog').getByRole('button', { name: 'Roll back' }).click();
    await history.getByText('Back to version 0').waitFor();
    await history.getByRole('button', { name: 'Close' }).click();
    for (const page of [staff, colleague]) {
      await page.goto(url('/times'));
      await page.getByRole('link', { name: 'Genres' }).click();
      await page.getByRole('heading', { name: 'Genres' }).waitFor();
      await expect.poll(() => headers(page)).not.toContain('English name');
    }
    const accepted = await colleague.request.post(url('/api/admin/genres'), { data: { names: { en: `${LONG_NAME} again` }, color: '#0091ea' } });
    expect(accepted.status()).toBe(200);
  });

  it('shows a mistake made in the JSON at its path, refuses to publish it, then publishes it corrected', async () => {
    await staff.goto(url('/studio/times'));
    await staff.getByRole('heading', { name: 'Screen: Times' }).waitFor();
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');
    const editor = staff.locator('.cm-content');
    await expect.poll(() => editor.textContent()).toContain('"columns"');
    const definition = await (await staff.request.get(url('/api/admin/screens/times'))).json();
    const broken = structuredClone(definition.data.definition);
    broken.list.columns[1].cell = 'colour';
    await editor.click();
    await staff.keyboard.press('ControlOrMeta+a');
    await staff.keyboard.insertText(JSON.stringify(broken, null, 2));
    await expect.poll(() => problems(staff)).toContain('list.columns.1.cell');
    expect(await problems(staff)).toContain('"colour" is not a cell');
    await staff.locator('.cm-lintRange-error').first().waitFor();
    expect(await staff.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
    await staff.screenshot({ path: 'test-results/studio-json-error-1440.png', fullPage: true });

    const fixed = structuredClone(definition.data.definition);
    fixed.list.columns[0].width = '5rem';
    await editor.click();
    await staff.keyboard.press('ControlOrMeta+a');
    await staff.keyboard.insertText(JSON.stringify(fixed, null, 2));
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');
    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'Publish the draft' });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const published = await (await staff.request.get(url('/api/admin/screens/times'))).json();
    expect(published.data.version).toBe(1);
    expect(published.data.definition.list.columns[0].width).toBe('5rem');
  });

  it('shows a colleague’s publish made meanwhile beside the draft, and publishes the draft over it when staff keep theirs', async () => {
    await staff.goto(url('/studio/periods'));
    await staff.getByRole('heading', { name: 'Screen: Periods' }).waitFor();
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');
    // Staff's change: the id column dragged below the name column, with the mouse.
    const handles = staff.locator('.studio-drag-handle');
    await handles.nth(0).dragTo(staff.locator('.studio-reorder-item').nth(1));
    await expect
      .poll(async () =>
        (await staff.locator('[id^="column-"][id$="-field"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).slice(0, 2),
      )
      .not.toEqual(['id', 'names']);
    await expect.poll(() => staff.getByRole('status').filter({ hasText: 'Draft saved' }).count()).toBeGreaterThan(0);

    // Meanwhile a colleague publishes another change of the same screen.
    const theirs = (await (await colleague.request.get(url('/api/admin/screens/periods'))).json()).data;
    theirs.definition.list.columns[0].width = '4rem';
    expect(
      (await colleague.request.put(url('/api/admin/screens/periods/draft'), { data: { definition: theirs.definition, labels: theirs.labels } })).status(),
    ).toBe(200);
    expect((await colleague.request.post(url('/api/admin/screens/periods/publish'), { data: { comment: 'Narrower ids', baseVersion: 0 } })).status()).toBe(200);

    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'Publish the draft' });
    await dialog.getByText('List column Name: moved before Id').waitFor();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.getByText('Version 1 was published by Staff Member since this draft was based on: review their changes before publishing.').waitFor();
    await dialog.getByRole('heading', { name: 'Published since by a colleague (version 1)' }).waitFor();
    expect(await dialog.textContent()).toContain('Your draft');
    expect(await dialog.textContent()).toContain('List column Id: width 4rem (was 6rem)');
    // Polled: the footer's buttons change with the conflict, and their colours ease in.
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/studio-conflict-1440.png' });
    await dialog.getByRole('button', { name: 'Publish my draft over theirs' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const published = (await (await staff.request.get(url('/api/admin/screens/periods'))).json()).data;
    expect(published.version).toBe(2);
    expect(published.definition.list.columns.map((column: { field: string }) => column.field)).not.toEqual(
      theirs.definition.list.columns.map((column: { field: string }) => column.field),
    );
  });

  it('edits the reading sheet editor, the form of the sheets’ screen: a shorter original title, previewed in its form, published after the count of sheets it would refuse', async () => {
    await server.database.db.insert(books).values([{ originalTitle: 'A short title' }, { originalTitle: 'An original title well over twenty characters' }]);
    // From the built-in file, whatever a first try of this test published or left as the draft.
    const builtIn = (await (await staff.request.get(url('/api/admin/screens/reading-sheets/versions/0'))).json()).data;
    if ((await (await staff.request.get(url('/api/admin/screens/reading-sheets'))).json()).data.version !== 0) {
      expect((await staff.request.post(url('/api/admin/screens/reading-sheets/rollback'), { data: { version: 0 } })).status()).toBe(200);
    }
    expect(
      (await staff.request.put(url('/api/admin/screens/reading-sheets/draft'), { data: { definition: builtIn.definition, labels: builtIn.labels } })).status(),
    ).toBe(200);
    await staff.goto(url('/studio/reading-sheets'));
    await staff.getByRole('heading', { name: 'Screen: Reading sheets' }).waitFor();
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');
    await staff.getByRole('tab', { name: 'Form fields' }).click();
    await staff.locator('summary', { hasText: 'original_title' }).click();
    await staff.locator('#field-original_title-maxLength').fill('20');
    await staff.locator('#field-original_title-maxLength').blur();
    await expect.poll(() => staff.getByRole('status').filter({ hasText: 'Draft saved' }).count()).toBeGreaterThan(0);
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');
    const preview = staff.getByRole('region', { name: 'Preview' });
    await preview.getByText('Form', { exact: true }).click();
    await preview.locator('#preview_original_title').fill('A title of twenty-five c.');
    await preview.getByRole('button', { name: 'Check with the server' }).click();
    await preview.getByText('The original title may not be greater than 20 characters.').first().waitFor();
    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'Publish the draft' });
    await dialog
      .getByText('1 of the reading sheets would be refused on its next save: original_title: The original title may not be greater than 20 characters.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The editor uses it from the next navigation: the browser refuses the longer title.
    await staff.goto(url('/reading-sheet'));
    await staff.locator('#root_original_title').fill('A title of twenty-five c.');
    await staff.getByRole('button', { name: 'SAVE THE SHEET' }).click();
    await expect.poll(() => staff.locator('#root_original_title__error').textContent()).toBe('The original title may not be greater than 20 characters.');
    expect((await staff.request.post(url('/api/admin/screens/reading-sheets/rollback'), { data: { version: 0 } })).status()).toBe(200);
  });
});
