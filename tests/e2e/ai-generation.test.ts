import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiBooks, books } from '../../server/db/schema/index.js';
import { seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { GENERATION_MESSAGES } from '../../server/services/aiGenerationService.js';
import { startAiProviderServer, type TestAiProvider } from '../helpers/aiProviderServer.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../helpers/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

describe.skipIf(!chromiumPath)('AI generation from the reading-sheet editor, in Chromium', () => {
  let server: E2eServer;
  let provider: TestAiProvider;
  let browser: Browser;
  let page: Page;
  let sheetId = 0;
  const url = (path: string) => `${server.url}${path}`;
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const dialog = () => page.locator('.ai-generate-dialog');

  beforeAll(async () => {
    provider = await startAiProviderServer();
    server = await startE2eServer(provider.env);
    await seedAiPrompts(server.database.db);
    const [sheet] = await server.database.db
      .insert(books)
      .values({ originalTitle: 'Der Leuchtturm', titles: { en: 'The Lighthouse' }, report: { en: 'A keeper and a drowned sailor who comes back every night.' } })
      .returning({ id: books.id });
    sheetId = sheet!.id;
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  it('launches a generation from the dialog: a refusal under its field, then the button disabled until the draft is announced', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    expect(await button('See AI result').isDisabled()).toBe(true);
    await button('Generate with AI').click();
    await dialog().waitFor();
    // The three models, all configured here; the fast one is chosen first.
    await expect.poll(() => dialog().locator('.p-dropdown-label').textContent()).toBe('Fast (gpt-5-mini)');
    await page.locator('.p-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page, '.ai-generate-dialog')).toEqual([]);

    // The manuscript source without a manuscript: refused under the source, the dialog stays.
    await dialog().getByRole('button', { name: 'Manuscript' }).click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => dialog().locator('.field-error').first().textContent()).toBe(GENERATION_MESSAGES.noManuscript);
    await clearToasts(page);

    const draft = { title: 'The Lighthouse Keeper', pitch: 'One night at a time.', ratings: { plot: 3 } };
    provider.plan({ kind: 'text', text: JSON.stringify(draft), delayMs: 4000 });
    await dialog().getByRole('button', { name: 'Report' }).click();
    await dialog().getByRole('button', { name: 'Français' }).click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await toast(page, 'Success')).toBe(GENERATION_MESSAGES.started);
    await clearToasts(page);
    // Running: the button is disabled and the page says so.
    expect(await button('Generate with AI').isDisabled()).toBe(true);
    await page.locator('.sheet-ai-state', { hasText: 'An AI generation is running' }).waitFor();
    // Ended: announced without a reload, the draft can be seen.
    await page.locator('.p-toast-detail', { hasText: "The AI draft is ready: see it with 'See AI result'." }).waitFor({ timeout: 20_000 });
    await expect.poll(() => button('Generate with AI').isDisabled()).toBe(false);
    const [request] = provider.requests;
    expect(request!.body).toMatchObject({ model: 'gpt-5-mini', response_format: { type: 'json_object' } });
    expect((await server.database.db.select({ locale: aiBooks.locale }).from(aiBooks).where(eq(aiBooks.bookId, sheetId)))[0]).toEqual({ locale: 'fr' });

    await button('See AI result').click();
    const result = page.locator('.ai-result-dialog');
    await result.getByText('The Lighthouse Keeper').waitFor();
    expect(await result.textContent()).toContain('One night at a time.');
    await page.locator('.p-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page, '.ai-result-dialog')).toEqual([]);
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });

    // A second generation on the same page: running until its own end, which is announced again.
    await clearToasts(page);
    provider.plan({ kind: 'text', text: JSON.stringify({ ...draft, title: 'Second draft' }), delayMs: 4000 });
    await button('Generate with AI').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await dialog().waitFor({ state: 'detached' });
    // The provider answers after 4 s: a second in, the sheet still runs.
    await page.waitForTimeout(1000);
    expect(await button('Generate with AI').isDisabled()).toBe(true);
    await page.locator('.p-toast-detail', { hasText: "The AI draft is ready: see it with 'See AI result'." }).waitFor({ timeout: 20_000 });
    expect((await server.database.db.select({ title: aiBooks.title }).from(aiBooks).where(eq(aiBooks.bookId, sheetId)))[0]).toEqual({ title: 'Second draft' });
    // Nothing of this is an unsaved change of the sheet.
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(url('/contacts'));
  });
});
