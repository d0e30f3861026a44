import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchNormal } from '../../common/locales.js';
import { authors, bookAuthors, bookContacts, books, companies, contacts } from '../../server/db/schema/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

describe.skipIf(!chromiumPath)('directory screens in Chromium: contacts, companies, authors, administrators', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const url = (path: string) => `${server.url}${path}`;
  // Data rows only: while a list loads (or when it is empty), its tbody holds one message row.
  const rows = () => page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
  /** The PrimeReact dropdown of a form field, by the field's input id. */
  const dropdown = (id: string) => page.locator(`.p-dropdown:has(#${id})`);

  beforeAll(async () => {
    server = await startE2eServer();
    const db = server.database.db;
    // 14 companies: the one searched for is not among the 10 the select loads first.
    await db.insert(companies).values(
      Array.from({ length: 14 }, (_, i) => {
        const name = i === 13 ? 'Zéphyr Éditions' : `Publisher ${String(i + 1).padStart(2, '0')}`;
        return { name, searchText: searchNormal(name) };
      }),
    );
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("searches the company select on the server, saves the pick, and shows it again after a reload; the contact's sheets open the sheet editor", async () => {
    const db = server.database.db;
    const [contact] = await db.insert(contacts).values({ name: 'Remote Select Person', searchText: 'remote select person' }).returning();
    const [sheet] = await db.insert(books).values({ originalTitle: 'A sheet citing the contact' }).returning();
    await db.insert(bookContacts).values({ bookId: sheet!.id, contactId: contact!.id });

    await page.goto(url(`/contact/${contact!.id}`));
    await page.locator('#root_name').waitFor();
    expect(await page.locator('.related-table').textContent()).toContain('A sheet citing the contact');
    await dropdown('root_company_id').click();
    await expect.poll(() => page.locator('.p-dropdown-item').count()).toBe(10);
    expect(await page.locator('.p-dropdown-item', { hasText: 'Zéphyr' }).count()).toBe(0);
    const searched = page.waitForRequest((request) => request.url().includes('/api/admin/companies?') && /[?&]name=zeph/.test(request.url()));
    await page.locator('.p-dropdown-filter').fill('zeph');
    await searched;
    await page.locator('.p-dropdown-item', { hasText: 'Zéphyr Éditions' }).click();
    expect(await dropdown('root_company_id').locator('.p-dropdown-label').textContent()).toBe('Zéphyr Éditions');
    await dropdown('root_contact_type_id').click();
    await page.locator('.p-dropdown-item', { hasText: 'Literary agent' }).click();
    await page.locator('#root_professional_role').fill('Foreign rights');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await toast(page, 'Success')).toBe('Updated successfully');
    const [saved] = await db.select().from(contacts).where(eq(contacts.id, contact!.id));
    const [zephyr] = await db.select().from(companies).where(eq(companies.name, 'Zéphyr Éditions'));
    expect(saved).toMatchObject({ companyId: zephyr!.id, contactTypeId: 2, professionalRole: 'Foreign rights' });

    await clearToasts(page);
    await page.reload();
    await expect.poll(() => dropdown('root_company_id').locator('.p-dropdown-label').textContent()).toBe('Zéphyr Éditions');
    await expect.poll(() => dropdown('root_contact_type_id').locator('.p-dropdown-label').textContent()).toBe('Literary agent');
    expect(await page.locator('.p-toast-message').count()).toBe(0);

    await page.goto(url('/contacts?q=remote'));
    await expect.poll(() => rows().first().textContent()).toContain('Zéphyr Éditions');
    expect(await rows().first().textContent()).toContain('Literary agent');

    await page.goto(url(`/contact/${contact!.id}`));
    await page.locator('.related-table tbody tr', { hasText: 'A sheet citing the contact' }).click();
    await page.waitForURL(url(`/reading-sheet/${sheet!.id}`));
  });

  it('keeps the roles staff give: the built-in ones, a new one created and deleted, the Owner role without a delete button', async () => {
    await clearToasts(page);
    await page.goto(url('/roles'));
    await expect.poll(() => rows().count()).toBe(4);
    expect(await rows().locator('td:nth-child(2)').allTextContents()).toEqual(['Owner', 'Editor', 'Screen designer', 'Viewer']);
    expect(await rows().nth(0).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await rows().nth(1).getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/role'));
    await page.locator('#root_name').fill('Freelance scout');
    await page.locator('#root_description').fill('Reads the catalogue.');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(url('/roles'));
    expect(await toast(page, 'Success')).toBe('Added successfully to the database');
    await expect.poll(() => rows().count()).toBe(5);
    expect(await rows().nth(4).textContent()).toContain('Reads the catalogue.');
    await rows().nth(4).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => rows().count()).toBe(4);
  });

  it('creates an administrator who then logs in; their own row has no delete button', async () => {
    await clearToasts(page);
    await page.goto(url('/administrators'));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/administrator'));
    await page.locator('#root_firstname').fill('Ada');
    await page.locator('#root_lastname').fill('Lovelace');
    await page.locator('#root_email').fill('ada@scouting.test');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await page.locator('#root_password__error').textContent()).toBe('The password field is required.');
    await page.locator('#root_password').fill('short');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.locator('#root_password__error').textContent()).toBe('The password must be at least 8 characters.');
    await page.locator('#root_password').fill('analytical engine');
    // Her roles, picked from the roles staff keep (Settings › Roles).
    await page.locator('.p-multiselect', { has: page.locator('#root_role_ids') }).click();
    const panel = page.locator('.p-multiselect-panel');
    // An Owner too, so that she manages the administrators (her own row included).
    await panel.locator('li.p-multiselect-item', { hasText: 'Owner' }).click();
    await panel.locator('li.p-multiselect-item', { hasText: 'Editor' }).click();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(url('/administrators'));
    expect(await toast(page, 'Success')).toBe('Added successfully to the database');
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().nth(0).getByRole('button', { name: 'Delete' }).count()).toBe(0); // the staff member: us
    expect(await rows().nth(1).getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await rows().nth(1).getByRole('button', { name: 'Edit' }).click();
    await expect
      .poll(() =>
        page
          .locator('.p-multiselect', { has: page.locator('#root_role_ids') })
          .locator('.p-multiselect-token-label')
          .allTextContents(),
      )
      .toEqual(['Owner', 'Editor']);
    await page.goBack();
    await page.waitForURL(url('/administrators'));
    await expect.poll(() => rows().count()).toBe(2);

    const ada = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await ada.goto(url('/auth/login'));
    await ada.getByLabel('E-mail').fill('ADA@scouting.test');
    await ada.locator('#login-password').fill('analytical engine');
    await ada.getByRole('button', { name: 'Me connecter' }).click();
    await ada.waitForURL(url('/reading-sheets'));
    await ada.goto(url('/administrators'));
    await expect.poll(() => ada.locator('.p-datatable-tbody > tr').count()).toBe(2);
    expect(await ada.locator('.p-datatable-tbody > tr').nth(1).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await ada.close();

    // The same e-mail in other letters is refused under the field.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('#root_firstname').fill('Copy');
    await page.locator('#root_email').fill('Ada@Scouting.test');
    await page.locator('#root_password').fill('another password');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.locator('#root_email__error').textContent()).toBe('The email has already been taken.');

    // Leave the unsaved form as staff would, through the menu: the app asks first. (Left open, its
    // 'beforeunload' guard would meet the next test's page.goto with the browser's own prompt.)
    await page.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(url('/companies'));
  });

  it('saves a company with only a city and a country: the server answers has_address; a company in use is not deleted', async () => {
    await clearToasts(page);
    await page.goto(url('/company'));
    await page.locator('#root_name').fill('Harbour House');
    const bare = page.waitForResponse((r) => r.url() === url('/api/admin/companies') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect((await (await bare).json()).data).toMatchObject({ name: 'Harbour House', has_address: false, books_count: 0 });
    await page.waitForURL(url('/companies'));

    await page.goto(url('/companies?q=harbour'));
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().click();
    await page.locator('#root_city').fill('Saint-Malo');
    await dropdown('root_country_id').click();
    await page.locator('.p-dropdown-filter').fill('franc');
    await page.locator('.p-dropdown-item', { hasText: /^France$/ }).click();
    await page.locator('#root_website').fill('harbour.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#root_website__error').textContent()).toBe('The website format is invalid.');
    await page.locator('#root_website').fill('https://harbour.example');
    const saved = page.waitForResponse((r) => /\/api\/admin\/companies\/\d+$/.test(r.url()) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    const record = (await (await saved).json()).data;
    expect(record).toMatchObject({ city: 'Saint-Malo', country: { name: 'France' }, has_address: true, website: 'https://harbour.example' });

    await server.database.db.insert(books).values({ originalTitle: 'Published by the harbour', companyId: record.id });
    await clearToasts(page);
    await page.goto(url('/companies?q=harbour'));
    await expect.poll(() => rows().first().textContent()).toContain('Harbour House');
    // After the row's checkbox, the id and the name.
    expect(await rows().first().locator('td').nth(3).textContent()).toBe('1');
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await toast(page, 'Deletion Failed')).toBe('This company is used by 1 reading sheet and cannot be deleted.');
    expect(await page.locator('.p-toast-message').count()).toBe(1);
  });

  it('creates an author with a country and a biography in two languages; the edit page lists their books', async () => {
    await clearToasts(page);
    await page.goto(url('/authors'));
    await page.getByPlaceholder('Find a author...').waitFor();
    expect(await page.locator('.p-datatable-thead').textContent()).toMatch(/#.*Name of author.*Actions/);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/author'));
    await page.locator('#root_name').fill('Colette');
    await dropdown('root_country_id').click();
    await page.locator('.p-dropdown-filter').fill('franc');
    await page.locator('.p-dropdown-item', { hasText: /^France$/ }).click();
    await page.locator('#root_biographies_en').fill('French writer.\nAuthor of Gigi.');
    await page.getByRole('tab', { name: /FR/ }).click();
    await page.locator('#root_biographies_fr').fill('Écrivaine française.');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(url('/authors'));
    expect(await toast(page, 'Success')).toBe('Added successfully to the database');
    const [colette] = await server.database.db.select().from(authors).where(eq(authors.name, 'Colette'));
    expect(colette!.biographies).toEqual({ en: 'French writer.\nAuthor of Gigi.', fr: 'Écrivaine française.' });

    const [sheet] = await server.database.db.insert(books).values({ originalTitle: 'Chéri' }).returning();
    await server.database.db.insert(bookAuthors).values({ bookId: sheet!.id, authorId: colette!.id });
    await page.goto(url('/authors?q=colette'));
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().click();
    await page.waitForURL(url(`/author/${colette!.id}`));
    expect(await page.locator('#root_biographies_en').inputValue()).toBe('French writer.\nAuthor of Gigi.');
    await page.getByRole('tab', { name: /FR/ }).click();
    expect(await page.locator('#root_biographies_fr').inputValue()).toBe('Écrivaine française.');
    await expect.poll(() => page.locator('.related-table tbody tr').first().textContent()).toBe(`${sheet!.id}Chéri`);

    await page.goto(url('/authors?q=colette'));
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await toast(page, 'Deletion Failed')).toBe('This author is used by 1 reading sheet and cannot be deleted.');
  });
});
