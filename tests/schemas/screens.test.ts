import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { expandScreen } from '../../common/expandTranslations.js';
import { BUILT_IN_WIDGETS, CELL_NAMES, FIELD_NAMES, screenMetaSchema, WIDGET_NAMES, type ScreenDefinition } from '../../common/screenDefinition.js';
import { compileFormValidator } from '../../server/definitions/formValidator.js';
import { loadScreens, SCREENS_DIR } from '../../server/definitions/loadScreens.js';
import { buildResources, textsByDottedKey, type Messages } from '../../common/i18nResources.js';
import { SCREEN_SCHEMA_FILE, screenSchemaText } from '../../scripts/write-screen-schema.js';
import { FIXED_ROUTES } from '../../server/definitions/check/checkRoutes.js';
import { DASHBOARD_PATH } from '../../src/screens/dashboard/dashboardCalls.js';
import { STUDIO_PATH } from '../../src/screens/studio/studioRoute.js';
import { ACTIVITY_PATH } from '../../src/screens/activity/activityRoute.js';

const LOCALES_DIR = path.resolve('src/i18n/locales');
/** uiSchema keys whose string value is shown to the user, hence an i18n key. */
/** A text that is an i18n key (`screens.genres.fields.name`), not words. */
const I18N_KEY = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

const UI_TEXT_KEYS = new Set([
  'ui:title',
  'ui:help',
  'ui:placeholder',
  'ui:description',
  'title',
  'help',
  'placeholder',
  'description',
  'descriptionFr',
  'label',
  'addLabel',
]);

const files = fs.readdirSync(SCREENS_DIR).filter((file) => file.endsWith('.screen.json'));
const raw = Object.fromEntries(files.map((file) => [file, JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, file), 'utf8')) as ScreenDefinition]));

/** Every locale's flattened keys, built from the JSON files as the app builds them. */
function localeKeys(): Map<string, Set<string>> {
  const messages: Record<string, Messages> = {};
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(LOCALES_DIR).filter((f) => f.endsWith('.json'))) messages[file.split(path.sep).join('/')] = JSON.parse(fs.readFileSync(file, 'utf8'));
  const resources = buildResources(messages);
  return new Map(Object.entries(resources).map(([lng, { translation }]) => [lng, new Set(textsByDottedKey(translation).keys())]));
}

/** Walks a JSON value, calling `visit(key, value)` for every property of every object. */
function walk(value: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      visit(key, item);
      walk(item, visit);
    }
  }
}

/** The i18n keys a screen uses: titles, menu, headers, placeholders, labels, schema titles, UI texts. */
function usedKeys(screen: ScreenDefinition): string[] {
  const keys: unknown[] = [screen.title, screen.menu?.label, screen.list?.title, screen.list?.search?.placeholder];
  for (const column of screen.list?.columns ?? []) keys.push(column.header);
  for (const filter of screen.list?.filters ?? []) keys.push(filter.label, ...(filter.options?.static ?? []).map((option) => option.label));
  keys.push(...Object.values(screen.form?.title ?? {}), ...Object.values(screen.form?.submitLabel ?? {}));
  // A schema's title is an i18n key or words (the sheet's: the server names its fields with them, src/engine/form/validator.ts).
  walk(screen.form?.schema, (key, value) => {
    if (key === 'title' && typeof value === 'string' && I18N_KEY.test(value)) keys.push(value);
  });
  walk(screen.form?.uiSchema, (key, value) => {
    if (UI_TEXT_KEYS.has(key) && typeof value === 'string') keys.push(value);
    if (key === 'ui:enumNames' && Array.isArray(value)) keys.push(...value);
  });
  return keys.filter((key): key is string => typeof key === 'string');
}

/** Every value of `name` (`ui:widget`, `ui:field`) in a UI schema. */
function uiValues(screen: ScreenDefinition, name: string): string[] {
  const found: string[] = [];
  walk(screen.form?.uiSchema, (key, value) => {
    if (key === name && typeof value === 'string') found.push(value);
  });
  return found;
}

describe('the app’s own routes', () => {
  it('are all known to the screens’ check, so that no screen can take one', () => {
    const paths = FIXED_ROUTES.map((route) => route.path);
    for (const path of [DASHBOARD_PATH, STUDIO_PATH, ACTIVITY_PATH]) expect(paths).toContain(path);
  });
});

describe('schemas/screen.schema.json', () => {
  it('is written from screenMetaSchema (run `npx tsx scripts/write-screen-schema.ts` after changing it)', () => {
    expect(fs.readFileSync(SCREEN_SCHEMA_FILE, 'utf8')).toBe(`${JSON.stringify(screenMetaSchema, null, 2)}\n`);
    expect(screenSchemaText()).toBe(`${JSON.stringify(screenMetaSchema, null, 2)}\n`);
  });
});

describe('screen definitions', () => {
  const keysByLocale = localeKeys();

  it('exist, and the server loads them all', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect([...loadScreens().keys()].sort()).toEqual(
      Object.values(raw)
        .map((s) => s.resource)
        .sort(),
    );
  });

  it('has every locale folder', () => {
    expect([...keysByLocale.keys()]).toContain('en');
  });

  describe.each(Object.entries(raw))('%s', (file, screen) => {
    it('validates against the meta-schema and is named after its resource', () => {
      const validate = new Ajv({ allErrors: true, strict: false }).compile(screenMetaSchema);
      expect(validate(screen) ? [] : validate.errors).toEqual([]);
      expect(file).toBe(`${screen.resource}.screen.json`);
      expect(screen.$schema).toBe('./screen.schema.json');
    });

    it('names only registered cells, widgets and fields', () => {
      for (const column of screen.list?.columns ?? []) expect(CELL_NAMES, column.field).toContain(column.cell ?? 'text');
      for (const widget of uiValues(screen, 'ui:widget')) expect([...WIDGET_NAMES, ...BUILT_IN_WIDGETS]).toContain(widget);
      for (const field of uiValues(screen, 'ui:field')) expect(FIELD_NAMES).toContain(field);
    });

    it('uses i18n keys that exist in every locale', () => {
      const keys = usedKeys(screen);
      expect(keys.length).toBeGreaterThan(3);
      for (const [locale, known] of keysByLocale)
        expect(
          keys.filter((key) => !known.has(key)),
          locale,
        ).toEqual([]);
    });

    it('gives labelKeys (of a column or an option source) that hold keys in every locale', () => {
      const prefixes: string[] = (screen.list?.columns ?? []).flatMap((column) => (column.labelKeys ? [column.labelKeys] : []));
      for (const filter of screen.list?.filters ?? []) if (filter.options?.labelKeys) prefixes.push(filter.options.labelKeys);
      walk(screen.form?.uiSchema, (key, value) => {
        if (key === 'labelKeys' && typeof value === 'string') prefixes.push(value);
      });
      for (const [locale, known] of keysByLocale) {
        expect(
          prefixes.filter((prefix) => ![...known].some((key) => key.startsWith(`${prefix}.`))),
          locale,
        ).toEqual([]);
      }
    });

    it('has a form schema the shared ajv options compile, its locales expanded', () => {
      const form = expandScreen(screen).form;
      if (form) expect(() => compileFormValidator(form.schema)).not.toThrow();
    });
  });

  it('declare route paths and names that collide with no other route', () => {
    const routes = [...FIXED_ROUTES, ...Object.values(raw).flatMap((s) => [s.routes.list, ...(s.routes.form ? [s.routes.form] : [])])];
    const pattern = (p: string) => p.replace(/:[A-Za-z_]\w*\??/g, ':param');
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    expect(duplicates(routes.map((r) => pattern(r.path)))).toEqual([]);
    expect(duplicates(routes.map((r) => r.name))).toEqual([]);
  });
});

describe('loadScreens', () => {
  const withFiles = (contents: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-'));
    for (const [name, text] of Object.entries(contents)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  };
  const genres = fs.readFileSync(path.join(SCREENS_DIR, 'genres.screen.json'), 'utf8');

  it('fails fast naming the file and the JSON path of each problem', () => {
    const broken = JSON.parse(genres);
    broken.list.columns[1].cell = 42;
    delete broken.permissions.delete;
    const dir = withFiles({ 'genres.screen.json': JSON.stringify(broken), 'times.screen.json': '{ "resource": ' });
    expect(() => loadScreens(dir)).toThrow(/times\.screen\.json: \/ is not valid JSON/);
    fs.rmSync(path.join(dir, 'times.screen.json'));
    expect(() => loadScreens(dir)).toThrow(/genres\.screen\.json: \/list\/columns\/1\/cell must be equal to one of the allowed values/);
    expect(() => loadScreens(dir)).toThrow(/genres\.screen\.json: \/permissions must have required property 'delete'/);
  });

  it('refuses a misused translations keyword, naming the file and the JSON path', () => {
    const broken = JSON.parse(genres);
    broken.form.schema.properties.names.properties = {};
    expect(() => loadScreens(withFiles({ 'genres.screen.json': JSON.stringify(broken) }))).toThrow(
      /genres\.screen\.json: \/form\/schema\/properties\/names\/translations replaces "properties"/,
    );
  });

  it('refuses a file not named after its resource', () => {
    expect(() => loadScreens(withFiles({ 'genre.screen.json': genres }))).toThrow(/genre\.screen\.json: file name must be genres\.screen\.json/);
  });
});
