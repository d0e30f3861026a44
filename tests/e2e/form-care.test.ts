import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/**
 * What a careful user meets on the forms: an untouched create form asks nothing when left, dates
 * read one way, errors name the fields as the form labels them, and the first error of a save is
 * brought into view below the header. At 1024 px, the narrowest width the panel is used at.
 */
describe.skipIf(!chromiumPath)('forms as staff use them, in Chromium at 1024 px', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const url = (path: string) => `${server.url}${path}`;
  const HEADER_HEIGHT = 70;

  /** Where an element sits in the window: its top and bottom, in px from the top of the view. */
  const place = (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, viewport: window.innerHeight };
    });

  beforeAll(async () => {
    server = await startE2eServer();
    await seedAiPrompts(server.database.db);
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
    await page.setViewportSize({ width: 1024, height: 768 });
    // A leave-page warning of the browser (beforeunload) shows as a dialog: none is expected.
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['/genre', 'Create a genre', '/genres'],
    ['/time', 'Create a time', '/times'],
    ['/period', 'Create a period', '/periods'],
    ['/thematic', 'Create a thematic', '/thematics'],
    ['/new', 'Create a news', '/news'],
  ])('leaves the untouched create page %s without asking, by its back button, a menu link or a reload', async (path, heading, list) => {
    dialogs.length = 0;
    await page.goto(url(path));
    await page.getByRole('heading', { name: heading }).waitFor();
    // A click in the page (no change) lets the browser show a leave-page warning if one were set.
    await page.getByRole('heading', { name: heading }).click();
    await page.reload();
    await page.getByRole('heading', { name: heading }).waitFor();
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL(url(list));
    expect(await page.locator('.p-confirm-dialog').count()).toBe(0);
    await page.goto(url(path));
    await page.getByRole('heading', { name: heading }).waitFor();
    await page.getByRole('link', { name: 'Reading sheets' }).click();
    await page.waitForURL(url('/reading-sheets'));
    expect(await page.locator('.p-confirm-dialog').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('still asks before leaving a create page once something was typed', async () => {
    await page.goto(url('/genre'));
    await page.locator('#root_names_en').fill('Cosy mystery');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('You have unsaved changes. Leave this page and lose them?');
    await confirm.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toBe(url('/genre'));
    expect(await page.locator('#root_names_en').inputValue()).toBe('Cosy mystery');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(url('/genres'));
  });

  it('names the request fields by their labels in the errors of an empty request, and shows dates as yyyy-MM-dd', async () => {
    await page.goto(url('/request'));
    await page.getByRole('heading', { name: 'Create a request' }).waitFor();
    await clearToasts(page);
    await page.getByRole('button', { name: 'Create Request' }).click();
    const errorOf = (field: string) => page.locator(`#root_${field}__error`);
    await errorOf('book_id').waitFor();
    expect(await errorOf('book_id').textContent()).toBe('The reading sheet field is required.');
    expect(await errorOf('user_id').textContent()).toBe('The user field is required.');
    expect(await errorOf('demand_date').textContent()).toBe('The request date field is required.');
    expect(await errorOf('demand_type_id').textContent()).toBe('The request type field is required.');
    expect(await errorOf('demand_status_id').textContent()).toBe('The request status field is required.');
    // The first of them is in view, its label below the header.
    const firstRow = page.locator('.form-row', { has: page.locator('#root_book_id') }).last();
    await expect.poll(async () => (await place(firstRow)).top).toBeGreaterThanOrEqual(HEADER_HEIGHT);

    // The date picked from the calendar reads as the lists write dates.
    const dateInput = page.locator('#root_demand_date');
    await page.locator('.form-row', { has: dateInput }).last().locator('.p-datepicker-trigger').click();
    await page.locator('.p-datepicker').getByRole('button', { name: 'Today' }).click();
    await dateInput.press('Escape');
    await page.locator('.p-datepicker').waitFor({ state: 'detached' });
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(await dateInput.inputValue()).toBe(`${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`);
    // Typed as yyyy-MM-dd too; the error clears once the field is filled.
    await dateInput.fill('2026-11-20');
    expect(await dateInput.inputValue()).toBe('2026-11-20');
    await expect.poll(() => errorOf('demand_date').count()).toBe(0);
    await page.screenshot({ path: 'test-results/request-errors-1024.png', fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await dateInput.press('Tab');
    expect(await dateInput.inputValue()).toBe('2026-11-20');
  });

  it('shows the reporter date as yyyy-MM-dd, and a failed save says nothing about languages', async () => {
    await page.goto(url('/reporter'));
    await page.getByRole('heading', { name: 'CREATE REPORTER' }).waitFor();
    expect(await page.locator('#root_date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await clearToasts(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('#root_title__error').waitFor();
    expect(await page.getByText('Correct the errors of the form before changing language.').count()).toBe(0);
    const titleRow = page.locator('.form-row', { has: page.locator('#root_title') }).last();
    await expect.poll(async () => (await place(titleRow)).top).toBeGreaterThanOrEqual(HEADER_HEIGHT);
    // Asking for another language with the error there says why it does not change.
    await page.getByRole('button', { name: 'FR' }).click();
    expect(await toast(page, 'Language not changed')).toBe('Correct the errors of the form before changing language.');
    await page.locator('.reporter-language-blocked').waitFor();
  });

  it('brings an AI prompt’s refused text into view below the header, not the save button at the bottom', async () => {
    await page.goto(url('/ai-prompt'));
    await page.locator('.p-datatable-tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/ai-prompt\/\d+$/);
    const content = page.locator('#root_contents_en');
    await content.waitFor();
    await content.fill((await content.inputValue()).replaceAll('{{context}}', ''));
    await page.getByRole('button', { name: 'Save AI prompt' }).scrollIntoViewIfNeeded();
    await clearToasts(page);
    await page.getByRole('button', { name: 'Save AI prompt' }).click();
    await page.locator('#root_contents_en__error').waitFor();
    const row = page.locator('.form-row', { has: content }).last();
    await expect.poll(async () => (await place(row)).top).toBeGreaterThanOrEqual(HEADER_HEIGHT);
    const { top, viewport } = await place(row);
    expect(top).toBeLessThan(viewport / 2);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_contents_en');
    await page.screenshot({ path: 'test-results/ai-prompt-error-in-view-1024.png' });
  });

  it('asks about unsaved changes before logging out, then logs out without an error', async () => {
    await page.goto(url('/time'));
    await page.locator('#root_names_en').fill('Belle Époque');
    await page.getByRole('button', { name: 'Logout' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toBe(url('/time'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(url('/auth/login'));
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.p-toast-message').count()).toBe(0);
  });
});
