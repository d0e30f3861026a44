import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/** Where the screenshots of the drawer and the activity go, for a look at them. */
const SHOTS = process.env.HISTORY_SHOTS_DIR ?? 'test-results';

/**
 * The records' history as staff use it: a reading sheet's French title and a genre's colour
 * edited in their forms, each change seen in the form's History drawer with the editor's name,
 * the old title restored from the drawer (back on the form, and a new revision in the drawer), and
 * both changes in Settings › Activity.
 */
describe.skipIf(!chromiumPath)('the records’ history, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let sheetId = 0;
  const stamp = Date.now();
  const url = (path: string) => `${server.url}${path}`;
  const drawer = () => page.getByRole('dialog', { name: 'History' });
  const entries = () => drawer().locator('.history-entries > li');
  /** The line of a field's change, and the value it shows beside the field's label. */
  const changeRow = (scope: ReturnType<Page['locator']>, label: string) =>
    scope.locator('.change-row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  const changeOf = (scope: ReturnType<Page['locator']>, label: string) => changeRow(scope, label).locator('dd.change-value');
  const shot = async (name: string, width: number) => {
    await page.setViewportSize({ width, height: 900 });
    // The drawer and the table settle into their new width.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  };

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startE2eServer();
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    const created = await page.request.post(url('/api/admin/books'), {
      data: { original_title: `Le Phare ${stamp}`, titles: { en: 'The Lighthouse', fr: 'Le Phare' } },
    });
    expect(created.status(), await created.text()).toBe(200);
    sheetId = ((await created.json()) as { data: { id: number } }).data.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a sheet’s French title change in its History drawer, with the editor’s name, and restores the old title', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    await page.locator('.sheet-language-button[data-locale="fr"]').click();
    await page.locator('#root_titles_fr').fill('Le Grand Phare');
    await page.getByRole('button', { name: 'SAVE THE SHEET' }).click();
    await toast(page, 'Success');
    await clearToasts(page);

    // The drawer: a heading, the focus inside, the newest revision first with who and what.
    const opener = page.getByRole('button', { name: 'History' });
    await opener.click();
    await drawer().getByRole('heading', { name: 'History' }).waitFor();
    await expect.poll(() => drawer().evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const newest = entries().first();
    await expect.poll(() => newest.locator('.revision-head').textContent()).toMatch(/^UpdatedStaff Member\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await entries().last().locator('.revision-action').textContent()).toBe('Created');
    const disclosure = newest.getByRole('button', { name: 'Show the change' });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    await disclosure.click();
    expect(await newest.getByRole('button', { name: 'Hide the changes' }).getAttribute('aria-expanded')).toBe('true');
    const title = changeOf(newest, 'Title');
    expect(await title.locator('.change-locales li').textContent()).toBe('FrançaisLe Phare → Le Grand Phare');
    await page.locator('.history-drawer.p-sidebar-enter-done').waitFor();
    expect(await axeProblems(page, '.history-drawer')).toEqual([]);
    await shot('history-drawer', 1440);
    await shot('history-drawer', 1024);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Restore the title alone: the question names it; the form shows it back; the drawer a new revision.
    await changeRow(newest, 'Title').getByRole('button', { name: 'Restore Title' }).click();
    const question = page.getByRole('dialog', { name: 'Restore this value?' });
    await question.getByText(/^Bring back Title as before the change of .+ by Staff Member\?$/).waitFor();
    // Checked once shown: half faded in, its text is paler than it will be.
    await page.locator('.restore-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page, '.restore-dialog')).toEqual([]);
    await question.getByRole('button', { name: 'Restore', exact: true }).click();
    expect(await toast(page, 'Success')).toBe('Restored successfully');
    await question.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('#root_titles_fr').inputValue()).toBe('Le Phare');
    await expect.poll(() => entries().first().locator('.revision-action').textContent()).toBe('Restored from an earlier version');
    await entries().first().getByRole('button', { name: 'Show the change' }).click();
    expect(await changeOf(entries().first(), 'Title').locator('.change-locales li').textContent()).toBe('FrançaisLe Grand Phare → Le Phare');
    // The form holds what the server holds: nothing to save, nothing asked when leaving.
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
    const stored = (await (await page.request.get(url(`/api/admin/books/${sheetId}`))).json()) as { data: { titles: Record<string, string> } };
    expect(stored.data.titles.fr).toBe('Le Phare');
  });

  it('shows a genre’s colour change in its History drawer', async () => {
    await clearToasts(page);
    await page.goto(url('/genre/1'));
    await page.locator('#root_color').waitFor();
    await page.locator('#root_color').fill('#00aa11');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Success');
    await page.getByRole('button', { name: 'History' }).click();
    const newest = entries().first();
    await expect.poll(() => newest.locator('.revision-head').textContent()).toMatch(/^UpdatedStaff Member/);
    await newest.getByRole('button', { name: 'Show the change' }).click();
    expect(await changeOf(newest, 'Display colour').textContent()).toMatch(/^#[0-9a-f]{6} → #00aa11$/);
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'hidden' });
  });

  it('lists both changes in Settings › Activity, filtered by resource in the URL, each with its changes', async () => {
    await clearToasts(page);
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    const rows = page.locator('.activity-table .p-datatable-tbody > tr:not(.p-datatable-row-expansion)');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const texts = await rows.allTextContents();
    expect(texts.some((text) => text.includes('Staff Member') && text.includes('Genres') && text.includes('Updated'))).toBe(true);
    expect(
      texts.some((text) => text.includes('Staff Member') && text.includes('Reading sheets') && text.includes(`Le Phare ${stamp}`) && text.includes('Updated')),
    ).toBe(true);
    expect(
      await page
        .getByRole('link', { name: `Le Phare ${stamp}` })
        .first()
        .getAttribute('href'),
    ).toBe(`/reading-sheet/${sheetId}`);

    // The genre's change, opened in place.
    const genreRow = rows.filter({ hasText: 'Genres' }).first();
    await genreRow.getByRole('button', { name: /^Show the changes of / }).click();
    const expansion = page.locator('.activity-changes').first();
    expect(await changeOf(expansion, 'Display colour').textContent()).toMatch(/→ #00aa11$/);
    expect(await axeProblems(page)).toEqual([]);
    await shot('activity', 1440);
    await shot('activity', 1024);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Only the reading sheets: the filter in the URL, the rows of the sheet only.
    await page.locator('.filter-bar .p-dropdown', { hasText: 'Resource' }).click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: /^Reading sheets$/ }).click();
    await page.waitForURL(/resource=books/);
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes('Reading sheets'))).toBe(true);
    expect(await rows.count()).toBe(3);
  });
});
