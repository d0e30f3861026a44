import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/errors.js';
import { dottedName, normalizeJsonForm, parseMultipartForm, type FormSchema } from '../../server/http/multipartForm.js';
import { READING_SHEET_SCHEMA } from '../../server/sheets/sheetSaveInput.js';

const schema = READING_SHEET_SCHEMA;
const parse = (entries: [string, string][], options = {}) => parseMultipartForm(entries, { schema, ...options }).data;

/** The 422 a parse throws, as `{ key: messages }`. */
function refusal(entries: [string, string][], options = {}): Record<string, string[]> {
  try {
    parseMultipartForm(entries, { schema, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    return (error as HttpError).errors!;
  }
  throw new Error('expected a 422');
}

describe('parseMultipartForm', () => {
  it('reads plain fields, converting them to the schema types', () => {
    expect(
      parse([
        ['original_title', '  Le Désert  '],
        ['nb_pages', '320'],
        ['status_id', '2'],
        ['publication_date', '2024-03'],
        ['private_comment', '0042'],
        ['universal', '1'],
        ['serie', 'false'],
        ['manuscript_confidential', 'on'],
        ['withNotification', '0'],
        ['version', '7'],
        ['unknown_field', '12'],
      ]),
    ).toEqual({
      original_title: 'Le Désert',
      nb_pages: 320,
      status_id: 2,
      publication_date: '2024-03',
      private_comment: '0042', // a string in the schema stays a string
      universal: 1,
      serie: 0,
      manuscript_confidential: 1,
      withNotification: 0,
      version: 7,
      unknown_field: '12', // not in the schema: left as sent
    });
  });

  it('leaves values that do not look like their type for the schema to refuse', () => {
    expect(
      parse([
        ['nb_pages', '12 pages'],
        ['status_id', '1.5'],
        ['universal', 'maybe'],
        ['version', '99999999999999999999'],
      ]),
    ).toEqual({
      nb_pages: '12 pages',
      status_id: '1.5',
      universal: 'maybe',
      version: '99999999999999999999',
    });
  });

  it('reads name[] as lists and drops empty values, keeping an emptied list', () => {
    expect(
      parse([
        ['genres[]', '3'],
        ['genres[]', '1'],
        ['genres[]', ''],
        ['places[]', ''],
        ['thematics[]', '4'],
      ]),
    ).toEqual({
      genres: [3, 1],
      places: [],
      thematics: [4],
    });
  });

  it('reads name[key] as maps: translations and ratings', () => {
    expect(
      parse([
        ['titles[en]', 'The Desert'],
        ['titles[fr]', 'Le Désert'],
        ['titles[de]', ''],
        ['ratings[quality]', '4'],
        ['ratings[commercial]', '0'],
        ['ratings[plot]', ''],
      ]),
    ).toEqual({ titles: { en: 'The Desert', fr: 'Le Désert' }, ratings: { quality: 4, commercial: 0 } });
  });

  it('reads name[i][field] as lists of objects, in index order, with sparse indexes compacted', () => {
    const form = parseMultipartForm(
      [
        ['seriesList[7][name]', 'Dune'],
        ['seriesList[7][number]', '2'],
        ['seriesList[3][name]', 'Dune'],
        ['seriesList[3][number]', '1'],
        ['seriesList[3][id]', '12'],
        ['seriesList[10][name]', ''],
        ['authorList[0][id]', '5'],
        ['authorList[0][type]', '1'],
      ],
      { schema },
    );
    expect(form.data).toEqual({
      seriesList: [{ name: 'Dune', number: 1, id: 12 }, { name: 'Dune', number: 2 }, {}],
      authorList: [{ id: 5, type: 1 }],
    });
    // Error keys on the compacted data go back to the indexes the client sent.
    expect(form.sentKey('seriesList.1.name')).toBe('seriesList.7.name');
    expect(form.sentKey('seriesList.0.number')).toBe('seriesList.3.number');
    expect(form.sentKey('seriesList.2')).toBe('seriesList.10');
    expect(form.sentKey('authorList.0.id')).toBe('authorList.0.id');
    expect(form.sentKey('titles.fr')).toBe('titles.fr');
  });

  it('reads characters with nested per-language maps and age lists', () => {
    expect(
      parse([
        ['characters[0][name]', 'Paul'],
        ['characters[0][function]', '2'],
        ['characters[0][ages][]', '1'],
        ['characters[0][ages][]', '3'],
        ['characters[0][characterisations][fr]', 'Un héritier'],
        ['characters[0][characterisations][en]', 'An heir'],
        ['characters[0][issues][en]', 'Survive'],
        ['characters[1][name]', 'Chani'],
        ['characters[1][key]', 'tmp-1'],
        ['characters[1][ages][]', ''],
      ]),
    ).toEqual({
      characters: [
        { name: 'Paul', function: 2, ages: [1, 3], characterisations: { fr: 'Un héritier', en: 'An heir' }, issues: { en: 'Survive' } },
        { name: 'Chani', key: 'tmp-1', ages: [] },
      ],
    });
  });

  it('keeps the last value of a repeated plain name (hidden input then checkbox)', () => {
    expect(
      parse([
        ['universal', '0'],
        ['universal', '1'],
      ]),
    ).toEqual({ universal: 1 });
  });

  it('works without a schema: every value stays a string', () => {
    expect(
      parseMultipartForm([
        ['a[0][b]', '1'],
        ['c[]', '2'],
      ]).data,
    ).toEqual({ a: [{ b: '1' }], c: ['2'] });
  });

  it('refuses a name used both as a value and as a list or map, with its key', () => {
    expect(
      refusal([
        ['genres', '1'],
        ['genres[]', '2'],
      ]),
    ).toEqual({ genres: [expect.stringMatching(/both as a value and as a list/)] });
    expect(
      refusal([
        ['genres[]', '2'],
        ['genres', '1'],
      ]),
    ).toEqual({ genres: [expect.stringMatching(/both as a list .* and as a value/)] });
    expect(
      refusal([
        ['titles[fr]', 'a'],
        ['titles[fr][x]', 'b'],
      ]),
    ).toHaveProperty(['titles.fr']);
    expect(
      refusal([
        ['seriesList[0][name]', 'a'],
        ['seriesList[name]', 'b'],
      ]),
    ).toHaveProperty(['seriesList']);
    expect(
      refusal([
        ['seriesList[0]', 'a'],
        ['seriesList[0][name]', 'b'],
      ]),
    ).toHaveProperty(['seriesList.0']);
    expect(
      refusal([
        ['genres[]', '1'],
        ['genres[0]', '2'],
      ]),
    ).toHaveProperty(['genres']);
  });

  it('refuses indexes above the limit, nesting too deep, [] before more brackets, malformed names, too many entries', () => {
    expect(refusal([['seriesList[1001][name]', 'x']])).toEqual({ 'seriesList.1001': ['The list index 1001 is above 1000.'] });
    expect(refusal([['seriesList[99999999999999999999][name]', 'x']])).toHaveProperty(['seriesList.99999999999999999999']);
    expect(parse([['seriesList[1000][name]', 'x']])).toEqual({ seriesList: [{ name: 'x' }] });
    expect(refusal([['a[0][b][c][d][e]', 'x']])).toEqual({ 'a.0.b.c.d.e': [expect.stringMatching(/more than 4 levels/)] });
    expect(parse([['a[0][b][c][d]', 'x']])).toEqual({ a: [{ b: { c: { d: 'x' } } }] });
    expect(refusal([['a[][b]', 'x']])).toHaveProperty(['a..b']);
    expect(refusal([['titles[fr', 'x']])).toHaveProperty(['titles[fr']);
    expect(refusal([['[fr]', 'x']])).toHaveProperty(['.fr']);
    expect(refusal([['titles[f r]', 'x']])).toHaveProperty(['titles.f r']);
    const many = Array.from({ length: 11 }, (_, i): [string, string] => [`genres[]`, String(i + 1)]);
    expect(refusal(many, { maxEntries: 10 })).toEqual({ _: ['The form may not have more than 10 fields.'] });
  });

  it('names error keys like the API does', () => {
    expect(dottedName('seriesList[0][name]')).toBe('seriesList.0.name');
    expect(dottedName('genres[]')).toBe('genres');
    expect(dottedName('original_title')).toBe('original_title');
  });
});

describe('normalizeJsonForm', () => {
  it('gives a JSON body the same meaning as the form: trimmed, nulls and empty strings absent, flags from booleans', () => {
    const body = {
      original_title: ' Dune ',
      company_id: null,
      private_comment: '',
      universal: true,
      serie: false,
      titles: { en: 'Dune', fr: '' },
      sourceList: [{ id: null, other: ' Fair ', date: '' }],
      genres: [1, null],
      nested: { flag: true },
    };
    expect(normalizeJsonForm(body, schema as FormSchema)).toEqual({
      original_title: 'Dune',
      universal: 1,
      serie: 0,
      titles: { en: 'Dune' },
      sourceList: [{ other: 'Fair' }],
      genres: [1, null], // list items are kept for the schema to judge
      nested: { flag: true },
    });
  });
});
