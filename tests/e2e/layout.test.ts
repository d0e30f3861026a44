import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../../scripts/harness/browser.js';
import { openDemoSession, type DemoSession } from '../helpers/demoSession.js';

/**
 * The layout at common window sizes: usable from 1024×700 up, readable at 800 px (tabs and the
 * menu scroll, dialogs scroll their body and keep their buttons, buttons keep their words on one line).
 */
describe.skipIf(!chromiumPath)('the layout at common sizes, in Chromium', () => {
  let session: DemoSession;
  let page: Page;
  let sheetId = 0;
  const url = (path: string) => session.url(path);
  const shot = (name: string) => page.screenshot({ path: `test-results/layout-${name}.png` });

  beforeAll(async () => {
    session = await openDemoSession();
    page = session.page;
    sheetId = ((await (await page.request.get(url('/api/admin/books?perPage=1'))).json()) as { data: { id: number }[] }).data[0]!.id;
  });
  afterAll(async () => session?.close());

  /** Each of these buttons shows its words on one line. */
  async function expectOneLine(names: string[]): Promise<void> {
    for (const name of names) {
      const label = page.getByRole('button', { name, exact: true }).locator('.p-button-label');
      // One client rectangle per line box the words take.
      const lines = await label.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, name).toBeLessThanOrEqual(1);
    }
  }

  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    it(`shows the reading sheets' first row close under the title at ${width}×${height}, the other filters one click away`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(url('/reading-sheets'));
      await page.locator('.p-datatable-tbody > tr').first().waitFor();
      const title = (await page.getByRole('heading', { name: 'READING SHEETS LIST' }).boundingBox())!;
      const table = (await page.locator('.p-datatable').boundingBox())!;
      // One row of filters between the title and the table (it took 260 px at 1440 and 420 px at 1024).
      expect(table.y - (title.y + title.height)).toBeLessThan(100);
      const bar = page.locator('.filter-bar');
      const tops = await bar.locator(':scope > *').evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${tops}`).toBe(1);
      await shot(`list-${width}`);
    });
  }

  it('fits the editor at 1024×768: its save buttons on one row, its tabs on one with an arrow to the hidden ones', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(url(`/reading-sheet/${sheetId}`));
    const tabs = page.locator('.form-tabs [role="tab"]');
    await tabs.first().waitFor();
    const buttonTops = await page
      .locator('.reading-sheet-page .form-actions > .p-button')
      .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(buttonTops).toHaveLength(3);
    expect(new Set(buttonTops).size).toBe(1);
    const tabTops = await tabs.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(new Set(tabTops).size).toBe(1);
    // The arrow shows the tabs past the edge, and goes once they are all in view.
    const content = page.locator('.form-tabs .p-tabview-nav-content');
    const scrolled = () => content.evaluate((element) => element.scrollLeft);
    expect(await page.locator('.form-tabs .p-tabview-nav-prev').count()).toBe(0);
    /** The bar's scroll once its smooth scrolling has stopped. */
    const settled = async () => {
      for (let last = -1; ; await page.waitForTimeout(150)) {
        const now = await scrolled();
        if (now === last) return now;
        last = now;
      }
    };
    const next = page.locator('.form-tabs .p-tabview-nav-next');
    const positions = [await scrolled()];
    // The arrow can leave while a click is on its way (the end reached): a short wait, not a failure.
    for (let click = 0; click < 6 && (await next.count()); click++) {
      await next.click({ timeout: 2000 }).catch(() => undefined);
      positions.push(await settled());
    }
    expect(positions[1]).toBeGreaterThan(positions[0]!);
    await expect.poll(() => next.count()).toBe(0);
    expect(await content.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1)).toBe(true);
    expect(await page.locator('.form-tabs .p-tabview-nav-prev').count()).toBe(1);
    await shot('editor-1024');
  });

  it('keeps the editor usable at 800×900: its tabs on one scrolling row, its save buttons on one line each', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(url(`/reading-sheet/${sheetId}`));
    const tabs = page.locator('.form-tabs [role="tab"]');
    await tabs.first().waitFor();
    const tops = await tabs.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const content = page.locator('.form-tabs .p-tabview-nav-content');
    expect(await content.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    // The last tab, reached with the keyboard, scrolls into the bar's view.
    await tabs.first().focus();
    await page.keyboard.press('End');
    await expect.poll(() => tabs.last().getAttribute('aria-selected')).toBe('true');
    const bar = (await content.boundingBox())!;
    await expect
      .poll(async () => {
        const last = (await tabs.last().boundingBox())!;
        return last.x + last.width <= bar.x + bar.width + 1;
      })
      .toBe(true);
    await expectOneLine(['SAVE WITH NOTIFICATION', 'SAVE THE SHEET', 'Back to the reading sheets']);
    await shot('editor-800');
  });

  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
    [800, 900],
  ] as const) {
    it(`keeps the 'Create a company' dialog's buttons in view at ${width}×${height}, its body scrolling`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(url(`/reading-sheet/${sheetId}`));
      await page.getByRole('button', { name: 'Create a new company' }).click();
      const dialog = page.locator('.create-record-dialog');
      const submit = dialog.getByRole('button', { name: 'Create and select' });
      await submit.waitFor();
      const box = (await submit.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      const body = dialog.locator('.p-dialog-content');
      expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      // Scrolled to its last field, the buttons are still there.
      await dialog.locator('textarea').last().scrollIntoViewIfNeeded();
      const after = (await submit.boundingBox())!;
      expect(after.y + after.height).toBeLessThanOrEqual(height);
      await shot(`dialog-${width}x${height}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  }

  for (const width of [1440, 1024] as const) {
    it(`shows each filter's whole name at ${width} px on the requests and users lists (no 'Request st…', 'Subscripti…')`, async () => {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, names] of [
        ['/requests', ['Request status', 'Request type']],
        ['/users', ['Validation', 'Subscription state', 'Plan']],
      ] as const) {
        await page.goto(url(path));
        await page.locator('.p-datatable-tbody > tr').first().waitFor();
        const labels = page.locator('.filter-bar .p-dropdown-label, .filter-bar .p-multiselect-label');
        await expect.poll(() => labels.allTextContents()).toEqual(names);
        for (const sizes of await labels.evaluateAll((elements) =>
          elements.map((element) => [element.textContent, element.scrollWidth, element.clientWidth] as const),
        )) {
          expect(sizes[1], `${path}: ${sizes[0]}`).toBeLessThanOrEqual(sizes[2]);
        }
        await shot(`filters${path.replace('/', '-')}-${width}`);
      }
    });
  }

  it("shows a toast under the header, never over its public-site button nor the page's buttons, at 1440 and 1024 px", async () => {
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url('/genres'));
      const first = page.locator('.p-datatable-tbody > tr').first();
      await first.waitFor();
      // The deletion cancelled: 'Cancel' / 'Deletion cancelled', shown for 8 seconds (SPEC §8).
      await first.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'No, Thanks' }).click();
      const message = page.locator('.p-toast-message');
      await message.waitFor();
      // Once it has slid in.
      await page.waitForFunction(
        () =>
          document
            .querySelector('.p-toast-message')
            ?.getAnimations()
            .every((animation) => animation.playState === 'finished') ?? false,
      );
      const toastBox = (await message.boundingBox())!;
      const header = (await page.locator('.header').boundingBox())!;
      const publicSite = (await page.getByRole('button', { name: 'Open the public site' }).boundingBox())!;
      expect(toastBox.y, `${width}`).toBeGreaterThanOrEqual(header.y + header.height);
      type Box = { x: number; y: number; width: number; height: number };
      const overlaps = (box: Box) =>
        toastBox.x < box.x + box.width && box.x < toastBox.x + toastBox.width && toastBox.y < box.y + box.height && box.y < toastBox.y + toastBox.height;
      expect(overlaps(publicSite), `${width}`).toBe(false);
      // Nor over the page's own buttons, at the right of its title row.
      expect(overlaps((await page.getByRole('button', { name: 'Create' }).boundingBox())!), `${width}`).toBe(false);
      // The button stays what a click there reaches.
      expect(
        await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.header')), {
          x: publicSite.x + publicSite.width / 2,
          y: publicSite.y + publicSite.height / 2,
        }),
      ).toBe(true);
      await shot(`toast-${width}`);
      for (const close of await page.locator('.p-toast-icon-close').all()) await close.click({ timeout: 1000 }).catch(() => undefined);
      await message.first().waitFor({ state: 'detached' });
    }
  });

  it('scrolls the menu to Logout at 1024×700', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(url('/reading-sheets'));
    const sidebar = page.locator('.sidebar');
    expect(await sidebar.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.scrollIntoViewIfNeeded();
    const box = (await logout.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    await shot('menu-1024x700');
  });
});
