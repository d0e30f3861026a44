import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { axeProblems } from '../helpers/axe.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

const ROWS = 150;

/**
 * A bulk job its server stopped, in Chromium (docs/bulk-actions.md, 'The dialog'): while the
 * server does not answer, the dialog says so in words (no error toast each second); once the job
 * reads as interrupted, it says how far it got and offers to resume it on the rows left, which
 * runs them and ends with every row done.
 */
describe.skipIf(!chromiumPath)('resuming an interrupted bulk job from its dialog, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startE2eServer();
    await server.database.db.insert(users).values(
      Array.from({ length: ROWS }, (_, i) => ({
        firstname: 'Paused',
        lastname: `Reader ${i + 1}`,
        email: `paused.${i + 1}@subscribers.test`,
        searchText: `paused reader ${i + 1}`,
      })),
    );
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says when the server does not answer, then offers to resume the interrupted job on its rows left, and runs them', async () => {
    await page.goto(`${server.url}/users`);
    const rows = page.locator('main .p-datatable-tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    await rows.first().getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Rows chosen' });
    await bar.getByRole('button', { name: `Choose all ${ROWS} rows the list matches` }).click();
    await bar.getByRole('button', { name: 'Validate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Validate' });

    // The server stops taking rows once thirty are written (as a stop between two rows), and its readings fail meanwhile.
    let writes = 0;
    const unobserve = server.app.recordWrites.observe(async (_tx, write) => {
      if (write.resource === 'users' && ++writes === 30) server.app.shuttingDown = true;
    });
    await page.route('**/api/admin/bulk-jobs/*', (route) => route.abort('connectionrefused'));
    try {
      await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
      await dialog.getByText('The server does not answer at the moment: the action’s progress shows again as soon as it does.').waitFor();
      // Said once in the dialog, not in an error toast at each reading.
      expect(await page.locator('.p-toast-message').count()).toBe(0);
      expect(await axeProblems(page, '.bulk-dialog')).toEqual([]);
      await page.screenshot({ path: 'test-results/bulk-job-unreachable-1440.png' });
      await expect.poll(() => server.app.shuttingDown, { timeout: 30_000 }).toBe(true);
    } finally {
      await page.unroute('**/api/admin/bulk-jobs/*');
      unobserve();
    }

    // Answered again: the job stopped part of the way, and the dialog says how far, with the way on.
    const stopped = dialog.getByText(/^The action ran on \d+ of 150 rows: its server stopped before the end\. Resume it to run it on the \d+ rows left\.$/);
    await stopped.waitFor({ timeout: 30_000 });
    server.app.shuttingDown = false;
    const handled = Number(/ran on (\d+) of/.exec((await stopped.textContent())!)![1]);
    expect(handled).toBeGreaterThanOrEqual(30);
    const resume = dialog.getByRole('button', { name: `Resume on the ${ROWS - handled} rows left` });
    await resume.waitFor();
    await expect.poll(() => axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/bulk-job-interrupted-1440.png' });
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/bulk-job-interrupted-1024.png' });

    await resume.click();
    await dialog.getByText(`${ROWS} of ${ROWS} rows done.`).waitFor({ timeout: 60_000 });
    expect(await dialog.getByRole('button', { name: /^Resume/ }).count()).toBe(0);
    expect(await page.locator('.p-toast-message').count()).toBe(0);
    await expect.poll(() => axeProblems(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/bulk-job-resumed-1024.png' });
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    expect((await server.database.db.select({ id: users.id }).from(users).where(eq(users.isAccepted, true))).length).toBe(ROWS);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
