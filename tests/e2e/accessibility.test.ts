import fs from 'node:fs';
import { asc } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import { aiBooks, reporters, users } from '../../server/db/schema/index.js';
import { createPath } from '../../src/engine/resource/paths.js';
import { seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

const SCREENS = fs
  .readdirSync('schemas')
  .filter((file) => file.endsWith('.screen.json'))
  .map((file) => JSON.parse(fs.readFileSync(`schemas/${file}`, 'utf8')) as ScreenDefinition);

/**
 * Staff use the panel all day, some with a keyboard or a screen reader: axe finds no serious or
 * critical WCAG 2.1 A/AA problem on any page, tab or open dialog; the keyboard reaches and shows
 * every action, Escape closes dialogs, Enter submits forms; form errors are announced.
 * New screens join the walk by their definitions (lists and forms) or the bespoke routes below.
 */
describe.skipIf(!chromiumPath)('accessibility of every page, in Chromium', () => {
  let session: DemoSession;
  let page: Page;
  let sheetWithDraft = 0;
  let reporterId = 0;
  let userId = 0;
  const url = (path: string) => session.url(path);
  const rows = () => page.locator('.p-datatable-tbody > tr:not(.p-datatable-emptymessage)');

  beforeAll(async () => {
    session = await openDemoSession({ width: 1440, height: 900 });
    page = session.page;
    const db = session.server.database.db;
    // The server's start seeds the AI prompts, not the test database.
    await seedAiPrompts(db);
    sheetWithDraft = (await db.select({ id: aiBooks.bookId }).from(aiBooks).orderBy(asc(aiBooks.id)).limit(1))[0]!.id;
    reporterId = (await db.select({ id: reporters.id }).from(reporters).orderBy(asc(reporters.id)).limit(1))[0]!.id;
    userId = (await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1))[0]!.id;
  });
  afterAll(async () => session?.close());

  /** Opens a page and checks it once it has settled (its data shown). */
  async function expectClean(path: string, ready: string): Promise<void> {
    await page.goto(url(path));
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeProblems(page), path).toEqual([]);
  }

  /** Each tab of the page's form tab bar, opened in turn and checked. */
  async function expectCleanTabs(path: string, bar = '.form-tabs'): Promise<void> {
    const tabs = page.locator(`${bar} [role="tab"]`);
    const count = await tabs.count();
    expect(count, path).toBeGreaterThan(1);
    for (let index = 0; index < count; index++) {
      await tabs.nth(index).click();
      await page.waitForLoadState('networkidle');
      expect(await axeProblems(page), `${path}, tab ${await tabs.nth(index).textContent()}`).toEqual([]);
    }
  }

  it('has no serious problem on the login page', async () => {
    const guest = await session.browser.newPage({ viewport: { width: 1024, height: 768 } });
    // As after a lost session on a page.
    await guest.goto(url('/auth/login'));
    await guest.evaluate(() => sessionStorage.setItem('admin.returnPath', JSON.stringify({ path: '/genres', expired: true })));
    await guest.reload();
    await guest.getByText('Your session has expired').waitFor();
    expect(await axeProblems(guest)).toEqual([]);
    await guest.close();
  });

  it('has no serious problem on any declared list, record or create page', async () => {
    for (const screen of SCREENS) {
      await expectClean(screen.routes.list.path, '.p-datatable-tbody > tr');
      if (!screen.routes.form) continue;
      const form = screen.routes.form.path;
      if (screen.form) {
        await rows().first().click();
        await page.locator('main form').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await axeProblems(page), `${screen.resource}: a record`).toEqual([]);
        if (screen.permissions.create) await expectClean(createPath(form, screen.routes.list.path), 'main form');
      }
    }
    // About fifty pages, each loaded and checked: more than one page's 60 s on a loaded machine.
  }, 180_000);

  it('has no serious problem on the bespoke pages and each of their tabs', async () => {
    await expectClean(`/reading-sheet/${sheetWithDraft}`, '#root_original_title');
    await expectCleanTabs('the reading-sheet editor');
    await expectClean('/reading-sheet', '#root_original_title');
    await expectClean(`/reading-sheet/${sheetWithDraft}/ai-comparation`, '.cmp-columns');
    await expectClean('/dashboard', '.dashboard-book-cover');
    await expectClean(`/reporter/${reporterId}`, '#root_title');
    await expectClean(`/user/${userId}`, '[role="tab"]');
    await expectCleanTabs('the user screen');
    await expectClean('/no-such-page', 'h1');
  });

  it('has no serious problem in open dialogs and panels, and Escape closes each dialog', async () => {
    // The deletion question.
    await page.goto(url('/genres'));
    await rows().first().getByRole('button', { name: 'Delete' }).click();
    await page.locator('.p-confirm-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page), 'deletion question').toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.p-confirm-dialog').waitFor({ state: 'detached' });

    // The reading sheets' other filters.
    await page.goto(url('/reading-sheets'));
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.locator('.filter-more .stars-filter').first().waitFor();
    expect(await axeProblems(page), 'more filters').toEqual([]);

    // In the editor: a record created in place, the AI generation.
    await page.goto(url(`/reading-sheet/${sheetWithDraft}`));
    await page.getByRole('button', { name: 'Create a new company' }).click();
    await page.locator('.create-record-dialog.p-dialog-enter-done input').first().waitFor();
    expect(await axeProblems(page), 'create a company').toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.create-record-dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    await page.locator('.ai-generate-dialog').waitFor();
    await page.locator('.p-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page), 'AI generation').toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.ai-generate-dialog').waitFor({ state: 'detached' });

    // Leaving with unsaved changes.
    await page.locator('#root_original_title').fill('Changed, not saved');
    await page.getByRole('link', { name: 'Genres' }).click();
    await page.locator('.p-confirm-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page), 'unsaved changes').toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.p-confirm-dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/reading-sheet/${sheetWithDraft}`);
  });

  it("offers 'Skip to content' as the first stop of the keyboard, shown when focused, and Enter takes the focus to the page's content", async () => {
    await page.goto(url('/genres'));
    await rows().first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.height).toBeGreaterThan(20);
    await page.screenshot({ path: 'test-results/skip-to-content-1440.png' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // The next stop is the page's own first control, not the menu's twenty links.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    expect(new URL(page.url()).hash).toBe('');
    // Out of focus, it is out of sight.
    const away = (await skip.boundingBox())!;
    expect(away.y + away.height).toBeLessThanOrEqual(0);
  });

  it('shows where the keyboard is (WCAG 2.2 focus appearance): a solid ring of 2 px or more, 3:1 against what surrounds it, on the menu, buttons, links, fields, selects and tabs', async () => {
    const ring = () =>
      page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        // Where the focus is seen: a select's box around its hidden input, a switch's slider, or the element itself.
        const composite = focused
          .closest('.p-checkbox, .p-inputswitch, .p-radiobutton')
          ?.querySelector<HTMLElement>('.p-checkbox-box, .p-inputswitch-slider, .p-radiobutton-box');
        const bearer = focused.closest<HTMLElement>('.p-focus') ?? composite ?? focused;
        const style = getComputedStyle(bearer);
        const rgba = (colour: string) => (colour.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
        const background = (start: Element | null) => {
          for (let element = start; element; element = element.parentElement) {
            const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(element).backgroundColor);
            if (a > 0) return [r, g, b];
          }
          return [255, 255, 255];
        };
        const luminance = (rgb: number[]) => {
          const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        // A ring drawn inside the control meets the control's colour; one outside it, the colour around it.
        const around = parseFloat(style.outlineOffset) < 0 ? background(bearer) : background(bearer.parentElement);
        const [light, dark] = [luminance(rgba(style.outlineColor).slice(0, 3)), luminance(around)].sort((x, y) => y - x);
        return {
          name: `${focused.tagName} '${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 30)}'`,
          inMenu: Boolean(focused.closest('.sidebar')),
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          contrast: (light! + 0.05) / (dark! + 0.05),
        };
      });
    const seen = new Set<string>();
    const check = async () => {
      const focused = await ring();
      expect(focused.style, focused.name).toBe('solid');
      expect(focused.width, focused.name).toBeGreaterThanOrEqual(2);
      expect(focused.contrast, focused.name).toBeGreaterThanOrEqual(3);
      return focused;
    };
    // A form (fields, a select, a colour, tabs) and a list (links, a search, filters, row buttons, the paginator).
    for (const [path, ready] of [
      ['/genre/1', '#root_names_en'],
      ['/requests', '.request-status-select'],
    ] as const) {
      await page.goto(url(path));
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      for (let step = 0; step < 45; step++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement === document.body)) break;
        const focused = await check();
        seen.add(focused.inMenu ? 'menu' : focused.name.split(' ')[0]!);
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['menu', 'A', 'INPUT', 'BUTTON']));
  });

  it('submits a form with Enter, and announces its errors on the fields', async () => {
    await page.goto(url('/genre/1'));
    const name = page.locator('#root_names_en');
    await name.waitFor();
    const stored = await name.inputValue();
    await name.fill('');
    await name.press('Enter');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const described = (await name.getAttribute('aria-describedby'))!.split(' ');
    const messages = await Promise.all(described.map((id) => page.locator(`#${id}`).textContent()));
    expect(messages.join(' ')).toContain('The name (English) field is required.');

    await name.fill(stored);
    await name.press('Enter');
    await expect.poll(() => page.locator('.p-toast-summary').allTextContents()).toContain('Success');
    expect(await name.getAttribute('aria-invalid')).not.toBe('true');
  });
});
