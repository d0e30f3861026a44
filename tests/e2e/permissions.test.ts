import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchNormal } from '../../common/locales.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { administratorRoles, books, genres, roles } from '../../server/db/schema/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { axeProblems } from '../helpers/axe.js';

/**
 * The interface follows the reader's roles (docs/permissions.md): a menu entry, a page or a button
 * is shown only when the server would let its reader through.
 */
describe.skipIf(!chromiumPath)('roles in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  const url = (path: string) => `${server.url}${path}`;
  const VIEWER = { email: 'viewer@scouting.test', password: 'viewer-password-1' };
  const EDITOR = { email: 'editor@scouting.test', password: 'editor-password-1' };

  /** An administrator whose only role is the built-in one named. */
  async function holderOf(role: string, who: { email: string; password: string }) {
    const db = server.database.db;
    const [found] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    const admin = await insertAdministrator(db, { firstname: role, lastname: 'Person', email: who.email, passwordHash: await hashPassword(who.password) });
    await db.delete(administratorRoles).where(eq(administratorRoles.administratorId, admin.id));
    await db.insert(administratorRoles).values({ administratorId: admin.id, roleId: found!.id });
  }

  beforeAll(async () => {
    server = await startE2eServer();
    const db = server.database.db;
    await db.insert(genres).values({ names: { en: 'Thriller', fr: 'Thriller' }, color: '#112233', searchText: searchNormal('Thriller') });
    await db.insert(books).values({ originalTitle: 'A sheet to read' });
    await holderOf('Viewer', VIEWER);
    await holderOf('Editor', EDITOR);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The buttons of the page that would change, export or act on rows. */
  const actionButtons = (page: Page) => page.getByRole('button', { name: /^(Create|Export|Delete|Save|Publish)$/ });

  it('shows a Viewer no Create, Delete, Export, bulk or Publish anywhere, nor a page they may not open', async () => {
    const page = await loggedInPage(browser, server.url, { as: VIEWER });
    await page.locator('.sidebar a.menu-link').first().waitFor();
    const entries = await page.locator('.sidebar a.menu-link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(entries).not.toContain('/administrators');
    expect(entries).not.toContain('/studio');
    expect(entries).toContain('/genres');
    for (const entry of entries) {
      await page.goto(url(entry));
      await page.locator('h1.page-title').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await actionButtons(page).count(), `${entry}: action buttons`).toBe(0);
      expect(await page.locator('.p-datatable .p-checkbox').count(), `${entry}: row choice for bulk actions`).toBe(0);
    }
    // A record opens to be read: its fields disabled, no Save.
    await page.goto(url('/genres'));
    await page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)').first().click();
    await page.locator('#root_color').waitFor();
    expect(await page.locator('#root_color').isDisabled()).toBe(true);
    expect(await actionButtons(page).count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it("sends an Editor's direct address of the administrators home, with what is missing", async () => {
    const page = await loggedInPage(browser, server.url, { as: EDITOR });
    await page.goto(url('/administrators'));
    await page.waitForURL(url('/reading-sheets'));
    expect(await toast(page, 'Not open to your roles')).toBe('Your roles do not grant List on Administrators.');
    // Their own catalogue they change.
    expect(await page.getByRole('button', { name: 'Create' }).count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });
});
