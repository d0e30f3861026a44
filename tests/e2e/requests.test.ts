import { and, asc, eq, sql } from 'drizzle-orm';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, demands } from '../../server/db/schema/index.js';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { insertUser } from '../helpers/subscribers.js';

/** Request statuses and types as the reference seeders write them (server/db/seed/reference/). */
const STATUS = { pending: 1, inProgress: 2, completed: 3, refused: 4 } as const;

describe.skipIf(!chromiumPath)('the requests screens in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const stamp = Date.now();
  const user = { id: 0, name: 'Ann Requester', email: `ann.requests.${stamp}@subscribers.test` };
  const sheet = { id: 0, title: '' };
  const other = { id: 0, title: '' };
  /** The requests of the test user on the sheet, by what each test does with it. */
  const request = { toProgress: 0, toRefused: 0, stale: 0 };
  const url = (path: string) => `${server.url}${path}`;
  const db = () => server.database.db;

  const confirmText = `Are you sure, you want to update this request from ${user.name} ${user.email}`;
  const row = (scope: Locator, id: number) =>
    scope.locator('.p-datatable-tbody tr', { has: page.locator('td:not(.row-choice)', { hasText: new RegExp(`^${id}$`) }) });
  const shownStatus = (rowLocator: Locator) => rowLocator.locator('.request-status-select .p-dropdown-label').textContent();
  const sheetTable = () => page.locator('.sheet-requests');
  const stored = async (id: number) =>
    (
      await db().select({ status: demands.demandStatusId, commentary: demands.commentary, end: demands.demandEndDate }).from(demands).where(eq(demands.id, id))
    )[0]!;

  async function chooseStatus(rowLocator: Locator, name: string): Promise<void> {
    const panel = page.locator('.p-dropdown-panel');
    await panel.waitFor({ state: 'detached' });
    await rowLocator.locator('.request-status-select').click();
    await panel.waitFor();
    await panel.locator('li.p-dropdown-item', { hasText: name }).first().click();
    await panel.waitFor({ state: 'detached' });
  }

  /** Picks a choice of a form select (RJSF id), typing `search` in its filter when it has one. */
  async function pick(id: string, text: string, search = text): Promise<void> {
    const panel = page.locator('.p-dropdown-panel');
    await panel.waitFor({ state: 'detached' });
    await page.locator('.p-dropdown', { has: page.locator(`#${id}`) }).click();
    await panel.waitFor();
    const filter = panel.locator('.p-dropdown-filter');
    if (await filter.count()) await filter.fill(search);
    await panel.locator('li.p-dropdown-item', { hasText: text }).first().click();
    await panel.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    server = await startE2eServer();
    await seedDemoData(db());
    user.id = await insertUser(db(), { name: user.name, firstname: 'Ann', lastname: 'Requester', email: user.email, company: 'Films', isAccepted: true });
    const [first, second] = await db().select({ id: books.id, title: books.originalTitle }).from(books).orderBy(asc(books.id)).limit(2);
    Object.assign(sheet, first);
    Object.assign(other, second);
    // The sheet's table shows this test's requests only.
    await db().delete(demands).where(eq(demands.bookId, sheet.id));
    const inserted = await db()
      .insert(demands)
      .values(
        [STATUS.pending, STATUS.pending, STATUS.pending].map((status, index) => ({
          userId: user.id,
          bookId: sheet.id,
          demandDate: `2026-10-0${index + 1}`,
          demandTypeId: 1,
          demandStatusId: status,
        })),
      )
      .returning({ id: demands.id });
    [request.toProgress, request.toRefused, request.stale] = inserted.map((r) => r.id) as [number, number, number];
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("changes a status on the reading sheet's table after the confirmation naming the user, and saves it at once", async () => {
    await page.goto(url(`/reading-sheet/${sheet.id}`));
    const target = row(sheetTable(), request.toProgress);
    await target.waitFor();
    // The e-mail under the user (the sheet's table is narrower than 1300 px), the sheet's link beside them.
    const cells = target.locator('td:not(.row-choice)');
    expect(await cells.nth(1).locator('.list-stack-part').allTextContents()).toEqual([`${user.name} (Films)`, user.email]);
    expect(await cells.nth(2).locator('a').getAttribute('href')).toBe(`/reading-sheet/${sheet.id}`);
    expect(await shownStatus(target)).toBe('Pending');

    // No keeps the status.
    await chooseStatus(target, 'In progress');
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    expect((await confirm.locator('.p-confirm-dialog-message').textContent())?.trim()).toBe(confirmText);
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => shownStatus(target)).toBe('Pending');
    expect((await stored(request.toProgress)).status).toBe(STATUS.pending);

    await chooseStatus(target, 'In progress');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect(await toast(page, 'Success')).toBe('Updated successfully');
    await expect.poll(async () => (await stored(request.toProgress)).status).toBe(STATUS.inProgress);
    await expect.poll(() => shownStatus(target)).toBe('In progress');
    // Still on the sheet: the status select is not a row click.
    expect(new URL(page.url()).pathname).toBe(`/reading-sheet/${sheet.id}`);
    await clearToasts(page);
  });

  it("asks the commentary in 'Update Request' for status 4 (Refused) and saves it on Confirm", async () => {
    await page.goto(url(`/reading-sheet/${sheet.id}`));
    const target = row(sheetTable(), request.toRefused);
    await target.waitFor();
    await chooseStatus(target, 'Refused');
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    expect((await confirm.locator('.p-confirm-dialog-message').textContent())?.trim()).toBe(confirmText);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Request' });
    await dialog.waitFor();
    const commentary = dialog.getByLabel('Commentary');
    expect(await commentary.getAttribute('rows')).toBe('4');
    expect(await axeProblems(page, '.update-request-dialog')).toEqual([]);
    // Empty: refused in place, nothing sent.
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Write a commentary: this status needs one.');
    expect((await stored(request.toRefused)).status).toBe(STATUS.pending);
    await commentary.fill('Rights already optioned.');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect(await toast(page, 'Success')).toBe('Updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => stored(request.toRefused)).toMatchObject({ status: STATUS.refused, commentary: 'Rights already optioned.' });
    await expect.poll(() => shownStatus(target)).toBe('Refused');
    await clearToasts(page);
  });

  it("says 'Request update Failed' and shows the old status again when the change fails (changed by someone else)", async () => {
    await page.goto(url(`/reading-sheet/${sheet.id}`));
    const target = row(sheetTable(), request.stale);
    await target.waitFor();
    // Someone else saves the request after the page read it: its version moves on.
    await db().execute(sql`update demands set version = version + 1 where id = ${request.stale}`);
    await chooseStatus(target, 'Completed');
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    expect(await toast(page, 'Failed')).toBe('Request update Failed');
    await expect.poll(() => shownStatus(target)).toBe('Pending');
    expect((await stored(request.stale)).status).toBe(STATUS.pending);
    await clearToasts(page);
  });

  it('creates a request on its screen and goes back to the list', async () => {
    await page.goto(url('/requests'));
    await page.getByRole('heading', { name: 'Requests' }).waitFor();
    expect(await page.locator('nav').getByRole('link', { name: 'Requests' }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(url('/request'));
    // No sheet chosen: no link to it.
    expect(await page.getByRole('link', { name: 'Go to reading sheet' }).count()).toBe(0);
    await pick('root_book_id', other.title, other.title.slice(0, 12));
    await expect.poll(() => page.getByRole('link', { name: 'Go to reading sheet' }).getAttribute('href')).toBe(`/reading-sheet/${other.id}`);
    await page.locator('#root_demand_date').fill('2026-11-20');
    await pick('root_user_id', user.name, 'Requester');
    await page.locator('#root_demand_end_date').fill('2026-12-20');
    await pick('root_demand_type_id', 'Reading copy');
    await pick('root_demand_status_id', 'Pending');
    expect(await page.locator('#root_commentary').getAttribute('rows')).toBe('3');
    await page.locator('#root_commentary').fill('Asked at the book fair.');
    expect(await axeProblems(page, '.page')).toEqual([]);
    await page.getByRole('button', { name: 'Create Request' }).click();
    await page.waitForURL(url('/requests'));
    expect(await toast(page, 'Success')).toBe('Added successfully to the database');
    const [created] = await db().select().from(demands).where(eq(demands.commentary, 'Asked at the book fair.'));
    expect(created).toMatchObject({
      userId: user.id,
      bookId: other.id,
      demandDate: '2026-11-20',
      demandEndDate: '2026-12-20',
      demandTypeId: 2,
      demandStatusId: STATUS.pending,
    });
    await clearToasts(page);
  });

  it("edits a request: the saved values shown, a server refusal under its field, 'Save Request' back to the list", async () => {
    const [created] = await db().select({ id: demands.id }).from(demands).where(eq(demands.commentary, 'Asked at the book fair.'));
    await page.goto(url(`/request/${created!.id}`));
    await page.getByRole('link', { name: 'Go to reading sheet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to reading sheet' }).getAttribute('href')).toBe(`/reading-sheet/${other.id}`);
    // The pickers show the saved sheet and user, even when they are not on their first page.
    await expect
      .poll(() =>
        page
          .locator('.p-dropdown', { has: page.locator('#root_book_id') })
          .locator('.p-dropdown-label')
          .textContent(),
      )
      .toBe(other.title);
    await expect
      .poll(() =>
        page
          .locator('.p-dropdown', { has: page.locator('#root_user_id') })
          .locator('.p-dropdown-label')
          .textContent(),
      )
      .toBe(user.name);
    expect(await page.locator('#root_demand_date').inputValue()).toBe('2026-11-20');

    // Refused without a commentary: the server's refusal shows under the commentary, nothing is saved.
    await pick('root_demand_status_id', 'Refused');
    await page.locator('#root_commentary').fill('');
    await page.getByRole('button', { name: 'Save Request' }).click();
    await page
      .locator('.form-row', { has: page.locator('#root_commentary') })
      .locator('.field-error')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/request/${created!.id}`);
    expect((await stored(created!.id)).status).toBe(STATUS.pending);
    await clearToasts(page);

    await page.locator('#root_commentary').fill('Refused by the agent.');
    await page.locator('#root_demand_end_date').fill('2027-01-15');
    await page.getByRole('button', { name: 'Save Request' }).click();
    await page.waitForURL(url('/requests'));
    expect(await toast(page, 'Success')).toBe('Updated successfully');
    expect(await stored(created!.id)).toMatchObject({ status: STATUS.refused, commentary: 'Refused by the agent.', end: '2027-01-15' });
    await clearToasts(page);
  });

  it("lists the user's requests on the user screen's Requests tab, with the same table", async () => {
    await page.goto(url(`/user/${user.id}`));
    await page.getByRole('tab', { name: 'Requests' }).click();
    const table = page.locator('.screen-list-field');
    await row(table, request.toRefused).waitFor();
    expect(await table.locator('.p-datatable-tbody tr').count()).toBe(4);
    expect(await shownStatus(row(table, request.toRefused))).toBe('Refused');
    expect(await axeProblems(page, '.screen-list-field')).toEqual([]);
  });

  it("deletes a request from the user's tab with the standard dialog: 'No, Thanks' keeps it, OK deletes it", async () => {
    await page.goto(url(`/user/${user.id}`));
    await page.getByRole('tab', { name: 'Requests' }).click();
    const table = page.locator('.screen-list-field');
    const target = row(table, request.stale);
    await target.waitFor();
    // The table sits inside the user's form: its buttons must not submit (save) that form.
    const writes: string[] = [];
    const onRequest = (sent: Request) => {
      if (sent.method() !== 'GET') writes.push(`${sent.method()} ${new URL(sent.url()).pathname}`);
    };
    page.on('request', onRequest);
    await target.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    expect((await confirm.locator('.p-confirm-dialog-message').textContent())?.trim()).toBe('Are you sure to delete this?');
    await confirm.getByRole('button', { name: 'No, Thanks' }).click();
    expect(await toast(page, 'Cancel')).toBe('Deletion cancelled');
    // The first dialog gone before the second opens: its closing copy must not take the click.
    await confirm.waitFor({ state: 'detached' });
    await clearToasts(page);
    await target.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    expect(await toast(page, 'Success')).toBe('Deletion succeed');
    await target.waitFor({ state: 'detached' });
    expect(await db().select({ id: demands.id }).from(demands).where(eq(demands.id, request.stale))).toEqual([]);
    page.off('request', onRequest);
    expect(writes).toEqual([`DELETE /api/admin/demands/${request.stale}`]);
    await clearToasts(page);
  });

  it("finds requests from the header's search box (SPEC §2) by the user's or the sheet's words", async () => {
    await page.goto(url('/requests'));
    const rows = page.locator('.page .p-datatable-tbody tr');
    await rows.first().locator('.request-status-select').waitFor();
    const search = page.locator('.header').getByRole('searchbox', { name: 'Find a request by user or reading sheet...' });
    // The user: the second column after the rows' checkboxes, the e-mail under it.
    const usersShown = () => rows.locator('td:nth-child(3) .list-stack-part:first-child').allTextContents();
    const count = async (where: ReturnType<typeof eq>) => (await db().select({ id: demands.id }).from(demands).where(where)).length;

    await search.fill('requester ann');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('requester ann');
    const hers = await count(eq(demands.userId, user.id));
    await expect.poll(usersShown).toEqual(Array(hers).fill(`${user.name} (Films)`));

    // A word of the user and a word of a sheet's title: her requests on that sheet only.
    const titleWord = other.title
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length > 3 && !sheet.title.toLowerCase().includes(word.toLowerCase()))
      .sort((a, b) => b.length - a.length)[0]!;
    await search.fill(`requester ${titleWord}`);
    const onOther = await count(and(eq(demands.userId, user.id), eq(demands.bookId, other.id))!);
    expect(onOther).toBeGreaterThan(0);
    await expect
      .poll(() => rows.locator('td:nth-child(4) a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      .toEqual(Array(onOther).fill(`/reading-sheet/${other.id}`));

    await search.fill('no such request anywhere');
    await expect.poll(() => page.locator('.page .p-datatable-emptymessage').textContent()).toBe('No data');
    await search.fill('');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();
  });

  /**
   * Every e-mail of the table reads whole: it breaks, if at all, only at its `@`, never inside a
   * word; a part wider than its room ends in an ellipsis, the whole address shown on hover.
   */
  async function expectEmailsWhole(scope: Locator, name: string): Promise<void> {
    const emails = await scope.locator('.p-datatable-tbody .cell-email').evaluateAll((cells) =>
      cells.map((cell) => ({
        title: cell.getAttribute('title'),
        text: cell.textContent,
        // Each part on one line of its own: one box, as high as one line.
        parts: [...cell.querySelectorAll('.cell-email-part')].map((part) => ({
          text: part.textContent,
          boxes: part.getClientRects().length,
          oneLine: part.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(part).fontSize),
        })),
      })),
    );
    expect(emails.length, name).toBeGreaterThan(0);
    for (const email of emails) {
      expect(email.title, name).toBe(email.text);
      expect(email.parts.map((part) => part.text).join(''), name).toBe(email.text);
      expect(
        email.parts.slice(1).every((part) => part.text!.startsWith('@')),
        name,
      ).toBe(true);
      expect(
        email.parts.every((part) => part.boxes === 1 && part.oneLine),
        `${name}: ${email.text}`,
      ).toBe(true);
    }
  }

  it('keeps the requests table readable at 1440 px: the e-mail whole under the user, every other column on its own, axe clean', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      // A user whose address is long: its part before the @ alone is wider than the room (ellipsis, whole on hover).
      const long = { name: 'Maximiliana Long', email: `maximiliana.bartholomew-featherstonehaugh.${stamp}@subscribers-of-the-long-name.test` };
      const longId = await insertUser(db(), {
        name: long.name,
        firstname: 'Maximiliana',
        lastname: 'Long',
        email: long.email,
        company: 'Very Long Company Name International',
        isAccepted: true,
      });
      await db().insert(demands).values({ userId: longId, bookId: other.id, demandDate: '2099-01-01', demandTypeId: 1, demandStatusId: STATUS.pending });
      await page.goto(url('/requests'));
      await page.locator('.page .p-datatable-tbody tr .request-status-select').first().waitFor();
      await expect
        .poll(() => page.locator('.page .p-datatable-thead th:not(.row-choice)').allTextContents())
        .toEqual(['Id', 'User, E-mail', 'Reading sheet', 'Date', 'End date', 'Type', 'Status', 'Actions']);
      await expectEmailsWhole(page.locator('.page'), '/requests at 1440');
      const longCell = page.locator('.page .cell-email', { hasText: 'maximiliana' });
      expect(await longCell.getAttribute('title')).toBe(long.email);
      // Its first part is cut with an ellipsis (wider than its room), its text still whole for a screen reader.
      expect(
        await longCell
          .locator('.cell-email-part')
          .first()
          .evaluate((part) => part.scrollWidth > part.clientWidth && getComputedStyle(part).textOverflow),
      ).toBe('ellipsis');
      expect(await longCell.textContent()).toBe(long.email);
      // No column is pushed past the frame.
      expect(await page.locator('.page .p-datatable-table').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(
        await page.locator('.page .p-datatable-wrapper').evaluate((element) => element.clientWidth),
      );
      expect(await axeProblems(page, '.page')).toEqual([]);
      await page.screenshot({ path: 'test-results/requests-1440.png', fullPage: true });
      await db().delete(demands).where(eq(demands.userId, longId));
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });

  describe('at 1024 px, every row keeps its status select and its Edit and Delete buttons in view', () => {
    /** The first row's status select and row buttons lie inside the window, and the table inside its frame. */
    async function expectRowControlsInView(scope: Locator, name: string): Promise<void> {
      const first = scope.locator('.p-datatable-tbody tr').first();
      await first.locator('.request-status-select').waitFor();
      const table = scope.locator('.p-datatable-table');
      const frame = scope.locator('.p-datatable-wrapper');
      expect(await table.evaluate((element) => element.scrollWidth), name).toBeLessThanOrEqual(await frame.evaluate((element) => element.clientWidth));
      for (const control of [
        first.locator('.request-status-select'),
        first.getByRole('button', { name: 'Edit' }),
        first.getByRole('button', { name: 'Delete' }),
      ]) {
        await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        const box = (await control.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(1024);
        // Not covered by another column: the control itself is what a click at its centre reaches.
        expect(
          await control.evaluate((element) => {
            const rect = element.getBoundingClientRect();
            const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
            return Boolean(hit && element.contains(hit));
          }),
          name,
        ).toBe(true);
      }
      // The e-mail and the sheet show under the user, the end date and the type under the date: no value lost.
      expect(await scope.locator('.p-datatable-thead th:not(.row-choice)').allTextContents(), name).toEqual([
        'Id',
        'User, E-mail, Reading sheet',
        'Date, End date, Type',
        'Status',
        'Actions',
      ]);
      await expectEmailsWhole(scope, name);
    }

    it("on /requests, on the user screen's Requests tab and on the reading sheet's table, axe clean", async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      try {
        await page.goto(url('/requests'));
        await expectRowControlsInView(page.locator('.page'), '/requests');
        const first = page.locator('.page .p-datatable-tbody tr').first();
        expect(await first.locator('td:not(.row-choice)').nth(1).locator('.list-stack-part').allTextContents()).toEqual([
          expect.not.stringContaining('@'),
          expect.stringContaining('@'),
          expect.stringMatching(/\S/),
        ]);
        expect(await first.locator('td:not(.row-choice)').nth(1).locator('.list-stack-part a').count()).toBe(1);
        expect(await axeProblems(page, '.page')).toEqual([]);
        await page.screenshot({ path: 'test-results/requests-1024.png' });

        await page.goto(url(`/user/${user.id}`));
        await page.getByRole('tab', { name: 'Requests' }).click();
        await expectRowControlsInView(page.locator('.screen-list-field'), "the user's Requests tab");
        expect(await axeProblems(page, '.screen-list-field')).toEqual([]);
        await page.screenshot({ path: 'test-results/user-requests-1024.png' });

        await page.goto(url(`/reading-sheet/${sheet.id}`));
        await expectRowControlsInView(sheetTable(), 'the reading sheet');
        expect(await axeProblems(page, '.sheet-requests')).toEqual([]);
        await page.screenshot({ path: 'test-results/sheet-requests-1024.png' });

        // On a wide screen each column shows on its own, as declared.
        await page.setViewportSize({ width: 1920, height: 1000 });
        await page.goto(url('/requests'));
        await page.locator('.page .p-datatable-tbody tr .request-status-select').first().waitFor();
        await expect
          .poll(() => page.locator('.page .p-datatable-thead th:not(.row-choice)').allTextContents())
          .toEqual(['Id', 'User', 'E-mail', 'Reading sheet', 'Date', 'End date', 'Type', 'Status', 'Actions']);
        await expectEmailsWhole(page.locator('.page'), '/requests at 1920');
      } finally {
        await page.setViewportSize({ width: 1366, height: 900 });
      }
    });
  });

  it('filters the requests list by status, and passes axe', async () => {
    await page.goto(url('/requests?status=4'));
    await page.locator('.p-datatable-tbody tr .request-status-select').first().waitFor();
    const labels = await page.locator('.p-datatable-tbody tr .request-status-select .p-dropdown-label').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set(['Refused']));
    expect(await axeProblems(page, '.page')).toEqual([]);
  });
});
