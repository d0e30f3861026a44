import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../server/db/schema/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { axeProblems } from '../helpers/axe.js';
import { toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { ADMIN } from '../helpers/testApp.js';

const ADA = 'ada.restored@scouting.test';

/**
 * An administrator restored from the history sets their password from the mailed link, in
 * Chromium: the page says whose account it is (the token leaves the address at once), refuses in
 * words two passwords that differ and one too short, sets it and goes to the login page, where the
 * new password logs in; opened again, the link says in words that it no longer works.
 */
describe.skipIf(!chromiumPath)('setting one’s password from a mailed link, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  let link: string;

  beforeAll(async () => {
    server = await startE2eServer();
    // A colleague deletes Ada's account, then brings it back from its history.
    const login = await fetch(`${server.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const api = async (method: string, route: string, body?: object) => {
      const response = await fetch(`${server.url}/api/admin/${route}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(response.status, `${method} ${route}`).toBe(200);
      return (await response.json()) as { data: { id: number }[] & { id: number }; meta: { record_version: number } };
    };
    // An Editor, whose home is the reading sheets' list; her roles come back with her.
    const editor = ((await api('GET', 'roles?name=Editor')).data as unknown as { id: number; name: string }[]).find((role) => role.name === 'Editor')!;
    const { id } = (
      await api('POST', 'administrators', { firstname: 'Ada', lastname: 'Byron', email: ADA, password: 'her first password', role_ids: [editor.id] })
    ).data;
    await api('DELETE', `administrators/${id}`);
    const history = await api('GET', `history/administrators/${id}`);
    await api('POST', `history/${history.data[0]!.id}/restore`, { version: history.meta.record_version });
    // No SMTP server here: the mail waits in the outbox, its text as it will be sent.
    const [mail] = await server.database.db.select({ text: outboxMessages.textBody }).from(outboxMessages).where(eq(outboxMessages.toAddress, ADA));
    link = /Set your password: (\S+)/.exec(mail!.text)![1]!;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sets the password from the link once, at 1440 and 1024 px, and says in words when the link no longer works', async () => {
    expect(link.startsWith(`${server.url}/auth/set-password#`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByText(`Hello Ada, choose the password you will log in with as ${ADA}.`).waitFor();
    // The token is out of the address (and of the history) once the page has it.
    expect(new URL(page.url()).hash).toBe('');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/set-password-1440.png' });

    const password = page.getByLabel('New password', { exact: true });
    const again = page.getByLabel('The new password again');
    await password.fill('a long new password');
    await again.fill('another password');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await page.getByText('The two passwords are not the same: type the new one again.').waitFor();
    await password.fill('short');
    await again.fill('short');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await page.getByText('The password must be 8 to 255 characters long.').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/set-password-refused-1024.png' });

    await page.getByLabel('Show the passwords').check();
    expect(await password.getAttribute('type')).toBe('text');
    await password.fill('a long new password');
    await again.fill('a long new password');
    await page.getByRole('button', { name: 'Set my password' }).click();
    await page.waitForURL(`${server.url}/auth/login`);
    expect(await toast(page, 'Success')).toBe('Your password is set: log in with it.');
    await page.getByLabel('E-mail').fill(ADA);
    await page.locator('#login-password').fill('a long new password');
    await page.getByRole('button', { name: 'Me connecter' }).click();
    await page.waitForURL(`${server.url}/reading-sheets`);

    // Once used, the link says so, and leads to the login page.
    const other = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await other.goto(link);
    await other
      .getByText(
        'This link no longer works: it has expired, or a password was already set with it. Ask a colleague to set a password for you in Administrators.',
      )
      .waitFor();
    expect(await other.getByRole('button', { name: 'Set my password' }).count()).toBe(0);
    expect(await axeProblems(other)).toEqual([]);
    await other.screenshot({ path: 'test-results/set-password-gone-1024.png' });
    await other.setViewportSize({ width: 1440, height: 900 });
    await other.screenshot({ path: 'test-results/set-password-gone-1440.png' });
    await other.getByRole('link', { name: 'Go to the login page' }).click();
    await other.waitForURL(`${server.url}/auth/login`);
    await other.close();
  });
});
