import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenVersions } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- screen JSON as written

/**
 * A published version this release no longer serves, as staff meet it in the studio: flagged in
 * the list of screens and on the screen's page with the reason, opened as the draft to repair
 * (its problem shown), corrected and published: the screen is customised again.
 */
describe.skipIf(!chromiumPath)('the studio after a release, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let staff: Page;
  const problems = (page: Page) => page.getByRole('region', { name: 'Problems of the draft' }).textContent();

  beforeAll(async () => {
    server = await startE2eServer();
    // Published under an earlier release, whose genres list returned a `website`.
    const definition = structuredClone(loadScreenFiles().get('genres')!) as Loose;
    definition.list.columns.push({ field: 'website', header: 'columns.name' });
    await server.database.db
      .insert(screenVersions)
      .values({ screen: 'genres', version: 1, definition, labels: null, authorName: 'Staff Member', comment: 'Website column', baseVersion: 0 });
    browser = await launchBrowser();
    staff = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('flags the version in the list and on the screen, opens it as a draft to repair, and publishes it corrected', async () => {
    await staff.setViewportSize({ width: 1440, height: 1000 });
    await staff.getByRole('link', { name: 'Screens' }).click();
    const notice = staff.getByRole('region', { name: 'Genres: Version 1 is not in use' });
    await notice.getByText('Version 1 no longer fits this release: the list column `website` is no longer served').waitFor();
    expect(await staff.locator('.studio-badge.is-flagged').allTextContents()).toEqual(['Built-in file serves']);
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/studio-release-list-1440.png', fullPage: true });

    await notice.getByRole('button', { name: 'Open version 1 as a draft to repair' }).click();
    await staff.getByRole('heading', { name: 'Screen: Genres' }).waitFor();
    await staff.getByRole('region', { name: 'Version 1 is not in use' }).waitFor();
    await expect.poll(() => problems(staff)).toContain('list.columns.4.field');
    expect(await problems(staff)).toContain('"website" is not returned by GET admin/genres');
    expect(await axeProblems(staff)).toEqual([]);
    await staff.screenshot({ path: 'test-results/studio-release-screen-1440.png', fullPage: true });

    await staff.getByRole('button', { name: 'Remove website' }).click();
    await expect.poll(() => problems(staff)).toContain('The draft has no problems.');
    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'Publish the draft' });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const published = (await (await staff.request.get(`${server.url}/api/admin/screens/genres`)).json()).data;
    expect(published).toMatchObject({ version: 2, customised: true, unfit: null, conflict: null });
    await staff.getByRole('link', { name: /Back to the screens/ }).click();
    await staff.getByRole('heading', { name: 'Screens' }).waitFor();
    await expect.poll(() => staff.locator('.studio-release').count()).toBe(0);
  });
});
