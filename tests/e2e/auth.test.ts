import { sql } from 'drizzle-orm';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { ADMIN } from '../helpers/testApp.js';

describe.skipIf(!chromiumPath)('logging in and out in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends a logged-out visitor to the login page', async () => {
    await page.goto(`${server.url}/reading-sheets`);
    await page.waitForURL(`${server.url}/auth/login`);
    await page.getByRole('button', { name: 'Me connecter' }).waitFor();
    await page.screenshot({ path: 'test-results/login.png' });
  });

  it('shows the server message under the e-mail on a wrong password, in a toast too', async () => {
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.locator('#login-password').fill('wrong password');
    await page.getByRole('button', { name: 'Me connecter' }).click();
    await expect.poll(() => page.locator('#login-email-error').textContent()).toBe('These credentials do not match our records.');
    expect(await page.locator('.p-toast-summary').first().textContent()).toBe('Error');
    expect(page.url()).toBe(`${server.url}/auth/login`);
  });

  it('logs in through the form and lands on the reading-sheet list', async () => {
    await page.locator('#login-password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Me connecter' }).click();
    await page.waitForURL(`${server.url}/reading-sheets`);
    await page.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    await page.screenshot({ path: 'test-results/reading-sheets-shell.png' });
  });

  it('stays logged in after a reload, and is sent home from the login page', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    await page.goto(`${server.url}/auth/login`);
    await page.waitForURL(`${server.url}/reading-sheets`);
  });

  it('logs out from the menu while a list is still loading: its call is cancelled, none answers 401, no error; protected pages are closed again', async () => {
    // The genres' list is slow to answer: held until the test lets it go, it is still on its way when the administrator logs out.
    let held = 0;
    let answered = 0;
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/genres?**', async (route) => {
      held += 1;
      await released;
      await route.continue().catch(() => undefined);
      answered += 1;
    });
    const refused: string[] = [];
    const cancelled: string[] = [];
    const onResponse = (response: Response) => {
      if (response.url().includes('/api/') && response.status() === 401) refused.push(response.url());
    };
    const onFailed = (request: Request) => {
      if (request.url().includes('/api/admin/genres')) cancelled.push(request.failure()?.errorText ?? '');
    };
    page.on('response', onResponse);
    page.on('requestfailed', onFailed);
    try {
      await page.getByRole('link', { name: 'Genres' }).click();
      await expect.poll(() => held).toBe(1);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${server.url}/auth/login`);
      await page.getByRole('button', { name: 'Me connecter' }).waitFor();
      // Every call of the list still on its way (its page, and any read beside it) is cancelled.
      await expect.poll(() => cancelled.length > 0 && cancelled.length === held).toBe(true);
      expect(new Set(cancelled)).toEqual(new Set(['net::ERR_ABORTED']));
      // The slow answers come now: nothing of the page left behind reaches the server after the session.
      release();
      await expect.poll(() => answered).toBe(held);
      await page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
      expect(await page.locator('.p-toast-message').count()).toBe(0);
    } finally {
      release();
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
      await page.unroute('**/api/admin/genres?**');
    }
    await page.goto(`${server.url}/reading-sheets`);
    await page.waitForURL(`${server.url}/auth/login`);
  });

  it('goes back to login when the session is revoked server-side (401 on a later call)', async () => {
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.locator('#login-password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Me connecter' }).click();
    await page.waitForURL(`${server.url}/reading-sheets`);
    await page.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    await page.waitForLoadState('networkidle');
    await server.database.db.execute(sql`update sessions set revoked_at = now()`);
    await page.getByRole('link', { name: 'Genres' }).click();
    await page.waitForURL(`${server.url}/auth/login`);
  });

  it('opens the login page cold as its own small page: the form, a wrong password said under the field and in a toast, then the app', async () => {
    const context = await browser.newContext();
    const cold = await context.newPage();
    const scripts: string[] = [];
    cold.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await cold.goto(`${server.url}/auth/login`);
    await cold.getByRole('button', { name: 'Me connecter' }).waitFor();
    // React and the form only: the app's router and PrimeReact's components come after login.
    expect(scripts.filter((path) => /\/(ui|index)-/.test(path))).toEqual([]);

    await cold.getByLabel('E-mail').fill(ADMIN.email);
    await cold.locator('#login-password').fill('wrong password');
    await cold.getByRole('button', { name: 'Show the password' }).click();
    expect(await cold.locator('#login-password').getAttribute('type')).toBe('text');
    await cold.getByRole('button', { name: 'Me connecter' }).click();
    await expect.poll(() => cold.locator('#login-email-error').textContent()).toBe('These credentials do not match our records.');
    await expect.poll(() => cold.locator('.p-toast-summary').first().textContent()).toBe('Error');

    await cold.locator('#login-password').fill(ADMIN.password);
    await cold.getByRole('button', { name: 'Me connecter' }).click();
    await cold.waitForURL(`${server.url}/reading-sheets`);
    await cold.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    await context.close();
  });
});
