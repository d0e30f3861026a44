import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import {
  authors,
  bookGenres,
  books,
  companies,
  contacts,
  demands,
  genres,
  literaryPrizes,
  news,
  reporters,
  reporterUsers,
  times,
  users,
} from '../../server/db/schema/index.js';
import { seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

describe.skipIf(!chromiumPath)('reference-data screens in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const url = (path: string) => `${server.url}${path}`;
  // Data rows only: while a list loads (or when it is empty), its tbody holds one message row.
  const rows = () => page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');

  beforeAll(async () => {
    server = await startE2eServer();
    // The directory lists start empty here: one record each for the walk through every screen.
    await server.database.db.insert(companies).values({ name: 'Walk company', searchText: 'walk company' });
    await server.database.db.insert(contacts).values({ name: 'Walk contact', searchText: 'walk contact' });
    await server.database.db.insert(authors).values({ name: 'Walk author', searchText: 'walk author' });
    // The editorial lists start empty (the server's start seeds the AI prompts, not the test database).
    await seedAiPrompts(server.database.db);
    await server.database.db
      .insert(news)
      .values({ title: 'Walk news', description: '<p>Walk</p>', type: 0, link: 'https://youtu.be/dQw4w9WgXcQ', searchText: 'walk news' });
    await server.database.db.insert(literaryPrizes).values({ label: 'Walk prize', searchText: 'walk prize' });
    // Subscribers sign up on the front site: one for the users screen.
    const [user] = await server.database.db
      .insert(users)
      .values({
        firstname: 'Walk',
        lastname: 'User',
        email: 'walk.user@subscribers.test',
        company: 'Walk films',
        searchText: 'walk user walk.user@subscribers.test walk films',
      })
      .returning({ id: users.id });
    // And one request of theirs on a sheet, for the requests screen.
    const [sheet] = await server.database.db.insert(books).values({ originalTitle: 'Walk sheet' }).returning({ id: books.id });
    await server.database.db.insert(demands).values({ userId: user!.id, bookId: sheet!.id, demandDate: '2026-11-01', demandTypeId: 1, demandStatusId: 1 });
    // And one reporter for them, for the reporters screen.
    const [reporter] = await server.database.db
      .insert(reporters)
      .values({ title: 'Walk reporter', date: '2026-12-01', searchText: 'walk reporter' })
      .returning({ id: reporters.id });
    await server.database.db.insert(reporterUsers).values({ reporterId: reporter!.id, userId: user!.id });
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists genres with a paginator (more than 10), pages through and changes the page size, all in the URL', async () => {
    await page.getByRole('link', { name: 'Genres' }).click();
    await page.waitForURL(url('/genres'));
    await expect.poll(() => rows().count()).toBe(10);
    await page.locator('.p-paginator-page', { hasText: /^2$/ }).click();
    await page.waitForURL(url('/genres?page=2'));
    await expect.poll(() => rows().first().locator('td:not(.row-choice)').first().textContent()).toBe('11');
    await page.locator('.p-paginator .p-dropdown').click();
    await page.getByRole('option', { name: '20' }).click();
    await page.waitForURL(url('/genres?perPage=20'));
    await expect.poll(() => rows().count()).toBe(20);
    await page.reload();
    await expect.poll(() => rows().count()).toBe(20);
  });

  it('searches from the header box after the debounce, in any language, back to page 1', async () => {
    await page.goto(url('/genres?page=3'));
    await page.getByPlaceholder('Search...').fill('ciencia');
    await page.waitForURL(url('/genres?q=ciencia'));
    await expect.poll(() => rows().first().textContent()).toContain('Science fiction');
    expect(await page.locator('.p-paginator').count()).toBe(0);
  });

  it('creates a genre with names in two languages and a colour, then returns to the list', async () => {
    await page.goto(url('/genres'));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/genre'));
    await page.getByRole('heading', { name: 'Create a genre' }).waitFor();
    expect(await page.locator('#root_color').inputValue()).toBe('#0091ea');
    await page.locator('#root_names_en').fill('Cosy mystery');
    await page.getByRole('tab', { name: /FR/ }).click();
    await page.locator('#root_names_fr').fill('Mystère douillet');
    await page.locator('#root_color').fill('#123abc');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(url('/genres'));
    expect(await toast(page, 'Success')).toBe('Added successfully to the database');
    const [created] = await server.database.db.select().from(genres).where(eq(genres.color, '#123abc'));
    expect(created?.names).toEqual({ en: 'Cosy mystery', fr: 'Mystère douillet' });
  });

  it('shows a server 422 on the French tab of an edited genre and jumps there from the English tab', async () => {
    await clearToasts(page);
    const [science] = await server.database.db.select().from(genres).where(eq(genres.id, 6));
    await page.goto(url('/genre/1'));
    await page.locator('#root_names_en').waitFor();
    await page.getByRole('tab', { name: /FR/ }).click();
    await page.locator('#root_names_fr').fill(science!.names.fr!);
    await page.getByRole('tab', { name: /EN/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /FR/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#root_names_fr__error').textContent()).toBe('A genre with this name already exists at this level.');
    expect(await page.getByRole('tab', { name: /FR/ }).getAttribute('class')).toContain('has-error');
    expect(await toast(page, 'Error')).toBe('A genre with this name already exists at this level.');
    // Correcting the value clears its error.
    await page.locator('#root_names_fr').fill('Polar');
    expect(await page.locator('#root_names_fr__error').count()).toBe(0);
  });

  it('asks before leaving a form with unsaved changes', async () => {
    await page.getByRole('link', { name: 'Times' }).click();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toBe(url('/genre/1'));
    await page.getByRole('link', { name: 'Times' }).click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(url('/times'));
  });

  it('deletes with each outcome: cancelled, succeeded, failed for a genre still in use', async () => {
    await clearToasts(page);
    const [time] = await server.database.db
      .insert(times)
      .values({ names: { en: 'Zz delete me' }, searchText: 'zz delete me' })
      .returning();
    await page.goto(url('/times?q=zz delete'));
    await expect.poll(() => rows().first().textContent()).toContain('Zz delete me');
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure to delete this?').waitFor();
    await page.getByRole('button', { name: 'No, Thanks' }).click();
    expect(await toast(page, 'Cancel')).toBe('Deletion cancelled');

    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await toast(page, 'Success')).toBe('Deletion succeed');
    await expect.poll(() => server.database.db.select().from(times).where(eq(times.id, time!.id))).toEqual([]);

    await clearToasts(page);
    const [book] = await server.database.db.insert(books).values({ originalTitle: 'Used genre' }).returning();
    await server.database.db.insert(bookGenres).values({ bookId: book!.id, genreId: 8, isPrimary: true });
    await page.goto(url('/genres?q=horror'));
    await expect.poll(() => rows().first().textContent()).toContain('Horror');
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    // One notice, with the reason.
    expect(await toast(page, 'Deletion Failed')).toBe('This genre is still used by reading sheets or other genres and cannot be deleted.');
    expect(await page.locator('.p-toast-message').count()).toBe(1);
  });

  it('opens every declared screen: its list has rows, a row opens its form, and an editable record saves unchanged', async () => {
    for (const file of fs.readdirSync('schemas').filter((f) => f.endsWith('.screen.json'))) {
      const screen = JSON.parse(fs.readFileSync(`schemas/${file}`, 'utf8')) as ScreenDefinition;
      await clearToasts(page);
      await page.goto(url(screen.routes.list.path));
      await expect.poll(() => rows().count(), { message: screen.resource }).toBeGreaterThan(0);
      if (!screen.routes.form || !screen.form) continue;
      await rows().first().click();
      await page.locator('.resource-form').waitFor();
      if (screen.permissions.edit) {
        // The screen's own submit label ('Save', 'Save News', 'Save AI prompt', 'SAVE THE SHEET' beside 'SAVE WITH NOTIFICATION'...).
        await page.locator('.form-actions button[type=submit]:not(.p-button-secondary)').click();
        // A reporter's save says it in the words of SPEC §8.
        expect(await toast(page, 'Success'), screen.resource).toBe(screen.resource === 'reporters' ? 'Successfully saved' : 'Updated successfully');
      }
    }
  });

  it('shows read-only screens without create, edit or delete, and countries with their code', async () => {
    await page.goto(url('/countries?q=france'));
    await expect.poll(() => rows().first().textContent()).toContain('FR');
    expect(await page.getByRole('button', { name: 'Create' }).count()).toBe(0);
    expect(await rows().first().getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await rows().first().click();
    await page.waitForURL(/\/country\/\d+$/);
    expect(await page.locator('#root_names_en').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  });
});
