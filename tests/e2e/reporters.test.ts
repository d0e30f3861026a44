import { asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, reporterBooks, reporters, reporterTexts, reporterUserRoles, reporterUsers } from '../../server/db/schema/index.js';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { insertUser, planId } from '../helpers/subscribers.js';

describe.skipIf(!chromiumPath)('the reporter screens in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const stamp = Date.now();
  const user = { id: 0, firstname: 'Odile', lastname: `Reporterson${stamp}` };
  const fullname = `${user.firstname} ${user.lastname}`;
  const title = `Winter picks ${stamp}`;
  /** The reporter this suite creates, then edits. */
  let reporterId = 0;
  const url = (path: string) => `${server.url}${path}`;
  const db = () => server.database.db;

  const texts = async (id: number) =>
    db()
      .select({ text: reporterTexts.text, textType: reporterTexts.textType, lang: reporterTexts.lang })
      .from(reporterTexts)
      .where(eq(reporterTexts.reporterId, id))
      .orderBy(asc(reporterTexts.lang), asc(reporterTexts.textType), asc(reporterTexts.position));
  const group = (type: string) => page.locator(`.text-blocks-group[data-group="${type}"]`);
  const language = (code: string) => page.locator('.reporter-language .p-button', { has: page.locator(`[data-locale="${code}"]`) });
  const activeLanguage = async () => (await page.locator('.reporter-language .p-button.p-highlight').textContent())?.trim();
  const confirm = () => page.locator('.p-confirm-dialog');
  const save = () => page.getByRole('button', { name: 'Enregistrer' }).click();

  /** Opens a multi-select of the form (RJSF id), types `search` in its filter, and ticks the choice showing `text`. */
  async function tick(id: string, text: string, search?: string): Promise<void> {
    const panel = page.locator('.p-multiselect-panel');
    await page.locator('.p-multiselect', { has: page.locator(`#${id}`) }).click();
    await panel.waitFor();
    if (search !== undefined) await panel.locator('.p-multiselect-filter').fill(search);
    await panel.locator('li.p-multiselect-item', { hasText: text }).first().click();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    server = await startE2eServer();
    await seedDemoData(db());
    user.id = await insertUser(db(), { firstname: user.firstname, lastname: user.lastname, company: 'Films' });
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a reporter: today and Draft by default, a user found by search, a user group, blocks in two categories', async () => {
    await page.goto(url('/reporters'));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/reporter'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('CREATE REPORTER');
    expect(await activeLanguage()).toBe('EN');
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(await page.locator('#root_date').inputValue()).toBe(today);
    await expect
      .poll(() =>
        page
          .locator('.p-dropdown', { has: page.locator('#root_reporterStatusId') })
          .locator('.p-dropdown-label')
          .textContent(),
      )
      .toBe('Draft');

    await page.locator('#root_title').fill(title);
    await tick('root_reporterUserIds', fullname, user.lastname);
    await tick('root_reporterUserRoleIds', 'Premium');
    expect(
      await page
        .locator('.p-multiselect', { has: page.locator('#root_reporterUserIds') })
        .locator('.p-multiselect-token-label')
        .allTextContents(),
    ).toEqual([fullname]);

    for (const [type, text] of [
      ['rights', 'Rights optioned this month.'],
      ['buzz', 'Everyone talks about it.'],
    ] as const) {
      await group(type)
        .getByRole('button', { name: /^Add a block/ })
        .click();
      await group(type).locator('textarea').last().fill(text);
    }
    expect(await group('rights').locator('h3').textContent()).toBe('Film rights');
    expect(await axeProblems(page, '.page')).toEqual([]);
    await save();
    expect(await toast(page, 'Success')).toBe('Successfully saved');
    await page.waitForURL(/\/reporter\/\d+$/);
    reporterId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.locator('h1').textContent()).toBe('EDIT REPORTER');
    await clearToasts(page);

    const [stored] = await db().select().from(reporters).where(eq(reporters.id, reporterId));
    expect(stored).toMatchObject({ title, date: today, reporterStatusId: 1 });
    expect(await db().select({ userId: reporterUsers.userId }).from(reporterUsers).where(eq(reporterUsers.reporterId, reporterId))).toEqual([
      { userId: user.id },
    ]);
    expect(await db().select({ planId: reporterUserRoles.planId }).from(reporterUserRoles).where(eq(reporterUserRoles.reporterId, reporterId))).toEqual([
      { planId: await planId(db(), 'premium') },
    ]);
    expect(await texts(reporterId)).toEqual([
      { text: 'Everyone talks about it.', textType: 'buzz', lang: 'en' },
      { text: 'Rights optioned this month.', textType: 'rights', lang: 'en' },
    ]);
    // The form is the server's answer: the blocks are there, saved; the booklist is empty.
    expect(await group('rights').locator('textarea').inputValue()).toBe('Rights optioned this month.');
    expect(await page.locator('.reporter-booklist').textContent()).toContain('No data');
  });

  it('asks before changing language, saves first, is blocked by an error until it is corrected, then shows the texts of that language', async () => {
    await page.goto(url(`/reporter/${reporterId}`));
    await page.locator('#root_title').waitFor();
    await page.locator('#root_title').fill('');
    await language('fr').click();
    await confirm().waitFor();
    expect((await confirm().locator('.p-confirm-dialog-message').textContent())?.trim()).toBe(
      'All form changes will be saved before changing locale. Continue ?',
    );
    await confirm().getByRole('button', { name: 'OK' }).click();
    // The save is refused: the title's error shows, the language stays.
    await expect
      .poll(() => page.locator('#root_title').locator('xpath=ancestor::div[contains(@class,"form-control")]').locator('.field-error').textContent())
      .toBe('The title field is required.');
    expect(await activeLanguage()).toBe('EN');
    await clearToasts(page);

    // With the error still there, the switch is blocked and says why, without asking.
    await language('fr').click();
    expect(await toast(page, 'Language not changed')).toBe('Correct the errors of the form before changing language.');
    expect(await confirm().count()).toBe(0);
    expect(await activeLanguage()).toBe('EN');
    await clearToasts(page);

    // Editing the field clears its error; the switch then saves and changes language.
    await page.locator('#root_title').fill(`${title} (edited)`);
    expect(await page.locator('.field-error').count()).toBe(0);
    await language('fr').click();
    await confirm().getByRole('button', { name: 'OK' }).click();
    expect(await toast(page, 'Success')).toBe('Successfully saved');
    await expect.poll(activeLanguage).toBe('FR');
    expect((await db().select({ title: reporters.title }).from(reporters).where(eq(reporters.id, reporterId)))[0]!.title).toBe(`${title} (edited)`);
    // No French text yet: the English blocks are not shown in French.
    await expect.poll(() => page.locator('.text-blocks textarea').count()).toBe(0);
    await clearToasts(page);

    await group('alerts')
      .getByRole('button', { name: /^Add a block/ })
      .click();
    await group('alerts').locator('textarea').fill('Alerte en français.');
    await save();
    expect(await toast(page, 'Success')).toBe('Successfully saved');
    await expect
      .poll(async () => (await texts(reporterId)).filter((text) => text.lang === 'fr'))
      .toEqual([{ text: 'Alerte en français.', textType: 'alerts', lang: 'fr' }]);
    await clearToasts(page);

    // Back to English: nothing changed, nothing saved; the English blocks come back.
    await language('en').click();
    await confirm().getByRole('button', { name: 'OK' }).click();
    await expect.poll(activeLanguage).toBe('EN');
    await expect.poll(() => group('rights').locator('textarea').inputValue()).toBe('Rights optioned this month.');
    expect(await group('alerts').locator('textarea').count()).toBe(0);
  });

  it('deletes a block after the confirmation, and the save removes it on the server', async () => {
    await page.goto(url(`/reporter/${reporterId}`));
    await group('buzz').locator('textarea').waitFor();
    await group('buzz')
      .getByRole('button', { name: /^Delete Buzz, block 1/ })
      .click();
    await confirm().waitFor();
    expect((await confirm().locator('.p-confirm-dialog-message').textContent())?.trim()).toBe('Are you sure to delete this?');
    await confirm().getByRole('button', { name: 'No, Thanks' }).click();
    expect(await group('buzz').locator('textarea').count()).toBe(1);
    await group('buzz')
      .getByRole('button', { name: /^Delete Buzz, block 1/ })
      .click();
    await confirm().getByRole('button', { name: 'OK' }).click();
    expect(await group('buzz').locator('textarea').count()).toBe(0);
    await save();
    expect(await toast(page, 'Success')).toBe('Successfully saved');
    await expect.poll(async () => (await texts(reporterId)).map((text) => `${text.lang}:${text.textType}`)).toEqual(['en:rights', 'fr:alerts']);
    await clearToasts(page);
  });

  it('lists the booklist by genre, opens a sheet from its row, and takes a sheet off after the confirmation', async () => {
    const sheets = await db().select({ id: books.id, title: books.originalTitle }).from(books).orderBy(asc(books.id)).limit(2);
    await db()
      .insert(reporterBooks)
      .values(sheets.map((sheet, position) => ({ reporterId, bookId: sheet.id, position })));
    await page.goto(url(`/reporter/${reporterId}`));
    const booklist = page.locator('.reporter-booklist');
    await booklist.locator('tbody tr').first().waitFor();
    expect(await booklist.locator('h2').textContent()).toBe('BOOKLIST');
    expect(await booklist.locator('.reporter-booklist-genre').count()).toBeGreaterThan(0);
    expect(await booklist.locator('tbody tr').count()).toBe(2);
    expect(await axeProblems(page, '.reporter-booklist')).toEqual([]);

    const [kept, removed] = sheets as [{ id: number; title: string }, { id: number; title: string }];
    const row = (sheet: { title: string }) => booklist.locator('tbody tr', { hasText: sheet.title });
    await row(removed)
      .getByRole('button', { name: /^supprimer/ })
      .click();
    await confirm().waitFor();
    expect((await confirm().locator('.p-confirm-dialog-message').textContent())?.trim()).toBe('Are you sure to delete this?');
    await confirm().getByRole('button', { name: 'OK' }).click();
    expect(await toast(page, 'Success')).toBe('Deletion succeed');
    await expect.poll(() => booklist.locator('tbody tr').count()).toBe(1);
    expect(await db().select({ bookId: reporterBooks.bookId }).from(reporterBooks).where(eq(reporterBooks.reporterId, reporterId))).toEqual([
      { bookId: kept.id },
    ]);
    // Still on the reporter: the button is not a row click.
    expect(new URL(page.url()).pathname).toBe(`/reporter/${reporterId}`);
    await clearToasts(page);

    await row(kept).locator('td').first().click();
    await page.waitForURL(url(`/reading-sheet/${kept.id}`));
  });

  it("lists the reporter with its users and status, and shows it on its user's Reporters tab, that user's only", async () => {
    await page.goto(url(`/reporters?q=${encodeURIComponent(String(stamp))}`));
    const row = page.locator('.p-datatable-tbody tr', { hasText: title });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual(expect.arrayContaining([`${title} (edited)`, fullname, 'Draft']));
    expect(await axeProblems(page, '.page')).toEqual([]);

    await page.goto(url(`/user/${user.id}`));
    await page.getByRole('tab', { name: 'Reporters' }).click();
    const tabRow = page.locator('.screen-list-field .p-datatable-tbody tr', { hasText: title });
    await tabRow.waitFor();
    expect(await page.locator('.screen-list-field .p-datatable-tbody tr').count()).toBe(1);
    expect(await axeProblems(page, '.screen-list-field')).toEqual([]);
    await tabRow.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(url(`/reporter/${reporterId}`));
  });
});
