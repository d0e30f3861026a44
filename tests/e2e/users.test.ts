import { asc, desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditMovements, subscriptions, users } from '../../server/db/schema/index.js';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { SHOWCASE } from '../../server/db/seed/demo/subscribers.js';
import { axeProblems } from '../helpers/axe.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { startStripeServer, type TestStripe } from '../helpers/stripeServer.js';

describe.skipIf(!chromiumPath)('the user screen in Chromium', () => {
  let server: E2eServer;
  let stripe: TestStripe;
  let browser: Browser;
  let page: Page;
  /** The demo's showcase subscribers, by what they show (server/db/seed/demo/subscribers.ts). */
  const showcase: Record<'noneValidated' | 'unvalidated' | 'activeTied' | 'activeNotTied' | 'canceled' | 'ended', number> = {} as never;
  const url = (path: string) => `${server.url}${path}`;
  const panel = () => page.locator('.subscription-panel');
  const dialog = () => page.locator('.p-dialog');

  beforeAll(async () => {
    stripe = await startStripeServer();
    server = await startE2eServer(stripe.env);
    await seedDemoData(server.database.db);
    const first = await server.database.db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(SHOWCASE.length);
    const names = ['noneValidated', 'unvalidated', 'activeTied', 'activeNotTied', 'canceled', 'ended'] as const;
    names.forEach((name, index) => (showcase[name] = first[index]!.id));
    const [tied] = await server.database.db
      .select({ id: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, showcase.activeTied));
    stripe.subscriptions.set(tied!.id!, 'active');
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stripe?.close();
  });

  async function openUser(id: number): Promise<void> {
    await page.goto(url(`/user/${id}`));
    await page.getByRole('tab', { name: "User's information" }).waitFor();
    await panel().waitFor();
  }

  it('shows the three subscription alerts on the demo users with none, a canceled and an ended subscription, and none when active', async () => {
    await openUser(showcase.noneValidated);
    expect(await panel().locator('.subscription-alert').textContent()).toBe('No subscription yet');
    expect(await panel().locator('.subscription-alert').getAttribute('class')).toContain('p-inline-message-info');
    await openUser(showcase.canceled);
    expect(await panel().locator('.subscription-alert').textContent()).toBe('User subscription is canceled');
    expect(await panel().locator('.subscription-alert').getAttribute('class')).toContain('p-inline-message-warn');
    await openUser(showcase.ended);
    expect(await panel().locator('.subscription-alert').textContent()).toBe('User subscription is no longer valid');
    expect(await panel().locator('.subscription-alert').getAttribute('class')).toContain('p-inline-message-error');
    await openUser(showcase.activeTied);
    expect(await panel().locator('.subscription-alert').count()).toBe(0);
    // The plan's amount in EUR from cents (premium: 24900).
    expect(await panel().textContent()).toMatch(/249[.,]00/);
  });

  it("lists users with their plan's name written in full, a dash without a subscription, and filters them by state", async () => {
    await page.goto(url('/users'));
    const row = (id: number) => page.locator('.p-datatable-tbody tr', { has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${id}$`) }) });
    await row(showcase.activeTied).waitFor();
    // After the row's checkbox: id, name, company, plan.
    expect(await row(showcase.activeTied).locator('td').nth(4).textContent()).toBe('Premium');
    expect(await row(showcase.noneValidated).locator('td').nth(4).textContent()).toBe('-');
    await page.goto(url('/users?subscription_state[]=ended'));
    await expect.poll(() => row(showcase.canceled).count()).toBe(0);
    await row(showcase.ended).waitFor();
    expect(await page.locator('.p-datatable-tbody tr').count()).toBeGreaterThan(0);
  });

  it('offers the actions each state allows', async () => {
    const buttons = async () => (await panel().locator('.subscription-actions button').allTextContents()).map((text) => text.trim());
    await openUser(showcase.noneValidated);
    expect(await buttons()).toEqual(['Add subscription']);
    await openUser(showcase.canceled);
    expect(await buttons()).toEqual(['Add subscription', 'Manage credits']);
    await openUser(showcase.ended);
    expect(await buttons()).toEqual(['Manage credits']);
    await openUser(showcase.activeNotTied);
    expect(await buttons()).toEqual(['Manage credits', 'Cancel subscription']);
    await openUser(showcase.activeTied);
    expect(await buttons()).toEqual(['Manage credits', 'Change plan', 'Cancel subscription']);
    await panel().getByRole('button', { name: 'Change plan' }).click();
    expect(await dialog().textContent()).toContain("change its plan on the provider's dashboard");
    await dialog().getByRole('button', { name: 'OK' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('validates and invalidates a user at once, with the notices of SPEC §4', async () => {
    await openUser(showcase.unvalidated);
    const state = page.locator('.action-switch-state');
    expect(await state.textContent()).toBe('Unvalidated');
    await page.getByRole('switch', { name: 'Validation' }).click();
    expect(await toast(page, 'Success')).toBe('User validation succeed');
    await expect.poll(() => state.textContent()).toBe('Validated');
    const [validated] = await server.database.db.select({ isAccepted: users.isAccepted }).from(users).where(eq(users.id, showcase.unvalidated));
    expect(validated!.isAccepted).toBe(true);
    await clearToasts(page);
    await page.getByRole('switch', { name: 'Validation' }).click();
    expect(await toast(page, 'Success')).toBe('User invalidation succeed');
    await expect.poll(() => state.textContent()).toBe('Unvalidated');
    const [invalidated] = await server.database.db.select({ isAccepted: users.isAccepted }).from(users).where(eq(users.id, showcase.unvalidated));
    expect(invalidated!.isAccepted).toBe(false);
    // Not an unsaved change: leaving asks nothing.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.waitForURL(url('/users'));
    await clearToasts(page);
  });

  it('adds a subscription: the plan fills the credits and the end date, a refusal shows under its field, the panel follows', async () => {
    const id = showcase.noneValidated;
    await openUser(id);
    const balanceBefore = Number(await panel().getByTestId('credit-balance').textContent());
    await panel().getByRole('button', { name: 'Add subscription' }).click();
    // Sent empty: each field says what it needs, in the dialog's words.
    await dialog().getByRole('button', { name: 'Add the subscription' }).click();
    await expect
      .poll(() => dialog().locator('.field-error').allTextContents())
      .toEqual(['Choose a plan', 'Give an end date', 'Credits must be a whole number']);
    expect(await toast(page, 'Error')).toBe('Choose a plan');
    await clearToasts(page);
    await dialog().locator('.p-dropdown').click();
    await page.getByRole('option', { name: /^Premium/ }).click();
    const credits = dialog().getByLabel('Credits');
    expect(await credits.inputValue()).toBe('30');
    const start = await dialog().getByLabel('Start date').inputValue();
    const end = dialog().getByLabel('End date');
    expect(await end.inputValue()).toBe(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`);
    // An end before the start: the server's 422 under the field, the dialog stays.
    await end.fill('2020-01-01');
    await end.press('Tab');
    await dialog().getByRole('button', { name: 'Add the subscription' }).click();
    expect(await dialog().locator('.field-error').textContent()).toBe('The end date must be a date after the start date.');
    await clearToasts(page);
    await end.fill(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`);
    await end.press('Tab');
    await credits.fill('35');
    await dialog().getByRole('button', { name: 'Add the subscription' }).click();
    expect(await toast(page, 'Success')).toBe('Subscription added');
    await dialog().waitFor({ state: 'detached' });
    expect(await panel().locator('.subscription-alert').count()).toBe(0);
    expect(await panel().locator('.subscription-facts').textContent()).toContain('Premium');
    expect(await panel().getByTestId('credit-balance').textContent()).toBe(String(balanceBefore + 35));
    const [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(row!.startDate).toBe(start);
    await clearToasts(page);
  });

  it('sets the credits with whole numbers only and shows who moved the balance in the history', async () => {
    const id = showcase.noneValidated;
    await openUser(id);
    await panel().getByRole('button', { name: 'Manage credits' }).click();
    const input = dialog().getByLabel('New balance');
    const save = dialog().getByRole('button', { name: 'Save the balance' });
    // Typed as staff type it, key by key: 2.5 stays 2.5 (it once became 25), refused under the field in words, and nothing can be saved.
    await input.fill('');
    await input.pressSequentially('2.5');
    expect(await input.inputValue()).toBe('2.5');
    const refusal = dialog().getByRole('alert');
    expect(await refusal.textContent()).toBe('Credits are whole numbers: "2.5" is not one. Type digits only, with no decimal point.');
    expect(await input.getAttribute('aria-describedby')).toContain(await refusal.getAttribute('id'));
    expect(await save.isDisabled()).toBe(true);
    const inputBox = (await input.boundingBox())!;
    expect((await refusal.boundingBox())!.y).toBeGreaterThan(inputBox.y + inputBox.height - 1);
    await input.fill('');
    await input.pressSequentially('80');
    expect(await refusal.count()).toBe(0);
    await save.click();
    expect(await toast(page, 'Success')).toBe('Credits updated');
    await dialog().waitFor({ state: 'detached' });
    expect(await panel().getByTestId('credit-balance').textContent()).toBe('80');
    const [movement] = await server.database.db.select().from(creditMovements).where(eq(creditMovements.userId, id)).orderBy(desc(creditMovements.id)).limit(1);
    expect(movement).toMatchObject({ balance: 80, reason: 'manual' });
    await panel().getByRole('button', { name: 'Manage credits' }).click();
    const first = dialog().locator('.credit-history tbody tr').first();
    await expect
      .poll(() => first.locator('td').allTextContents())
      .toEqual([new Date().toISOString().slice(0, 10), `+${movement!.amount}`, '80', 'Set by staff', 'Staff Member']);
    await dialog().locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await clearToasts(page);
  });

  it('cancels a subscription after confirmation, and the one tied to the card payment provider there too', async () => {
    await openUser(showcase.noneValidated);
    await panel().getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel the subscription' }).click();
    expect(await toast(page, 'Success')).toBe('Subscription canceled');
    await expect.poll(() => panel().locator('.subscription-alert').textContent()).toBe('User subscription is canceled');
    expect(await panel().getByRole('button', { name: 'Add subscription' }).count()).toBe(1);
    await clearToasts(page);

    await openUser(showcase.activeTied);
    const [tied] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, showcase.activeTied));
    await panel().getByRole('button', { name: 'Cancel subscription' }).click();
    expect(await page.locator('.p-confirm-dialog').textContent()).toContain('card payment provider too');
    // 'Keep it' changes nothing.
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(stripe.requests).toHaveLength(0);
    // The provider refuses: its message is shown, ours stays active.
    stripe.refuseNext({ status: 400, type: 'invalid_request_error', message: 'This subscription cannot be canceled right now.' });
    await panel().getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel the subscription' }).click();
    expect(await toast(page, 'Error')).toContain('This subscription cannot be canceled right now.');
    expect(await panel().locator('.subscription-alert').count()).toBe(0);
    const [stillActive] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, showcase.activeTied));
    expect(stillActive!.canceledAt).toBeNull();
    await clearToasts(page);
    stripe.requests.length = 0;
    await panel().getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Cancel the subscription' }).click();
    expect(await toast(page, 'Success')).toBe('Subscription canceled');
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toContain(`DELETE /v1/subscriptions/${tied!.providerSubscriptionId}`);
    await expect.poll(() => panel().locator('.subscription-alert').textContent()).toBe('User subscription is canceled');
    await clearToasts(page);
  });

  it("shows the user's saved searches and libraries, a book opening its reading sheet", async () => {
    await openUser(showcase.activeNotTied);
    await page.getByRole('tab', { name: "User's search" }).click();
    const card = page.locator('.saved-search-card').first();
    await card.waitFor();
    expect(await card.locator('h3').textContent()).not.toBe('');
    expect(await card.locator('dt').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: "User's library" }).click();
    const book = page.locator('.user-library tbody tr').first();
    await book.waitFor();
    const bookId = await book.locator('td').first().textContent();
    await book.click();
    await page.waitForURL(url(`/reading-sheet/${bookId}`));
  });

  it('has no serious accessibility problem on the user screen, its tabs and its dialogs', async () => {
    await openUser(showcase.canceled);
    expect(await axeProblems(page, '.page')).toEqual([]);
    await panel().getByRole('button', { name: 'Manage credits' }).click();
    await dialog().locator('.credit-history tbody tr').first().waitFor();
    await page.locator('.p-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await dialog().locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await panel().getByRole('button', { name: 'Add subscription' }).click();
    await page.locator('.p-dialog.p-dialog-enter-done').waitFor();
    expect(await axeProblems(page, '.p-dialog')).toEqual([]);
    await dialog().locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    for (const tab of ['Reporters', 'Requests', "User's search", "User's library"]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      expect(await axeProblems(page, '.page')).toEqual([]);
    }
    await page.goto(url('/users'));
    await page.locator('.p-datatable-tbody tr').first().waitFor();
    expect(await axeProblems(page, '.page')).toEqual([]);
  });
});
