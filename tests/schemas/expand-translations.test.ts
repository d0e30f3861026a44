import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandScreen, expandTranslations } from '../../common/expandTranslations.js';
import { LOCALES } from '../../common/locales.js';
import { SCREENS_DIR } from '../../server/definitions/loadScreens.js';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- screen JSON as written
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, file), 'utf8')) as Loose;

/** The translatable fields of the screen definitions, with what each required before `translations` declared them. */
const TRANSLATABLE: { file: string; property: string; template: string; required: string[] }[] = [
  ...['genres', 'times', 'periods', 'thematics', 'audiences', 'categories', 'formats', 'countries'].map((screen) => ({
    file: `${screen}.screen.json`,
    property: 'names',
    template: '#/definitions/name',
    required: ['en'],
  })),
  { file: 'literary-prizes.screen.json', property: 'names', template: '#/definitions/name', required: [] },
  { file: 'thematics.screen.json', property: 'ai_descriptions', template: '#/definitions/aiDescription', required: [] },
  { file: 'authors.screen.json', property: 'biographies', template: '#/definitions/biography', required: [] },
  { file: 'ai-prompts.screen.json', property: 'contents', template: '#/definitions/content', required: ['en'] },
];

describe('expandScreen on schemas/', () => {
  it.each(TRANSLATABLE.map((field) => [`${field.file} ${field.property}`, field] as const))('%s: one template per locale, as before', (_, field) => {
    const written = read(field.file).form.schema.properties[field.property];
    expect(written.translations).toEqual({ $ref: field.template });
    expect(written.properties).toBeUndefined();
    const expanded = expandScreen(read(field.file)).form.schema.properties[field.property];
    expect(expanded).toEqual({
      type: 'object',
      title: written.title,
      ...(field.required.length ? { required: field.required } : {}),
      additionalProperties: false,
      properties: Object.fromEntries(
        LOCALES.map((locale) => [locale, field.required.includes(locale) ? { $ref: field.template, minLength: 1 } : { $ref: field.template }]),
      ),
    });
  });

  it('leaves no translations keyword and no five-locale object written out by hand', () => {
    const declared = new Set(TRANSLATABLE.map((field) => `${field.file} ${field.property}`));
    for (const file of fs.readdirSync(SCREENS_DIR).filter((name) => name.endsWith('.screen.json'))) {
      const written = read(file).form?.schema?.properties ?? {};
      for (const [name, property] of Object.entries<Loose>(written)) {
        expect(Boolean(property.translations), `${file} ${name}`).toBe(declared.has(`${file} ${name}`));
        expect(property.properties?.fr, `${file} ${name} spells its locales out: use "translations"`).toBeUndefined();
      }
      expect(JSON.stringify(expandScreen(read(file)))).not.toContain('"translations"');
    }
  });
});

describe('expandTranslations', () => {
  const names = { type: 'object', translations: { type: 'string', maxLength: 9 }, required: ['fr'] };

  it('keeps a template minLength on a required locale, and expands nested schemas', () => {
    const schema = { type: 'array', items: { ...names, translations: { type: 'string', minLength: 3 } } };
    const expanded = expandTranslations(schema);
    expect(expanded.items).toMatchObject({ required: ['fr'], additionalProperties: false });
    expect((expanded.items as unknown as { properties: object }).properties).toEqual(
      Object.fromEntries(LOCALES.map((locale) => [locale, { type: 'string', minLength: 3 }])),
    );
  });

  it('returns a new schema and reads "translations" as a property name where it is one', () => {
    const schema = { type: 'object', properties: { translations: { type: 'string' }, names } };
    const expanded = expandTranslations(schema) as unknown as { properties: Record<string, Loose> };
    expect(schema.properties.names.translations).toBeDefined();
    expect(expanded.properties.translations).toEqual({ type: 'string' });
    expect(expanded.properties.names!.properties.fr).toEqual({ type: 'string', maxLength: 9, minLength: 1 });
    expect(expanded.properties.names!.properties.en).toEqual({ type: 'string', maxLength: 9 });
  });

  it('throws, naming the JSON pointer, on a misuse', () => {
    expect(() => expandTranslations({ properties: { a: { translations: 'x' } } })).toThrow('/properties/a/translations must be a schema');
    expect(() => expandTranslations({ properties: { a: { translations: {}, properties: {} } } })).toThrow('/properties/a/translations replaces "properties"');
    expect(() => expandTranslations({ definitions: { a: { translations: {}, required: ['pt'] } } })).toThrow(
      '/definitions/a/translations requires pt, which is no locale',
    );
  });
});
