import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { clearToasts, toast } from '../helpers/e2ePage.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

/**
 * A save the form refuses is said where the eye is: the first field in error is brought clear of
 * the header and of every sticky bar (the reading sheet's 'Editing language', two rows high at
 * 1024 px), its message with it, and an error toast says why, whichever tab the save was asked from.
 */
describe.skipIf(!chromiumPath)('a refused save, in Chromium at 1440 and 1024 px', () => {
  let session: DemoSession;
  let page: Page;
  const url = (path: string) => session.url(path);

  beforeAll(async () => {
    session = await openDemoSession();
    page = session.page;
    // Leaving a sheet with unsaved changes asks the browser's question: yes.
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(async () => session?.close());

  /**
   * Whether the user sees the element: inside the window and, at its top left, its middle and its
   * bottom left, not under anything else (a sticky bar, the header).
   */
  const inSight = (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      if (box.height === 0 || box.top < 0 || box.bottom > window.innerHeight) return false;
      const points = [
        [box.left + 4, box.top + 2],
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 4, box.bottom - 2],
      ] as const;
      return points.every(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (element.contains(hit) || hit.contains(element));
      });
    });

  /** Opens the first demo sheet, changes one field of its Base tab, and saves from the Ratings tab. */
  async function saveFromRatings(field: string, value: string): Promise<void> {
    await page.goto(url('/reading-sheet/1'));
    const input = page.locator(`#root_${field}`);
    await input.waitFor();
    await input.fill(value);
    await page.getByRole('tab', { name: 'Ratings' }).click();
    await clearToasts(page);
    await page.getByRole('button', { name: 'SAVE THE SHEET', exact: true }).click();
  }

  for (const width of [1440, 1024]) {
    it(`brings the first refused field and its message clear of the sticky 'Editing language' bar, and says it in a toast (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      for (const [field, value, message] of [
        ['original_title', '', 'The original title field is required.'],
        ['nb_pages', '-5', 'The number of pages must be at least 0.'],
      ] as const) {
        await saveFromRatings(field, value);
        const input = page.locator(`#root_${field}`);
        const error = page.locator(`#root_${field}__error`);
        await error.waitFor();
        expect(await toast(page, 'Error'), field).toBe(message);
        await expect.poll(() => inSight(input), { message: `${field} at ${width}` }).toBe(true);
        expect(await inSight(error), `${field}'s message at ${width}`).toBe(true);
        expect(await error.textContent()).toBe(message);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(`root_${field}`);
        // Below the bar, not merely at the top of the window.
        const bar = await page.locator('.sheet-toolbar').boundingBox();
        expect((await input.boundingBox())!.y).toBeGreaterThan(bar!.y + bar!.height);
        await page.screenshot({ path: `test-results/refused-save-${field}-${width}.png` });
      }
      if (width === 1024) expect(await axeProblems(page, 'main')).toEqual([]);
    });
  }

  it('says how many more fields need correcting, and every form says its refusal in a toast', async () => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(url('/reading-sheet/1'));
    await page.locator('#root_original_title').fill('');
    await page.locator('#root_nb_pages').fill('-5');
    await clearToasts(page);
    await page.getByRole('button', { name: 'SAVE THE SHEET', exact: true }).click();
    expect(await toast(page, 'Error')).toBe('The original title field is required. One more field needs correcting.');

    // A form of the engine without sticky bar: the genre's.
    await page.goto(url('/genre'));
    await page.locator('#root_names_en').waitFor();
    await clearToasts(page);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const error = page.locator('#root_names_en__error, #root_names__error').first();
    await error.waitFor();
    expect(await toast(page, 'Error')).toBe(await error.textContent());
    await expect.poll(() => inSight(error)).toBe(true);
  });
});
