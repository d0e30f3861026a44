/**
 * Shared fixtures of the reading-sheet save and read tests (book-save.test.ts, book-read.test.ts):
 * reference ids, a directory (companies, authors, contacts, prizes), a full sheet, multipart bodies
 * built by hand, and sample file contents that pass the upload content checks.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LOCALES, type Translations } from '../../common/locales.js';
import type { Db } from '../../server/db/client.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  audiences,
  authors,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  companies,
  contacts,
  countries,
  formats,
  genres,
  languages,
  literaryPrizes,
  periods,
  RATING_TYPES,
  thematics,
  times,
} from '../../server/db/schema/index.js';
import { normalizeJsonForm, type FormSchema } from '../../server/http/multipartForm.js';
import { READING_SHEET_SCHEMA, TRANSLATION_KEYS } from '../../server/services/bookSaveInput.js';
import type { LocalDiskStorage } from '../../server/storage/index.js';

// ---------------------------------------------------------------------------------------------
// Files

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const HEADS = {
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF\0', [1, 1, 0]),
  docx: bytes([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0], '[Content_Types].xml'),
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  mp3: bytes('ID3', [4, 0, 0, 0, 0, 0, 0x23, 0, 0, 0, 0, 0, 0]),
} as const;
export type SampleKind = keyof typeof HEADS;

/** A file of `size` bytes (default 200) whose first bytes are those of `kind`. */
export function sample(kind: SampleKind, size = 200): Buffer {
  const file = Buffer.alloc(Math.max(size, HEADS[kind].length), 0x20);
  HEADS[kind].copy(file);
  return file;
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

const BOUNDARY = '----book-save-test-boundary-Qm9va1NhdmU';

/** A multipart/form-data body built by hand, for `app.inject`. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = 'filename' in part
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A JSON sheet as the form names of SPEC §7: `genres[]`, `titles[fr]`, `seriesList[0][name]`, `characters[0][ages][]` … */
export function toEntries(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => (item !== null && typeof item === 'object' ? toEntries(item, `${prefix}[${i}]`) : [[`${prefix}[]`, String(item)] as [string, string]]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : toEntries(item, prefix ? `${prefix}[${key}]` : key)));
  }
  return value === undefined || value === null ? [] : [[prefix, String(value)]];
}

/** Form parts of a JSON sheet plus files. */
export function sheetParts(sheet: object, files: Part[] = []): Part[] {
  return [...toEntries(sheet).map(([name, value]) => ({ name, value })), ...files];
}

/** Every file under the storage root (temporary ones included), relative, sorted. */
export async function storedFiles(storage: LocalDiskStorage): Promise<string[]> {
  try {
    const entries = await readdir(storage.root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(storage.root, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}

/** The storage key in a file URL (`/api/admin/files/<key>?name=…`). */
export const keyOfUrl = (url: string) => decodeURIComponent(url.replace(/^\/api\/admin\/files\//, '').replace(/\?.*$/, ''));

// ---------------------------------------------------------------------------------------------
// Data

async function firstIds(db: Db, table: PgTable, column: PgColumn, n: number): Promise<number[]> {
  const rows = await db.select({ id: column }).from(table).orderBy(asc(column)).limit(n);
  return rows.map((row) => row.id as number);
}

/** A few ids of every reference list the sheet uses (seeded by the test database). */
export async function referenceIds(db: Db) {
  const ids = (table: PgTable & { id: PgColumn }, n = 3) => firstIds(db, table, table.id, n);
  return {
    countries: await ids(countries),
    languages: await ids(languages),
    times: await ids(times),
    formats: await ids(formats),
    adaptationBudgets: await ids(adaptationBudgets),
    genres: await ids(genres, 4),
    periods: await ids(periods),
    thematics: await ids(thematics),
    audiences: await ids(audiences),
    categories: await ids(categories),
    adaptationFormats: await ids(adaptationFormats),
    adaptationKinds: await ids(adaptationKinds),
    functions: await ids(characterFunctions),
    genders: await ids(characterGenders),
    ages: await ids(characterAges),
    topologies: await ids(characterTopologies),
  };
}
export type ReferenceIds = Awaited<ReturnType<typeof referenceIds>>;

/** Companies, authors, contacts and literary prizes for sheets to refer to. */
export async function seedDirectory(db: Db) {
  const [company1, company2] = await db
    .insert(companies)
    .values([{ name: 'Gallimard' }, { name: 'Penguin Random House' }])
    .returning({ id: companies.id, name: companies.name });
  const authorRows = await db
    .insert(authors)
    .values([{ name: 'Frank Herbert' }, { name: 'Ursula K. Le Guin' }, { name: 'Émile Zola' }])
    .returning({ id: authors.id, name: authors.name });
  const contactRows = await db
    .insert(contacts)
    .values([
      { name: 'Claire Agent', companyId: company1!.id },
      { name: 'Marc Editor', companyId: null },
    ])
    .returning({ id: contacts.id, name: contacts.name });
  const prizeRows = await db
    .insert(literaryPrizes)
    .values([{ label: 'Goncourt' }, { label: 'Hugo Award' }])
    .returning({ id: literaryPrizes.id });
  return {
    companies: [company1!, company2!],
    authors: authorRows,
    contacts: contactRows,
    prizes: prizeRows.map((row) => row.id),
  };
}
export type Directory = Awaited<ReturnType<typeof seedDirectory>>;

const everyLocale = (text: string): Translations => Object.fromEntries(LOCALES.map((locale) => [locale, `${text} (${locale})`]));
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** A sheet with every field, list and map filled (the writable part, as a save sends it). */
export function fullSheet(ref: ReferenceIds, dir: Directory) {
  return {
    original_title: 'Dune',
    original_country_id: ref.countries[0]!,
    language_id: ref.languages[0]!,
    status_id: 2,
    rights_status_id: 3,
    time_id: ref.times[0]!,
    format_id: ref.formats[0]!,
    company_id: dir.companies[0]!.id,
    adaptation_budget_id: ref.adaptationBudgets[0]!,
    publication_date: '1965-08',
    nb_pages: 412,
    universal: 1 as const,
    manuscript_confidential: 1 as const,
    private_comment: 'Worth a series, not a film.',
    serie: 1 as const,
    ...Object.fromEntries(TRANSLATION_KEYS.map((key) => [key, everyLocale(key)])),
    titles: { en: 'Dune', fr: 'Dune (fr)', es: 'Duna', de: 'Der Wüstenplanet', it: 'Dune (it)' },
    seriesList: [
      { name: 'Dune Chronicles', number: 1 },
      { name: 'Dune Saga', number: 2 },
    ],
    authorList: [
      { id: dir.authors[1]!.id, type: 1 },
      { id: dir.authors[0]!.id, type: 2 },
    ],
    sourceList: [
      { id: dir.contacts[0]!.id, date: '2024-03-14', mail: 'Fwd: Dune – reading copy' },
      { other: 'Frankfurter Buchmesse', date: '2023-10-20' },
    ],
    contactList: [
      { id: dir.contacts[1]!.id, audiovisual_law: 1 as const },
      { id: dir.contacts[0]!.id, audiovisual_law: 0 as const },
    ],
    genres: sorted(ref.genres.slice(0, 3)),
    primary_genre: ref.genres[1]!,
    periods: sorted(ref.periods.slice(0, 2)),
    places: sorted(ref.countries.slice(1, 3)),
    thematics: sorted(ref.thematics.slice(0, 2)),
    audiences: sorted(ref.audiences.slice(0, 1)),
    categories: sorted(ref.categories.slice(0, 2)),
    adaptation_formats: sorted(ref.adaptationFormats.slice(0, 2)),
    adaptation_kinds: sorted(ref.adaptationKinds.slice(0, 1)),
    literary_prizes: sorted(dir.prizes),
    characters: [
      {
        name: 'Paul Atreides',
        function: ref.functions[0]!,
        gender: ref.genders[0]!,
        ages: sorted(ref.ages.slice(0, 2)),
        country: ref.countries[0]!,
        topology: ref.topologies[0]!,
        characterisations: everyLocale('heir'),
        issues: everyLocale('survive'),
        evolutions: everyLocale('becomes a prophet'),
      },
      { name: 'Chani', ages: [ref.ages[2]!], characterisations: { en: 'A Fremen' } },
    ],
    ratings: Object.fromEntries(RATING_TYPES.map((type, i) => [type, i % 5])),
  };
}
export type FullSheet = ReturnType<typeof fullSheet>;

const READ_ONLY_ITEM_KEYS: Record<string, string[]> = { authorList: ['name'], sourceList: ['name'], contactList: ['name', 'company'], characters: ['key'], seriesList: [] };

/**
 * The writable part of a `GET admin/books/{id}` answer, normalised like a JSON save (nulls and
 * display-only names dropped, empty maps and lists dropped), to compare with what was saved.
 */
export function writablePart(data: Record<string, unknown>, { keepIds = false } = {}): Record<string, unknown> {
  const properties = Object.keys(READING_SHEET_SCHEMA.properties).filter((key) => key !== 'version' && key !== 'withNotification');
  const picked = Object.fromEntries(properties.filter((key) => key in data).map((key) => [key, data[key]]));
  const normalized = normalizeJsonForm(picked, READING_SHEET_SCHEMA as FormSchema) as Record<string, unknown>;
  const isEmpty = (value: unknown) => (Array.isArray(value) ? value.length === 0 : value !== null && typeof value === 'object' && Object.keys(value).length === 0);
  for (const [key, drop] of Object.entries(READ_ONLY_ITEM_KEYS)) {
    const items = normalized[key] as Record<string, unknown>[] | undefined;
    normalized[key] = items?.map((item) => Object.fromEntries(Object.entries(item).filter(([name, value]) => !drop.includes(name) && !isEmpty(value))));
  }
  if (!keepIds) {
    for (const key of ['seriesList', 'characters']) {
      normalized[key] = (normalized[key] as Record<string, unknown>[] | undefined)?.map(({ id: _id, ...item }) => item);
    }
  }
  return Object.fromEntries(Object.entries(normalized).filter(([, value]) => value !== undefined && !isEmpty(value)));
}
