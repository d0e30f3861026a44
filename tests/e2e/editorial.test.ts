import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_RULES } from '../../common/fileRules.js';
import { aiPrompts, bookLiteraryPrizes, books, literaryPrizes, news } from '../../server/db/schema/index.js';
import { seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { createStorage } from '../../server/storage/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { png } from '../helpers/png.js';

describe.skipIf(!chromiumPath)('editorial screens in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const url = (path: string) => `${server.url}${path}`;
  // Data rows only: while a list loads (or when it is empty), its tbody holds one message row.
  const rows = () => page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');
  /** The server's file storage (same DATA_DIR). */
  const storage = () => createStorage(server.app.config);

  beforeAll(async () => {
    server = await startE2eServer();
    await seedAiPrompts(server.database.db);
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a news with an image sent with the form, previews it in a new tab, and deletes it: No keeps it, Yes removes it and shows the upload again', async () => {
    await page.getByRole('link', { name: 'News' }).click();
    await page.waitForURL(url('/news'));
    await page.getByRole('heading', { name: 'News' }).waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/new'));
    await page.getByRole('heading', { name: 'Create a news' }).waitFor();
    await page.locator('#root_title').fill('Frankfurt picks');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Ten titles ready for the screen.');
    expect(await page.locator('.p-selectbutton .p-highlight').textContent()).toBe('Image');
    expect(await page.locator('#root_link').isVisible()).toBe(false);
    await page.locator('.p-fileupload input[type=file]').setInputFiles({ name: 'fair.png', mimeType: 'image/png', buffer: png(40, [0, 145, 234]) });
    await expect.poll(() => page.locator('.p-fileupload-row').count()).toBe(1);
    expect((await page.locator('.p-fileupload-filename').textContent())?.trim()).toBe('fair.png');
    await page.getByRole('button', { name: 'Create News' }).click();
    await page.waitForURL(url('/news'));
    expect(await toast(page, 'Success')).toBe('Added successfully to the database');
    const [created] = await server.database.db.select().from(news).where(eq(news.title, 'Frankfurt picks'));
    expect(created!.description).toBe('<p>Ten titles ready for the screen.</p>');
    expect(created!.image).toMatch(/^news\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    expect(await storage().exists(created!.image!)).toBe(true);
    await expect.poll(() => rows().first().textContent()).toContain('Ten titles ready for the screen.');

    // The stored image replaces the upload control; its preview opens it in a new tab.
    await rows().first().getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(url(`/new/${created!.id}`));
    const preview = page.locator('.file-preview');
    await preview.waitFor();
    expect(await page.locator('.p-fileupload').count()).toBe(0);
    expect(await preview.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(url(`/api/admin/files/${created!.image}`));
    await tab.close();

    // No keeps the file.
    await clearToasts(page);
    await page.getByRole('button', { name: 'Delete the file' }).click();
    const dialog = page.locator('.p-confirm-dialog');
    expect(await dialog.locator('.p-confirm-dialog-message').textContent()).toBe('Are you sure, you want to delete this file in the database?');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await preview.isVisible()).toBe(true);
    expect((await server.database.db.select().from(news).where(eq(news.id, created!.id)))[0]!.image).toBe(created!.image);

    // Yes calls DELETE admin/news/news-image/{id}, removes the file and shows the upload again.
    await page.getByRole('button', { name: 'Delete the file' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.locator('.p-fileupload').waitFor();
    expect(await toast(page, 'Success')).toBe('Deletion succeed');
    expect(await page.locator('.file-preview').count()).toBe(0);
    expect((await server.database.db.select().from(news).where(eq(news.id, created!.id)))[0]!.image).toBeNull();
    expect(await storage().exists(created!.image!)).toBe(false);
    // Nothing unsaved: leaving does not ask.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL(url('/news'));
  });

  it('refuses an oversize image with the spec message and drops it from the list; a valid one is accepted after', async () => {
    await page.goto(url('/new'));
    const input = page.locator('.p-fileupload input[type=file]');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(4, [0, 0, 0], FILE_RULES.newsImage.maxBytes) });
    await expect.poll(() => page.locator('.file-refusal').textContent()).toBe('Image should not be greater than 5Mb');
    expect(await page.locator('.p-fileupload-row').count()).toBe(0);
    await input.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(4, [1, 2, 3]) });
    await expect.poll(() => page.locator('.p-fileupload-row').count()).toBe(1);
    expect(await page.locator('.file-refusal').count()).toBe(0);
  });

  it('switches to a YouTube link, and shows the server 422 under the link', async () => {
    await page.goto(url('/new'));
    await page.locator('#root_title').fill('A trailer');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Watch it.');
    await page.locator('.p-selectbutton').getByText('YouTube video link').click();
    await page.locator('#root_link').waitFor();
    expect(await page.locator('.p-fileupload').isVisible()).toBe(false);
    await page.locator('#root_link').fill('https://vimeo.com/1234');
    await clearToasts(page);
    await page.getByRole('button', { name: 'Create News' }).click();
    await expect.poll(() => page.locator('#root_link__error').textContent()).toBe('The link must be a YouTube video URL.');
    expect(await toast(page, 'Error')).toBe('The link must be a YouTube video URL.');
    await page.locator('#root_link').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Create News' }).click();
    await page.waitForURL(url('/news'));
    const [saved] = await server.database.db.select().from(news).where(eq(news.title, 'A trailer'));
    expect(saved).toMatchObject({ type: 0, link: 'https://youtu.be/dQw4w9WgXcQ', image: null });
  });

  it('shows the delete button only on a literary prize no reading sheet uses, and creates one from /literary-prize/new', async () => {
    const [used, free] = await server.database.db
      .insert(literaryPrizes)
      .values([
        { label: 'Prix Goncourt', names: { en: 'Goncourt Prize' }, searchText: 'prix goncourt goncourt prize' },
        { label: 'Booker Prize', names: {}, searchText: 'booker prize' },
      ])
      .returning();
    const [book] = await server.database.db.insert(books).values({ originalTitle: 'Prized' }).returning({ id: books.id });
    await server.database.db.insert(bookLiteraryPrizes).values({ bookId: book!.id, literaryPrizeId: used!.id });

    await page.goto(url('/literary-prize'));
    const usedRow = rows().filter({ hasText: 'Prix Goncourt' });
    const freeRow = rows().filter({ hasText: 'Booker Prize' });
    await usedRow.waitFor();
    expect(await usedRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // The Edit action keeps its column on a row without Delete.
    const editLeft = async (row: typeof usedRow) => (await row.getByRole('button', { name: 'Edit' }).boundingBox())!.x;
    expect(await editLeft(usedRow)).toBe(await editLeft(freeRow));
    expect(await usedRow.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await freeRow.getByRole('button', { name: 'Delete' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/literary-prize/new'));
    await page.getByRole('heading', { name: 'Create a literary prize' }).waitFor();
    await page.locator('#root_label').fill('Pulitzer Prize');
    await page.getByRole('button', { name: 'Create Literary Prize' }).click();
    await page.waitForURL(url('/literary-prize'));
    await rows().filter({ hasText: 'Pulitzer Prize' }).waitFor();

    await page.goto(url(`/literary-prize/${free!.id}`));
    await page.getByRole('button', { name: 'Save Literary Prize' }).waitFor();
    expect(await page.locator('#root_label').inputValue()).toBe('Booker Prize');
  });

  it('edits an AI prompt only: disabled label, variables, JSON card, and a 422 shown on the French tab', async () => {
    await page.goto(url('/ai-prompt'));
    await rows().first().waitFor();
    expect(await rows().count()).toBe(2);
    // The prompts' sources as words (SPEC §9 AI sources), not the codes `report` and `manuscript`.
    expect((await rows().locator('td:nth-child(2)').allTextContents()).sort()).toEqual(['Manuscript', 'Report']);
    expect(await page.getByRole('button', { name: 'Create' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await rows().filter({ hasText: 'Report' }).getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/ai-prompt\/\d+$/);
    await page.getByRole('heading', { name: 'Edit the AI prompt' }).waitFor();
    expect(await page.locator('#root_label').isDisabled()).toBe(true);
    expect(await page.locator('#root_label').inputValue()).toBe('report');
    const variables = page.locator('.variables-table');
    expect(await variables.locator('.variable-token').allTextContents()).toEqual(
      expect.arrayContaining(['{{context}}', '{{json_structure}}', '{{character_lists}}', '{{original_country}}']),
    );
    expect(await variables.locator('tbody tr').count()).toBe(18);
    expect(await variables.locator('tbody tr', { hasText: '{{context}}' }).textContent()).toContain('Obligatoire.');
    const json = await page.locator('.json-card-body').textContent();
    expect(JSON.parse(json!)).toHaveProperty('ratings_justifications');
    expect(json).toContain('\n  "author": ');

    await page.getByRole('tab', { name: /FR/ }).click();
    await page.locator('#root_contents_fr').fill('Résume ce livre.');
    await page.getByRole('tab', { name: /EN/ }).click();
    await clearToasts(page);
    await page.getByRole('button', { name: 'Save AI prompt' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /FR/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#root_contents_fr__error').textContent()).toBe('The content must mention {{context}} and {{json_structure}}.');
    expect(await toast(page, 'Error')).toBe('The content must mention {{context}} and {{json_structure}}.');

    await page.locator('#root_contents_fr').fill('Lis {{context}} et réponds selon {{json_structure}}.');
    await clearToasts(page);
    await page.getByRole('button', { name: 'Save AI prompt' }).click();
    expect(await toast(page, 'Success')).toBe('Updated successfully');
    const [saved] = await server.database.db.select().from(aiPrompts).where(eq(aiPrompts.label, 'report'));
    expect(saved!.contents.fr).toBe('Lis {{context}} et réponds selon {{json_structure}}.');
  });
});
