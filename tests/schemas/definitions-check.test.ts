import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandScreen } from '../../common/expandTranslations.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import { assertDefinitionsHonoured, checkContext, checkDefinitions, checkScreen, formatProblems } from '../../server/definitions/checkDefinitions.js';
import { loadScreens, SCREENS_DIR } from '../../server/definitions/loadScreens.js';

/** A screen definition as loose JSON, for a test to break it. */
type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits arbitrary JSON paths
const readJson = (...segments: string[]) => JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, ...segments), 'utf8')) as Loose;
const read = (name: string) => expandScreen(readJson(name)) as Loose;
const loaded = [...loadScreens().values()];
/** A definition from schemas/, changed by `edit`, checked with the others (which have no problem), as the build prints it. */
const problemsOf = (name: string, edit: (screen: Loose) => void) => {
  const screen = read(name);
  edit(screen);
  return formatProblems(checkDefinitions([...loaded.filter((other) => `${other.resource}.screen.json` !== name), screen as ScreenDefinition]));
};
/** The reading-sheet editor's form (the sheets' screen's), its schema and UI schema changed by `edit`, as the build prints its problems. */
const sheetProblemsOf = (edit: (schema: Loose, uiSchema: Loose) => void) =>
  problemsOf('reading-sheets.screen.json', (screen) => edit(screen.form.schema, screen.form.uiSchema));

describe('checkDefinitions', () => {
  it('finds nothing in the definitions of schemas/', () => {
    expect(checkDefinitions(loadScreens().values())).toEqual([]);
  });

  it('answers { definition, path, message } with a dotted path, and checkScreen checks one definition from any source', () => {
    const screen = read('genres.screen.json');
    screen.form.uiSchema.color['ui:widget'] = 'colour';
    expect(checkDefinitions([...loaded.filter((other) => other.resource !== 'genres'), screen as ScreenDefinition])).toEqual([
      {
        definition: 'genres',
        path: 'form.uiSchema.color.ui:widget',
        message: expect.stringMatching(/^"colour" is not a widget; known: color, readOnlyText, .*, text, textarea, /),
      },
    ]);
    expect(checkScreen(screen, checkContext(loaded))).toEqual([
      { path: 'form.uiSchema.color.ui:widget', message: expect.stringMatching(/^"colour" is not a widget/) },
    ]);
  });

  it('refuses what the meta-schema refuses when checking one definition (a definition from the database is not loaded from a file)', () => {
    const screen = read('genres.screen.json');
    screen.list.colums = [];
    delete screen.permissions.delete;
    expect(checkScreen(screen, checkContext(loaded))).toEqual([
      { path: 'permissions', message: "must have required property 'delete' (schemas/screen.schema.json)" },
      { path: 'list', message: 'has "colums", which a screen definition does not take (schemas/screen.schema.json)' },
    ]);
  });

  it('checks a definition as stored, its translations expanded, and refuses a misused translations keyword', () => {
    const stored = readJson('genres.screen.json');
    expect(checkScreen(stored, checkContext(loaded))).toEqual([]);
    stored.form.schema.properties.names.properties = {};
    expect(checkScreen(stored, checkContext(loaded))).toEqual([
      { path: 'form.schema.properties.names.translations', message: expect.stringMatching(/^replaces "properties" and "additionalProperties"/) },
    ]);
  });

  it('accepts a filter on a declared filterable field', () => {
    expect(
      problemsOf(
        'genres.screen.json',
        (s) =>
          (s.list.filters = [
            { param: 'parent_id', label: 'screens.genres.parent', widget: 'treeSelect', options: { api: 'genres', parentField: 'parent_id' } },
          ]),
      ),
    ).toEqual([]);
  });

  it('refuses a list column the list does not return, naming the file and the JSON path', () => {
    expect(problemsOf('genres.screen.json', (s) => s.list.columns.push({ field: 'colour', header: 'columns.color' }))).toEqual([
      'schemas/genres.screen.json: list.columns.4.field "colour" is not returned by GET admin/genres (its rows carry id, name, names, color, parent_id, parent_name)',
    ]);
  });

  it('refuses a column offered with the Columns button that the list does not return, or that is offered already', () => {
    expect(
      problemsOf('reading-sheets.screen.json', (s) => {
        // The cover's address and the raw status label: not returned as such (the staff see the cover on the sheet).
        s.list.columnChoices.push({ field: 'cover', header: 'screens.reading-sheets.columns.status' });
        // The screen's own Status column, and a rating offered twice.
        s.list.columnChoices.push({ field: 'status', header: 'screens.reading-sheets.columns.status', cell: 'bookStatus' });
        s.list.columnChoices.push({ field: 'plot_rating', header: 'screens.reading-sheets.ratings.plot', cell: 'stars' });
      }),
    ).toEqual([
      expect.stringMatching(
        /^schemas\/reading-sheets\.screen\.json: list\.columnChoices\.13\.field "cover" is not returned by GET admin\/books \(its rows carry id, original_title, .*quality_rating, .*\)$/,
      ),
      'schemas/reading-sheets.screen.json: list.columnChoices.14 "status:bookStatus" is one of the screen\'s columns already (list.columns), which the Columns button always offers: remove it, or give it another cell',
      'schemas/reading-sheets.screen.json: list.columnChoices.15 "plot_rating:stars" is offered twice (list.columnChoices.7 offers it first): remove it, or give it another cell',
    ]);
    // Another cell of a field shown already is another column (a request's user: name, e-mail).
    expect(
      problemsOf('reading-sheets.screen.json', (s) => s.list.columnChoices.push({ field: 'status', header: 'screens.reading-sheets.columns.status' })),
    ).toEqual([]);
  });

  it('refuses a filter or a search the server does not accept', () => {
    const problems = problemsOf('contacts.screen.json', (s) => {
      s.list.search.param = 'q';
      s.list.filters = [{ param: 'city', label: 'fields.name', widget: 'text' }];
    });
    expect(problems).toEqual([
      'schemas/contacts.screen.json: list.search.param "q" is not accepted by GET admin/contacts (it accepts page, perPage, name, company_id, contact_type_id)',
      'schemas/contacts.screen.json: list.filters.0.param "city" is not accepted by GET admin/contacts (it accepts page, perPage, name, company_id, contact_type_id); declare it in the resource\'s filters (server/resources)',
    ]);
  });

  it('refuses a form field the server does not store, and a returned field not marked read-only', () => {
    const problems = problemsOf('contacts.screen.json', (s) => {
      s.form.schema.properties.nickname = { type: 'string', title: 'fields.name' };
      s.form.uiSchema['ui:order'].push('nickname');
      delete s.form.schema.properties.readingSheets.readOnly;
    });
    expect(problems).toEqual([
      'schemas/contacts.screen.json: form.schema.properties.readingSheets is not stored by the server (Contact records return it read-only): mark it "readOnly": true',
      expect.stringMatching(
        /^schemas\/contacts\.screen\.json: form\.schema\.properties\.nickname is not stored by the server: Contact records have no such field \(declare it in server\/resources, with its column and migration; they store name, email, /,
      ),
    ]);
  });

  it('refuses a widget source that no route serves, and fields or a search its list does not have', () => {
    const problems = problemsOf('contacts.screen.json', (s) => {
      s.form.uiSchema.company_id['ui:options'].source.api = 'compagnies';
      s.form.uiSchema.contact_type_id['ui:options'].source = { api: 'utilities/contact-types', searchParam: 'name', labelField: 'title' };
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^schemas\/contacts\.screen\.json: form\.uiSchema\.company_id\.ui:options\.source\.api "compagnies" is served by no route \(known lists: .*companies/,
      ),
      'schemas/contacts.screen.json: form.uiSchema.contact_type_id.ui:options.source.searchParam "name" is not accepted by GET admin/utilities/contact-types (it accepts no parameter)',
      'schemas/contacts.screen.json: form.uiSchema.contact_type_id.ui:options.source.labelField "title" is not returned by GET admin/utilities/contact-types (its rows carry id, label)',
    ]);
  });

  it("checks a list filter's option source, the delete condition and the file fields", () => {
    expect(
      problemsOf('news.screen.json', (s) => {
        s.list.filters = [{ param: 'type', label: 'fields.name', widget: 'multiSelect', options: { api: 'news-types' } }];
        s.permissions.deleteWhen = 'deletable';
        s.form.multipart = false;
      }),
    ).toEqual([
      'schemas/news.screen.json: permissions.deleteWhen "deletable" is not returned by GET admin/news (its rows carry id, title, description, type, image, link)',
      expect.stringMatching(/^schemas\/news\.screen\.json: list\.filters\.0\.options\.api "news-types" is served by no route/),
      'schemas/news.screen.json: form.multipart must be true: the form has file fields',
    ]);
  });

  it('refuses a related table whose rowRoute names no route of a screen definition', () => {
    expect(problemsOf('contacts.screen.json', (s) => (s.form.uiSchema.readingSheets['ui:options'].rowRoute = 'readingSheet-save'))).toEqual([
      expect.stringMatching(
        /^schemas\/contacts\.screen\.json: form\.uiSchema\.readingSheets\.ui:options\.rowRoute "readingSheet-save" names no route of a screen definition \(a "name" of their routes\.list or routes\.form; known: .*readingSheets-save/,
      ),
    ]);
  });

  it("refuses an embedded list naming no screen or filtering on a parameter its list does not take, and a record link's unknown route", () => {
    expect(problemsOf('users.screen.json', (s) => (s.form.uiSchema.requests['ui:options'].screen = 'requests'))).toEqual([
      expect.stringMatching(
        /^schemas\/users\.screen\.json: form\.uiSchema\.requests\.ui:options\.screen "requests" names no screen definition \(known: .*demands/,
      ),
    ]);
    expect(problemsOf('users.screen.json', (s) => (s.form.uiSchema.requests['ui:options'].fixed = { customer_id: '$recordId' }))).toEqual([
      'schemas/users.screen.json: form.uiSchema.requests.ui:options.fixed.customer_id is not accepted by GET admin/demands (it accepts page, perPage, name, user_id, book_id, status, type)',
    ]);
    expect(problemsOf('demands.screen.json', (s) => (s.form.uiSchema.book_link['ui:options'].route = 'reading-sheet'))).toEqual([
      expect.stringMatching(
        /^schemas\/demands\.screen\.json: form\.uiSchema\.book_link\.ui:options\.route "reading-sheet" names no route of a screen definition/,
      ),
    ]);
  });

  it('refuses an addLabel no add button shows: on a field that is not a list, a list a widget shows, a field that shows its own list', () => {
    const problems = problemsOf('reporters.screen.json', (s) => {
      s.form.uiSchema.title = { ...s.form.uiSchema.title, 'ui:options': { addLabel: 'screens.reading-sheets.add.series' } };
      s.form.uiSchema.reporterUserIds['ui:options'] = { ...s.form.uiSchema.reporterUserIds['ui:options'], addLabel: 'screens.reading-sheets.add.series' };
    });
    expect(problems).toEqual([
      'schemas/reporters.screen.json: form.uiSchema.title.ui:options.addLabel is not shown: only a list (type "array") has an add button',
      'schemas/reporters.screen.json: form.uiSchema.reporterUserIds.ui:options.addLabel is not shown: the widget multiSelect shows this list, without an add button',
    ]);
    expect(
      problemsOf(
        'users.screen.json',
        (s) => (s.form.uiSchema.libraries = { 'ui:field': 'userLibraries', 'ui:options': { addLabel: 'screens.reading-sheets.add.series' } }),
      ),
    ).toEqual([
      'schemas/users.screen.json: form.uiSchema.libraries.ui:options.addLabel is not shown: the field userLibraries shows this list, not the array template',
    ]);
  });

  it("checks the reading-sheet editor's addLabel against its schema: its lists take one, a nested text does not", () => {
    expect(sheetProblemsOf((_schema, ui) => (ui.seriesList.items.name['ui:options'] = { addLabel: 'screens.reading-sheets.add.series' }))).toEqual([
      'schemas/reading-sheets.screen.json: form.uiSchema.seriesList.items.name.ui:options.addLabel is not shown: only a list (type "array") has an add button',
    ]);
  });

  it('refuses a screen whose api no declared resource serves', () => {
    expect(problemsOf('times.screen.json', (s) => (s.api = 'eras'))).toEqual([
      'schemas/times.screen.json: api "eras" is served by no declared resource (server/resources)',
    ]);
  });

  it("checks the reading-sheet editor's sources too", () => {
    expect(sheetProblemsOf((_schema, ui) => (ui.time_id['ui:options'].source.api = 'epochs'))).toEqual([
      expect.stringMatching(/^schemas\/reading-sheets\.screen\.json: form\.uiSchema\.time_id\.ui:options\.source\.api "epochs" is served by no route/),
    ]);
  });
});

describe('checkDefinitions: registered names', () => {
  it('refuses a widget or a field that is not registered, listing the known ones', () => {
    expect(
      problemsOf('genres.screen.json', (s) => {
        s.form.uiSchema.color['ui:widget'] = 'colour';
        s.form.uiSchema.names['ui:field'] = 'translateable';
      }),
    ).toEqual([
      expect.stringMatching(
        /^schemas\/genres\.screen\.json: form\.uiSchema\.names\.ui:field "translateable" is not a field; known: translatable, relatedTable, .* \(a new one is registered in src\/widgets\/registry\.ts\)$/,
      ),
      expect.stringMatching(
        /^schemas\/genres\.screen\.json: form\.uiSchema\.color\.ui:widget "colour" is not a widget; known: color, .*, date, text, textarea, select, checkbox, .*hidden \(a new one/,
      ),
    ]);
  });

  it("refuses a list column's cell and a filter's widget that are not registered", () => {
    expect(
      problemsOf('genres.screen.json', (s) => {
        s.list.columns[2].cell = 'colourSwatch';
        s.list.filters = [{ param: 'parent_id', label: 'screens.genres.parent', widget: 'tree' }];
      }),
    ).toEqual([
      expect.stringMatching(/^schemas\/genres\.screen\.json: list\.columns\.2\.cell "colourSwatch" is not a cell; known: text, translatedName, colorSwatch, /),
      'schemas/genres.screen.json: list.filters.0.widget "tree" is not a filter widget; known: select, multiSelect, treeSelect, month, stars, text',
    ]);
  });

  it('refuses a choosing filter without choices, and options a filter would ignore', () => {
    expect(
      problemsOf('genres.screen.json', (s) => {
        s.list.filters = [
          { param: 'parent_id', label: 'screens.genres.parent', widget: 'treeSelect' },
          { param: 'name', label: 'fields.name', widget: 'text', options: { api: 'genres' } },
        ];
      }),
    ).toEqual([
      'schemas/genres.screen.json: list.filters.0.options is needed by the filter widget treeSelect: give its choices, a list ("api") or fixed ones ("static")',
      'schemas/genres.screen.json: list.filters.1.options is ignored by the filter widget text, which offers no choices: remove it',
    ]);
  });

  it("checks the reading-sheet editor's widgets too", () => {
    expect(sheetProblemsOf((_schema, ui) => (ui.time_id['ui:widget'] = 'remoteSelekt'))).toEqual([
      expect.stringMatching(/^schemas\/reading-sheets\.screen\.json: form\.uiSchema\.time_id\.ui:widget "remoteSelekt" is not a widget; known: /),
    ]);
  });
});

describe('checkDefinitions: options', () => {
  it('refuses an option a field does not take (the retired rowLink), instead of ignoring it', () => {
    expect(problemsOf('authors.screen.json', (s) => (s.form.uiSchema.books['ui:options'].rowLink = '/reading-sheet/:id?'))).toEqual([
      expect.stringMatching(
        /^schemas\/authors\.screen\.json: form\.uiSchema\.books\.ui:options\.rowLink "rowLink" is not an option of the field relatedTable, which would ignore it; it takes columns, rowRoute, hideOnCreate, or one any field takes \(visibleWhen, errorsJoin, /,
      ),
    ]);
  });

  it("refuses an option a widget does not declare, RJSF's own widgets included", () => {
    expect(
      problemsOf('genres.screen.json', (s) => {
        s.form.uiSchema.color['ui:options'] = { format: 'hex' };
        s.form.uiSchema.parent_id['ui:options'].sorce = s.form.uiSchema.parent_id['ui:options'].source;
      }),
    ).toEqual([
      expect.stringMatching(
        /^schemas\/genres\.screen\.json: form\.uiSchema\.color\.ui:options\.format "format" is not an option of the widget color, which would ignore it; it takes none, or one any field takes/,
      ),
      expect.stringMatching(
        /^schemas\/genres\.screen\.json: form\.uiSchema\.parent_id\.ui:options\.sorce "sorce" is not an option of the widget treePicker, which would ignore it; it takes source, or/,
      ),
    ]);
    expect(problemsOf('administrators.screen.json', (s) => (s.form.uiSchema.password['ui:options'].toggleMask = true))).toEqual([
      expect.stringMatching(
        /^schemas\/administrators\.screen\.json: form\.uiSchema\.password\.ui:options\.toggleMask "toggleMask" is not an option of RJSF's widget password, which would ignore it; it takes rows, inputType, /,
      ),
    ]);
  });

  it('refuses an option of the wrong type or value, and a missing one the widget needs, naming its declaration', () => {
    expect(
      problemsOf('news.screen.json', (s) => {
        s.form.uiSchema.description['ui:options'].height = true;
        s.form.uiSchema.image['ui:options'].rule = 'picture';
        s.form.uiSchema.link['ui:options'].visibleWhen = { equals: 0 };
      }),
    ).toEqual([
      'schemas/news.screen.json: form.uiSchema.description.ui:options.height true must be number,string (common/widgetOptions/richText.ts)',
      'schemas/news.screen.json: form.uiSchema.image.ui:options.rule "picture" is not one of newsImage, cover, document, video, manuscript (common/widgetOptions/fileUpload.ts)',
      'schemas/news.screen.json: form.uiSchema.link.ui:options.visibleWhen needs "field" (common/widgetOptions/any.ts)',
    ]);
    expect(problemsOf('news.screen.json', (s) => delete s.form.uiSchema.image['ui:options'].rule)).toEqual([
      'schemas/news.screen.json: form.uiSchema.image.ui:options the widget fileUpload needs the option "rule" (common/widgetOptions/fileUpload.ts)',
    ]);
  });

  it('checks a ui:<name> key as the option <name> (RJSF reads it so): a misspelt one, one of the wrong type', () => {
    expect(
      problemsOf('news.screen.json', (s) => {
        s.form.uiSchema.link['ui:placeholdr'] = 'screens.news.linkPlaceholder';
        s.form.uiSchema.image['ui:help'] = 42;
      }),
    ).toEqual([
      'schemas/news.screen.json: form.uiSchema.image.ui:help 42 must be string (common/widgetOptions/any.ts)',
      expect.stringMatching(
        /^schemas\/news\.screen\.json: form\.uiSchema\.link\.ui:placeholdr "ui:placeholdr" is not an option of a field with no widget \(RJSF picks its own\), which would ignore it; it takes rows, /,
      ),
    ]);
  });

  it("refuses tabs anywhere but at the form's root, and checks the reading-sheet editor's options", () => {
    expect(problemsOf('genres.screen.json', (s) => (s.form.uiSchema.color['ui:options'] = { tabs: [] }))).toEqual([
      expect.stringMatching(/^schemas\/genres\.screen\.json: form\.uiSchema\.color\.ui:options\.tabs "tabs" is not an option of the widget color/),
    ]);
    expect(sheetProblemsOf((_schema, ui) => (ui.ratings.quality['ui:options'] = { stars: 'four' }))).toEqual([
      'schemas/reading-sheets.screen.json: form.uiSchema.ratings.quality.ui:options.stars "four" must be integer (common/widgetOptions/stars.ts)',
    ]);
  });
});

describe('checkDefinitions: tabs, ui:order and UI keys agree with the schema', () => {
  it('refuses a field in no tab, a tab naming no field, and a field in two tabs', () => {
    expect(
      problemsOf('users.screen.json', (s) => {
        const [information, reporters] = s.form.uiSchema['ui:options'].tabs;
        information.fields = information.fields.filter((field: string) => field !== 'phone');
        information.fields.push('nickname');
        reporters.fields.push('email');
      }),
    ).toEqual([
      expect.stringMatching(
        /^schemas\/users\.screen\.json: form\.uiSchema\.ui:options\.tabs\.0\.fields\.15 "nickname" names no field of the form's schema \(its fields: name, /,
      ),
      'schemas/users.screen.json: form.uiSchema.ui:options.tabs.1.fields.1 "email" is already in another tab; a field shows in one tab',
      'schemas/users.screen.json: form.schema.properties.phone is in no tab, so the form never shows it: add it to the "fields" of a tab in ui:options.tabs (or hide it with "ui:widget": "hidden")',
    ]);
  });

  it("checks the reading-sheet editor's tabs and sub-tabs (a hidden field needs no tab)", () => {
    expect(
      sheetProblemsOf((_schema, ui) => {
        const criteria = ui['ui:options'].tabs[2];
        criteria.tabs[1].fields = ['genres', 'primaryGenre'];
      }),
    ).toEqual([
      expect.stringMatching(
        /^schemas\/reading-sheets\.screen\.json: form\.uiSchema\.ui:options\.tabs\.2\.tabs\.1\.fields\.1 "primaryGenre" names no field of the form's schema/,
      ),
      expect.stringMatching(/^schemas\/reading-sheets\.screen\.json: form\.schema\.properties\.primary_genre is in no tab/),
    ]);
  });

  it('refuses a ui:order naming no field, or missing one without "*", and a UI key naming no field', () => {
    expect(
      problemsOf('genres.screen.json', (s) => {
        s.form.uiSchema['ui:order'] = ['names', 'colour'];
        s.form.uiSchema.parent = { 'ui:widget': 'treePicker' };
      }),
    ).toEqual([
      'schemas/genres.screen.json: form.uiSchema.parent.ui:options is needed by the widget treePicker: give source',
      expect.stringMatching(
        /^schemas\/genres\.screen\.json: form\.uiSchema\.ui:order\.1 "colour" names no field of the form's schema \(its fields: names, color, parent_id\)$/,
      ),
      'schemas/genres.screen.json: form.uiSchema.ui:order misses color, parent_id: list them, or end the order with "*" for the others',
      "schemas/genres.screen.json: form.uiSchema.parent names no field of the form's schema, so nothing shows it (its fields: names, color, parent_id)",
    ]);
    expect(problemsOf('genres.screen.json', (s) => (s.form.uiSchema['ui:order'] = ['color', '*']))).toEqual([]);
    expect(sheetProblemsOf((_schema, ui) => (ui.ratings['ui:order'] = ui.ratings['ui:order'].filter((name: string) => name !== 'plot')))).toEqual([
      'schemas/reading-sheets.screen.json: form.uiSchema.ratings.ui:order misses plot: list them, or end the order with "*" for the others',
    ]);
  });
});

describe('checkDefinitions: i18n keys', () => {
  it('refuses a title, header, label or placeholder key missing from src/i18n/locales/en, saying where to add it', () => {
    expect(
      problemsOf('genres.screen.json', (s) => {
        s.form.schema.properties.color.title = 'screens.genres.colour';
        s.list.columns[2].header = 'columns.colour';
        s.menu.label = 'menu.genre';
        s.form.title.create = 'screens.genres.new';
        s.form.uiSchema.color['ui:help'] = 'Pick the colour shown on the public site.';
      }),
    ).toEqual([
      'schemas/genres.screen.json: menu.label "menu.genre" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/) or correct the key',
      'schemas/genres.screen.json: list.columns.2.header "columns.colour" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/) or correct the key',
      'schemas/genres.screen.json: form.title.create "screens.genres.new" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/genres.json) or correct the key',
      'schemas/genres.screen.json: form.schema.properties.color.title "screens.genres.colour" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/genres.json) or correct the key',
    ]);
  });

  it("refuses a list's count, a bulk action's question and an offered column's header missing from the texts; a text said with a number is its plural forms", () => {
    expect(
      problemsOf('reading-sheets.screen.json', (s) => {
        s.list.countLabel = 'screens.reading-sheets.sheetCount';
        s.list.bulkActions[0].confirm = 'screens.reading-sheets.bulk.setStatusQuestion';
        s.list.columnChoices[0].header = 'screens.reading-sheets.columns.published';
      }),
    ).toEqual([
      'schemas/reading-sheets.screen.json: list.columnChoices.0.header "screens.reading-sheets.columns.published" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/reading-sheets.json) or correct the key',
      'schemas/reading-sheets.screen.json: list.countLabel "screens.reading-sheets.sheetCount" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/reading-sheets.json) or correct the key',
      'schemas/reading-sheets.screen.json: list.bulkActions.0.confirm "screens.reading-sheets.bulk.setStatusQuestion" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/reading-sheets.json) or correct the key',
    ]);
    // `screens.reading-sheets.count` is its forms `count_one` and `count_other`.
    expect(problemsOf('reading-sheets.screen.json', (s) => (s.list.countLabel = 'screens.reading-sheets.count'))).toEqual([]);
  });

  it('refuses ui:enumNames, groupLabels and labelKeys that hold no key', () => {
    expect(
      problemsOf('news.screen.json', (s) => {
        s.form.uiSchema.type['ui:enumNames'] = ['screens.news.typeImage', 'screens.news.typeLinks'];
      }),
    ).toEqual([
      'schemas/news.screen.json: form.uiSchema.type.ui:enumNames.1 "screens.news.typeLinks" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/news.json) or correct the key',
    ]);
    expect(problemsOf('reporters.screen.json', (s) => (s.form.uiSchema.updatedTexts['ui:options'].groupLabels.buzz = 'screens.reporters.texts.buz'))).toEqual([
      'schemas/reporters.screen.json: form.uiSchema.updatedTexts.ui:options.groupLabels.buzz "screens.reporters.texts.buz" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/reporters.json) or correct the key',
    ]);
    expect(problemsOf('genres.screen.json', (s) => (s.list.columns[1].labelKeys = 'screens.genres.names'))).toEqual([
      'schemas/genres.screen.json: list.columns.1.labelKeys "screens.genres.names" holds no key of src/i18n/locales/en (none starts with "screens.genres.names."): add its values\' keys (src/i18n/locales/en/screens/genres.json) or correct the prefix',
    ]);
  });

  it("checks the reading-sheet editor's labels too", () => {
    expect(sheetProblemsOf((_schema, ui) => (ui['ui:options'].tabs[0].label = 'screens.reading-sheets.tabs.basics'))).toEqual([
      'schemas/reading-sheets.screen.json: form.uiSchema.ui:options.tabs.0.label "screens.reading-sheets.tabs.basics" is no key of src/i18n/locales/en: add it (src/i18n/locales/en/screens/reading-sheets.json) or correct the key',
    ]);
  });
});

describe('checkDefinitions: routes', () => {
  it('refuses a route name or path another screen or the app has, and a highlight that is no menu path', () => {
    const screen = read('times.screen.json');
    screen.routes.list.name = 'genre-index';
    screen.routes.list.path = '/auth/login';
    screen.routes.highlight = '/epochs';
    const context = checkContext([...loaded.filter((other) => other.resource !== 'times'), screen as ScreenDefinition]);
    expect(checkScreen(screen, context)).toEqual([
      { path: 'routes.list.name', message: '"genre-index" is already the name of a route of schemas/genres.screen.json: route names are unique' },
      { path: 'routes.list.path', message: '"/auth/login" is already the path of the app (src/app/router.tsx)\'s route "auth-login"' },
      { path: 'routes.highlight', message: expect.stringMatching(/^"\/epochs" is the list path of no screen in the menu \(known: .*\/genres/) },
    ]);
  });
});

describe('checkDefinitions: $ref', () => {
  it('refuses a $ref that resolves to nothing inside the form schema', () => {
    expect(problemsOf('genres.screen.json', (s) => (s.form.schema.properties.names.properties.en.$ref = '#/definitions/nme'))).toEqual([
      'schemas/genres.screen.json: form.schema.properties.names.properties.en.$ref "#/definitions/nme" resolves to nothing in this schema: a $ref must be "#/definitions/<name>" (its definitions: name)',
    ]);
    expect(sheetProblemsOf((schema) => (schema.properties.time_id.$ref = '#/definitions/identifier'))).toEqual([
      expect.stringMatching(
        /^schemas\/reading-sheets\.screen\.json: form\.schema\.properties\.time_id\.\$ref "#\/definitions\/identifier" resolves to nothing in this schema/,
      ),
    ]);
  });
});

describe('checkDefinitions: bulk actions', () => {
  it('refuses a set of a field these rows do not write, without a value or with both, and two actions of one name', () => {
    const problems = problemsOf('reading-sheets.screen.json', (screen) => {
      screen.list.bulkActions[0].field = 'status';
      screen.list.bulkActions[1].value = 2;
      screen.list.bulkActions.push({ name: 'delete', action: 'set', field: 'status_id', label: 'bulk.delete', confirm: 'bulk.deleteConfirm' });
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^schemas\/reading-sheets\.screen\.json: list\.bulkActions\.0\.field "status" is not written by a save of these rows \(the server writes .*status_id, rights_status_id.* on these rows\)$/,
      ),
      'schemas/reading-sheets.screen.json: list.bulkActions.1.options is not shown: the action sets its "value"; remove one of them',
      'schemas/reading-sheets.screen.json: list.bulkActions.3.name "delete" names another bulk action of this list: give each its own name',
      'schemas/reading-sheets.screen.json: list.bulkActions.3 offers no value: give the value every row gets ("value") or where the values come from ("options")',
    ]);
  });

  it('refuses a delete the screen does not permit or with the parts of a set, an asked field on a flag its options lack, and options nothing serves', () => {
    expect(
      problemsOf('genres.screen.json', (screen) => {
        screen.permissions.delete = false;
        screen.list.bulkActions[0].field = 'names';
      }),
    ).toEqual([
      'schemas/genres.screen.json: list.bulkActions.0.field is a part of a "set" action: a delete takes no field; remove it',
      'schemas/genres.screen.json: list.bulkActions.0.action deletes rows, but the screen does not permit deleting (permissions.delete is false)',
    ]);
    const demands = problemsOf('demands.screen.json', (screen) => {
      screen.list.bulkActions[0].ask.when = 'needsCommentary';
      screen.list.bulkActions[0].options.api = 'utilities/request-statuses';
    });
    expect(demands).toEqual([
      expect.stringMatching(/^schemas\/demands\.screen\.json: list\.bulkActions\.0\.options\.api "utilities\/request-statuses" is served by no route/),
    ]);
    expect(
      problemsOf('demands.screen.json', (screen) => {
        screen.list.bulkActions[0].ask.when = 'needsCommentary';
      }),
    ).toEqual([
      'schemas/demands.screen.json: list.bulkActions.0.ask.when "needsCommentary" is not a field of GET admin/utilities/demand-statuses (its rows carry id, name, requires_commentary)',
    ]);
    // Users are validated by an action of their own, which a bulk set goes through: declared, not refused.
    expect(problemsOf('users.screen.json', () => undefined)).toEqual([]);
  });

  it('refuses a set of a secret (a password, a hash, a token), and of a field no revision shows, as the field or the asked one', () => {
    const reset = (field: string) => ({ name: 'reset', action: 'set', field, value: 'Sesame-2026!', label: 'bulk.delete', confirm: 'bulk.deleteConfirm' });
    expect(
      problemsOf('administrators.screen.json', (screen) => {
        screen.list.bulkActions = [reset('password')];
      }),
    ).toEqual([
      'schemas/administrators.screen.json: list.bulkActions.0.field "password" is a secret: a bulk action cannot set it (each person sets their own)',
    ]);
    // A field the rows' save does not write is refused as such, whatever its name.
    expect(
      problemsOf('administrators.screen.json', (screen) => {
        screen.list.bulkActions = [reset('password_hash')];
      }),
    ).toEqual([
      expect.stringMatching(/^schemas\/administrators\.screen\.json: list\.bulkActions\.0\.field "password_hash" is not written by a save of these rows/),
    ]);
    const noRevision = 'leaves no revision in the record history: a bulk action cannot set it (its change on many rows could be neither seen nor undone)';
    expect(
      problemsOf('demands.screen.json', (screen) => {
        screen.list.bulkActions[0].ask.field = 'version';
      }),
    ).toEqual([`schemas/demands.screen.json: list.bulkActions.0.ask.field "version" ${noRevision}`]);
    expect(
      problemsOf('reporters.screen.json', (screen) => {
        screen.list.bulkActions = [{ name: 'language', action: 'set', field: 'lang', value: 'fr', label: 'bulk.delete', confirm: 'bulk.deleteConfirm' }];
      }),
    ).toEqual([`schemas/reporters.screen.json: list.bulkActions.0.field "lang" ${noRevision}`]);
  });
});

describe('the reading sheet: a form property nothing stores', () => {
  it('is refused by the build and the start, naming the property and where to declare it', () => {
    const problems = sheetProblemsOf((schema) => {
      schema.properties.nb_chapters = { type: 'integer', title: 'Number of chapters', minimum: 0 };
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^schemas\/reading-sheets\.screen\.json: form\.schema\.properties\.nb_chapters is not stored by the server: Reading sheet records have no such field \(declare it in server\/resources, with its column and migration; they store original_title, /,
      ),
    );
    const sheets = readJson('reading-sheets.screen.json');
    sheets.form.schema.properties.nb_chapters = { type: 'integer', title: 'Number of chapters', minimum: 0 };
    const screens = [...loaded.filter((screen) => screen.resource !== 'reading-sheets'), expandScreen(sheets) as ScreenDefinition];
    expect(() => assertDefinitionsHonoured(screens)).toThrow(/reading-sheets\.screen\.json: form\.schema\.properties\.nb_chapters is not stored by the server/);
  });

  it('holds for every property of the built-in file: each is declared', () => {
    expect(sheetProblemsOf(() => undefined)).toEqual([]);
  });
});
