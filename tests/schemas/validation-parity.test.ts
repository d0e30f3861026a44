import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { compileFormValidator } from '../../server/definitions/formValidator.js';
import { loadScreens } from '../../server/definitions/loadScreens.js';
import { formValidatorFor } from '../../src/engine/form/validator.js';

/**
 * The same accept/reject fixtures through the server's validator (ajv + toFieldErrors) and the
 * client's (the validator compiled at build time for the form's schema, with the product's
 * messages, as the browser runs it: src/engine/form/validator.ts): same verdict, same dotted keys,
 * same messages.
 * `keys` is the expected set of dotted keys, empty for data both sides accept.
 */
type Fixture = [label: string, data: unknown, keys: string[]];

const long = 'x'.repeat(256);
const names = (extra: Record<string, unknown> = {}) => ({ names: { en: 'Name', fr: 'Nom', ...extra } });

/** Fixtures shared by every screen whose form is `{ names }` plus optional fields. */
const NAMES: Fixture[] = [
  ['names in several locales', names({ es: 'Nombre', de: 'Name', it: 'Nome' }), []],
  ['only English', { names: { en: 'Only' } }, []],
  ['English missing', { names: { fr: 'Nom' } }, ['names.en']],
  ['English empty', { names: { en: '' } }, ['names.en']],
  ['names missing', {}, ['names']],
  ['names not an object', { names: 'Name' }, ['names']],
  ['a name too long and one not a string', names({ fr: long, de: 3 }), ['names.de', 'names.fr']],
  ['an unknown locale', names({ pt: 'Nome' }), ['names']],
  ['the body not an object', [], ['_']],
];

const FIXTURES: Record<string, Fixture[]> = {
  genres: [
    ['a full genre', { ...names(), color: '#0091EA', parent_id: 3 }, []],
    ['a top-level genre', { ...names(), color: '#0091ea', parent_id: null }, []],
    ['a bad colour', { ...names(), color: 'blue' }, ['color']],
    ['colour missing', names(), ['color']],
    ['a parent that is not an id', { ...names(), color: '#0091ea', parent_id: '3' }, ['parent_id']],
    ['parent 0 and English missing', { names: {}, color: '#0091ea', parent_id: 0 }, ['names.en', 'parent_id']],
    ...NAMES.slice(2).map(([label, data, keys]): Fixture => [label, Array.isArray(data) ? data : { color: '#0091ea', ...(data as object) }, keys]),
  ],
  times: NAMES,
  'reading-sheets': [
    [
      'a sheet with its lists',
      {
        original_title: 'Le Phare',
        titles: { en: 'The Lighthouse', fr: 'Le Phare' },
        publication_date: '2024-03',
        genres: [1, 2],
        primary_genre: 1,
        authorList: [{ id: 4, type: 1 }],
        characters: [{ name: 'Ann', ages: [1] }],
        ratings: { quality: 4, plot: 0 },
        withNotification: 1,
      },
      [],
    ],
    ['the original title alone', { original_title: 'x' }, []],
    ['no original title', { titles: { en: 'x' } }, ['original_title']],
    ['a title too long, a month that is no month', { original_title: 'x'.repeat(501), publication_date: '2024-13' }, ['original_title', 'publication_date']],
    ['a rating above 4 and a language that is none', { original_title: 'x', ratings: { quality: 5 }, titles: { pt: 'y' } }, ['ratings.quality', 'titles']],
    [
      'a genre that is no id, a character without a name',
      { original_title: 'x', genres: ['a'], characters: [{ ages: [] }] },
      ['characters.0.name', 'genres.0'],
    ],
  ],
  periods: NAMES,
  thematics: [
    ['a full thematic', { ...names(), ai_descriptions: { en: 'Line one\nline two', fr: 'Ligne' }, parent_id: 2 }, []],
    [
      'an AI description too long and not a string',
      { ...names(), ai_descriptions: { en: 'x'.repeat(5001), it: false } },
      ['ai_descriptions.en', 'ai_descriptions.it'],
    ],
    ['AI descriptions not an object', { ...names(), ai_descriptions: ['en'] }, ['ai_descriptions']],
    ['a parent that is a number but not an integer', { ...names(), parent_id: 1.5 }, ['parent_id']],
    ...NAMES,
  ],
  audiences: NAMES.slice(0, 4),
  categories: NAMES.slice(0, 4),
  formats: NAMES.slice(0, 4),
  countries: [
    ['a country', { ...names(), code: 'FR' }, []],
    ['a lower-case code', { ...names(), code: 'fr' }, ['code']],
    ['a code that is a number', { ...names(), code: 33 }, ['code']],
    ...NAMES.slice(2, 5),
  ],
  news: [
    ['a news with an image', { title: 'Spring list', description: '<p>New <strong>titles</strong></p>', type: 1 }, []],
    ['a news with a link', { title: 'Trailer', description: '<p>x</p>', type: 0, link: 'https://youtu.be/dQw4w9WgXcQ', image: null }, []],
    ['title and description missing', { type: 1 }, ['description', 'title']],
    ['empty title, unknown type', { title: '', description: '<p>x</p>', type: 2 }, ['title', 'type']],
    ['a type sent as text', { title: 'T', description: '<p>x</p>', type: '1' }, ['type']],
    ['a title too long and a link not a string', { title: long, description: '<p>x</p>', type: 0, link: 5 }, ['link', 'title']],
  ],
  'literary-prizes': [
    ['a prize with names', { label: 'Prix Goncourt', names: { en: 'Goncourt Prize', fr: 'Prix Goncourt' } }, []],
    ['only a label', { label: 'Booker' }, []],
    ['label missing', { names: { en: 'x' } }, ['label']],
    ['label empty and a name too long', { label: '', names: { de: long } }, ['label', 'names.de']],
    ['an unknown locale', { label: 'x', names: { pt: 'y' } }, ['names']],
  ],
  'ai-prompts': [
    ['a prompt', { label: 'report', contents: { en: 'Read {{context}} {{json_structure}}', fr: 'Lis {{context}}' }, json_structure: '{"a":1}' }, []],
    ['English content missing', { contents: { fr: 'x' }, json_structure: '{}' }, ['contents.en']],
    ['structure missing, content not an object', { contents: 'x' }, ['contents', 'json_structure']],
    ['an unknown locale and a structure not a string', { contents: { en: 'x', pt: 'y' }, json_structure: {} }, ['contents', 'json_structure']],
  ],
  administrators: [
    ['an administrator', { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.test', password: 'long enough' }, []],
    ['an edit keeping the password', { id: 3, name: 'Ada Lovelace', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.test', password: null }, []],
    ['first name and e-mail missing', { password: 'long enough' }, ['email', 'firstname']],
    ['no last name', { firstname: 'Ada', lastname: null, email: 'ada@example.test', password: 'long enough' }, []],
    ['a bad e-mail, an empty name and a short password', { firstname: '', lastname: 'L', email: 'ada', password: 'short' }, ['email', 'firstname', 'password']],
    ['roles', { firstname: 'Ada', email: 'ada@example.test', password: 'long enough', role_ids: [1, 3] }, []],
    [
      'a role twice, a role that is no id',
      { firstname: 'Ada', email: 'ada@example.test', password: 'long enough', role_ids: [1, 1, 'x'] },
      ['role_ids', 'role_ids.2'],
    ],
  ],
  roles: [
    ['a role', { name: 'Scout', description: 'Reads the catalogue.' }, []],
    ['an edit sent back with what it read', { id: 5, name: 'Scout', description: null, owner: false, permissions: {} }, []],
    ['no name', { description: 'x' }, ['name']],
    ['an empty name, a description too long', { name: '', description: 'x'.repeat(2001) }, ['description', 'name']],
  ],
  contacts: [
    [
      'a full contact sent back with its joins',
      {
        name: 'Hélène',
        email: 'h@example.test',
        phone: '+33 1',
        professional_role: 'Agent',
        comment: 'Line\nline',
        company_id: 2,
        company: { id: 2, name: 'Gallimard' },
        contact_type_id: 1,
        readingSheets: [{ id: 1, original_title: 'Title' }],
      },
      [],
    ],
    ['only a name, the rest null', { name: 'X', email: null, company_id: null, contact_type_id: null }, []],
    ['name missing and a bad e-mail', { email: 'nope' }, ['email', 'name']],
    ['ids that are not ids', { name: 'X', company_id: '1', contact_type_id: 0 }, ['company_id', 'contact_type_id']],
  ],
  companies: [
    [
      'a full company',
      {
        name: 'Phare',
        address: '1 quai',
        additional_address: 'B',
        postal_code: '29200',
        city: 'Brest',
        country_id: 75,
        phone: '1',
        website: 'https://phare.example',
        description: 'Text',
        has_address: true,
        books_count: 2,
      },
      [],
    ],
    ['only a name', { name: 'Bare', website: null, country_id: null }, []],
    ['a website without http(s)', { name: 'Bad', website: 'phare.example' }, ['website']],
    [
      'name empty, country not an integer, postal code too long',
      { name: '', country_id: 1.5, postal_code: 'x'.repeat(21) },
      ['country_id', 'name', 'postal_code'],
    ],
  ],
  authors: [
    [
      'an author with biographies and books',
      { name: 'Ginzburg', country_id: 3, biographies: { en: 'Bio\nmore', it: 'Bio' }, books: [{ id: 1, original_title: 'Lessico' }] },
      [],
    ],
    ['only a name', { name: 'Anonymous', country_id: null }, []],
    ['name missing, a biography not a string', { biographies: { fr: 3 } }, ['biographies.fr', 'name']],
    ['an unknown locale', { name: 'X', biographies: { pt: 'Olá' } }, ['biographies']],
  ],
  demands: [
    [
      'a full request',
      {
        book_id: 1,
        user_id: 2,
        demand_date: '2026-05-04',
        demand_end_date: '2026-06-04',
        demand_type_id: 1,
        demand_status_id: 4,
        commentary: 'Optioned.',
        version: 3,
      },
      [],
    ],
    [
      'an open request without commentary',
      { book_id: 1, user_id: 2, demand_date: '2026-05-04', demand_end_date: null, demand_type_id: 1, demand_status_id: 1, commentary: null },
      [],
    ],
    ['everything required missing', {}, ['book_id', 'demand_date', 'demand_status_id', 'demand_type_id', 'user_id']],
    [
      'dates not yyyy-MM-dd',
      { book_id: 1, user_id: 2, demand_date: '04/05/2026', demand_end_date: '2026-02-30', demand_type_id: 1, demand_status_id: 1 },
      ['demand_date', 'demand_end_date'],
    ],
    [
      'year 0000, which no database stores, and a leap day',
      { book_id: 1, user_id: 2, demand_date: '0000-01-01', demand_end_date: '2028-02-29', demand_type_id: 1, demand_status_id: 1 },
      ['demand_date'],
    ],
    [
      'ids that are not ids',
      { book_id: 0, user_id: '2', demand_date: '2026-05-04', demand_type_id: 1.5, demand_status_id: -1 },
      ['book_id', 'demand_status_id', 'demand_type_id', 'user_id'],
    ],
    ['a version that is not one', { book_id: 1, user_id: 2, demand_date: '2026-05-04', demand_type_id: 1, demand_status_id: 1, version: 0 }, ['version']],
  ],
  reporters: [
    [
      'a full reporter with new, changed and deleted blocks',
      {
        title: 'Winter thrillers',
        date: '2026-12-15',
        reporterStatusId: 1,
        reporterUserIds: [3, 4],
        reporterUserRoleIds: [2],
        lang: 'fr',
        updatedTexts: [
          { id: null, text: 'Nouveau.', textType: 'rights' },
          { id: 7, text: '', textType: 'news' },
        ],
        deletedTextIds: [8],
      },
      [],
    ],
    ['the header only', { title: 'T', date: '2026-12-15', reporterStatusId: 1 }, []],
    ['a date in year 0000', { title: 'T', date: '0000-01-01', reporterStatusId: 1 }, ['date']],
    ['the first day of year 1', { title: 'T', date: '0001-01-01', reporterStatusId: 1 }, []],
    ['everything required missing', {}, ['date', 'reporterStatusId', 'title']],
    [
      'an empty title, a date not yyyy-MM-dd, an unknown language',
      { title: '', date: '2026-02-30', reporterStatusId: 1, lang: 'pt' },
      ['date', 'lang', 'title'],
    ],
    [
      'blocks and ids that are not',
      {
        title: 'T',
        date: '2026-12-15',
        reporterStatusId: 1,
        reporterUserIds: [3, 3],
        reporterUserRoleIds: ['2'],
        updatedTexts: [
          { id: 0, text: 'x', textType: 'gossip' },
          { text: 1, textType: 'news', lang: 'fr' },
        ],
        deletedTextIds: [-1],
      },
      ['deletedTextIds.0', 'reporterUserIds', 'reporterUserRoleIds.0', 'updatedTexts.0.id', 'updatedTexts.0.textType', 'updatedTexts.1', 'updatedTexts.1.text'],
    ],
  ],
  users: [
    [
      'a full user sent back with what the server adds',
      {
        name: 'Ann',
        firstname: 'Ann',
        lastname: 'Lee',
        email: 'ann@example.test',
        phone: '+33 1',
        job: 'Producer',
        company: 'Films',
        vat_number: 'FR123',
        locale_id: 2,
        address: '1 rue',
        additional_address: null,
        city: 'Paris',
        postal_code: '75001',
        country_id: 75,
      },
      [],
    ],
    ['names and e-mail only', { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.test' }, []],
    [
      'e-mail invalid, last name missing, locale not an integer',
      { firstname: 'Ann', email: 'not-an-email', locale_id: 'en' },
      ['email', 'lastname', 'locale_id'],
    ],
  ],
};

/** RJSF's nested error schema as the API's errors by dotted key (`names.fr`; `_` for the root). */
function dottedErrors(errorSchema: ErrorSchema, path: string[] = [], result: Record<string, string[]> = {}): Record<string, string[]> {
  for (const [key, value] of Object.entries(errorSchema as Record<string, unknown>)) {
    if (key !== '__errors') dottedErrors(value as ErrorSchema, [...path, key], result);
    else if ((value as string[]).length) (result[path.join('.') || '_'] ??= []).push(...new Set(value as string[]));
  }
  return result;
}

const sorted = (errors: Record<string, string[]>) => Object.fromEntries(Object.entries(errors).sort(([a], [b]) => a.localeCompare(b)));

const screens = loadScreens();

describe('fixtures', () => {
  it('cover every screen that has a form', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(
      [...screens.values()]
        .filter((s) => s.form)
        .map((s) => s.resource)
        .sort(),
    );
  });
});

describe.each(Object.entries(FIXTURES))('%s: server and client validators agree', (resource, fixtures) => {
  const schema = screens.get(resource)!.form!.schema as RJSFSchema;
  const server = compileFormValidator(schema);

  it.each(fixtures)('%s', (_label, data, keys) => {
    const serverErrors = sorted(server(data) ?? {});
    const client = formValidatorFor(schema).validateFormData(data as never, schema);
    expect(Object.keys(serverErrors)).toEqual([...keys].sort());
    expect(sorted(dottedErrors(client.errorSchema))).toEqual(serverErrors);
    expect(client.errors.length === 0).toBe(keys.length === 0);
  });
});
