import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandScreen } from '../../common/expandTranslations.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import { checkDefinitions } from '../../server/definitions/checkDefinitions.js';
import { loadScreens, SCREENS_DIR } from '../../server/definitions/loadScreens.js';
import { READING_SHEET_FORMS } from '../../server/definitions/readingSheetForms.js';

/** A screen definition as loose JSON, for a test to break it. */
type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits arbitrary JSON paths
const read = (name: string) => expandScreen(JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, name), 'utf8'))) as Loose;
const loaded = [...loadScreens().values()];
/** A definition from schemas/, changed by `edit`, checked with the others (which have no problem). */
const problemsOf = (name: string, edit: (screen: Loose) => void) => {
  const screen = read(name);
  edit(screen);
  return checkDefinitions([...loaded.filter((other) => `${other.resource}.screen.json` !== name), screen as ScreenDefinition]);
};

describe('checkDefinitions', () => {
  it('finds nothing in the definitions of schemas/ and the reading-sheet editor', () => {
    expect(checkDefinitions(loadScreens().values(), { forms: READING_SHEET_FORMS })).toEqual([]);
  });

  it('accepts a filter on a declared filterable field', () => {
    expect(problemsOf('genres.screen.json', (s) => s.list.filters = [{ param: 'parent_id', label: 'screens.genres.parent', widget: 'select' }])).toEqual([]);
  });

  it('refuses a list column the list does not return, naming the file and the JSON path', () => {
    expect(problemsOf('genres.screen.json', (s) => s.list.columns.push({ field: 'colour', header: 'columns.color' }))).toEqual([
      'schemas/genres.screen.json: /list/columns/4/field "colour" is not returned by GET admin/genres (its rows carry id, name, names, color, parent_id, parent_name)',
    ]);
  });

  it('refuses a filter or a search the server does not accept', () => {
    const problems = problemsOf('contacts.screen.json', (s) => {
      s.list.search.param = 'q';
      s.list.filters = [{ param: 'city', label: 'fields.name', widget: 'text' }];
    });
    expect(problems).toEqual([
      'schemas/contacts.screen.json: /list/search/param "q" is not accepted by GET admin/contacts (it accepts page, perPage, name, company_id, contact_type_id)',
      'schemas/contacts.screen.json: /list/filters/0/param "city" is not accepted by GET admin/contacts (it accepts page, perPage, name, company_id, contact_type_id)',
    ]);
  });

  it('refuses a form field the server does not store, and a returned field not marked read-only', () => {
    const problems = problemsOf('contacts.screen.json', (s) => {
      s.form.schema.properties.nickname = { type: 'string', title: 'fields.name' };
      delete s.form.schema.properties.readingSheets.readOnly;
    });
    expect(problems).toEqual([
      'schemas/contacts.screen.json: /form/schema/properties/readingSheets is not stored by the server (Contact records return it read-only): mark it "readOnly": true',
      expect.stringMatching(/^schemas\/contacts\.screen\.json: \/form\/schema\/properties\/nickname is not stored by the server: Contact records have no such field \(they store name, email, /),
    ]);
  });

  it('refuses a widget source that no route serves, and fields or a search its list does not have', () => {
    const problems = problemsOf('contacts.screen.json', (s) => {
      s.form.uiSchema.company_id['ui:options'].source.api = 'compagnies';
      s.form.uiSchema.contact_type_id['ui:options'].source = { api: 'utilities/contact-types', searchParam: 'name', labelField: 'title' };
    });
    expect(problems).toEqual([
      expect.stringMatching(/^schemas\/contacts\.screen\.json: \/form\/uiSchema\/company_id\/ui:options\/source\/api "compagnies" is served by no route \(known lists: .*companies/),
      'schemas/contacts.screen.json: /form/uiSchema/contact_type_id/ui:options/source/searchParam "name" is not accepted by GET admin/utilities/contact-types (it accepts no parameter)',
      'schemas/contacts.screen.json: /form/uiSchema/contact_type_id/ui:options/source/labelField "title" is not returned by GET admin/utilities/contact-types (its rows carry id, label)',
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
      'schemas/news.screen.json: /permissions/deleteWhen "deletable" is not returned by GET admin/news (its rows carry id, title, description, type, image, link)',
      'schemas/news.screen.json: /form/multipart must be true: the form has file fields',
      expect.stringMatching(/^schemas\/news\.screen\.json: \/list\/filters\/0\/options\/api "news-types" is served by no route/),
    ]);
  });

  it('refuses a related table whose rowRoute names no route of a screen definition', () => {
    expect(problemsOf('contacts.screen.json', (s) => (s.form.uiSchema.readingSheets['ui:options'].rowRoute = 'readingSheet-save'))).toEqual([
      'schemas/contacts.screen.json: /form/uiSchema/readingSheets/ui:options/rowRoute "readingSheet-save" names no route of a screen definition (a "name" of their routes.list or routes.form)',
    ]);
  });

  it("refuses an embedded list naming no screen or filtering on a parameter its list does not take, and a record link's unknown route", () => {
    expect(problemsOf('users.screen.json', (s) => (s.form.uiSchema.requests['ui:options'].screen = 'requests'))).toEqual([
      expect.stringMatching(/^schemas\/users\.screen\.json: \/form\/uiSchema\/requests\/ui:options\/screen "requests" names no screen definition \(known: .*demands/),
    ]);
    expect(problemsOf('users.screen.json', (s) => (s.form.uiSchema.requests['ui:options'].fixed = { customer_id: '$recordId' }))).toEqual([
      'schemas/users.screen.json: /form/uiSchema/requests/ui:options/fixed/customer_id is not accepted by GET admin/demands (it accepts page, perPage, name, user_id, book_id, status, type)',
    ]);
    expect(problemsOf('demands.screen.json', (s) => (s.form.uiSchema.book_link['ui:options'].route = 'reading-sheet'))).toEqual([
      'schemas/demands.screen.json: /form/uiSchema/book_link/ui:options/route "reading-sheet" names no route of a screen definition (a "name" of their routes.list or routes.form)',
    ]);
  });

  it('refuses an option a field does not take (the retired rowLink), instead of ignoring it', () => {
    expect(problemsOf('authors.screen.json', (s) => (s.form.uiSchema.books['ui:options'].rowLink = '/reading-sheet/:id?'))).toEqual([
      'schemas/authors.screen.json: /form/uiSchema/books/ui:options/rowLink is not an option of relatedTable (it takes columns, rowRoute, hideOnCreate)',
    ]);
  });

  it("refuses an addLabel no add button shows: on a field that is not a list, a list a widget shows, a field that shows its own list", () => {
    const problems = problemsOf('reporters.screen.json', (s) => {
      s.form.uiSchema.title = { ...s.form.uiSchema.title, 'ui:options': { addLabel: 'screens.readingSheet.add.series' } };
      s.form.uiSchema.reporterUserIds['ui:options'] = { ...s.form.uiSchema.reporterUserIds['ui:options'], addLabel: 'screens.readingSheet.add.series' };
    });
    expect(problems).toEqual([
      'schemas/reporters.screen.json: /form/uiSchema/title/ui:options/addLabel is not shown: only a list (type "array") has an add button',
      'schemas/reporters.screen.json: /form/uiSchema/reporterUserIds/ui:options/addLabel is not shown: the widget multiSelect shows this list, without an add button',
    ]);
    expect(problemsOf('users.screen.json', (s) => (s.form.uiSchema.libraries = { 'ui:field': 'userLibraries', 'ui:options': { addLabel: 'screens.readingSheet.add.series' } }))).toEqual([
      'schemas/users.screen.json: /form/uiSchema/libraries/ui:options/addLabel is not shown: the field userLibraries shows this list, not the array template',
    ]);
  });

  it("checks the reading-sheet editor's addLabel against its schema: its lists take one, a nested text does not", () => {
    const [form] = READING_SHEET_FORMS;
    expect(checkDefinitions([], { forms: [form!] })).toEqual([]);
    const uiSchema = JSON.parse(JSON.stringify(form!.uiSchema));
    uiSchema.seriesList.items.name['ui:options'] = { addLabel: 'screens.readingSheet.add.series' };
    expect(checkDefinitions([], { forms: [{ ...form!, uiSchema }] })).toEqual([
      'schemas/books/readingSheet.ui.json: /seriesList/items/name/ui:options/addLabel is not shown: only a list (type "array") has an add button',
    ]);
  });

  it('refuses a screen whose api no declared resource serves', () => {
    expect(problemsOf('times.screen.json', (s) => (s.api = 'eras'))).toEqual(['schemas/times.screen.json: /api "eras" is served by no declared resource (server/resources)']);
  });

  it("checks the reading-sheet editor's sources too", () => {
    const [form] = READING_SHEET_FORMS;
    const uiSchema = JSON.parse(JSON.stringify(form!.uiSchema));
    uiSchema.time_id['ui:options'].source.api = 'epochs';
    expect(checkDefinitions([], { forms: [{ ...form!, uiSchema }] })).toEqual([
      expect.stringMatching(/^schemas\/books\/readingSheet\.ui\.json: \/time_id\/ui:options\/source\/api "epochs" is served by no route/),
    ]);
  });
});
