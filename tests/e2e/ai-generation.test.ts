import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiBooks, books, companies, genres } from '../../server/db/schema/index.js';
import { searchNormal } from '../../common/locales.js';
import { getSheet } from '../../server/sheets/sheetReadService.js';
import { seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { AI_CALL_MESSAGES } from '../../server/ai/aiCompletion.js';
import { GENERATION_MESSAGES } from '../../server/ai/aiGenerationService.js';
import { startAiProviderServer, type TestAiProvider } from '../helpers/aiProviderServer.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { LOCALES } from '../../common/locales.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/** A Report in five locales, as every demo sheet has it, for a sheet whose Full report is empty. */
const DEMO_LIKE_REPORT = Object.fromEntries(
  LOCALES.map((locale) => [locale, `(${locale}) A keeper and a drowned sailor who comes back every night. A page-turner. The middle part drags a little.`]),
);

describe.skipIf(!chromiumPath)('AI generation from the reading-sheet editor, in Chromium', () => {
  let server: E2eServer;
  let provider: TestAiProvider;
  let browser: Browser;
  let page: Page;
  let sheetId = 0;
  let house: { id: number } | undefined;
  /** The draft the second generation makes, which the comparison shows. */
  let second: Record<string, unknown> & { criteria: { genres: number[]; primary_genre?: number | undefined } } = { criteria: { genres: [] } };
  const url = (path: string) => `${server.url}${path}`;
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const dialog = () => page.locator('.ai-generate-dialog');

  beforeAll(async () => {
    provider = await startAiProviderServer();
    server = await startE2eServer(provider.env);
    await seedAiPrompts(server.database.db);
    [house] = await server.database.db
      .insert(companies)
      .values({ name: 'Éditions du Phare', searchText: searchNormal('Éditions du Phare') })
      .returning({ id: companies.id });
    const [sheet] = await server.database.db
      .insert(books)
      .values({
        originalTitle: 'Der Leuchtturm',
        titles: { en: 'The Lighthouse', fr: 'Le gardien du phare' },
        // As on the demo's sheets: the Report filled in five languages, the Full report empty.
        summaries: DEMO_LIKE_REPORT,
      })
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

  it('launches a generation from the Report of a sheet whose Full report is empty: a refusal under its field, then the button disabled until the draft is announced', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    expect(await button('See AI result').isDisabled()).toBe(true);
    await button('Generate with AI').click();
    await dialog().waitFor();
    // The three models, all configured here; the fast one is chosen first.
    await expect.poll(() => dialog().locator('.p-dropdown-label').textContent()).toBe('Fast (gpt-5-mini)');
    await page.locator('.p-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page, '.ai-generate-dialog')).toEqual([]);
    expect(await dialog().locator('.ai-not-set-up, .ai-model-help').count()).toBe(0);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/ai-generate-dialog-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

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
    // Generated from the Report in the chosen language: the French one is the prompt's context.
    const prompt = (request!.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
    expect(prompt.endsWith(`Contexte :\n${DEMO_LIKE_REPORT.fr}`)).toBe(true);
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
    // The second draft, compared below: a text, criteria with their reasons, ratings and a character.
    const genreIds = (await server.database.db.select({ id: genres.id }).from(genres).where(isNotNull(genres.parentId)).orderBy(asc(genres.id)).limit(2)).map(
      (row) => row.id,
    );
    second = {
      ...draft,
      title: 'Le gardien du vieux phare',
      author: 'Nobody Known',
      publishing_house_name: 'editions du  PHARE',
      criteria: { genres: genreIds, primary_genre: genreIds[0] },
      justifications: { genres: genreIds.map((id) => ({ id, justification: `Reason ${id}.` })) },
      characters: [{ name: 'Lena', characterisation: 'La gardienne.' }],
      ratings: { plot: 3, quality: 2 },
      ratings_justifications: { plot: 'Une intrigue qui revient chaque nuit.' },
    };
    provider.plan({ kind: 'text', text: JSON.stringify(second), delayMs: 4000 });
    await button('Generate with AI').click();
    await dialog().getByRole('button', { name: 'Français' }).click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await dialog().waitFor({ state: 'detached' });
    // The provider answers after 4 s: a second in, the sheet still runs.
    await page.waitForTimeout(1000);
    expect(await button('Generate with AI').isDisabled()).toBe(true);
    await page.locator('.p-toast-detail', { hasText: "The AI draft is ready: see it with 'See AI result'." }).waitFor({ timeout: 20_000 });
    expect((await server.database.db.select({ texts: aiBooks.texts }).from(aiBooks).where(eq(aiBooks.bookId, sheetId)))[0]?.texts.title).toBe(
      'Le gardien du vieux phare',
    );
    // Nothing of this is an unsaved change of the sheet.
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(url('/contacts'));
  });

  it('compares the draft with the sheet, transfers a text, a criterion, a rating and a character, and saves them after a conflict without losing any', async () => {
    const row = (key: string) => page.locator(`.cmp-row[data-row="${key}"]`);
    const transfer = (label: string) => page.getByRole('button', { name: `Transfer ${label}`, exact: true }).click();
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await button('AI comparison').click();
    await page.waitForURL(url(`/reading-sheet/${sheetId}/ai-comparation`));
    await page.getByRole('heading', { name: 'AI COMPARISON' }).waitFor();
    expect(await page.locator('.cmp-section h2').allTextContents()).toEqual([
      'BASE',
      'PRESENTATION',
      'CRITERIAS',
      'CHARACTERS',
      'RIGHTS',
      'ADAPTATION FILE',
      'RATINGS',
    ]);
    // The saved French title on the left, the draft's on the right, the new word marked.
    expect(await row('title').locator('.cmp-saved').textContent()).toBe('Le gardien du phare');
    expect(await row('title').locator('ins').allTextContents()).toEqual(['vieux']);
    // The genres by name with their reasons; the ratings without the commercial one.
    await expect.poll(() => row('genres').locator('.cmp-ai .cmp-reason').allTextContents()).toEqual(second.criteria.genres.map((id) => `Reason ${id}.`));
    expect(await row('ratings.plot').locator('.cmp-reason').textContent()).toBe('Une intrigue qui revient chaque nuit.');
    expect(await page.locator('.cmp-row[data-row="ratings.commercial"]').count()).toBe(0);
    expect(await page.locator('.cmp-section', { hasText: 'RATINGS' }).textContent()).not.toContain('Commercial');
    expect(await axeProblems(page, '.ai-comparison-page')).toEqual([]);

    await transfer('Title');
    await transfer('Genre(s)');
    await transfer('Plot');
    await page.getByRole('button', { name: 'Transfer Lena' }).click();
    expect(await row('title').locator('.cmp-saved').textContent()).toBe('Le gardien du vieux phare');
    // Names are matched with the directory (case, accents and spaces aside); an unknown one cannot be transferred.
    await row('company_id').getByText('In the directory: Éditions du Phare').waitFor();
    await transfer('First publishing house');
    expect(await row('company_id').locator('.cmp-saved').textContent()).toBe('Éditions du Phare');
    await row('authorList').getByText('Not in the directory: Nobody Known. Create it on the sheet to use it.').waitFor();
    expect(await row('authorList').getByRole('button').count()).toBe(0);
    await page.locator('.cmp-pending', { hasText: '5 transfers to save' }).waitFor();
    // An undo gives the saved value back; transferred again.
    await page.getByRole('button', { name: 'Undo the transfer of Plot' }).click();
    await page.locator('.cmp-pending', { hasText: '4 transfers to save' }).waitFor();
    await transfer('Plot');

    // Someone saves the sheet meanwhile: refused (409), then read again with the same transfers, and saved.
    const db = server.database.db;
    await db
      .update(books)
      .set({ privateComment: 'Saved by a colleague.', version: sql`${books.version} + 1` })
      .where(eq(books.id, sheetId));
    await page.getByRole('button', { name: 'SAVE THE CHANGES' }).click();
    await page.locator('.sheet-stale', { hasText: 'This sheet was changed elsewhere' }).waitFor();
    await clearToasts(page);
    await page.getByRole('button', { name: 'Reload the sheet (your transfers are kept)' }).click();
    await page.locator('.sheet-stale').waitFor({ state: 'detached' });
    await page.locator('.cmp-pending', { hasText: '5 transfers to save' }).waitFor();
    await page.getByRole('button', { name: 'SAVE THE CHANGES' }).click();
    expect(await toast(page, 'Success')).toBeTruthy();
    await page.locator('.cmp-pending', { hasText: 'Transfer a value from the AI draft first.' }).waitFor();

    const saved = await getSheet(db, sheetId);
    expect(saved.titles).toEqual({ en: 'The Lighthouse', fr: 'Le gardien du vieux phare' });
    expect(saved.genres).toEqual(second.criteria.genres);
    expect(saved.ratings).toEqual({ plot: 3 });
    expect(saved.characters).toMatchObject([{ name: 'Lena', characterisations: { fr: 'La gardienne.' } }]);
    expect(saved.company_id).toBe(house!.id);
    expect(saved.private_comment).toBe('Saved by a colleague.');

    // And on the sheet: the French title and the new character.
    await page.getByRole('button', { name: 'Back to the sheet' }).click();
    await page.waitForURL(url(`/reading-sheet/${sheetId}`));
    await page.locator('.sheet-language-button[data-locale="fr"]').click();
    expect(await page.locator('#root_titles_fr').inputValue()).toBe('Le gardien du vieux phare');
  });

  it("says a provider's failure in one sentence for staff, in a notice under the header that keeps its buttons on one row, which staff can dismiss", async () => {
    const header = async () =>
      Promise.all(['History', 'Generate with AI', 'See AI result', 'AI comparison'].map(async (name) => (await button(name).boundingBox())!));
    const oneRow = (boxes: { y: number; height: number }[]) => new Set(boxes.map((box) => Math.round(box.y))).size === 1;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    const before = await header();
    expect(oneRow(before)).toBe(true);

    provider.plan({ kind: 'refuse', status: 401, message: 'invalid x-api-key: sk-test-local-provider' });
    await clearToasts(page);
    await button('Generate with AI').click();
    await dialog().getByRole('button', { name: 'Generate' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await toast(page, 'AI generation failed')).toBe(AI_CALL_MESSAGES.key);
    const notice = page.locator('.sheet-ai-notice.error');
    await notice.waitFor();
    expect(await notice.locator('.sheet-ai-notice-text').textContent()).toBe(`The last AI generation failed: ${AI_CALL_MESSAGES.key}`);
    expect(await page.locator('main').textContent()).not.toMatch(/401|x-api-key|sk-test|OpenAI/);
    // The header as it was: its four buttons on one row, where they stood.
    expect(await header()).toEqual(before);
    expect(await axeProblems(page, 'main')).toEqual([]);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      expect(oneRow(await header()), `${width}`).toBe(true);
      await page.screenshot({ path: `test-results/ai-failure-notice-${width}.png` });
    }

    await page.getByRole('button', { name: 'Dismiss this notice' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(oneRow(await header())).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});

describe.skipIf(!chromiumPath)('the Generate with AI dialog on a server where AI is not (fully) set up, in Chromium', () => {
  let browser: Browser;
  const servers: E2eServer[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.close();
  });

  /** The editor of a demo-like sheet (Report filled, Full report empty) on a server of this configuration, its dialog open. */
  async function openDialog(env: Record<string, string>) {
    const server = await startE2eServer(env);
    servers.push(server);
    await seedAiPrompts(server.database.db);
    const [sheet] = await server.database.db.insert(books).values({ originalTitle: 'Der Leuchtturm', summaries: DEMO_LIKE_REPORT }).returning({ id: books.id });
    const page = await loggedInPage(browser, server.url);
    await page.goto(`${server.url}/reading-sheet/${sheet!.id}`);
    await page.locator('#root_original_title').waitFor();
    await page.getByRole('button', { name: 'Generate with AI', exact: true }).click();
    const dialog = page.locator('.ai-generate-dialog');
    await page.locator('.p-dialog.p-dialog-enter-done').waitFor();
    return { page, dialog };
  }
  /** The model list as staff see it: each option's label and whether it can be chosen. */
  async function modelOptions(page: Page, dialog: ReturnType<Page['locator']>, screenshot?: string) {
    await dialog.locator('.p-dropdown').click();
    const items = page.locator('.p-dropdown-panel .p-dropdown-item');
    await items.first().waitFor();
    if (screenshot) await page.screenshot({ path: `test-results/${screenshot}.png` });
    const options = await items.evaluateAll((nodes) => nodes.map((node) => ({ label: node.textContent, disabled: node.classList.contains('p-disabled') })));
    // Closed again from its own trigger: Escape would also close the dialog.
    await dialog.locator('.p-dropdown-trigger').click();
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    return options;
  }
  const SETTING_NAMES = /OPENAI|ANTHROPIC|_KEY|_URL|variable|environment/i;

  it('without any provider: says in staff words that AI generation is not set up here and whom to ask; no setting is named and nothing can be launched', async () => {
    const { page, dialog } = await openDialog({});
    const notice = dialog.locator('.ai-not-set-up');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'AI generation is not set up on this server.Ask your administrator or technical team to set it up. Until then, no AI draft can be generated here.',
    );
    expect(await dialog.textContent()).not.toMatch(SETTING_NAMES);
    expect(await dialog.locator('.p-dropdown-label').textContent()).toBe('No model can be used on this server');
    expect(await dialog.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    expect(await axeProblems(page, '.ai-generate-dialog')).toEqual([]);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/ai-generate-dialog-not-set-up-${width}.png` });
    }
    // Which models there are, none of which can be chosen here.
    expect(await modelOptions(page, dialog)).toEqual([
      { label: 'Fast (gpt-5-mini) — not set up', disabled: true },
      { label: 'Large (claude-sonnet-5-5) — not set up', disabled: true },
      { label: 'Small (claude-haiku-5-5) — not set up', disabled: true },
    ]);
    await page.close();
  });

  it('with one provider only: the models that can be used are chosen as usual, the others marked as not set up, with whom to ask', async () => {
    const provider = await startAiProviderServer();
    try {
      const { page, dialog } = await openDialog({ OPENAI_BASE_URL: provider.env.OPENAI_BASE_URL!, OPENAI_API_KEY: provider.env.OPENAI_API_KEY! });
      await expect.poll(() => dialog.locator('.p-dropdown-label').textContent()).toBe('Fast (gpt-5-mini)');
      expect(await dialog.locator('.ai-not-set-up').count()).toBe(0);
      expect(await dialog.locator('.ai-model-help li').allTextContents()).toEqual([
        'Large (claude-sonnet-5-5): Not set up on this server. Ask your administrator or technical team to enable it.',
        'Small (claude-haiku-5-5): Not set up on this server. Ask your administrator or technical team to enable it.',
      ]);
      expect(await dialog.textContent()).not.toMatch(SETTING_NAMES);
      expect(await axeProblems(page, '.ai-generate-dialog')).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: 'test-results/ai-generate-dialog-one-provider-1440.png' });
      await page.setViewportSize({ width: 1024, height: 900 });
      expect(await modelOptions(page, dialog, 'ai-generate-dialog-one-provider-1024')).toEqual([
        { label: 'Fast (gpt-5-mini)', disabled: false },
        { label: 'Large (claude-sonnet-5-5) — not set up', disabled: true },
        { label: 'Small (claude-haiku-5-5) — not set up', disabled: true },
      ]);
      expect(await dialog.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(false);
      await page.close();
    } finally {
      await provider.close();
    }
  });
});
