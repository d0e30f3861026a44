import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';
import { clearToasts } from '../helpers/e2ePage.js';
import { ADMIN } from '../helpers/testApp.js';

/**
 * A session that ends while a form has unsaved changes: one notice, the changes kept in the tab
 * (per route and record), the way back to the page after logging in, and the changes offered there.
 */
describe.skipIf(!chromiumPath)('a lost session, in Chromium', () => {
  let session: DemoSession;
  let page: Page;
  const stamp = Date.now();
  const url = (path: string) => session.url(path);
  const api = async (path: string) => (await page.request.get(url(`/api/admin/${path}`))).json();

  beforeAll(async () => {
    session = await openDemoSession({ width: 1024, height: 768 });
    page = session.page;
  });
  afterAll(async () => session?.close());

  /** The session ends on the server's side of things: the browser no longer sends it. */
  const endSession = () => page.context().clearCookies();

  /** Saves into a lost session and checks what the user sees: the login page, one notice. */
  async function saveIntoLostSession(saveLabel: string, path: string): Promise<void> {
    await clearToasts(page);
    await endSession();
    await page.getByRole('button', { name: saveLabel }).click();
    // The login page's address, as always (SPEC §4); the way back is kept in the tab.
    await page.waitForURL(url('/auth/login'));
    expect(await page.evaluate(() => sessionStorage.getItem('admin.returnPath'))).toBe(JSON.stringify({ path, expired: true }));
    await page.getByText('Your session has expired').waitFor();
    // Whatever else was in flight settles: still one toast, the server's message (SPEC §8).
    await page.waitForTimeout(1000);
    expect(await page.locator('.p-toast-message').count()).toBe(1);
    expect(await page.locator('.p-toast-detail').textContent()).toBe('Unauthenticated.');
    expect(await axeProblems(page)).toEqual([]);
  }

  async function logInAgain(path: string): Promise<void> {
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.locator('#login-password').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(url(path));
    // The lost session's toast no longer holds once logged in again.
    await expect.poll(() => page.locator('.p-toast-message').count()).toBe(0);
  }

  it('keeps a genre edit through a lost session and offers it back on the genre once logged in again', async () => {
    const before = (await api('genres/1')).data.names.en as string;
    await page.goto(url('/genre/1'));
    await page.locator('#root_names_en').fill(`Kept drama ${stamp}`);
    await saveIntoLostSession('Save', '/genre/1');

    await logInAgain('/genre/1');
    // The genre as stored, and the kept change offered beside it.
    const notice = page.getByRole('region', { name: 'Unsaved changes were kept' });
    await notice.waitFor();
    expect(await page.locator('#root_names_en').inputValue()).toBe(before);
    expect(await axeProblems(page, '.kept-changes')).toEqual([]);
    await notice.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await page.locator('#root_names_en').inputValue()).toBe(`Kept drama ${stamp}`);
    expect(await notice.count()).toBe(0);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api('genres/1')).data.names.en).toBe(`Kept drama ${stamp}`);
    // Offered once: not again on the next visit.
    await page.goto(url('/genre/1'));
    await page.locator('#root_names_en').waitFor();
    expect(await page.getByRole('region', { name: 'Unsaved changes were kept' }).count()).toBe(0);
  });

  it('keeps a reading-sheet edit the same way, on that sheet only, and forgets it when discarded', async () => {
    const [first, second] = (await api('books?perPage=2')).data as { id: number; original_title: string }[];
    await page.goto(url(`/reading-sheet/${first!.id}`));
    await page.locator('#root_original_title').fill(`Kept title ${stamp}`);
    await saveIntoLostSession('SAVE THE SHEET', `/reading-sheet/${first!.id}`);
    await logInAgain(`/reading-sheet/${first!.id}`);

    // Another sheet has nothing kept.
    await page.goto(url(`/reading-sheet/${second!.id}`));
    await page.locator('#root_original_title').waitFor();
    expect(await page.getByRole('region', { name: 'Unsaved changes were kept' }).count()).toBe(0);

    await page.goto(url(`/reading-sheet/${first!.id}`));
    const notice = page.getByRole('region', { name: 'Unsaved changes were kept' });
    await notice.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await page.locator('#root_original_title').inputValue()).toBe(`Kept title ${stamp}`);
    // Restored changes are unsaved changes: leaving asks.
    await page.getByRole('link', { name: 'Reading sheets' }).click();
    await page.locator('.p-confirm-dialog').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'SAVE THE SHEET' }).click();
    await expect.poll(async () => (await api(`books/${first!.id}`)).data.original_title).toBe(`Kept title ${stamp}`);

    // Discarded: the sheet stays as stored, and nothing is offered again.
    await page.locator('#root_original_title').fill(`Discarded title ${stamp}`);
    await saveIntoLostSession('SAVE THE SHEET', `/reading-sheet/${first!.id}`);
    await logInAgain(`/reading-sheet/${first!.id}`);
    await page.getByRole('region', { name: 'Unsaved changes were kept' }).getByRole('button', { name: 'Discard them' }).click();
    expect(await page.locator('#root_original_title').inputValue()).toBe(`Kept title ${stamp}`);
    await page.reload();
    await page.locator('#root_original_title').waitFor();
    expect(await page.getByRole('region', { name: 'Unsaved changes were kept' }).count()).toBe(0);
  });

  it('keeps a reporter text in its language and restores it in that language', async () => {
    const [reporter] = (await api('reporters?perPage=1')).data as { id: number }[];
    const language = (code: string) => page.locator('.reporter-language .p-button', { has: page.locator(`[data-locale="${code}"]`) });
    const activeLanguage = async () => (await page.locator('.reporter-language .p-button.p-highlight').textContent())?.trim();
    const alerts = page.locator('.text-blocks-group[data-group="alerts"]');
    await page.goto(url(`/reporter/${reporter!.id}`));
    await page.locator('#root_title').waitFor();
    await language('fr').click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(activeLanguage).toBe('FR');
    await alerts.getByRole('button', { name: /^Add a block/ }).click();
    await alerts.locator('textarea').last().fill(`Alerte gardée ${stamp}`);
    await saveIntoLostSession('Enregistrer', `/reporter/${reporter!.id}`);
    await logInAgain(`/reporter/${reporter!.id}`);

    // The screen opens in English; the kept French text comes back in French.
    expect(await activeLanguage()).toBe('EN');
    await page.getByRole('region', { name: 'Unsaved changes were kept' }).getByRole('button', { name: 'Restore my changes' }).click();
    await expect.poll(activeLanguage).toBe('FR');
    await expect.poll(() => alerts.locator('textarea').last().inputValue()).toBe(`Alerte gardée ${stamp}`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => JSON.stringify((await api(`reporters/${reporter!.id}?lang=fr`)).data)).toContain(`Alerte gardée ${stamp}`);
  });

  it('sends a page opened logged out to login, and back to it (with its filters) after', async () => {
    await endSession();
    await page.goto(url('/genres?q=dra'));
    await page.waitForURL(url('/auth/login'));
    expect(await page.getByText('Your session has expired').count()).toBe(0);
    await logInAgain('/genres?q=dra');
    expect(await page.locator('.search-box input').inputValue()).toBe('dra');
  });
});
