import type { UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { formTabs } from '../../engine/form/errorRouting';
import { assertRegistered } from '../../engine/form/assertRegistered';
import { errorLabel } from '../../engine/form/errorLabel';
import { registries } from '../../widgets/registry';
import { applySheetRules, formErrorKeys, sameSheet, sheetForm, sheetPayload, stripNulls } from './sheetForm';

const t = i18n.t.bind(i18n);
// The built-in version of the screen readingSheet (the test setup holds the files as the server sends them).
const { resolved: sheetFormSchema, uiSchema: sheetUiSchema, translatableFields: TRANSLATABLE_FIELDS } = sheetForm();
const NEW_SHEET_DEFAULTS = sheetForm().defaults();

/** Every string under a UI-text key of the UI schema (labels, help, placeholders) and every tab label. */
function uiTexts(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(uiTexts);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    ['ui:title', 'ui:help', 'ui:placeholder', 'ui:description', 'label', 'addLabel'].includes(key) && typeof value === 'string' ? [value] : uiTexts(value),
  );
}

describe('the form of schemas/reading-sheets.screen.json', () => {
  const properties = Object.keys(sheetFormSchema.properties ?? {});
  const tabs = formTabs(sheetUiSchema);

  it('names only registered widgets and fields', () => {
    expect(() => assertRegistered(sheetUiSchema, registries)).not.toThrow();
  });

  it('uses i18n keys that exist', () => {
    const keys = uiTexts(sheetUiSchema);
    expect(keys.length).toBeGreaterThan(80);
    expect(keys.filter((key) => !i18n.exists(key))).toEqual([]);
  });

  it("names the item on each list's add button ('Add a series'), never RJSF's 'Add Item'", () => {
    const lists = Object.entries(sheetFormSchema.properties ?? {}).filter(([name, property]) => {
      const ui = (sheetUiSchema as Record<string, UiSchema | undefined>)[name] ?? {};
      return typeof property === 'object' && property.type === 'array' && !ui['ui:widget'] && !ui['ui:field'];
    });
    const labels = Object.fromEntries(
      lists.map(([name]) => [name, t(String(((sheetUiSchema as Record<string, UiSchema>)[name]!['ui:options'] ?? {}).addLabel))]),
    );
    expect(labels).toEqual({
      authorList: 'Add an author',
      seriesList: 'Add a series',
      characters: 'Add a character',
      reporterList: 'Add a reporter',
      contactList: 'Add a contact',
      sourceList: 'Add a source',
    });
  });

  it('puts every field of the form in exactly one tab, and only fields of the schema', () => {
    const placed = tabs.flatMap((tab) => tab.fields);
    expect(placed.filter((field) => !properties.includes(field))).toEqual([]);
    expect(placed.filter((field, i) => placed.indexOf(field) !== i)).toEqual([]);
    // Sent with the save, not shown: the version read, and the save button's notification.
    expect(properties.filter((field) => !placed.includes(field))).toEqual(['version', 'withNotification']);
  });

  it('orders fields as the tabs show them, so the first error found is the first one shown', () => {
    const order = (sheetUiSchema['ui:order'] as string[]).filter((f) => f !== '*');
    const shown = tabs.flatMap((tab) => [
      ...tab.fields.filter((f) => !tab.tabs?.some((s) => s.fields.includes(f))),
      ...(tab.tabs ?? []).flatMap((s) => s.fields),
    ]);
    const tabOf = (field: string) => tabs.findIndex((tab) => tab.fields.includes(field));
    expect(order.map(tabOf)).toEqual([...order.map(tabOf)].sort((a, b) => a - b));
    for (const tab of tabs.filter((tb) => tb.tabs)) {
      const subFields = tab.tabs!.flatMap((s) => s.fields);
      expect(order.filter((f) => subFields.includes(f))).toEqual(subFields);
    }
    expect(new Set(shown)).toEqual(new Set(order));
  });

  it('has the criteria and adaptation sub-tabs of SPEC §2 and the labels of §2–§3', () => {
    const labels = (label: string) => tabs.find((tab) => tab.label === label)!.tabs!.map((sub) => t(sub.label));
    expect(labels('screens.reading-sheets.tabs.criteria')).toEqual(['Audience(s)', 'Genre(s)', 'Categories', 'Thematics(s)', 'Literary Prizes']);
    expect(labels('screens.reading-sheets.tabs.adaptation')).toEqual(['Format(s)', 'Genre(s)', 'Budget']);
    const title = (field: string) => t(String((sheetUiSchema[field] as UiSchema)['ui:title']));
    expect(title('newsletter_comments')).toBe('Reporter summary');
    expect(title('summaries')).toBe('Report');
    expect(title('private_comment')).toBe("Operator's commentary");
    expect(t(String(((sheetUiSchema.ratings as UiSchema).quality as UiSchema)['ui:title']))).toBe('Literary quality');
    expect(TRANSLATABLE_FIELDS).toHaveLength(24);
  });
});

describe('sheet data helpers', () => {
  it('drops nulls and keeps untouched parts as they are', () => {
    const untouched = { en: 'a' };
    const value = { titles: untouched, company_id: null, sourceList: [{ id: 3, other: null }] };
    const stripped = stripNulls(value);
    expect(stripped).toEqual({ titles: { en: 'a' }, sourceList: [{ id: 3 }] });
    expect(stripped.titles).toBe(untouched);
    const clean = { a: [1], b: { c: 'd' } };
    expect(stripNulls(clean)).toBe(clean);
  });

  it('clears the primary genre when its genre is removed, and keeps one series item while serie is on', () => {
    expect(applySheetRules({}, { genres: [2, 5], primary_genre: 5 })).toEqual({ genres: [2, 5], primary_genre: 5 });
    expect(applySheetRules({}, { genres: [2], primary_genre: 5 })).toEqual({ genres: [2] });
    expect(applySheetRules({ serie: 0 }, { serie: 1 })).toEqual({ serie: 1, seriesList: [{}] });
    expect(applySheetRules({ serie: 1 }, { serie: 0, seriesList: [{ name: 'x', number: 1 }] })).toEqual({ serie: 0, seriesList: [] });
  });

  it('sends only the writable fields of the server schema', () => {
    const payload = sheetPayload({
      id: 4,
      original_title: 'Dune',
      status: { id: 1, label: 'Draft' },
      titles: { en: 'Dune', fr: '' },
      authorList: [{ id: 8, name: 'Frank Herbert', type: 1 }],
      contactList: [{ id: 6, name: 'Marc', company: 'Gallimard', audiovisual_law: 1 }],
      requestList: [{ id: 1 }],
      documentList: [{ id: 3, full_path: '/x' }],
      characters: [{ id: 2, name: 'Paul', ages: [1, 2], issues: { de: 'x' } }],
      ratings: { quality: 4 },
      version: 3,
      withNotification: 1,
    });
    expect(payload).toEqual({
      original_title: 'Dune',
      titles: { en: 'Dune' },
      authorList: [{ id: 8, type: 1 }],
      contactList: [{ id: 6, audiovisual_law: 1 }],
      characters: [{ id: 2, name: 'Paul', ages: [1, 2], issues: { de: 'x' } }],
      ratings: { quality: 4 },
      version: 3,
      withNotification: 1,
    });
  });

  it('maps the server keys that are not form fields onto the fields that show them', () => {
    expect(
      formErrorKeys({ author_list: ['Once.'], 'documentList.2': ['Bad.'], 'documentList.4': ['Bad.'], 'cover_file.0': ['Big.'], 'titles.fr': ['x'] }),
    ).toEqual({
      authorList: ['Once.'],
      documentList: ['Bad.'],
      coverList: ['Big.'],
      'titles.fr': ['x'],
    });
  });

  it('names an error key of the sheet for the summary', () => {
    const label = (key: string) => errorLabel(key, sheetFormSchema, sheetUiSchema, t);
    expect(label('seriesList.1.name')).toBe('Series › #2 › Series name');
    expect(label('titles.fr')).toBe('Title › Français');
    expect(label('characters.0.issues.de')).toBe('Characters › #1 › Issues › Deutsch');
    expect(label('ratings.quality')).toBe('Ratings › Literary quality');
  });

  it('starts a new sheet with the defaults of the spec, and compares sheets whatever their key order', () => {
    expect(NEW_SHEET_DEFAULTS).toMatchObject({ status_id: 1, rights_status_id: 4, universal: 0, manuscript_confidential: 0, serie: 0 });
    expect(NEW_SHEET_DEFAULTS).not.toHaveProperty('withNotification');
    expect(sameSheet({ a: { fr: 'x', en: 'y' }, b: null }, { a: { en: 'y', fr: 'x' } })).toBe(true);
    expect(sameSheet({ a: 1 }, { a: 2 })).toBe(false);
  });
});
