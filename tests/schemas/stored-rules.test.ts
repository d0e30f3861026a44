import { describe, expect, it } from 'vitest';
import { checkStoredRules } from '../../server/definitions/check/checkStoredRules.js';
import { dotted } from '../../server/definitions/check/problem.js';
import readingSheetsScreen from '../../schemas/reading-sheets.screen.json';

const readingSheetSchema = readingSheetsScreen.form.schema;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- schemas changed by path

const builtIn: Json = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', title: 'Title', minLength: 1, maxLength: 100 },
    pages: { type: 'integer', minimum: 0, maximum: 5000 },
    code: { type: 'string', pattern: '^[A-Z]+$' },
    note: { type: 'string' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 10 },
  },
};

/** The problems of a schema changed by `change`, as `path: message`. */
function problems(change: (schema: Json) => void, options?: { topProperties?: 'fixed' | 'served' }): string[] {
  const schema = structuredClone(builtIn) as Json;
  change(schema);
  const found: string[] = [];
  checkStoredRules(schema, builtIn, ['form', 'schema'], (path, message) => found.push(`${dotted(path)}: ${message}`), options);
  return found;
}

describe('checkStoredRules: a published form schema may make rules stricter, never change what is stored', () => {
  it('accepts texts, a field made required, lowered upper limits, raised lower limits and a new pattern', () => {
    expect(
      problems((schema) => {
        schema.properties.title.title = 'Name';
        schema.properties.title.description = 'As printed';
        schema.required = ['title', 'pages'];
        schema.properties.title.maxLength = 60;
        schema.properties.title.minLength = 2;
        schema.properties.pages.maximum = 2000;
        (schema.properties.note as Record<string, unknown>).pattern = '^\\S';
        (schema.properties.note as Record<string, unknown>).maxLength = 300;
      }),
    ).toEqual([]);
  });

  it('refuses a type changed', () => {
    expect(problems((schema) => void (schema.properties.pages.type = 'string'))).toEqual([
      'form.schema.properties.pages.type: can only be changed in the repository: it changes what the server stores or serves.',
    ]);
  });

  it('refuses values of a list changed', () => {
    expect(problems((schema) => void (schema.properties.tags.items.enum = ['a', 'b', 'c']))).toEqual([
      'form.schema.properties.tags.items.enum: can only be changed in the repository: it changes what the server stores or serves.',
    ]);
  });

  it('refuses an upper limit raised or dropped', () => {
    expect(problems((schema) => void (schema.properties.title.maxLength = 200))).toEqual([
      'form.schema.properties.title.maxLength: 200 is above 100, the built-in limit the stored values fit: it can only be lowered here.',
    ]);
    expect(problems((schema) => void delete (schema.properties.tags as Record<string, unknown>).maxItems)).toEqual([
      'form.schema.properties.tags.maxItems: is 10 in the built-in file: the stored values fit it, so it stays (lower it if needed).',
    ]);
  });

  it('refuses a lower limit lowered', () => {
    expect(problems((schema) => void (schema.properties.pages.minimum = -1))).toEqual([
      'form.schema.properties.pages.minimum: -1 is below 0, the built-in limit the stored values fit: it can only be raised here.',
    ]);
  });

  it('refuses a limit that is not a number', () => {
    expect(problems((schema) => void ((schema.properties.title as Record<string, unknown>).maxLength = '60'))).toEqual([
      'form.schema.properties.title.maxLength: must be a number',
    ]);
  });

  it('refuses the built-in pattern changed', () => {
    expect(problems((schema) => void (schema.properties.code.pattern = '.*'))).toEqual([
      'form.schema.properties.code.pattern: can only be changed in the repository: it changes what the server stores or serves. The built-in pattern stays; a pattern can be added only where the file has none.',
    ]);
  });

  it('refuses a required field made optional, and a required name that is no field', () => {
    expect(problems((schema) => void (schema.required = ['pagez']))).toEqual([
      'form.schema.required: must keep "title": the save needs it (a field can be made required here, not optional).',
      'form.schema.required: names "pagez", which is no field here; fields: title, pages, code, note, tags',
    ]);
  });

  it('refuses a field added or removed where the fields are fixed (the reading sheet), not where the served fields decide (a resource)', () => {
    const change = (schema: Json) => {
      schema.properties.website = { type: 'string' };
      delete schema.properties.note;
    };
    expect(problems(change)).toEqual([
      'form.schema.properties.website: is not stored: a field can only be added in the repository: it changes what the server stores or serves.',
      'form.schema.properties.note: is missing: can only be removed in the repository: it changes what the server stores or serves.',
    ]);
    expect(problems(change, { topProperties: 'served' })).toEqual([]);
  });

  it("refuses, in the reading sheet's schema, a change of what the AI drafts (x-aiDraft): the server's draft, prompts and storage follow the file", () => {
    const sheetProblems = (change: (schema: Json) => void) => {
      const schema = structuredClone(readingSheetSchema) as Json;
      change(schema);
      const found: string[] = [];
      checkStoredRules(schema, readingSheetSchema, ['form', 'schema'], (path, message) => found.push(`${dotted(path)}: ${message}`));
      return found;
    };
    const refused = (path: string) => [`form.schema.properties.${path}: can only be changed in the repository: it changes what the server stores or serves.`];
    expect(sheetProblems((schema) => void (schema.properties.tones['x-aiDraft'].ask = 'string: the mood'))).toEqual(refused('tones.x-aiDraft'));
    expect(sheetProblems((schema) => void (schema.properties.tones['x-aiDraft'].field = 'mood'))).toEqual(refused('tones.x-aiDraft'));
    expect(sheetProblems((schema) => void delete schema.properties.tones['x-aiDraft'])).toEqual(refused('tones.x-aiDraft'));
    expect(sheetProblems((schema) => void (schema.properties.original_title['x-aiDraft'] = { field: 'original_title', ask: 'string' }))).toEqual(
      refused('original_title.x-aiDraft'),
    );
    // Its title stays the staff's to change.
    expect(sheetProblems((schema) => void (schema.properties.tones.title = 'Mood'))).toEqual([]);
  });
});
