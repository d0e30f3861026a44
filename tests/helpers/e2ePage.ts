import type { Browser, Page } from 'playwright-core';
import { ADMIN } from './testApp.js';

/** A new page logged in as the test administrator (or `as`), landed on the reading-sheet list (or `landing`). */
export async function loggedInPage(
  browser: Browser,
  baseUrl: string,
  { as = ADMIN, landing = '/reading-sheets' }: { as?: { email: string; password: string }; landing?: string } = {},
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('E-mail').fill(as.email);
  await page.locator('#login-password').fill(as.password);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await page.waitForURL(`${baseUrl}${landing}`);
  return page;
}

/** The text of the last toast with this summary, once one shows. */
export async function toast(page: Page, summary: string): Promise<string> {
  const item = page.locator('.p-toast-message', { has: page.locator('.p-toast-summary', { hasText: new RegExp(`^${summary}$`) }) }).last();
  await item.waitFor();
  return (await item.locator('.p-toast-detail').textContent()) ?? '';
}

/** Closes every toast, so the next assertion reads a fresh one. */
export async function clearToasts(page: Page): Promise<void> {
  // A toast can leave by itself between the listing and the click: a short timeout, not the 30 s
  // default that would wait for a button already gone.
  for (const close of await page.locator('.p-toast-icon-close').all()) await close.click({ timeout: 1000 }).catch(() => undefined);
  await page
    .locator('.p-toast-message')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}
