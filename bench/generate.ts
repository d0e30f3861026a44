/**
 * A realistic reading-sheet catalogue of any size for the benchmark (`npm run bench`): companies,
 * authors, sheets with five-locale titles, pitches, summaries and reports, authors per sheet, genres with a
 * primary one, thematics, audiences, categories, periods, places, adaptation formats, eight ratings,
 * series and cover rows. Reference lists come from the reference seeder (run it first).
 *
 * Rows go in as multi-row batches, one JSON parameter per batch (`json_populate_recordset`), which
 * runs the same on PostgreSQL and PGlite and never meets the 65 535-parameter limit.
 */
import { Faker, base, de, en, es, fr, it } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { LOCALES, searchNormal, type Locale, type Translations } from '../common/locales.js';
import type { Db } from '../server/db/client.js';
import { RATING_TYPES } from '../server/db/schema/book-ratings.js';
import { bookSearchText } from '../server/db/schema/books.js';
import { loadReferenceIds, type ReferenceIds } from '../server/db/seed/demo/reference-ids.js';
import { fill, OF, PITCHES, PRAISES, RESERVATIONS, SUBTITLES, TITLE_NOUNS } from '../server/db/seed/demo/vocabulary.js';

export interface GenerateOptions {
  /** Number of reading sheets. */
  size: number;
  seed?: number;
  /** Called after each batch of sheets with the number written so far. */
  progress?: (done: number, total: number) => void;
}

export interface GeneratedCatalogue {
  books: number;
  authors: number;
  companies: number;
  /** Rows written in every table, sheets' child tables included. */
  rows: Record<string, number>;
}

/** A small fast seeded PRNG (mulberry32): the catalogue is the same for the same seed and size. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  /** `min`..`max` distinct items. */
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const count = Math.min(items.length, int(min, max));
    const chosen = new Set<T>();
    while (chosen.size < count) chosen.add(pick(items));
    return [...chosen];
  };
  /** An item drawn with a skew towards the start of the list (popular genres, audiences …). */
  const skewed = <T>(items: readonly T[]): T => items[Math.floor(next() ** 1.6 * items.length)]!;
  return { next, int, pick, chance, some, skewed };
}

/** Tables whose triggers keep `book_facets` (migration 0004). */
const FACET_SOURCES = [
  'books',
  'book_authors',
  'book_genres',
  'book_thematics',
  'book_audiences',
  'book_categories',
  'book_places',
  'book_periods',
  'book_ratings',
];

const LOCALE_DEFINITIONS = { en: [en, base], fr: [fr, en, base], es: [es, en, base], de: [de, en, base], it: [it, en, base] };
const LOCALE_COUNTRY: Record<Locale, string> = { en: 'GB', fr: 'FR', es: 'ES', de: 'DE', it: 'IT' };

/** Name pools per locale (drawn once with faker, then combined): first names, last names, cities, companies. */
function namePools(seed: number) {
  return Object.fromEntries(
    LOCALES.map((locale, index) => {
      const faker = new Faker({ locale: LOCALE_DEFINITIONS[locale], seed: seed + index });
      const draw = (n: number, f: () => string) => [...new Set(Array.from({ length: n }, f))];
      return [
        locale,
        {
          first: draw(400, () => faker.person.firstName()),
          last: draw(800, () => faker.person.lastName()),
          cities: draw(300, () => faker.location.city()),
          companies: draw(600, () => faker.company.name()),
        },
      ];
    }),
  ) as Record<Locale, { first: string[]; last: string[]; cities: string[]; companies: string[] }>;
}

/** Inserts `rows` (objects keyed by column name) in batches of `batch`, one JSON parameter each. */
async function insertBatches(db: Db, table: string, columns: readonly string[], rows: readonly Record<string, unknown>[], batch: number): Promise<void> {
  const list = sql.raw(columns.join(', '));
  for (let start = 0; start < rows.length; start += batch) {
    const json = JSON.stringify(rows.slice(start, start + batch));
    await db.execute(sql`insert into ${sql.raw(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`);
  }
}

/**
 * Sentences of a reader's report, per locale, full of each language's most common words (the, of,
 * and; le, la, de, et; der, die, und …): the catalogue's free text is searched in them, and a
 * search for a common word must meet as many matches as it would in real reports.
 */
const REPORT_SENTENCES: Record<Locale, readonly string[]> = {
  en: [
    'The story opens in the summer, when the family comes back to the house by the sea.',
    'It is a novel about the weight of the past and the way a secret changes the ones who keep it.',
    'The author handles the shifts in time with a sure hand, and the last chapters are the strongest.',
    'The second part is slower, but the ending pays off what the first pages set up.',
    'For the screen, the setting and the two sisters are the main assets.',
  ],
  fr: [
    "L'histoire commence en été, quand la famille revient dans la maison au bord de la mer.",
    "C'est un roman sur le poids du passé et sur la façon dont un secret change ceux qui le gardent.",
    "L'auteur maîtrise les allers-retours dans le temps, et les derniers chapitres sont les plus forts.",
    'La deuxième partie est plus lente, mais la fin tient les promesses des premières pages.',
    "Pour l'écran, le décor et les deux sœurs sont les principaux atouts.",
  ],
  es: [
    'La historia empieza en verano, cuando la familia vuelve a la casa junto al mar.',
    'Es una novela sobre el peso del pasado y la forma en que un secreto cambia a quienes lo guardan.',
    'La autora maneja los saltos en el tiempo con mano firme, y los últimos capítulos son los mejores.',
    'La segunda parte es más lenta, pero el final cumple lo que prometen las primeras páginas.',
    'Para la pantalla, el escenario y las dos hermanas son las principales bazas.',
  ],
  de: [
    'Die Geschichte beginnt im Sommer, als die Familie in das Haus am Meer zurückkehrt.',
    'Es ist ein Roman über die Last der Vergangenheit und darüber, wie ein Geheimnis die verändert, die es hüten.',
    'Die Autorin beherrscht die Zeitsprünge, und die letzten Kapitel sind die stärksten.',
    'Der zweite Teil ist langsamer, aber das Ende hält, was die ersten Seiten versprechen.',
    'Für die Leinwand sind der Schauplatz und die beiden Schwestern die größten Stärken.',
  ],
  it: [
    "La storia comincia d'estate, quando la famiglia torna nella casa sul mare.",
    'È un romanzo sul peso del passato e sul modo in cui un segreto cambia chi lo custodisce.',
    "L'autrice gestisce i salti nel tempo con mano sicura, e gli ultimi capitoli sono i più forti.",
    'La seconda parte è più lenta, ma il finale mantiene le promesse delle prime pagine.',
    'Per lo schermo, l’ambientazione e le due sorelle sono i punti di forza principali.',
  ],
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const translate = (phrase: Record<Locale, string>, values: Record<string, string> = {}): Translations =>
  Object.fromEntries(LOCALES.map((locale) => [locale, fill(phrase[locale], values)]));

/**
 * Writes `size` sheets (ids 1..size) and their directory into an empty catalogue. The database must
 * hold the reference lists and no books.
 */
export async function generateCatalogue(db: Db, options: GenerateOptions): Promise<GeneratedCatalogue> {
  const seed = options.seed ?? 42;
  const { size } = options;
  const rng = prng(seed);
  const ref: ReferenceIds = await loadReferenceIds(db);
  const pools = namePools(seed);
  const now = Date.UTC(2025, 0, 1);
  const rowCounts: Record<string, number> = {};
  const count = (table: string, n: number) => (rowCounts[table] = (rowCounts[table] ?? 0) + n);
  const countryOf = (locale: Locale) => ref.countryByCode.get(LOCALE_COUNTRY[locale]) ?? null;

  // Directory: one company per 30 sheets, one author per 5 sheets (most authors have several books).
  const companyCount = Math.max(10, Math.round(size / 30));
  const companies = Array.from({ length: companyCount }, (_, i) => {
    const locale = rng.pick(LOCALES);
    const name = `${rng.pick(pools[locale].companies)}${i >= pools[locale].companies.length ? ` ${i}` : ''}`;
    return { id: i + 1, name, city: rng.pick(pools[locale].cities), country_id: countryOf(locale), search_text: searchNormal(name) };
  });
  await insertBatches(db, 'companies', ['id', 'name', 'city', 'country_id', 'search_text'], companies, 5000);
  count('companies', companies.length);

  const authorCount = Math.max(20, Math.round(size / 5));
  const authors = Array.from({ length: authorCount }, (_, i) => {
    const locale = rng.skewed(LOCALES);
    const name = `${rng.pick(pools[locale].first)} ${rng.pick(pools[locale].last)}`;
    return {
      id: i + 1,
      name,
      locale,
      country_id: countryOf(locale),
      biographies: { en: `${name} lives in ${rng.pick(pools[locale].cities)}.` },
      search_text: searchNormal(name),
    };
  });
  await insertBatches(db, 'authors', ['id', 'name', 'country_id', 'biographies', 'search_text'], authors, 5000);
  count('authors', authors.length);
  const authorsByLocale = Object.fromEntries(LOCALES.map((l) => [l, authors.filter((a) => a.locale === l)])) as Record<Locale, typeof authors>;

  // The list's facets (book_facets) are kept by triggers; a bulk load fills them once at the end instead.
  for (const table of FACET_SOURCES) await db.execute(sql.raw(`alter table ${table} disable trigger user`));

  const topGenres = ref.genres.filter((g) => g.id <= 12);
  const subGenres = ref.genres.filter((g) => g.id > 12);
  const thematicIds = ref.thematics.map((t) => t.id);
  const BATCH = 2000;
  for (let start = 0; start < size; start += BATCH) {
    const end = Math.min(size, start + BATCH);
    const sheets: Record<string, unknown>[] = [];
    const child: Record<string, Record<string, unknown>[]> = {};
    const add = (table: string, row: Record<string, unknown>) => (child[table] ??= []).push(row);
    for (let id = start + 1; id <= end; id += 1) {
      const locale = rng.skewed(['en', 'fr', 'de', 'es', 'it'] as const);
      const city = rng.pick(pools[locale].cities);
      const hero = rng.pick(pools[locale].first);
      const noun = rng.pick(TITLE_NOUNS);
      const pattern = rng.int(0, 2);
      const tail = pattern === 1 ? city : pattern === 2 ? hero : '';
      const titles = Object.fromEntries(LOCALES.map((l) => [l, tail ? `${noun[l]} ${OF[l]} ${tail}` : noun[l]])) as Record<Locale, string>;
      const bookAuthors = [rng.pick(authorsByLocale[locale].length ? authorsByLocale[locale] : authors)];
      if (rng.chance(0.2)) bookAuthors.push(rng.pick(authors));
      const unique = [...new Map(bookAuthors.map((a) => [a.id, a])).values()];
      const pitch = rng.pick(PITCHES);
      const praise = rng.pick(PRAISES);
      const reservation = rng.pick(RESERVATIONS);
      const values = { city, name: hero };
      const created = now - rng.int(1, 3 * 365) * 86_400_000;
      const updated = created + Math.floor(rng.next() * (now - created));
      const published = new Date(now - rng.int(0, 15 * 365) * 86_400_000);
      const serie = rng.chance(0.2);
      sheets.push({
        id,
        original_title: titles[locale],
        original_country_id: countryOf(locale),
        language_id: ref.languageByCode.get(locale) ?? null,
        status_id: rng.pick(ref.bookStatuses),
        rights_status_id: rng.pick(ref.rightsStatuses),
        time_id: rng.chance(0.9) ? rng.pick(ref.times).id : null,
        format_id: rng.chance(0.9) ? rng.pick(ref.formats).id : null,
        company_id: rng.chance(0.9) ? rng.int(1, companyCount) : null,
        adaptation_budget_id: rng.chance(0.6) && ref.adaptationBudgets.length ? rng.pick(ref.adaptationBudgets).id : null,
        publication_date: rng.chance(0.95) ? `${isoDate(published).slice(0, 7)}-01` : null,
        nb_pages: rng.int(90, 850),
        universal: rng.chance(0.3),
        serie,
        titles,
        subtitles: rng.chance(0.3) ? translate(rng.pick(SUBTITLES)) : {},
        pitches: translate(pitch, values),
        public_comments: translate(praise),
        summaries: Object.fromEntries(LOCALES.map((l) => [l, `${fill(pitch[l], values)} ${praise[l]} ${reservation[l]}`])),
        // The report: the pitch, then three to five of the report sentences, in every locale.
        report: Object.fromEntries(
          LOCALES.map((l) => [l, [fill(pitch[l], values), ...rng.some(REPORT_SENTENCES[l], 3, 5), praise[l], reservation[l]].join(' ')]),
        ),
        strong_points: translate(praise),
        weak_points: translate(reservation),
        search_text: bookSearchText(
          titles[locale],
          titles,
          unique.map((a) => a.name),
        ),
        created_at: new Date(created).toISOString(),
        updated_at: new Date(updated).toISOString(),
      });
      unique.forEach((author, position) => add('book_authors', { book_id: id, author_id: author.id, author_type_id: 1, position }));
      const primary = rng.skewed(topGenres);
      const genreIds = new Set([rng.chance(0.6) ? rng.pick(subGenres).id : primary.id]);
      for (const g of rng.some(ref.genres, 0, 2)) genreIds.add(g.id);
      [...genreIds].forEach((genreId, i) => add('book_genres', { book_id: id, genre_id: genreId, is_primary: i === 0 }));
      for (const t of rng.some(thematicIds, 0, 3)) add('book_thematics', { book_id: id, thematic_id: t });
      for (const a of rng.some(ref.audiences, 1, 2)) add('book_audiences', { book_id: id, audience_id: a.id });
      for (const c of rng.some(ref.categories, 0, 2)) add('book_categories', { book_id: id, category_id: c.id });
      for (const p of rng.some(ref.periods, 0, 2)) add('book_periods', { book_id: id, period_id: p.id });
      const places = new Set([countryOf(locale), ...rng.some(ref.countries, 0, 1).map((c) => c.id)].filter((c): c is number => c !== null));
      for (const countryId of places) add('book_places', { book_id: id, country_id: countryId });
      for (const f of rng.some(ref.adaptationFormats, 0, 2)) add('book_adaptation_formats', { book_id: id, adaptation_format_id: f.id });
      for (const type of RATING_TYPES) {
        if (rng.chance(0.85)) add('book_ratings', { book_id: id, type, rate: rng.pick([0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4]) });
      }
      if (serie) add('book_series', { book_id: id, name: `${city} saga`, number: rng.int(1, 5), position: 0 });
      if (rng.chance(0.4)) {
        add('book_files', {
          book_id: id,
          type: 2,
          original_name: 'cover.jpg',
          stored_name: `bench/covers/${id}.jpg`,
          size: 120_000,
          mime: 'image/jpeg',
          position: 0,
        });
      }
    }
    await insertBatches(
      db,
      'books',
      [
        'id',
        'original_title',
        'original_country_id',
        'language_id',
        'status_id',
        'rights_status_id',
        'time_id',
        'format_id',
        'company_id',
        'adaptation_budget_id',
        'publication_date',
        'nb_pages',
        'universal',
        'serie',
        'titles',
        'subtitles',
        'pitches',
        'public_comments',
        'summaries',
        'report',
        'strong_points',
        'weak_points',
        'search_text',
        'created_at',
        'updated_at',
      ],
      sheets,
      BATCH,
    );
    count('books', sheets.length);
    for (const [table, rows] of Object.entries(child)) {
      await insertBatches(db, table, Object.keys(rows[0]!), rows, 5000);
      count(table, rows.length);
    }
    options.progress?.(end, size);
  }
  for (const table of FACET_SOURCES) await db.execute(sql.raw(`alter table ${table} enable trigger user`));
  // The facets' secondary indexes are built once over the rows, not entry by entry as they come:
  // through GIN's pending list, the rebuild of 1,000,000 sheets ran for over 10 minutes.
  const facetIndexes = (
    (await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'book_facets' and indexname <> 'book_facets_pkey'`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    }
  ).rows;
  for (const index of facetIndexes) await db.execute(sql.raw(`drop index ${index.indexname}`));
  await db.execute(sql`select book_facets_rebuild()`);
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const index of facetIndexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`reset maintenance_work_mem`);
  for (const table of ['books', 'authors', 'companies']) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  }
  return { books: size, authors: authorCount, companies: companyCount, rows: rowCounts };
}

/**
 * Writes `count` authors (ids 1..count) into a catalogue holding none, as the catalogue's are: a
 * name drawn from the locale's pools (many names shared, as real ones are), its locale's country,
 * an English biography. Written as the app writes (`app.history` set): generated rows are not
 * changes made outside the app, so the history's trigger records none.
 */
export async function generateAuthors(db: Db, options: { count: number; seed?: number }): Promise<void> {
  const seed = options.seed ?? 42;
  const rng = prng(seed);
  const ref = await loadReferenceIds(db);
  const pools = namePools(seed);
  const rows = Array.from({ length: options.count }, (_, i) => {
    const locale = rng.skewed(LOCALES);
    const name = `${rng.pick(pools[locale].first)} ${rng.pick(pools[locale].last)}`;
    return {
      id: i + 1,
      name,
      country_id: ref.countryByCode.get(LOCALE_COUNTRY[locale]) ?? null,
      biographies: { en: `${name} lives in ${rng.pick(pools[locale].cities)}.` },
      search_text: searchNormal(name),
    };
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local app.history = 'bench data'`);
    await insertBatches(tx as unknown as Db, 'authors', ['id', 'name', 'country_id', 'biographies', 'search_text'], rows, 5000);
  });
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('authors', 'id'), (select max(id) from authors))`));
}
