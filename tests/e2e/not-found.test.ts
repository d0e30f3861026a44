import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

/**
 * No dead-end address: a page a screen's permissions do not allow, or a record that does not exist,
 * is the not-found page inside the layout, with nothing else on it; the root redirects quietly.
 */
describe.skipIf(!chromiumPath)('pages that are not there, in Chromium', () => {
  let session: DemoSession;
  let page: Page;
  const url = (path: string) => session.url(path);
  const warnings: string[] = [];

  beforeAll(async () => {
    session = await openDemoSession();
    page = session.page;
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
  });
  afterAll(async () => session?.close());

  /** The not-found page, inside the layout (its menu there), and nothing of the page asked for. */
  async function expectNotFound(path: string): Promise<void> {
    await page.goto(url(path));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Reading sheets' }).count(), path).toBe(1);
    expect(await page.locator('main form, main .p-datatable, main .sheet-ai').count(), path).toBe(0);
    expect(await page.getByRole('button', { name: /^(Save|Create|Generate with AI|SAVE THE SHEET)/ }).count(), path).toBe(0);
    // One notice: the page, not an error toast besides.
    expect(await page.locator('.p-toast-message').count(), path).toBe(0);
  }

  it('answers the create page of a screen that creates nothing with the not-found page', async () => {
    for (const path of ['/ai-prompt/new', '/audience', '/audience/new', '/country/new']) await expectNotFound(path);
    expect(await axeProblems(page, 'main')).toEqual([]);
    // A record of those screens still opens, read-only or editable as allowed.
    await page.goto(url('/audience/1'));
    await page.locator('main form').waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
  });

  it('answers a record that does not exist with the not-found page, nothing else of its screen', async () => {
    for (const path of ['/reading-sheet/99999', '/reading-sheet/99999/ai-comparation', '/genre/99999', '/reporter/99999', '/user/99999']) await expectNotFound(path);
    // Its button leads back home.
    await page.getByRole('button', { name: 'Back to the reading sheets' }).click();
    await page.waitForURL(url('/reading-sheets'));
  });

  it('redirects the root to the reading sheets without a router warning', async () => {
    warnings.length = 0;
    await page.goto(url('/'));
    await page.waitForURL(url('/reading-sheets'));
    await page.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    expect(warnings.filter((text) => /does not have an element|No routes matched/.test(text))).toEqual([]);
  });
});
