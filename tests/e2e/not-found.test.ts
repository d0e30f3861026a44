import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

/**
 * No dead-end address: a page a screen's permissions do not allow is the not-found page inside the
 * layout, with nothing else on it; a record that does not exist says which record is gone, the way
 * back to its list and, when its history has it, its deletion; the root redirects quietly.
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

  it('answers a page under a record that does not exist with the not-found page, nothing else of its screen', async () => {
    await expectNotFound('/reading-sheet/99999/ai-comparation');
    // Its button leads back home.
    await page.getByRole('button', { name: 'Back to the reading sheets' }).click();
    await page.waitForURL(url('/reading-sheets'));
  });

  /** A record's page whose record does not exist: which record is gone, the way back to its list, nothing else of the page. */
  async function expectRecordGone(path: string, heading: string): Promise<void> {
    await page.goto(url(path));
    await page.getByRole('heading', { name: heading }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Reading sheets' }).count(), path).toBe(1);
    expect(await page.locator('main form, main .p-datatable, main .sheet-ai').count(), path).toBe(0);
    expect(await page.getByRole('button', { name: /^(Save|Create|Generate with AI|SAVE THE SHEET)/ }).count(), path).toBe(0);
    // One notice: the page, not an error toast besides (the look-up of its history neither).
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.p-toast-message').count(), path).toBe(0);
  }

  it('answers a record that does not exist with what is gone and the way back to its list', async () => {
    for (const [path, noun, back, list] of [
      ['/genre/99999', 'genre', 'Back to the genres', '/genres'],
      ['/reading-sheet/99999', 'reading sheet', 'Back to the reading sheets', '/reading-sheets'],
      ['/reporter/99999', 'reporter', 'Back to the reporters', '/reporters'],
      ['/user/99999', 'user', 'Back to the users', '/users'],
      ['/request/99999', 'request', 'Back to the requests', '/requests'],
    ] as const) {
      await expectRecordGone(path, `This ${noun} no longer exists (it may have been deleted)`);
      expect(await page.getByRole('link', { name: 'See its deletion in Activity' }).count(), path).toBe(0);
      await page.getByRole('button', { name: back }).click();
      await page.waitForURL(url(list));
    }
    await page.goto(url('/genre/99999'));
    await page.getByRole('heading', { name: /no longer exists/ }).waitFor();
    expect(await axeProblems(page, 'main')).toEqual([]);
  });

  it('says when and by whom a deleted record was deleted, with a link to its deletion in Activity', async () => {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const inject = (method: 'POST' | 'DELETE', path: string, payload?: object) =>
      session.server.app.inject({ method, url: `/api/admin/${path}`, headers: { cookie }, ...(payload ? { payload } : {}) });
    const created = await inject('POST', 'genres', { names: { en: 'Lighthouse noir' }, color: '#0091ea' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect((await inject('DELETE', `genres/${id}`)).statusCode).toBe(200);

    await expectRecordGone(`/genre/${id}`, 'This genre no longer exists: it was deleted');
    expect(await page.locator('main').textContent()).toMatch(/“Lighthouse noir” was deleted on \d{4}-\d{2}-\d{2} \d{2}:\d{2} by Staff Member\./);
    expect(await axeProblems(page, 'main')).toEqual([]);
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/record-deleted-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('link', { name: 'See its deletion in Activity' }).click();
    await page.waitForURL((address) => address.pathname === '/settings/activity' && address.searchParams.get('resource') === 'genres');
    const row = page.locator('.p-datatable-tbody tr', { hasText: 'Lighthouse noir' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Deleted');
  });

  it('redirects the root to the reading sheets without a router warning', async () => {
    warnings.length = 0;
    await page.goto(url('/'));
    await page.waitForURL(url('/reading-sheets'));
    await page.getByRole('heading', { name: 'READING SHEETS LIST' }).waitFor();
    expect(warnings.filter((text) => /does not have an element|No routes matched/.test(text))).toEqual([]);
  });
});
