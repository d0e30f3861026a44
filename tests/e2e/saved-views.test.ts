import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { bookRatings, bookStatuses, books, countries } from '../../server/db/schema/index.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { axeProblems } from '../helpers/axe.js';
import { loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

const COLLEAGUE = { email: 'colleague@scouting.test', password: 'another good password' };

/**
 * Saved views in Chromium (docs/saved-views.md): a list filtered and its columns chosen, saved as a
 * shared view, opened by a second administrator from the Views dialog, made their default, and
 * opened by itself when they open the list with nothing in its address, then exported as CSV; then
 * the status of three sheets changed in bulk, the one the save refuses listed with its reason.
 */
describe.skipIf(!chromiumPath)('saved views of the reading sheets, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let staff: Page;
  let colleague: Page;
  let statusId: number;
  let statusLabel: string;
  let targetLabel: string;
  const url = (path: string) => `${server.url}${path}`;
  const headers = (page: Page) => page.locator('main .p-datatable-thead th:not(.row-choice)').allTextContents();
  // The second column after the rows' checkboxes.
  const titles = (page: Page) => page.locator('main .p-datatable-tbody tr td:nth-child(3)').allTextContents();

  beforeAll(async () => {
    server = await startE2eServer();
    const db = server.database.db;
    const statuses = await db.select({ id: bookStatuses.id, label: bookStatuses.label }).from(bookStatuses).orderBy(bookStatuses.id);
    statusId = statuses[1]!.id;
    statusLabel = statuses[1]!.label;
    targetLabel = statuses[3]!.label;
    const [france] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'FR'));
    const [train] = await db
      .insert(books)
      .values([
        { originalTitle: 'Night Train', statusId, originalCountryId: france!.id, nbPages: 412 },
        { originalTitle: 'Morning Tide', statusId: statuses[0]!.id },
        { originalTitle: 'Night Shift', statusId },
      ])
      .returning({ id: books.id });
    await db.insert(bookRatings).values({ bookId: train!.id, type: 'plot', rate: 3 });
    await insertAdministrator(db, { firstname: 'Col', lastname: 'League', email: COLLEAGUE.email, passwordHash: await hashPassword(COLLEAGUE.password) });
    browser = await launchBrowser();
    staff = await loggedInPage(browser, server.url);
    colleague = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    await colleague.goto(url('/auth/login'));
    await colleague.getByLabel('E-mail').fill(COLLEAGUE.email);
    await colleague.locator('#login-password').fill(COLLEAGUE.password);
    await colleague.getByRole('button', { name: 'Me connecter' }).click();
    await colleague.waitForURL(url('/reading-sheets'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('saves the filtered list with its chosen columns as a shared view', async () => {
    await staff.setViewportSize({ width: 1440, height: 900 });
    // The address says what the list shows: one status.
    await staff.goto(url(`/reading-sheets?statuses=${statusId}`));
    await expect.poll(() => titles(staff)).toEqual(expect.arrayContaining(['Night Train', 'Night Shift']));
    expect(await titles(staff)).toHaveLength(2);

    // Columns: the authors hidden, the publication date (a column the screen offers) added, moved before the status.
    await staff.getByRole('button', { name: 'Columns' }).click();
    const chooser = staff.getByRole('dialog', { name: 'Columns of this list' });
    // The offer as the screen declares it, in words: its six columns, then what staff add (no raw or duplicate field),
    // once the dialog (which opens with an animation) has rendered its list.
    await expect
      .poll(() => chooser.locator('.columns-dialog-list label').allTextContents())
      .toEqual([
        'Id',
        'Original title',
        'Authors',
        'Status',
        'Genre',
        'Updated',
        ...[
          'Publication date',
          'Rights status',
          'Original country',
          'Language',
          'Pages',
          'Literary quality',
          'Concept',
          'Plot',
          'Characters',
          'Coherence',
          'Emotions',
          'Dialogues',
          'Commercial',
        ].map((label) => `${label} (not shown by default)`),
      ]);
    await chooser.getByRole('checkbox', { name: 'Authors' }).uncheck();
    await chooser.getByRole('checkbox', { name: /^Publication date/ }).check();
    // Offered first after the screen's six columns: four steps up to follow the title.
    for (let i = 0; i < 4; i++) await chooser.getByRole('button', { name: 'Move Publication date up' }).click();
    // Polled: the dialog's colours ease in.
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/columns-dialog-1440.png' });
    await chooser.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => headers(staff)).toEqual(['Id', 'Original title', 'Publication date', 'Status', 'Genre', 'Updated', 'Actions']);

    await staff.getByRole('button', { name: 'Views' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Views of this list' });
    await dialog.getByText('No saved view yet.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Save the list as a view' }).click();
    // A name is needed: said under the field.
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Give the view a name.').waitFor();
    await dialog.getByLabel('Name of the view').fill('Night shift');
    await dialog.getByLabel('Share with every administrator').check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await toast(staff, 'Success')).toBe('The view “Night shift” is saved.');
    await dialog.getByRole('button', { name: 'Night shift', exact: true }).waitFor();
    expect(await dialog.getByText('Shared', { exact: true }).count()).toBe(1);
    // Polled: the dialog's colours ease in.
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/views-dialog-1440.png' });
    await staff.keyboard.press('Escape');
    // The list shows the view it is: its name on the button.
    await staff.getByRole('button', { name: 'View: Night shift' }).waitFor();

    // Changed from the view (its status filter removed): its author is offered to keep the change in it.
    await staff.getByRole('button', { name: /^Remove the filter/ }).click();
    await expect.poll(() => titles(staff)).toHaveLength(3);
    await staff.getByRole('button', { name: 'Views', exact: true }).click();
    await dialog.getByRole('button', { name: 'Update “Night shift” with the list as it is now' }).waitFor();
    await staff.keyboard.press('Escape');
  });

  it('opens the shared view as a colleague, at 1024 px, and makes it their default', async () => {
    await colleague.goto(url('/reading-sheets'));
    await expect.poll(() => titles(colleague)).toHaveLength(3);
    await colleague.getByRole('button', { name: 'Views' }).click();
    const dialog = colleague.getByRole('dialog', { name: 'Views of this list' });
    await dialog.getByText('Shared by Staff Member').waitFor();
    // Not theirs: no rename, share or delete.
    expect(await dialog.getByRole('button', { name: 'Delete “Night shift”' }).count()).toBe(0);
    await expect.poll(() => axeProblems(colleague)).toEqual([]);
    await colleague.screenshot({ path: 'test-results/views-dialog-1024.png' });
    await dialog.getByRole('button', { name: 'Open “Night shift” when the list opens' }).click();
    expect(await toast(colleague, 'Success')).toBe('“Night shift” opens when you open this list.');
    await dialog.getByRole('button', { name: 'Night shift', exact: true }).click();
    await expect.poll(() => titles(colleague)).toHaveLength(2);
    expect(await headers(colleague)).toEqual(['Id', 'Original title', 'Publication date', 'Status', 'Genre', 'Updated', 'Actions']);
    expect(new URL(colleague.url()).searchParams.getAll('statuses')).toEqual([String(statusId)]);

    // The list opened with nothing in its address opens the default view.
    await colleague.goto(url('/reading-sheets'));
    await colleague.getByRole('button', { name: 'View: Night shift' }).waitFor();
    await expect.poll(() => titles(colleague)).toHaveLength(2);
    await colleague.screenshot({ path: 'test-results/views-list-1024.png' });
  });

  it('exports the view the colleague opened: every matching row, its columns, the names the list shows', async () => {
    await colleague.getByRole('button', { name: 'Export' }).click();
    const dialog = colleague.getByRole('dialog', { name: 'Export the list' });
    await dialog.getByText(/^Every row matching the list’s search and filters \(2 rows\), not only this page, with the 6 columns shown/).waitFor();
    await expect.poll(() => axeProblems(colleague)).toEqual([]);
    await colleague.screenshot({ path: 'test-results/export-dialog-1024.png' });
    await dialog.getByLabel(/^CSV/).check();
    const [download] = await Promise.all([colleague.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reading-sheets-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = await fs.readFile((await download.path())!, 'utf8');
    const lines = content.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFId,Original title,Publication date,Status,Genre,Updated');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual(['Night Shift', 'Night Train']);
    // The status by its label, as the list shows it, not its id.
    expect(lines.slice(1).every((line) => line.split(',')[3] === statusLabel)).toBe(true);
    expect(await toast(colleague, 'Success')).toMatch(/^“reading-sheets-[\d-]+\.csv” is in your downloads\.$/);
    await dialog.waitFor({ state: 'hidden' });
  });

  it("shows the sheet's country, pages and a rating chosen with the Columns button, the stars read as words, at 1440 and 1024 px", async () => {
    await staff.setViewportSize({ width: 1440, height: 900 });
    await staff.goto(url('/reading-sheets'));
    await expect.poll(() => titles(staff)).toHaveLength(3);
    await staff.getByRole('button', { name: 'Columns' }).click();
    const chooser = staff.getByRole('dialog', { name: 'Columns of this list' });
    for (const label of ['Original country', 'Pages', 'Plot']) await chooser.getByRole('checkbox', { name: new RegExp(`^${label}`) }).check();
    await chooser.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => headers(staff))
      .toEqual(['Id', 'Original title', 'Authors', 'Status', 'Genre', 'Updated', 'Original country', 'Pages', 'Plot', 'Actions']);
    const cells = (title: string) => staff.locator('main .p-datatable-tbody tr').filter({ hasText: title }).locator('td:not(.row-choice)');
    expect((await cells('Night Train').allTextContents()).slice(6, 8)).toEqual(['France', '412']);
    expect(await cells('Night Train').nth(8).getByRole('img').getAttribute('aria-label')).toBe('3 of 4 stars');
    // Not filled in, not rated: a dash, never 0 or an empty star row.
    expect((await cells('Night Shift').allTextContents()).slice(6, 9)).toEqual(['-', '-', '-']);
    expect(new URL(staff.url()).searchParams.get('columns')).toBe(
      'id,original_title,author_names,status:bookStatus,primary_genre_name:genre,updated_at:date,original_country,nb_pages,plot_rating:stars',
    );
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/offered-columns-1440.png' });
    await staff.setViewportSize({ width: 1024, height: 900 });
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/offered-columns-1024.png' });
    await staff.setViewportSize({ width: 1440, height: 900 });
  });

  it('changes the status of the chosen sheets in bulk, at 1440 and 1024 px: the sheet its save refuses is listed with the reason', async () => {
    // A sheet its save refuses: its title emptied behind the form's back.
    await server.database.db.update(books).set({ originalTitle: '' }).where(eq(books.originalTitle, 'Morning Tide'));
    await staff.goto(url('/reading-sheets?columns=id,original_title,status'));
    await expect.poll(() => titles(staff)).toHaveLength(3);
    const row = (title: string) => staff.locator('main .p-datatable-tbody tr').filter({ hasText: title });
    await row('Night Train').getByRole('checkbox').check();
    await row('Night Shift').getByRole('checkbox').check();
    // 'Choose all' is blue words on the bar's pale blue, readable (AA) at rest, on hover and with the keyboard's focus.
    const bar = staff.getByRole('region', { name: 'Rows chosen' });
    const all = bar.getByRole('button', { name: 'Choose all 3 rows the list matches' });
    const looks = () => all.evaluate((button) => ({ color: getComputedStyle(button).color, background: getComputedStyle(button).backgroundColor }));
    expect(await looks()).toEqual({ color: 'rgb(29, 78, 216)', background: 'rgba(0, 0, 0, 0)' });
    expect(await axeProblems(staff, '.bulk-bar')).toEqual([]);
    await all.hover();
    await expect.poll(looks).toEqual({ color: 'rgb(30, 58, 138)', background: 'rgba(0, 0, 0, 0)' });
    expect(await axeProblems(staff, '.bulk-bar')).toEqual([]);
    await bar.screenshot({ path: 'test-results/bulk-bar-hover-1440.png' });
    await staff.mouse.move(0, 0);
    await all.press('Shift+Tab');
    await staff.keyboard.press('Tab');
    expect(await all.evaluate((button) => button.matches(':focus-visible') && getComputedStyle(button).outlineStyle)).toBe('solid');
    expect(await axeProblems(staff, '.bulk-bar')).toEqual([]);
    // The refused sheet: the one whose title is empty (no text but its id).
    await staff.locator('main .p-datatable-tbody tr').filter({ hasNotText: 'Night' }).getByRole('checkbox').check();
    await bar.getByText('Rows chosen: 3').waitFor();
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/bulk-bar-1440.png' });
    await bar.getByRole('button', { name: 'Set the status' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Set the status' });
    // The question as a person writes it.
    await dialog
      .getByText(
        'Set the status of the 3 sheets chosen? Each sheet is saved as if you had edited it: a sheet whose rules refuse the new status keeps its old one and is listed with the reason.',
        { exact: true },
      )
      .waitFor();
    await dialog.locator('.p-dropdown').click();
    await staff.getByRole('option', { name: targetLabel }).click();
    // Checked with the focus moved on: PrimeReact's select, focused once its panel has closed, still
    // points its aria-activedescendant at the option it showed.
    await staff.keyboard.press('Tab');
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await staff.setViewportSize({ width: 1024, height: 900 });
    await staff.screenshot({ path: 'test-results/bulk-dialog-1024.png' });
    await dialog.getByRole('button', { name: 'Set the status' }).click();
    await dialog.getByText('2 rows changed; 1 row refused.').waitFor();
    const refused = dialog.getByRole('list', { name: 'Rows refused (1)' });
    expect(await refused.locator('li').allTextContents()).toEqual([expect.stringMatching(/^#\d+: The original title field is required\.$/)]);
    await expect.poll(() => axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/bulk-result-1024.png' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    // The list read again: the two sheets have their new status, the refused one kept its own; the choice is over.
    await expect
      .poll(() => staff.locator('main .p-datatable-tbody tr').filter({ hasText: 'Night' }).locator('.status-tag').allTextContents())
      .toEqual([targetLabel, targetLabel]);
    expect(await bar.count()).toBe(0);
    await staff.setViewportSize({ width: 1440, height: 900 });
  });
});
