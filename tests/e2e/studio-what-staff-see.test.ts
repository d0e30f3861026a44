import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/** A change as a developer would write it: a dotted key or path, an arrow, a `ui:` keyword. */
const KEYISH = /\b[a-z][\w-]*\.[\w-]+\b|→|ui:/;

/**
 * What staff see in the studio, in their words: no error after a publish that succeeded; a JSON
 * syntax error listed with the problems at its line, publishing and the controls held until it is
 * corrected; the publish diff by labels, the JSON one click away; a new column and filter labelled
 * from their field, the filter with the field's widget; the preview's list with its title and
 * Create button; a draft discarded after a confirmation; a publish named in the activity by the
 * screen's title and version.
 */
describe.skipIf(!chromiumPath)('the studio in staff’s words, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let staff: Page;
  const url = (path: string) => `${server.url}${path}`;
  const problems = () => staff.getByRole('region', { name: 'Problems of the draft' }).textContent();
  const publishButton = () => staff.getByRole('button', { name: 'Publish', exact: true });
  const saved = () => expect.poll(() => staff.getByRole('status').filter({ hasText: 'Draft saved' }).count()).toBeGreaterThan(0);
  const choose = async (id: string, option: string) => {
    await staff.locator(`.p-dropdown:has(#${id})`).click();
    await staff.locator('.p-dropdown-panel .p-dropdown-item', { hasText: new RegExp(`^${option}$`) }).click();
  };
  const options = async (id: string) => {
    await staff.locator(`.p-dropdown:has(#${id})`).click();
    const texts = await staff.locator('.p-dropdown-panel .p-dropdown-item').allTextContents();
    await staff.keyboard.press('Escape');
    return texts;
  };
  const shoot = async (name: string) => {
    for (const width of [1440, 1024]) {
      await staff.setViewportSize({ width, height: 1000 });
      await staff.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
    }
    await staff.setViewportSize({ width: 1440, height: 1000 });
  };
  // Every answer of the screens' API, to find a refusal the page should never have caused.
  const answers: { url: string; status: number }[] = [];

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    staff = await loggedInPage(browser, server.url);
    await staff.setViewportSize({ width: 1440, height: 1000 });
    staff.on('response', (response: Response) => {
      if (response.url().includes('/api/admin/screens')) answers.push({ url: response.url(), status: response.status() });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('publishes with the changes said by labels and the JSON diff one click away, and no error follows the publish', async () => {
    // From the published version, whatever a first try left as the draft.
    expect((await staff.request.delete(url('/api/admin/screens/genres/draft'))).status()).toBe(200);
    await staff.goto(url('/studio/genres'));
    await staff.getByRole('heading', { name: 'Screen: Genres' }).waitFor();
    await expect.poll(problems).toContain('The draft has no problems.');
    await staff.getByRole('tab', { name: 'Form fields' }).click();
    await staff.locator('summary', { hasText: 'names' }).click();
    await staff.locator('#field-names-maxLength').fill('40');
    await staff.locator('#field-names-maxLength').blur();
    await staff.locator('summary', { hasText: 'color' }).click();
    await staff.locator('#field-color-label').fill('Hue');
    await staff.getByRole('button', { name: 'Move parent_id up' }).click();
    await saved();
    await expect.poll(problems).toContain('The draft has no problems.');

    await publishButton().click();
    const dialog = staff.getByRole('dialog', { name: 'Publish the draft' });
    await dialog.getByText('Name: at most 40 characters (was 255)').waitFor();
    const changes = await dialog.locator('.studio-changes li').allTextContents();
    expect(changes).toEqual(['Name: at most 40 characters (was 255)', 'Display colour: now labelled Hue', 'Parent genre: moved before Hue']);
    for (const change of changes) expect(change).not.toMatch(KEYISH);
    // The JSON diff, for those who want it: one click away.
    expect(await dialog.locator('.studio-json-diff').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Show the JSON diff' }).click();
    expect(await dialog.getByRole('button', { name: 'Hide the JSON diff' }).getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.locator('.studio-json-diff .is-added').allTextContents()).toContainEqual(expect.stringMatching(/^\+ +"maxLength": 40,?\n$/));
    await staff.locator('.p-dialog-enter-done').waitFor();
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await shoot('studio-publish-words');

    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // After the publish: the draft is the version in use, and nothing was refused on the way.
    await staff.getByText('Draft made from version 1.').waitFor();
    expect(await publishButton().isDisabled()).toBe(true);
    expect(answers.filter((answer) => answer.status >= 400)).toEqual([]);
    expect(await staff.locator('.p-toast-message-error').count()).toBe(0);
  });

  it('lists a JSON syntax error with the problems at its line, holds Publish and the controls until it is corrected', async () => {
    expect((await staff.request.delete(url('/api/admin/screens/times/draft'))).status()).toBe(200);
    await staff.goto(url('/studio/times'));
    await staff.getByRole('heading', { name: 'Screen: Times' }).waitFor();
    await expect.poll(problems).toContain('The draft has no problems.');
    // A change waits to be published.
    await staff.locator('#column-0-header').fill('Number');
    await saved();
    await expect.poll(() => publishButton().isDisabled()).toBe(false);

    // One comma deleted: the end of line 2 (`"$schema": "./screen.schema.json",`).
    const editor = staff.locator('.cm-content');
    await editor.click();
    await staff.keyboard.press('ControlOrMeta+Home');
    await staff.keyboard.press('ArrowDown');
    await staff.keyboard.press('End');
    await staff.keyboard.press('Backspace');
    await expect.poll(problems).toContain('JSON, line 2 A comma is missing after this value.');
    expect(await problems()).toContain('1 problem to correct before publishing');
    expect(await publishButton().isDisabled()).toBe(true);
    // In the JSON: a mark one can see, on a tinted line.
    const mark = await staff.locator('.cm-syntax-error-mark').boundingBox();
    expect(mark!.width).toBeGreaterThan(0);
    expect(await staff.locator('.cm-syntax-error-line').textContent()).toBe('  "$schema": "./screen.schema.json"');
    // The controls change nothing until the text reads again.
    await staff.getByText('The JSON cannot be read (line 2): correct it there. Until it can, these controls change nothing.').waitFor();
    expect(await staff.locator('.studio-controls').getAttribute('inert')).not.toBeNull();
    expect(await axeProblems(staff)).toEqual([]);
    await shoot('studio-json-syntax');
    // The problem's place takes the cursor there.
    await staff.getByRole('button', { name: 'JSON, line 2' }).click();
    await staff.keyboard.type(',');
    await expect.poll(problems).toContain('The draft has no problems.');
    expect(await staff.locator('.studio-controls').getAttribute('inert')).toBeNull();
    // The structured change made before stayed in the text.
    expect(await editor.textContent()).toContain('"screens.times.columns.id"');
    expect(await publishButton().isDisabled()).toBe(false);
  });

  it('adds a column and a filter labelled from their field, the filter with the field’s widget; the preview’s list has its title and Create; the draft is discarded after a confirmation', async () => {
    expect((await staff.request.delete(url('/api/admin/screens/genres/draft'))).status()).toBe(200);
    await staff.goto(url('/studio/genres'));
    await staff.getByRole('heading', { name: 'Screen: Genres' }).waitFor();
    await expect.poll(problems).toContain('The draft has no problems.');
    await choose('column-add', 'parent_id');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await staff.locator('#column-4-header').inputValue()).toBe('Parent genre');

    await staff.getByRole('tab', { name: 'Filters' }).click();
    expect(await options('filter-add')).toEqual(['parent_id']);
    await choose('filter-add', 'parent_id');
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await staff.locator('#filter-0-label').inputValue()).toBe('Parent genre');
    expect(await staff.locator('.p-dropdown:has(#filter-0-widget) .p-dropdown-label').textContent()).toBe('treeSelect');
    await saved();
    await expect.poll(problems).toContain('The draft has no problems.');

    // The preview: the list's title and its Create button, the new filter, a relabelled title seen there.
    const preview = staff.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Genres' }).waitFor();
    await preview.locator('.p-treeselect', { hasText: 'Parent genre' }).waitFor();
    await staff.getByRole('tab', { name: 'Labels' }).click();
    await staff.getByLabel('title (English)').fill('Kinds of books');
    await preview.getByRole('heading', { name: 'Kinds of books' }).waitFor();
    await preview.getByRole('button', { name: 'Create' }).click();
    await preview.getByText('A new record, as the draft shows it. Nothing is saved here.').waitFor();
    // Polled: the view buttons' colours ease in.
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await shoot('studio-new-filter-preview');

    // Discarded after a confirmation: back to the version in use, nothing waits.
    await saved();
    await staff.getByRole('button', { name: 'Discard draft' }).click();
    const confirm = staff.locator('.p-confirm-dialog');
    await confirm.getByText('Discard the draft? Every change it holds is lost, and the screen stays as it is in use: version 1.').waitFor();
    await staff.locator('.p-confirm-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(staff)).toEqual([]);
    await confirm.getByRole('button', { name: 'Discard draft' }).click();
    await staff.locator('.p-toast-message', { hasText: 'Draft discarded: the screen stays as published.' }).waitFor();
    await staff.getByRole('tab', { name: 'Columns' }).click();
    await expect.poll(() => staff.locator('[id^="column-"][id$="-field"]').count()).toBe(4);
    expect((await (await staff.request.get(url('/api/admin/screens/genres'))).json()).data.draft).toBeNull();
    expect(await staff.getByRole('button', { name: 'Discard draft' }).isDisabled()).toBe(true);
    await preview.getByText('List', { exact: true }).click();
    await preview.getByRole('heading', { name: 'Genres' }).waitFor();
  });

  it('names a publish in the activity by the screen’s title and version, and says what it was made from', async () => {
    const sheet = (await (await staff.request.get(url('/api/admin/screens/reading-sheets/versions/0'))).json()).data;
    expect(
      (await staff.request.put(url('/api/admin/screens/reading-sheets/draft'), { data: { definition: sheet.definition, labels: sheet.labels } })).status(),
    ).toBe(200);
    expect((await staff.request.post(url('/api/admin/screens/reading-sheets/publish'), { data: { comment: 'As the file', baseVersion: 0 } })).status()).toBe(
      200,
    );
    await staff.goto(url('/settings/activity'));
    const row = staff.locator('.activity-table tbody tr', { hasText: 'Reading sheets, version 1' });
    await row.getByRole('link', { name: 'Reading sheets, version 1' }).waitFor();
    expect(await staff.locator('.activity-table tbody').textContent()).not.toContain('reading-sheets');
    await row.getByRole('button', { name: /^Show the changes of Reading sheets, version 1/ }).click();
    const changes = staff.locator('.activity-publish').first();
    await changes.waitFor();
    expect(await changes.locator('dd').allTextContents()).toEqual(['Reading sheets', 'Version 1, made from the built-in file', 'As the file']);
    expect(await axeProblems(staff)).toEqual([]);
    await shoot('activity-publish');
  });
});
