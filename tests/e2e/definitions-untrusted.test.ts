import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { news } from '../../server/db/schema/index.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { axeProblems } from '../helpers/axe.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/**
 * What staff type in the studio is shown as words to their colleagues, never run: every text of
 * a screen's form and list that the studio edits, each holding the strings that break out of a
 * comment, a script element, an attribute, a template literal, a JS line or a template language.
 */
const BREAKOUTS = [
  '*/',
  '</script><script>window.__ran=1</script>',
  `"'><img src=x onerror="window.__ran=2">`,
  '`${window.__ran=3}`',
  '\u2028',
  '\u2029',
  "{{constructor.constructor('window.__ran=4')()}}",
  'javascript:window.__ran=5',
  '<svg onload=window.__ran=6>',
];
const PAYLOAD = BREAKOUTS.join(' ');
/** The text of one slot: its name, so a page says which slot it shows, then the payload. */
const text = (slot: string) => `${slot} ${PAYLOAD}`;
/**
 * The pattern rule of the title (the studio's Pattern control), which the validators module carries
 * as code: a valid RE2 expression holding the same break-outs.
 */
const PATTERN = '^[^`]*$|\\*/|</script><script>window.__ran=7</script>|\\$\\{window.__ran=8\\}|\u2028|\u2029';

const COLLEAGUE = { email: 'colleague@scouting.test', password: 'another good password' };

interface NewsFile {
  list: { columns: { field: string; header: string; cell?: string }[]; filters?: unknown[] };
  form: { schema: { properties: Record<string, Record<string, unknown>> }; uiSchema: Record<string, Record<string, unknown>> };
}

/**
 * The labels of the news screen: every text of its namespace (titles, menu entry, buttons,
 * column headers, field labels, help texts, placeholders, the media's option labels, the filter
 * and its options), each one a payload.
 */
const LABELS = {
  title: text('Screen title'),
  menu: text('Menu entry'),
  create: text('Create heading'),
  edit: text('Edit heading'),
  createButton: text('Create button'),
  saveButton: text('Save button'),
  columns: { id: text('Id column'), title: text('Title column'), description: text('Description column') },
  fields: {
    title: text('Title label'),
    description: text('Description label'),
    type: text('Media label'),
    image: text('Image label'),
    link: text('Link label'),
  },
  help: { title: text('Title help'), description: text('Description help'), type: text('Media help'), link: text('Link help') },
  placeholders: { title: text('Title placeholder') },
  typeImage: text('Image option'),
  typeLink: text('Link option'),
  imageHelp: text('Image help'),
  linkPlaceholder: text('Link placeholder'),
  filters: { type: text('Media filter') },
  filterOptions: { image: text('Image filter option'), link: text('Link filter option') },
};

/** The news screen's file with every text slot the studio edits pointing at the payload labels. */
function newsDefinition(): Record<string, unknown> {
  const definition = structuredClone(loadScreenFiles().get('news')!) as unknown as NewsFile;
  const { properties } = definition.form.schema;
  const ui = definition.form.uiSchema;
  for (const field of ['title', 'description', 'type', 'image', 'link']) {
    ui[field] = { ...ui[field], 'ui:help': `screens.news.help.${field}` };
  }
  ui.image!['ui:help'] = 'screens.news.imageHelp';
  ui.title!['ui:placeholder'] = 'screens.news.placeholders.title';
  // A description written in the studio's JSON pane, as words rather than a key.
  properties.title!.description = text('Title description');
  properties.title!.pattern = PATTERN;
  definition.list.filters = [
    {
      param: 'type',
      label: 'screens.news.filters.type',
      widget: 'select',
      options: {
        static: [
          { value: 1, label: 'screens.news.filterOptions.image' },
          { value: 0, label: 'screens.news.filterOptions.link' },
        ],
      },
    },
  ];
  return definition as unknown as Record<string, unknown>;
}

describe.skipIf(!chromiumPath)('screen definitions are untrusted: what staff write is shown as text, never run, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let staff: Page;
  let colleague: Page;
  let newsId: number;
  const url = (path: string) => `${server.url}${path}`;
  const api = (method: 'put' | 'post', path: string, data: unknown) => staff.request[method](url(`/api/admin/${path}`), { data: data as object });

  /** Nothing of the payload ran, nor became an element, on the page as it is now. */
  const expectInert = async (page: Page, where: string) => {
    expect(await page.evaluate(() => (window as unknown as { __ran?: unknown }).__ran), where).toBeUndefined();
    const found = await page.evaluate(() => ({
      images: document.querySelectorAll('img[src="x"]').length,
      svgs: [...document.querySelectorAll('svg')].filter((svg) => svg.hasAttribute('onload')).length,
      handlers: [...document.querySelectorAll('*')]
        .filter((element) => [...element.attributes].some((attribute) => /^on/i.test(attribute.name)))
        .map((element) => element.outerHTML.slice(0, 120)),
      scripts: [...document.scripts].filter((script) => script.textContent?.includes('__ran')).length,
      links: document.querySelectorAll('a[href^="javascript:" i]').length,
    }));
    expect(found, where).toEqual({ images: 0, svgs: 0, handlers: [], scripts: 0, links: 0 });
  };
  /** The page's text (U+2028 and U+2029 kept, as `textContent` keeps them). */
  const pageText = (page: Page) => page.evaluate(() => document.body.textContent ?? '');
  const expectShown = async (page: Page, slots: string[]) => {
    await expect.poll(() => pageText(page)).toContain(text(slots[0]!));
    const shown = await pageText(page);
    for (const slot of slots) expect(shown, slot).toContain(text(slot));
  };
  /** Long words of a label stay in their column: no field label runs into its field, no menu entry out of the menu. */
  const expectContained = async (page: Page, where: string) => {
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.field-label, .menu-link, .page-title, .p-datatable-thead th')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => `${element.className}: ${element.textContent?.slice(0, 40)}`),
    );
    expect(overflowing, where).toEqual([]);
  };
  const placeholderOf = (page: Page, selector: string) => page.locator(selector).getAttribute('placeholder');

  beforeAll(async () => {
    fs.mkdirSync('/tmp/shots', { recursive: true });
    server = await startE2eServer();
    await insertAdministrator(server.database.db, {
      firstname: 'Col',
      lastname: 'League',
      email: COLLEAGUE.email,
      passwordHash: await hashPassword(COLLEAGUE.password),
    });
    const [record] = await server.database.db
      .insert(news)
      .values({
        title: 'A trailer',
        description: '<p>Ten titles ready for the screen.</p>',
        type: 0,
        link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        searchText: 'a trailer',
      })
      .returning({ id: news.id });
    newsId = record!.id;
    browser = await launchBrowser();
    staff = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('publishes the news screen with a payload in every text the studio edits: the studio, its preview and its publish dialog show them as text', async () => {
    const saved = await api('put', 'screens/news/draft', { definition: newsDefinition(), labels: LABELS });
    expect(saved.status(), await saved.text()).toBe(200);

    // The studio's editor and its preview of the draft, as the publisher sees them.
    await staff.goto(url('/studio/news'));
    await staff.getByRole('heading', { name: /^Screen: / }).waitFor();
    await expect.poll(() => staff.getByRole('region', { name: 'Problems of the draft' }).textContent()).toContain('The draft has no problems.');
    const preview = staff.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.textContent()).toContain(text('Description column'));
    await preview.getByText('Form', { exact: true }).click();
    await expect.poll(() => preview.textContent()).toContain(text('Title label'));
    const previewed = (await preview.textContent()) ?? '';
    for (const slot of ['Title description', 'Title help', 'Media label', 'Image option', 'Link option', 'Image help'])
      expect(previewed, slot).toContain(text(slot));
    await staff.getByRole('tab', { name: 'Form fields' }).click();
    await expect.poll(() => staff.locator('.studio-field-name').allTextContents()).toContain(text('Title label'));
    await expectInert(staff, 'the studio');

    // Published from its dialog, after the changes in words.
    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'Publish the draft' });
    await expect.poll(() => dialog.textContent()).toContain(PAYLOAD);
    await expectInert(staff, 'the publish dialog');
    await dialog.getByLabel('Comment').fill('Every text a break-out');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectInert(staff, 'the studio once published');
  });

  it('shows a colleague the list, the create form and an edit form with every payload as text, and runs none of them', async () => {
    colleague = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const validators: string[] = [];
    colleague.on('response', (response) => {
      if (/\/api\/admin\/screens\/validators\/[^/]+\.js$/.test(response.url())) validators.push(response.url());
    });
    await colleague.goto(url('/auth/login'));
    await colleague.getByLabel('E-mail').fill(COLLEAGUE.email);
    await colleague.locator('#login-password').fill(COLLEAGUE.password);
    await colleague.getByRole('button', { name: 'Me connecter' }).click();
    await colleague.waitForURL(url('/reading-sheets'));
    await expectShown(colleague, ['Menu entry']);
    await expectInert(colleague, 'the first page, with the menu');

    // The list: its title, column headers and filter.
    await colleague.goto(url('/news'));
    await expectShown(colleague, ['Screen title', 'Id column', 'Title column', 'Description column', 'Media filter', 'Menu entry']);
    await expectInert(colleague, 'the list');
    await colleague.screenshot({ path: '/tmp/shots/definitions-untrusted-list-1440.png' });
    await expectContained(colleague, 'the list');
    // The filter's options (a static option source), and the chip of the one chosen.
    await colleague.locator('.filter-bar .p-dropdown').first().click();
    await colleague.locator('.p-dropdown-panel .p-dropdown-item').first().waitFor();
    await expectShown(colleague, ['Image filter option', 'Link filter option']);
    await colleague.locator('.p-dropdown-panel .p-dropdown-item').last().click();
    await colleague.locator('.filter-chip').first().waitFor();
    await expect.poll(() => colleague.locator('.filter-chips').textContent()).toContain(text('Link filter option'));
    await expectInert(colleague, 'the list filtered');
    // The columns dialog names the columns by their headers.
    await colleague.getByRole('button', { name: 'Columns' }).click();
    const chooser = colleague.getByRole('dialog', { name: 'Columns of this list' });
    await chooser.waitFor();
    await expect.poll(() => chooser.textContent()).toContain(text('Description column'));
    await expectInert(colleague, 'the columns dialog');
    await colleague.keyboard.press('Escape');
    await chooser.waitFor({ state: 'detached' });

    // The create form: labels, help, description, placeholders, the media's options.
    await colleague.goto(url('/new'));
    await expectShown(colleague, [
      'Create heading',
      'Title label',
      'Description label',
      'Media label',
      'Image label',
      'Title help',
      'Description help',
      'Media help',
      'Image help',
      'Title description',
      'Image option',
      'Link option',
      'Create button',
    ]);
    expect(await placeholderOf(colleague, '#root_title')).toBe(text('Title placeholder'));
    await expectInert(colleague, 'the create form');
    // The link news: the link field, its label, help and placeholder.
    await colleague.locator('.p-selectbutton .p-button').nth(1).click();
    await colleague.locator('#root_link').waitFor();
    await expectShown(colleague, ['Link label', 'Link help']);
    expect(await placeholderOf(colleague, '#root_link')).toBe(text('Link placeholder'));

    // Validation: the messages name the fields by their labels.
    await colleague.locator('form button[type=submit]').click();
    await expect.poll(() => colleague.locator('#root_title__error').textContent()).toBe(`The ${text('title label')} field is required.`);
    await expectInert(colleague, 'the create form with its errors');
    await expectContained(colleague, 'the create form');
    // The refusal's toast read once it has faded in (mid-fade its text is paler than it shows).
    await colleague.locator('.p-toast-message-enter-done').first().waitFor();
    expect(await axeProblems(colleague)).toEqual([]);
    for (const width of [1440, 1024]) {
      await colleague.setViewportSize({ width, height: 1000 });
      await expectContained(colleague, `the create form at ${width} px`);
      await colleague.screenshot({ path: `/tmp/shots/definitions-untrusted-form-${width}.png` });
      await colleague.locator('main').screenshot({ path: `/tmp/shots/definitions-untrusted-form-${width}-main.png` });
    }
    await colleague.setViewportSize({ width: 1440, height: 1000 });

    // An existing record's form, its title emptied and sent.
    await colleague.goto(url(`/new/${newsId}`));
    await expectShown(colleague, ['Edit heading', 'Title label', 'Link label', 'Link help', 'Save button']);
    await colleague.locator('#root_title').fill('');
    await colleague.locator('form button[type=submit]').click();
    await expect.poll(() => colleague.locator('#root_title__error').textContent()).toBe(`The ${text('title label')} field is required.`);
    await expectInert(colleague, 'the edit form with its errors');

    // The validators module the forms loaded carries the pattern as data, and ran none of it.
    expect(validators.length).toBeGreaterThan(0);
    const module = await (await colleague.request.get(validators.at(-1)!)).text();
    expect(module).toContain('__ran=7');
  });

  it('goes back to the built-in news screen', async () => {
    const rolled = await api('post', 'screens/news/rollback', { version: 0, comment: 'As before' });
    expect(rolled.status(), await rolled.text()).toBe(200);
    await colleague.goto(url('/news'));
    await colleague.getByRole('heading', { name: 'News', exact: true }).waitFor();
    expect(await pageText(colleague)).not.toContain(PAYLOAD);
  });
});
