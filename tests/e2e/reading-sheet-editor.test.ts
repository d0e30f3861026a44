import { eq, sql } from 'drizzle-orm';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, libraries, libraryBooks, literaryPrizes, outboxMessages, users } from '../../server/db/schema/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { clearToasts, loggedInPage, toast } from '../helpers/e2ePage.js';
import { E2E_PUBLIC_SITE_URL, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { startSmtp, type TestSmtp } from '../helpers/smtpServer.js';

/** Small files whose first bytes are what their extension promises (the server sniffs them). */
const PDF = (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size)]);
const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024)]);
const MP3 = (size = 4096) => Buffer.concat([Buffer.from('ID3'), Buffer.alloc(size)]);

type Sheet = Record<string, unknown> & { id: number; version: number };

describe.skipIf(!chromiumPath)('reading-sheet editor in Chromium', () => {
  let server: E2eServer;
  let smtp: TestSmtp;
  let browser: Browser;
  let page: Page;
  let sheetId = 0;
  const url = (path: string) => `${server.url}${path}`;
  const stamp = Date.now();

  // Widgets, found by the id RJSF gives their input.
  const dropdown = (id: string) => page.locator('.p-dropdown', { has: page.locator(`#${id}`) });
  const multiSelect = (id: string) => page.locator('.p-multiselect', { has: page.locator(`#${id}`) });
  const treeSelect = (id: string) => page.locator('.p-treeselect', { has: page.locator(`#${id}`) });
  const tab = (name: string) => page.locator('.form-tabs > .p-tabview-nav-container').getByRole('tab', { name, exact: true });
  const subTab = (name: string) => page.locator('.form-sub-tabs > .p-tabview-nav-container').getByRole('tab', { name, exact: true });
  const activeTab = () => page.locator('.form-tabs > .p-tabview-nav-container [role="tab"][aria-selected="true"]').textContent();
  const activeSubTab = () => page.locator('.form-sub-tabs > .p-tabview-nav-container [role="tab"][aria-selected="true"]').textContent();
  const activeLocale = () => page.locator('.sheet-language-button.active').getAttribute('data-locale');
  const language = (locale: string) => page.locator(`.sheet-language-button[data-locale="${locale}"]`).click();
  const fileInput = (field: string) => page.locator(`#root_${field}__input`);
  const fileField = (field: string) => page.locator(`.file-list-field[data-field="root_${field}"]`);

  async function pick(id: string, text: string, search = text): Promise<void> {
    // A panel still closing from the previous pick would swallow this click: wait until it is gone.
    const panel = page.locator('.p-dropdown-panel');
    await panel.waitFor({ state: 'detached' });
    await dropdown(id).click();
    await panel.waitFor();
    const filter = panel.locator('.p-dropdown-filter');
    if (await filter.count()) await filter.fill(search);
    await panel.locator('li.p-dropdown-item', { hasText: text }).first().click();
    await panel.waitFor({ state: 'detached' });
  }

  async function pickMany(id: string, texts: string[]): Promise<void> {
    const panel = page.locator('.p-multiselect-panel');
    await panel.waitFor({ state: 'detached' });
    await multiSelect(id).click();
    await panel.waitFor();
    for (const text of texts) {
      const filter = panel.locator('.p-multiselect-filter');
      if (await filter.count()) await filter.fill(text);
      await panel.locator('li.p-multiselect-item', { hasText: text }).first().click();
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  }

  async function pickInTree(id: string, texts: string[]): Promise<void> {
    await treeSelect(id).click();
    const panel = page.locator('.p-treeselect-panel');
    for (const text of texts) {
      await panel.locator('.p-treeselect-filter').fill(text);
      await panel
        .locator('.p-treenode-content', { hasText: new RegExp(`^${text}$`) })
        .first()
        .click();
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  }

  /** Creates a record in place through the "+" of a creatable select and its dialog. */
  async function createInPlace(selectId: string, what: string, fill: (name: Locator) => Promise<void>): Promise<void> {
    await page
      .locator('.creatable-select', { has: page.locator(`#${selectId}`) })
      .getByRole('button', { name: `Create a new ${what}` })
      .click();
    const dialog = page.locator('.create-record-dialog');
    const name = dialog.locator('input[id$="_name"]').first();
    await name.waitFor();
    expect(await name.getAttribute('id')).toMatch(/^new_[a-z]+_name$/);
    await fill(name);
    await dialog.getByRole('button', { name: 'Create and select' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const chips = (locator: Locator) => locator.locator('.p-multiselect-token-label, .p-treeselect-token-label').allTextContents();
  const api = async (path: string) => (await (await page.request.get(url(`/api/admin/${path}`))).json()) as { data: Sheet };
  const save = () => page.getByRole('button', { name: 'SAVE THE SHEET' }).click();

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startE2eServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Scouting News <news@scouting.test>' });
    await server.database.db.insert(literaryPrizes).values({ label: 'Prix du Test', names: { en: 'Test Prize' }, searchText: 'prix du test' });
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('creates a full sheet through the UI, with authors, a company and a contact created in place, and files', async () => {
    await page.goto(url('/reading-sheet'));
    await page.getByRole('heading', { name: 'CREATING A READING SHEET' }).waitFor();
    expect(await page.locator('.menu-link.active').textContent()).toContain('Reading sheets');
    expect(await activeLocale()).toBe('en');

    // Base: texts in two languages, switched for the whole form at once.
    await page.locator('#root_original_title').fill(`Le Voyageur ${stamp}`);
    await page.locator('#root_titles_en').fill('The Traveller');
    await page.locator('#root_subtitles_en').fill('A novel');
    await language('fr');
    await page.locator('#root_titles_fr').fill('Le Voyageur');
    await page.locator('#root_subtitles_fr').fill('Roman');
    await language('en');
    expect(await page.locator('#root_titles_en').inputValue()).toBe('The Traveller');
    expect(await page.locator('.sheet-language-button[data-locale="es"]').getAttribute('class')).toContain('empty');

    // Two authors, each created in place and selected at once; an author already chosen is not offered again.
    for (const [index, name] of [`Ana Autora ${stamp}`, `Ben Writer ${stamp}`].entries()) {
      await page.locator('#root_authorList__add').click();
      await createInPlace(`root_authorList_${index}_id`, 'author', (input) => input.fill(name));
      await expect.poll(() => dropdown(`root_authorList_${index}_id`).locator('.p-dropdown-label').textContent()).toBe(name);
    }
    expect(await dropdown('root_authorList_0_type').locator('.p-dropdown-label').textContent()).toBe('Author');
    await pick('root_authorList_1_type', 'Co-author');
    await dropdown('root_authorList_1_id').click();
    await page.locator('.p-dropdown-panel .p-dropdown-filter').fill('Ana Autora');
    await expect.poll(() => page.locator('.p-dropdown-panel li.p-dropdown-item').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });

    await pick('root_original_country_id', 'France');
    await pick('root_language_id', 'French');
    await pick('root_status_id', 'Published');
    await pick('root_rights_status_id', 'Optioned');
    await pick('root_time_id', 'Contemporary');
    await pick('root_format_id', 'Paperback');
    await createInPlace('root_company_id', 'company', (input) => input.fill(`Éditions du Test ${stamp}`));
    await expect.poll(() => dropdown('root_company_id').locator('.p-dropdown-label').textContent()).toBe(`Éditions du Test ${stamp}`);
    await page.locator('#root_publication_date').fill('2021-05');
    await page.locator('#root_publication_date').press('Escape');
    await page.locator('#root_nb_pages').fill('320');
    await page.locator('#root_universal').click();

    // Series: one item to fill as soon as the sheet is part of a series; the last one cannot be removed.
    await page.locator('#root_serie').click();
    await page.locator('#root_seriesList_0_name').fill('The Journeys');
    expect(await page.locator('#root_seriesList_0__remove').count()).toBe(0);
    await page.locator('#root_seriesList__add').click();
    expect(await page.locator('#root_seriesList_0__remove').count()).toBe(1);
    await page.locator('#root_seriesList_1__remove').click();
    expect(await page.locator('#root_seriesList_0__remove').count()).toBe(0);
    await page.locator('#root_seriesList_0_number').fill('2');

    await pickMany('root_periods', ['Antiquity', 'Prehistory']);
    await pickMany('root_places', ['Italy']);
    await page.locator('#root_additional_places_en').fill('A lighthouse');

    // Presentation, with the labels of SPEC §2.
    await tab('Presentation').click();
    await page.locator('#root_pitches_en').fill('A man walks to the sea.');
    expect(await page.locator('label[for="root_summaries_en"]').textContent()).toBe('Report');
    await page.locator('#root_summaries_en').fill('The report.');
    expect(await page.locator('label[for="root_newsletter_comments_en"]').textContent()).toBe('Reporter summary');
    await page.locator('#root_newsletter_comments_en').fill('For the newsletter.');
    expect(await page.locator('label[for="root_private_comment"]').textContent()).toBe("Operator's commentary");
    await page.locator('#root_private_comment').fill('Keep an eye on it.');

    // Criteria, in their sub-tabs; the primary genre is one of the genres, and cleared with it.
    await tab('Criteria').click();
    expect(await page.locator('.form-sub-tabs [role="tab"]').allTextContents()).toEqual([
      'Audience(s)',
      'Genre(s)',
      'Categories',
      'Thematics(s)',
      'Literary Prizes',
    ]);
    await pickMany('root_audiences', ['Teenagers']);
    await subTab('Genre(s)').click();
    await pickInTree('root_genres', ['Thriller', 'Crime']);
    expect(await chips(treeSelect('root_genres'))).toEqual(['Thriller', 'Crime']);
    await pick('root_primary_genre', 'Crime');
    await pickInTree('root_genres', ['Crime']);
    expect(await chips(treeSelect('root_genres'))).toEqual(['Thriller']);
    expect(await dropdown('root_primary_genre').locator('.p-dropdown-label').textContent()).not.toBe('Crime');
    await pick('root_primary_genre', 'Thriller');
    await subTab('Categories').click();
    await pickMany('root_categories', ['Novel']);
    await subTab('Thematics(s)').click();
    await pickInTree('root_thematics', ['Family']);
    await subTab('Literary Prizes').click();
    await pickMany('root_literary_prizes', ['Prix du Test']);

    // A character with several ages and texts in two languages.
    await tab('Characters').click();
    await page.locator('#root_characters__add').click();
    await page.locator('#root_characters_0_name').fill('Marco');
    await pick('root_characters_0_function', 'Protagonist');
    await pick('root_characters_0_gender', 'Male');
    await pickMany('root_characters_0_ages', ['Child', 'Teenager']);
    await pick('root_characters_0_country', 'Italy');
    await pick('root_characters_0_topology', 'Hero');
    await page.locator('#root_characters_0_characterisations_en').fill('Curious.');
    await language('fr');
    await page.locator('#root_characters_0_characterisations_fr').fill('Curieux.');
    await language('en');

    // A contact created in place (with audiovisual rights) and a source that is not a contact.
    await tab('Rights & sources').click();
    await page.locator('#root_contactList__add').click();
    await createInPlace('root_contactList_0_id', 'contact', (input) => input.fill(`Clara Contact ${stamp}`));
    await expect.poll(() => dropdown('root_contactList_0_id').locator('.p-dropdown-label').textContent()).toBe(`Clara Contact ${stamp}`);
    await page.locator('#root_contactList_0_audiovisual_law').click();
    await page.locator('#root_sourceList__add').click();
    await page.locator('#root_sourceList_0_other').fill('Frankfurt Book Fair');
    await page.locator('#root_sourceList_0_date').fill('2024-10-16');
    await page.locator('#root_sourceList_0_mail').fill('Fwd: reading copy');

    // The adaptation file and its sub-tabs.
    await tab('Adaptation file').click();
    expect(await page.locator('.form-sub-tabs [role="tab"]').allTextContents()).toEqual(['Format(s)', 'Genre(s)', 'Budget']);
    await pickMany('root_adaptation_formats', ['TV series']);
    await subTab('Genre(s)').click();
    await pickMany('root_adaptation_kinds', ['Free adaptation']);
    await subTab('Budget').click();
    await pick('root_adaptation_budget_id', 'Micro budget');
    await page.locator('#root_durations_en').fill('8 x 52 min');

    // Ratings: stars, labelled as SPEC §3.
    await tab('Ratings').click();
    expect(await page.locator('label[for="root_ratings_quality"]').textContent()).toBe('Literary quality');
    await page.locator('#root_ratings_quality .p-rating-item:not(.p-rating-cancel-item)').nth(2).click();
    await page.locator('#root_ratings_plot .p-rating-item:not(.p-rating-cancel-item)').nth(3).click();
    expect(await page.locator('#root_ratings_quality .stars-widget-text').textContent()).toBe('3 / 4');

    // Files, sent with the save.
    await tab('Files').click();
    await fileInput('documentList').setInputFiles([
      { name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF() },
      { name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF() },
    ]);
    await fileInput('coverList').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG() });
    await fileInput('videoList').setInputFiles({ name: 'interview.mp3', mimeType: 'audio/mpeg', buffer: MP3() });
    await fileInput('manuscript').setInputFiles({ name: 'manuscript.pdf', mimeType: 'application/pdf', buffer: PDF() });
    expect(await fileField('documentList').locator('.file-item.pending').count()).toBe(2);
    await page.screenshot({ path: 'test-results/reading-sheet-editor-files.png', fullPage: true });

    await save();
    await page.waitForURL(url('/reading-sheets'));
    expect(await toast(page, 'Success')).toBe('Added successfully to the database');
    const [row] = await server.database.db
      .select({ id: books.id })
      .from(books)
      .where(eq(books.originalTitle, `Le Voyageur ${stamp}`));
    sheetId = row!.id;
  });

  it('reloads the sheet and finds every value, in the API and on the page', async () => {
    const { data: sheet } = await api(`books/${sheetId}`);
    expect(sheet).toMatchObject({
      original_title: `Le Voyageur ${stamp}`,
      titles: { en: 'The Traveller', fr: 'Le Voyageur' },
      subtitles: { en: 'A novel', fr: 'Roman' },
      status: { label: 'Published' },
      rights_status: { label: 'Optioned' },
      publication_date: '2021-05',
      nb_pages: 320,
      universal: 1,
      manuscript_confidential: 0,
      serie: 1,
      seriesList: [{ name: 'The Journeys', number: 2 }],
      additional_places: { en: 'A lighthouse' },
      pitches: { en: 'A man walks to the sea.' },
      summaries: { en: 'The report.' },
      newsletter_comments: { en: 'For the newsletter.' },
      private_comment: 'Keep an eye on it.',
      durations: { en: '8 x 52 min' },
      ratings: { quality: 3, plot: 4 },
      sourceList: [{ other: 'Frankfurt Book Fair', date: '2024-10-16', mail: 'Fwd: reading copy' }],
      contactList: [{ name: `Clara Contact ${stamp}`, audiovisual_law: 1 }],
      company: { name: `Éditions du Test ${stamp}` },
    });
    expect((sheet.authorList as { name: string; type: number }[]).map((a) => [a.name, a.type])).toEqual([
      [`Ana Autora ${stamp}`, 1],
      [`Ben Writer ${stamp}`, 2],
    ]);
    for (const key of ['periods', 'places', 'audiences', 'categories', 'thematics', 'literary_prizes', 'adaptation_formats', 'adaptation_kinds'])
      expect(sheet[key], key).toHaveLength(key === 'periods' ? 2 : 1);
    expect(sheet.genres).toHaveLength(1);
    expect(sheet.primary_genre).toBe((sheet.genres as number[])[0]);
    expect(sheet.characters).toMatchObject([{ name: 'Marco', characterisations: { en: 'Curious.', fr: 'Curieux.' } }]);
    expect((sheet.characters as { ages: number[] }[])[0]!.ages).toHaveLength(2);
    expect((sheet.documentList as { name: string }[]).map((f) => f.name)).toEqual(['contract.pdf', 'notes.pdf']);
    expect((sheet.coverList as { name: string }[]).map((f) => f.name)).toEqual(['cover.png']);
    expect((sheet.videoList as { name: string }[]).map((f) => f.name)).toEqual(['interview.mp3']);
    expect(sheet.manuscript).toMatchObject({ name: 'manuscript.pdf' });

    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.getByRole('heading', { name: 'UPDATING A READING SHEET' }).waitFor();
    expect(await page.locator('#root_original_title').inputValue()).toBe(`Le Voyageur ${stamp}`);
    await language('fr');
    expect(await page.locator('#root_titles_fr').inputValue()).toBe('Le Voyageur');
    await language('en');
    expect(await dropdown('root_original_country_id').locator('.p-dropdown-label').textContent()).toBe('France');
    expect(await dropdown('root_company_id').locator('.p-dropdown-label').textContent()).toBe(`Éditions du Test ${stamp}`);
    expect(await dropdown('root_authorList_1_type').locator('.p-dropdown-label').textContent()).toBe('Co-author');
    expect(await page.locator('#root_publication_date').inputValue()).toBe('2021-05');
    expect(await chips(multiSelect('root_periods'))).toEqual(expect.arrayContaining(['Antiquity', 'Prehistory']));
    expect(await page.locator('#root_seriesList_0_name').inputValue()).toBe('The Journeys');
    await tab('Criteria').click();
    await subTab('Genre(s)').click();
    expect(await chips(treeSelect('root_genres'))).toEqual(['Thriller']);
    expect(await dropdown('root_primary_genre').locator('.p-dropdown-label').textContent()).toBe('Thriller');
    await tab('Characters').click();
    expect(await chips(multiSelect('root_characters_0_ages'))).toHaveLength(2);
    await tab('Ratings').click();
    expect(await page.locator('#root_ratings_plot .stars-widget-text').textContent()).toBe('4 / 4');
    await tab('Files').click();
    expect(await fileField('documentList').locator('.file-item.stored .file-item-name').allTextContents()).toEqual(['contract.pdf', 'notes.pdf']);
    expect(await fileField('manuscript').locator('.file-item.stored .file-item-name').textContent()).toBe('manuscript.pdf');
  });

  it('refuses an oversize and a wrong-type file with the messages of SPEC §5, before sending anything', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await tab('Files').click();
    await fileInput('coverList').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG(), Buffer.alloc(5 * 1024 * 1024)]) });
    expect(await fileField('coverList').locator('.file-refusal').textContent()).toBe('Image should not be greater than 5Mb');
    await fileInput('documentList').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await fileField('documentList').locator('.file-refusal').textContent()).toBe(
      'File extension must be one of these: ppt, pptx, pdf, doc, docx, xls, xlsx, avi, mp4, ogg, jpg, jpeg, png',
    );
    await fileInput('manuscript').setInputFiles({ name: 'draft.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    expect(await fileField('manuscript').locator('.file-refusal').textContent()).toBe('The manuscript must be a pdf file');
    await fileInput('videoList').setInputFiles({ name: 'clip.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    expect(await fileField('videoList').locator('.file-refusal').textContent()).toBe(
      'Available file extensions are: .mp4, .mov, .wmv, .flv, .avi, .webm, .mkv, .mp3, .wav',
    );
    expect(await page.locator('.file-item.pending').count()).toBe(0);
    await page.screenshot({ path: 'test-results/reading-sheet-editor-refusals.png', fullPage: true });
  });

  it('shows the upload progress of each file, replaces the manuscript, and refreshes the video list after an update', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await tab('Files').click();
    await fileInput('videoList').setInputFiles({ name: 'trailer.mp3', mimeType: 'audio/mpeg', buffer: MP3(3 * 1024 * 1024) });
    await fileInput('manuscript').setInputFiles({ name: 'manuscript-v2.pdf', mimeType: 'application/pdf', buffer: PDF(1024 * 1024) });
    expect(await fileField('manuscript').locator('.file-item.stored').getAttribute('class')).toContain('replaced');
    // A slow upload, so the bars can be seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const seen = new Set<string>();
    const watch = setInterval(() => {
      void page
        .locator('.file-item.pending [role="progressbar"]')
        .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-valuenow') ?? ''))
        .then((values) => values.forEach((value) => seen.add(value)))
        .catch(() => undefined);
    }, 50);
    await save();
    await toast(page, 'Success');
    clearInterval(watch);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const partial = [...seen].map(Number).filter((value) => value > 0 && value < 100);
    expect(partial.length, `progress values seen: ${[...seen].join(', ')}`).toBeGreaterThan(0);
    await expect.poll(() => fileField('videoList').locator('.file-item.stored .file-item-name').allTextContents()).toEqual(['trailer.mp3']);
    expect(await fileField('manuscript').locator('.file-item.stored .file-item-name').allTextContents()).toEqual(['manuscript-v2.pdf']);
    expect(await page.locator('.file-item.pending').count()).toBe(0);
  });

  it('deletes a stored file after asking, through its own endpoint', async () => {
    await clearToasts(page);
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await tab('Files').click();
    const notes = fileField('documentList').locator('.file-item.stored', { hasText: 'notes.pdf' });
    const deletion = page.waitForRequest(
      (request: Request) => request.method() === 'DELETE' && /\/api\/admin\/utilities\/book-files\/\d+\/\d+$/.test(request.url()),
    );
    await notes.getByRole('button', { name: 'Delete the file' }).click();
    await page.locator('.p-confirm-dialog').getByText('Are you sure, you want to delete this file in the database?').waitFor();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Yes' }).click();
    await deletion;
    expect(await toast(page, 'Success')).toBe('Deletion succeed');
    expect(await fileField('documentList').locator('.file-item.stored .file-item-name').allTextContents()).toEqual(['contract.pdf']);
    const { data } = await api(`books/${sheetId}`);
    expect((data.documentList as { name: string }[]).map((f) => f.name)).toEqual(['contract.pdf']);
    // Deleting does not make the form dirty: leaving asks nothing.
    await page.getByRole('link', { name: 'Reading sheets' }).click();
    await page.waitForURL(url('/reading-sheets'));
  });

  it('jumps to the language of the first error (checked in the browser) and to the tab of a server error, with a summary linking each field', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    // Too long a French title, typed in French, then the form left in English on another tab.
    await language('fr');
    await page.locator('#root_titles_fr').fill('x'.repeat(100_001));
    await language('en');
    await tab('Ratings').click();
    await save();
    await expect.poll(activeTab).toBe('Base');
    await expect.poll(activeLocale).toBe('fr');
    expect(await page.locator('#root_titles_fr').evaluate((input) => document.activeElement === input)).toBe(true);
    expect(await page.locator('.form-error-summary').textContent()).toContain('Title › Français');
    await page.locator('#root_titles_fr').fill('Le Voyageur');

    // A source with neither a contact nor another name: refused by the server only.
    await tab('Rights & sources').click();
    await page.locator('#root_sourceList__add').click();
    await page.locator('#root_sourceList_1_mail').fill('Nobody sent this');
    await language('de');
    await tab('Files').click();
    await save();
    await expect.poll(activeTab).toBe('Rights & sources');
    expect(await page.locator('.form-error-summary').textContent()).toContain(
      'Sources › #2 › Other source: The other field is required when no contact is chosen.',
    );
    expect(await page.locator('#root_sourceList_1_other__error').textContent()).toBe('The other field is required when no contact is chosen.');
    await page.screenshot({ path: 'test-results/reading-sheet-editor-422.png', fullPage: true });
    await page.locator('#root_sourceList_1__remove').click();
  });

  it('jumps to the criteria sub-tab and the locale of server errors the pickers cannot provoke (answer stubbed)', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    const errors = {
      'thematics.0': ['The selected thematic does not exist.'],
      'literary_prizes.0': ['The selected literary prize does not exist.'],
      'characters.0.issues.it': ['The issue (Italiano) may not be greater than 100000 characters.'],
    };
    await page.route(`**/api/admin/books/${sheetId}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: errors['thematics.0'][0], errors }) })
        : route.fallback(),
    );
    await tab('Files').click();
    await save();
    await expect.poll(activeTab).toBe('Criteria');
    await expect.poll(activeSubTab).toBe('Thematics(s)');
    expect(await page.locator('.form-sub-tabs .tab-has-error').allTextContents()).toEqual(['Thematics(s)', 'Literary Prizes']);
    await page.locator('.form-error-summary a', { hasText: 'Characters › #1 › Issues › Italiano' }).click();
    await expect.poll(activeTab).toBe('Characters');
    await expect.poll(activeLocale).toBe('it');
    expect(await page.locator('#root_characters_0_issues_it__error').textContent()).toBe('The issue (Italiano) may not be greater than 100000 characters.');
    await page.locator('.form-error-summary a', { hasText: 'Literary prizes' }).click();
    await expect.poll(activeSubTab).toBe('Literary Prizes');
    await page.unroute(`**/api/admin/books/${sheetId}`);
  });

  it('saves with notification: the toast says how many subscribers will be notified, or that no one follows the sheet; the follower receives the e-mail; a plain save sends none', async () => {
    const saved = () => page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/admin/books/${sheetId}`));
    // No one follows the sheet yet: saved, and the toast says no one was notified.
    await clearToasts(page);
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    await page.getByRole('button', { name: 'SAVE WITH NOTIFICATION' }).click();
    expect(await toast(page, 'Success')).toBe('Saved; no one follows this reading sheet, so no one was notified.');
    await clearToasts(page);

    // A subscriber with the sheet in one of their libraries follows it (docs/notifications.md).
    const [reader] = await server.database.db
      .insert(users)
      .values({ email: `reader-${stamp}@readers.test`, firstname: 'Ursula', lastname: 'Reader', isAccepted: true })
      .returning({ id: users.id, email: users.email });
    const [shelf] = await server.database.db.insert(libraries).values({ userId: reader!.id, name: 'To option' }).returning({ id: libraries.id });
    await server.database.db.insert(libraryBooks).values({ libraryId: shelf!.id, bookId: sheetId });
    const mailsToReader = () => smtp.received.filter((mail) => mail.to.includes(reader!.email));
    const queued = async () =>
      (await server.database.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.bookId, sheetId))).length;

    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').fill(`Le Voyageur ${stamp} (2)`);
    let response = saved();
    await page.getByRole('button', { name: 'SAVE WITH NOTIFICATION' }).click();
    expect((await (await response).json()) as { withNotification: number; message: string }).toMatchObject({
      withNotification: 1,
      message: 'Saved; 1 subscriber will be notified.',
    });
    expect(await toast(page, 'Success')).toBe('Saved; 1 subscriber will be notified.');
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/reading-sheet-saved-with-notification-${width}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => mailsToReader().length, { timeout: 15_000 }).toBe(1);
    const [mail] = mailsToReader();
    expect(mail!.from).toBe('news@scouting.test');
    expect(mail!.subject).toBe(`Reading sheet updated: Le Voyageur ${stamp} (2) (The Traveller)`);
    expect(mail!.text).toContain('Ursula');
    expect(mail!.text).toContain(`${E2E_PUBLIC_SITE_URL.replace(/\/$/, '')}/books/${sheetId}`);

    await clearToasts(page);
    await page.locator('#root_nb_pages').fill('321');
    response = saved();
    await save();
    expect(((await (await response).json()) as { withNotification: number }).withNotification).toBe(0);
    // A plain save keeps its message.
    expect(await toast(page, 'Success')).toBe('Updated successfully');
    // Queueing happens before the answer, so the outbox already holds all this save would send.
    expect(await queued()).toBe(1);
    expect((await api(`books/${sheetId}`)).data).toMatchObject({ original_title: `Le Voyageur ${stamp} (2)`, nb_pages: 321 });
  });

  it('says when the sheet changed elsewhere (409) and reloads it on request', async () => {
    const before = (await api(`books/${sheetId}`)).data;
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    await server.database.db
      .update(books)
      .set({ version: sql`${books.version} + 1`, originalTitle: 'Changed elsewhere' })
      .where(eq(books.id, sheetId));
    await page.locator('#root_nb_pages').fill('400');
    await save();
    const notice = page.locator('.sheet-stale');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This reading sheet was changed by someone else since you opened it. Reload it to see their changes.');
    await notice.getByRole('button', { name: /Reload the sheet/ }).click();
    await expect.poll(() => page.locator('#root_original_title').inputValue()).toBe('Changed elsewhere');
    expect(await page.locator('#root_nb_pages').inputValue()).toBe(String(before.nb_pages));
    expect(await notice.count()).toBe(0);
  });

  it('adds the sheet to a reporter from its Presentation tab, and the reporter’s booklist shows it', async () => {
    const created = await page.request.post(url('/api/admin/reporters'), {
      data: { title: `Sheet reporter ${stamp}`, date: '2026-12-01', reporterStatusId: 1, lang: 'en', updatedTexts: [], deletedTextIds: [] },
    });
    expect(created.status()).toBe(200);
    const reporterId = ((await created.json()) as { data: { id: number } }).data.id;
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    await tab('Presentation').click();
    await page.locator('#root_reporterList__add').click();
    await pick('root_reporterList_0_id', `Sheet reporter ${stamp}`, 'sheet reporter');
    await clearToasts(page);
    await save();
    expect(await toast(page, 'Success')).toBe('Updated successfully');
    await expect.poll(async () => (await api(`books/${sheetId}`)).data.reporterList).toEqual([{ id: reporterId, title: `Sheet reporter ${stamp}` }]);
    const booklist = (await (await page.request.get(url(`/api/admin/reporters/${reporterId}/books`))).json()) as { data: { books: { id: number }[] }[] };
    expect(booklist.data.flatMap((group) => group.books.map((book) => book.id))).toEqual([sheetId]);
    // Reloaded, the field shows the reporter by its title.
    await page.reload();
    await tab('Presentation').click();
    await expect.poll(() => dropdown('root_reporterList_0_id').locator('.p-dropdown-label').textContent()).toBe(`Sheet reporter ${stamp}`);
  });

  it('lays out the AI actions (no draft yet: nothing to see or compare) and the requests table of the sheet', async () => {
    await page.goto(url(`/reading-sheet/${sheetId}`));
    await page.locator('#root_original_title').waitFor();
    expect(await page.getByRole('button', { name: 'Generate with AI' }).isDisabled()).toBe(false);
    for (const name of ['See AI result', 'AI comparison']) expect(await page.getByRole('button', { name }).isDisabled()).toBe(true);
    await page.locator('.sheet-requests').getByRole('heading', { name: 'Requests on this sheet' }).waitFor();
    await page.locator('.sheet-requests .p-datatable').waitFor();
    await page.screenshot({ path: 'test-results/reading-sheet-editor.png', fullPage: true });
  });

  it("names the item on each list's add button ('Add a series', 'Add an author', …), never RJSF's 'Add Item'", async () => {
    await page.goto(url('/reading-sheet'));
    await page.getByRole('heading', { name: 'CREATING A READING SHEET' }).waitFor();
    // The series list shows once the sheet is part of a series.
    await page.locator('#root_serie').click();
    const shown: Record<string, string[]> = {};
    for (const name of ['Base', 'Presentation', 'Characters', 'Rights & sources']) {
      await tab(name).click();
      await expect.poll(activeTab).toBe(name);
      const buttons = page.locator('.rjsf-array-item-add:visible');
      await buttons.first().waitFor();
      shown[name] = (await buttons.allTextContents()).map((text) => text.trim());
    }
    expect(shown).toEqual({
      Base: ['Add an author', 'Add a series'],
      Presentation: ['Add a reporter'],
      Characters: ['Add a character'],
      'Rights & sources': ['Add a contact', 'Add a source'],
    });
    await tab('Base').click();
    await page.getByRole('button', { name: 'Add a series' }).click();
    expect(await page.locator('#root_seriesList_1_name').count()).toBe(1);
  });
});
