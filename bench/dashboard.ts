/**
 * The dashboard suite of `npm run bench`: `GET admin/dashboard/data` and the charts' `GET
 * admin/dashboard/series` at 1,000,000 sheet views, 100,000 subscribers and 500,000 connections,
 * on PGlite and on PostgreSQL, through real HTTP (the app listening on a port, `fetch` with
 * keep-alive) next to the service function of the same call (`dashboardData`, `dashboardSeries`)
 * run directly on the same database as the floor.
 *
 * The data are written by bulk SQL (`INSERT … SELECT` over `generate_series`, every random draw a
 * hash of the row's number, so the same sizes give the same rows on both engines): minimal sheets
 * (an original title, a primary genre for 80 %, a cover for 60 %); subscribers whose connection
 * count and last connection are worked out from the same draws as their connections; 80 % of them
 * with one subscription started over the last two years on the seeded plans (through the triggers of
 * migration 0007); connections, sheet views (a few sheets far more viewed than the rest), saved
 * searches (genres, places and audiences from the seeded lists, the same filters saved by several
 * users) and requests over the last 120 days. The views and connections go in a few big statements,
 * so the statement-level triggers of migration 0010 fill `usage_days` and `book_view_counts` once
 * per statement; before measuring, those rollups are checked against the logs, day by day and sheet
 * by sheet, and every case's answer against a direct SQL count.
 *
 * Environment:
 * - BENCH_DASHBOARD_USERS (100000), BENCH_DASHBOARD_CONNECTIONS (500000), BENCH_DASHBOARD_VIEWS
 *   (1000000), BENCH_DASHBOARD_BOOKS (5000), BENCH_DASHBOARD_SEARCHES (20000),
 *   BENCH_DASHBOARD_DEMANDS (20000): rows to generate.
 * - BENCH_RUNS (100): measured runs per case and side, after BENCH_WARMUP (15) warm-up runs.
 * - BENCH_ENGINES (pglite,postgres): which databases to measure.
 * - BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres): a server where a throwaway
 *   database is created (and dropped at the end).
 * - BENCH_KEEP=1: keep the generated databases (PostgreSQL
 *   `admin_panel_bench_dashboard_<users>_<views>`, PGlite in data/bench-dashboard-<users>-<views>)
 *   and reuse them on the next run instead of generating again (every size must match; the dates
 *   stay those of the day they were generated).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DASHBOARD_LIMITS, type DashboardData, type DashboardMetric, type DashboardPeriod, type DashboardSeries } from '../common/dashboard.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { type Database, type Db } from '../server/db/client.js';
import { loadReferenceIds } from '../server/db/seed/demo/reference-ids.js';
import { seedReferenceData } from '../server/db/seed/index.js';
import { dashboardData, dashboardSeries } from '../server/usage/dashboardService.js';
import { sessionClient } from './httpVsSql.js';
import { engineHeading, loadLine, log, ms, rowsLine, stats, type Stats } from './stats.js';
import { openBenchDatabase } from './benchDatabase.js';

const BOOKS = Number(process.env.BENCH_DASHBOARD_BOOKS ?? 5_000);
const USERS = Number(process.env.BENCH_DASHBOARD_USERS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_DASHBOARD_CONNECTIONS ?? 500_000);
const VIEWS = Number(process.env.BENCH_DASHBOARD_VIEWS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_DASHBOARD_SEARCHES ?? 20_000);
const DEMANDS = Number(process.env.BENCH_DASHBOARD_DEMANDS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
export const DASHBOARD_ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as ('pglite' | 'postgres')[];
const KEEP = process.env.BENCH_KEEP === '1';

/** The issue's targets: `GET admin/dashboard/data` and each series, p95 per engine. */
const TARGET_P95 = { postgres: 100, pglite: 300 } as const;

/** Days of history of the connections, views, saved searches and requests; subscriptions start over two years. */
const HISTORY_DAYS = 120;
const SUBSCRIPTION_DAYS = 730;
/** Rows per statement of the views and connections: a few big statements, each running the rollup triggers once. */
const BATCH = 250_000;

/** The tables whose row counts are the generated sizes (a kept database is reused only when they all match). */
const SIZES: Record<string, number> = {
  books: BOOKS,
  users: USERS,
  user_connections: CONNECTIONS,
  book_views: VIEWS,
  saved_searches: SEARCHES,
  demands: DEMANDS,
};

interface DashboardCaseResult {
  name: string;
  /** The request, under `/api/admin/dashboard/`. */
  request: string;
  /** What the answer holds, for the table. */
  answer: string;
  http: Stats;
  service: Stats;
}

export interface DashboardEngineResult {
  engine: 'pglite' | 'postgres';
  version: string;
  /** 1-minute load average before and after the measured runs (other processes share the machine). */
  load: [number, number];
  generatedSeconds: number | undefined;
  rows: Record<string, number>;
  /** Distinct sets of saved filters among the saved searches. */
  filterSets: number;
  /** The most viewed sheet's views, and the median sheet's. */
  views: { top: number; median: number };
  cases: DashboardCaseResult[];
}

interface Case {
  name: string;
  sub: 'data' | 'series';
  qs: string;
  /** The service function the route calls, on the same database. */
  floor: (db: Db) => Promise<unknown>;
}

const seriesCase = (metric: DashboardMetric, days: DashboardPeriod): Case => ({
  name: `series: ${metric}, ${days} days`,
  sub: 'series',
  qs: `metric=${metric}&days=${days}`,
  floor: (db) => dashboardSeries(db, { metric, days }),
});

const CASES: Case[] = [
  { name: 'dashboard data', sub: 'data', qs: '', floor: (db) => dashboardData(db) },
  seriesCase('views', 90),
  seriesCase('connections', 90),
  seriesCase('requests', 90),
  seriesCase('subscriptions', 90),
  seriesCase('views', 7),
];

async function rowsOf(db: Db, text: string): Promise<Record<string, unknown>[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

const countOf = async (db: Db, table: string) => Number((await rowsOf(db, `select count(*)::int as n from ${table}`))[0]?.n ?? 0);

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

/** A uniform draw in [0, 1) for row `i` and draw number `k`: a hash, the same on both engines (as bench/users.ts). */
const r = (k: number, i = 'i') => `((hashint4extended(${i}, ${k}) & 2147483647)::float8 / 2147483648)`;
/** A whole number in [0, n). */
const below = (n: number, k: number, i = 'i') => `floor(${r(k, i)} * ${n})::int`;
/** A whole number in [0, n), the small ones far more often (the larger `power`, the steeper). */
const skewed = (n: number, power: number, k: number, i = 'i') => `floor(power(${r(k, i)}, ${power}) * ${n})::int`;
/** A JSON literal for the generated SQL (ids and plain ASCII words only: no quote to escape). */
const json = (value: unknown) => `'${JSON.stringify(value)}'::jsonb`;

const FIRST_NAMES = [
  'Alice',
  'Bruno',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Karen',
  'Louis',
  'Marta',
  'Nils',
  'Olga',
  'Paul',
  'Rosa',
  'Simon',
  'Tess',
  'Victor',
];
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Smith',
  'Jones',
  'Muller',
  'Schmidt',
  'Garcia',
  'Lopez',
  'Rossi',
  'Russo',
  'Dubois',
  'Moreau',
  'Taylor',
  'Brown',
  'Weber',
  'Fischer',
  'Romano',
  'Ricci',
  'Perez',
  'Sanchez',
];
const TITLE_WORDS = ['Garden', 'Winter', 'Island', 'Secret', 'River', 'Silence', 'Harbour', 'Mirror', 'Orchard', 'Storm', 'Letter', 'Lantern'];
/** The places of the saved searches, when the seeded countries have them. */
const PLACE_CODES = ['FR', 'GB', 'US', 'DE', 'ES', 'IT', 'BE', 'CH', 'CA', 'JP', 'SE', 'IE'];

/**
 * Writes the dashboard's data into a database that holds the reference lists and nothing else,
 * ids from 1. `anchor` is the moment every date is relative to (all of them before it).
 */
async function generateDashboard(db: Db, anchor: Date, progress: (step: string) => void): Promise<void> {
  const ref = await loadReferenceIds(db);
  const AT = `'${anchor.toISOString()}'::timestamptz`;
  const DAY = `'${anchor.toISOString().slice(0, 10)}'::date`;
  const within = (k: number, i: string) => `${AT} - make_interval(secs => ${r(k, i)} * ${HISTORY_DAYS * 86_400})`;

  // Sheets: an original title, a primary genre for 80 %, a cover for 60 %.
  await db.execute(
    sql.raw(`
      insert into books (id, original_title, search_text, created_at, updated_at)
      select i, t, lower(t), ${AT} - make_interval(days => 200 + ${below(1500, 1)}), ${AT} - make_interval(days => ${below(200, 2)})
      from (select i, 'The ' || (${json(TITLE_WORDS)}->>${below(TITLE_WORDS.length, 3)}) || ' of ' || (${json(TITLE_WORDS)}->>${below(TITLE_WORDS.length, 4)}) || ' ' || i as t
            from generate_series(1, ${BOOKS}) i) b`),
  );
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('books', 'id'), ${BOOKS})`));
  await db.execute(
    sql.raw(`
      insert into book_genres (book_id, genre_id, is_primary)
      select i, (${json(ref.genres.map((genre) => genre.id))}->>${below(ref.genres.length, 6)})::int, true
      from generate_series(1, ${BOOKS}) i where ${r(5)} < 0.8`),
  );
  await db.execute(
    sql.raw(`
      insert into book_files (book_id, type, original_name, stored_name, size, mime, position)
      select i, 2, 'cover-' || i || '.jpg', 'bench/covers/' || i || '.jpg', 20000 + ${below(400_000, 8)}, 'image/jpeg', 0
      from generate_series(1, ${BOOKS}) i where ${r(7)} < 0.6`),
  );
  progress('books, primary genres and covers');

  // Connections: connection j's user (the first ids far more often, some never connected) and time,
  // written once and read by the users' summary and the connections' inserts alike.
  const connectionUser = `1 + ${skewed(USERS, 1.5, 50, 'j')}`;
  const connectionAt = within(51, 'j');
  await db.execute(
    sql.raw(`
      insert into users (id, firstname, lastname, email, company, is_accepted, number_connections, last_connection_date, search_text, created_at, updated_at)
      select u.i, u.fn, u.ln, u.email, u.co, true, coalesce(c.n, 0), c.last,
             lower(concat_ws(' ', u.fn, u.ln, u.email, u.co)), u.created, u.created
      from (
        select i, ${json(FIRST_NAMES)}->>${below(FIRST_NAMES.length, 10)} as fn, ${json(LAST_NAMES)}->>${below(LAST_NAMES.length, 11)} as ln,
               'bench.user.' || i || '@bench.example' as email,
               case when ${r(12)} < 0.7 then 'Studio ' || (1 + ${below(2000, 13)}) end as co,
               ${AT} - make_interval(days => ${SUBSCRIPTION_DAYS + 30} + ${below(400, 14)}) as created
        from generate_series(1, ${USERS}) i
      ) u
      left join (
        select user_id, count(*)::int as n, max(connected_at) as last
        from (select ${connectionUser} as user_id, ${connectionAt} as connected_at from generate_series(1, ${CONNECTIONS}) j) x
        group by user_id
      ) c on c.user_id = u.i`),
  );
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('users', 'id'), ${USERS})`));
  progress('users');

  for (let from = 1; from <= CONNECTIONS; from += BATCH) {
    await db.execute(
      sql.raw(`
        insert into user_connections (user_id, connected_at)
        select ${connectionUser}, ${connectionAt} from generate_series(${from}, ${Math.min(from + BATCH - 1, CONNECTIONS)}) j`),
    );
  }
  progress('user_connections (the rollup trigger included)');

  // Views: the first sheets far more viewed (the steepest skew), 95 % by a subscriber.
  for (let from = 1; from <= VIEWS; from += BATCH) {
    await db.execute(
      sql.raw(`
        insert into book_views (book_id, user_id, viewed_at)
        select 1 + ${skewed(BOOKS, 3, 60, 'j')}, case when ${r(61, 'j')} < 0.95 then 1 + ${below(USERS, 62, 'j')} end, ${within(63, 'j')}
        from generate_series(${from}, ${Math.min(from + BATCH - 1, VIEWS)}) j`),
    );
  }
  progress('book_views (the rollup triggers included)');

  // Subscriptions: one for 80 % of the users, started over the last two years, 15 % canceled since;
  // one statement, so the triggers of migration 0007 update each user once.
  const plans = [...ref.plans].sort((a, b) => a.id - b.id);
  const shares = plans.length === 3 ? [0.55, 0.35, 0.1] : plans.map(() => 1 / plans.length);
  let cumulative = 0;
  const planOf = `(case ${plans
    .slice(0, -1)
    .map((plan, index) => `when ${r(72)} < ${(cumulative += shares[index]!).toFixed(4)} then ${plan.id}`)
    .join(' ')} else ${plans.at(-1)!.id} end)`;
  await db.execute(
    sql.raw(`
      insert into subscriptions (user_id, plan_id, paid, commitment, start_date, subscription_end_at, canceled_at, created_at, updated_at)
      select s.i, p.id, p.paid, p.commitment, s.start,
             (s.start + make_interval(months => p.commitment)) at time zone 'UTC',
             case when ${r(73, 's.i')} < 0.15 then (s.start + make_interval(days => floor(${r(74, 's.i')} * (${DAY} - s.start))::int, hours => 9)) at time zone 'UTC' end,
             s.start::timestamp at time zone 'UTC', s.start::timestamp at time zone 'UTC'
      from (select i, ${DAY} - ${below(SUBSCRIPTION_DAYS, 71)} as start, ${planOf} as plan_id from generate_series(1, ${USERS}) i where ${r(70)} < 0.8) s
      join plans p on p.id = s.plan_id`),
  );
  progress('subscriptions (the triggers included)');

  // Saved searches: each a copy of one of SEARCHES / 8 filter sets, the first sets far more often
  // (the same filters saved by several users); a genre or two, a place for 60 %, an audience for 25 %.
  const sets = Math.max(10, Math.round(SEARCHES / 8));
  const placeIds = PLACE_CODES.map((code) => ref.countryByCode.get(code)).filter((id): id is number => id !== undefined);
  const places = placeIds.length > 0 ? placeIds : ref.countries.slice(0, 30).map((country) => country.id);
  const audienceIds = ref.audiences.map((audience) => audience.id);
  const audienceClause =
    audienceIds.length > 0
      ? `|| case when ${r(86, 'x.t')} < 0.25 then jsonb_build_object('audience', jsonb_build_array(${json(audienceIds)}->${below(audienceIds.length, 87, 'x.t')})) else '{}'::jsonb end`
      : '';
  await db.execute(
    sql.raw(`
      insert into saved_searches (user_id, title, text_search, saved_filters, ratings_filter, created_at)
      select 1 + ${below(USERS, 81, 'x.i')}, 'Bench search ' || x.t,
             case when ${r(82, 'x.i')} < 0.2 then ${json(TITLE_WORDS)}->>${below(TITLE_WORDS.length, 83, 'x.i')} end,
             jsonb_build_object('genre', case when ${r(84, 'x.t')} < 0.5 and x.g1 <> x.g2 then jsonb_build_array(least(x.g1, x.g2), greatest(x.g1, x.g2)) else jsonb_build_array(x.g1) end)
               || case when ${r(85, 'x.t')} < 0.6 then jsonb_build_object('place', jsonb_build_array(${json(places)}->${below(places.length, 88, 'x.t')})) else '{}'::jsonb end
               ${audienceClause},
             case when ${r(89, 'x.t')} < 0.25 then '{"plot":3}'::jsonb else '{}'::jsonb end,
             ${within(90, 'x.i')}
      from (
        select s.i, s.t,
               (${json(ref.genres.map((genre) => genre.id))}->>${skewed(ref.genres.length, 1.5, 91, 's.t')})::int as g1,
               (${json(ref.genres.map((genre) => genre.id))}->>${skewed(ref.genres.length, 1.5, 92, 's.t')})::int as g2
        from (select i, 1 + ${skewed(sets, 2, 80)} as t from generate_series(1, ${SEARCHES}) i) s
      ) x`),
  );
  progress('saved_searches');

  // Requests over the last 120 days on the seeded types and statuses, a commentary where the status requires one.
  const statuses = ref.demandStatuses;
  await db.execute(
    sql.raw(`
      insert into demands (user_id, book_id, demand_date, demand_end_date, demand_type_id, demand_status_id, commentary, created_at, updated_at)
      select d.user_id, d.book_id, d.day, case when ${r(104, 'd.i')} < 0.4 then d.day + 30 end,
             (${json(ref.demandTypes)}->>d.t)::int, (${json(statuses.map((status) => status.id))}->>d.s)::int,
             case when (${json(statuses.map((status) => status.requiresCommentary))}->>d.s)::boolean then 'Refused: the rights are already optioned.' end,
             d.day::timestamp at time zone 'UTC' + make_interval(secs => ${r(105, 'd.i')} * 86400), d.day::timestamp at time zone 'UTC' + make_interval(secs => ${r(105, 'd.i')} * 86400)
      from (
        select i, 1 + ${below(USERS, 100)} as user_id, 1 + ${skewed(BOOKS, 2, 101)} as book_id, ${DAY} - ${below(HISTORY_DAYS, 102)} as day,
               ${below(ref.demandTypes.length, 103)} as t, ${below(statuses.length, 106)} as s
        from generate_series(1, ${DEMANDS}) i
      ) d`),
  );
  progress('demands');
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/** Per day (yyyy-MM-dd), how many of `metric` the logs and tables themselves hold (not the rollups). */
async function directPerDay(db: Db, metric: DashboardMetric): Promise<Map<string, number>> {
  const query = {
    views: `select (viewed_at at time zone 'UTC')::date::text as day, count(*)::int as n from book_views group by 1`,
    connections: `select (connected_at at time zone 'UTC')::date::text as day, count(*)::int as n from user_connections group by 1`,
    requests: 'select demand_date::text as day, count(*)::int as n from demands group by 1',
    subscriptions: 'select start_date::text as day, count(*)::int as n from subscriptions group by 1',
  }[metric];
  return new Map((await rowsOf(db, query)).map((row) => [String(row.day), Number(row.n)]));
}

/** The most viewed sheets counted over the log itself: `[book id, views]`, as the dashboard orders them. */
async function directTopBooks(db: Db): Promise<[number, number][]> {
  const rows = await rowsOf(
    db,
    `select book_id, count(*)::int as n from book_views group by book_id order by count(*) desc, book_id limit ${DASHBOARD_LIMITS.popularBooks}`,
  );
  return rows.map((row) => [Number(row.book_id), Number(row.n)]);
}

/**
 * Checks the rollups of migration 0010 against the logs (`usage_days` day by day and in total,
 * `book_view_counts` sheet by sheet and its top) and the users' connection summary against their
 * connections; throws at the first disagreement.
 */
async function checkRollups(db: Db, engine: string): Promise<void> {
  for (const [metric, table] of [
    ['views', 'book_views'],
    ['connections', 'user_connections'],
  ] as const) {
    const logged = await countOf(db, table);
    const [summed] = await rowsOf(db, `select coalesce(sum("count"), 0)::int as n from usage_days where metric = '${metric}'`);
    if (Number(summed?.n) !== logged) throw new Error(`${engine}: usage_days counts ${String(summed?.n)} ${metric}, ${table} holds ${logged} rows`);
    const rolled = new Map(
      (await rowsOf(db, `select day::text as day, "count" from usage_days where metric = '${metric}'`)).map((row) => [String(row.day), Number(row.count)]),
    );
    const direct = await directPerDay(db, metric);
    for (const day of new Set([...rolled.keys(), ...direct.keys()])) {
      if ((rolled.get(day) ?? 0) !== (direct.get(day) ?? 0))
        throw new Error(`${engine}: ${metric} on ${day}: usage_days ${rolled.get(day) ?? 0}, ${table} ${direct.get(day) ?? 0}`);
    }
  }
  const [wrongBooks] = await rowsOf(
    db,
    `select count(*)::int as n from book_view_counts c
     full join (select book_id, count(*)::int as n from book_views group by book_id) l on l.book_id = c.book_id
     where c.views is distinct from l.n`,
  );
  if (Number(wrongBooks?.n) !== 0) throw new Error(`${engine}: ${String(wrongBooks?.n)} sheets whose book_view_counts differs from their views in book_views`);
  const top = (await rowsOf(db, `select book_id, views from book_view_counts order by views desc, book_id limit ${DASHBOARD_LIMITS.popularBooks}`)).map(
    (row) => [Number(row.book_id), Number(row.views)],
  );
  if (JSON.stringify(top) !== JSON.stringify(await directTopBooks(db)))
    throw new Error(`${engine}: the top of book_view_counts differs from the most viewed sheets of book_views`);
  const [wrongUsers] = await rowsOf(
    db,
    `select count(*)::int as n from users u
     left join (select user_id, count(*)::int as n, max(connected_at) as last from user_connections group by user_id) c on c.user_id = u.id
     where (u.number_connections, u.last_connection_date) is distinct from (coalesce(c.n, 0), c.last)`,
  );
  if (Number(wrongUsers?.n) !== 0)
    throw new Error(`${engine}: ${String(wrongUsers?.n)} users whose connection count or last connection differs from their connections`);
}

/** A case's answer over HTTP checked against direct SQL; returns what it holds, for the table. */
async function checkAnswer(db: Db, engine: string, item: Case, body: string): Promise<string> {
  if (item.sub === 'data') {
    const { data } = JSON.parse(body) as { data: DashboardData };
    const books = data.popularBooks.map((book) => [book.id, book.numberViews]);
    if (JSON.stringify(books) !== JSON.stringify(await directTopBooks(db)))
      throw new Error(`${engine}: ${item.name}: the most viewed sheets differ from a direct count of book_views`);
    const users = (
      await rowsOf(
        db,
        `select id from users where last_connection_date is not null order by last_connection_date desc, id desc limit ${DASHBOARD_LIMITS.recentUsers}`,
      )
    ).map((row) => Number(row.id));
    if (JSON.stringify(data.recentUsers.map((user) => user.id)) !== JSON.stringify(users))
      throw new Error(`${engine}: ${item.name}: the recent users differ from a direct query`);
    return `${data.recentUsers.length} users, ${data.recentCriteria.length} criteria, ${data.popularBooks.length} sheets (top ${data.popularBooks[0]?.numberViews.toLocaleString('en') ?? 0} views), ${data.recentSearches.length} searches`;
  }
  const { data } = JSON.parse(body) as { data: DashboardSeries };
  const direct = await directPerDay(db, data.metric);
  for (const point of data.points) {
    if (point.value !== (direct.get(point.date) ?? 0))
      throw new Error(`${engine}: ${item.name}: ${point.date}: the API counts ${point.value}, SQL ${direct.get(point.date) ?? 0}`);
  }
  return `${data.points.length} days, ${data.points.reduce((sum, point) => sum + point.value, 0).toLocaleString('en')} in all`;
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

/** Opens (and fills when needed) the engine's benchmark database; `drop` removes it afterwards. */
async function prepare(engine: 'pglite' | 'postgres'): Promise<{ database: Database; generatedSeconds: number | undefined; drop(): Promise<void> }> {
  const { database, drop } = await openBenchDatabase(engine, { name: `bench-dashboard-${USERS}-${VIEWS}`, keep: KEEP });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const existing: Record<string, number> = {};
    for (const table of Object.keys(SIZES)) existing[table] = await countOf(database.db, table);
    let generatedSeconds: number | undefined;
    if (Object.entries(SIZES).some(([table, size]) => existing[table] !== size)) {
      if (Object.values(existing).some((n) => n > 0)) {
        throw new Error(`${engine}: the benchmark database holds ${JSON.stringify(existing)}, not ${JSON.stringify(SIZES)}; remove it or unset BENCH_KEEP`);
      }
      log(
        `${engine}: generating ${VIEWS.toLocaleString('en')} views, ${USERS.toLocaleString('en')} users, ${CONNECTIONS.toLocaleString('en')} connections ...`,
      );
      const started = performance.now();
      const anchor = new Date(Math.floor(Date.now() / 1000) * 1000);
      await database.db.transaction(async (tx) =>
        generateDashboard(tx as unknown as Db, anchor, (step) => log(`  ${step} (${((performance.now() - started) / 1000).toFixed(0)} s)`)),
      );
      await database.db.execute(sql`vacuum analyze`);
      generatedSeconds = (performance.now() - started) / 1000;
      log(`${engine}: generated in ${generatedSeconds.toFixed(0)} s (vacuum analyze included)`);
    } else {
      await database.db.execute(sql`analyze`);
    }
    return { database, generatedSeconds, drop };
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
}

/** Measures one case: HTTP and the service function interleaved, after the warm-up runs. */
async function measureDashboardCase(
  engine: string,
  db: Db,
  item: Case,
  http: (qs: string, sub?: string) => Promise<string>,
  answer: string,
): Promise<DashboardCaseResult> {
  await item.floor(db);
  for (let i = 0; i < WARMUP; i += 1) {
    await http(item.qs, item.sub);
    await item.floor(db);
  }
  const httpSamples: number[] = [];
  const serviceSamples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    let started = performance.now();
    await http(item.qs, item.sub);
    httpSamples.push(performance.now() - started);
    started = performance.now();
    await item.floor(db);
    serviceSamples.push(performance.now() - started);
  }
  const result = { name: item.name, request: item.qs ? `${item.sub}?${item.qs}` : item.sub, answer, http: stats(httpSamples), service: stats(serviceSamples) };
  log(
    `${engine.padEnd(8)} ${item.name.padEnd(32)} HTTP p50 ${ms(result.http.median).padStart(6)} p95 ${ms(result.http.p95).padStart(6)}  service p50 ${ms(result.service.median).padStart(6)} p95 ${ms(result.service.p95).padStart(6)} ms`,
  );
  return result;
}

/** Generates (or reuses) the engine's data, checks the rollups and the answers, and measures every case. */
export async function measureDashboard(engine: 'pglite' | 'postgres'): Promise<DashboardEngineResult> {
  const { database, generatedSeconds, drop } = await prepare(engine);
  const { db } = database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await checkRollups(db, engine);
    log(`${engine}: usage_days and book_view_counts agree with the logs, the users' connection summary with their connections`);

    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: 'no-client', DEMO_DATA: 'false' }), database });
    const http = await sessionClient(app, db, 'dashboard');
    const answers: string[] = [];
    for (const item of CASES) answers.push(await checkAnswer(db, engine, item, await http(item.qs, item.sub)));
    log(`${engine}: every case's answer checked against direct SQL`);

    const version = String((await rowsOf(db, 'select version() as v'))[0]?.v ?? '');
    const rows: Record<string, number> = {};
    for (const table of [
      'books',
      'book_genres',
      'book_files',
      'users',
      'subscriptions',
      'user_connections',
      'book_views',
      'saved_searches',
      'demands',
      'usage_days',
      'book_view_counts',
    ]) {
      rows[table] = await countOf(db, table);
    }
    const filterSets = Number((await rowsOf(db, 'select count(distinct saved_filters)::int as n from saved_searches'))[0]?.n ?? 0);
    const [views] = await rowsOf(
      db,
      'select max(views)::int as top, (percentile_disc(0.5) within group (order by views))::int as median from book_view_counts',
    );

    const loadBefore = os.loadavg()[0]!;
    const cases: DashboardCaseResult[] = [];
    for (const [index, item] of CASES.entries()) cases.push(await measureDashboardCase(engine, db, item, http, answers[index]!));
    return {
      engine,
      version,
      load: [loadBefore, os.loadavg()[0]!],
      generatedSeconds,
      rows,
      filterSets,
      views: { top: Number(views?.top ?? 0), median: Number(views?.median ?? 0) },
      cases,
    };
  } finally {
    await app?.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

/** The Markdown section of one engine's figures. */
export function dashboardSection(result: DashboardEngineResult): string[] {
  const target = TARGET_P95[result.engine];
  const lines = [
    engineHeading(result.engine),
    '',
    `- Server: ${result.version}`,
    result.generatedSeconds !== undefined
      ? `- Generation: ${result.generatedSeconds.toFixed(0)} s (\`INSERT … SELECT\` over \`generate_series\`, the views and connections in statements of ${BATCH.toLocaleString('en')} rows through the rollup triggers of migration 0010, the subscriptions through those of migration 0007, then VACUUM ANALYZE)`
      : '- Generation: reused (BENCH_KEEP=1)',
    rowsLine(result.rows),
    `- Views per sheet: ${result.views.top.toLocaleString('en')} for the most viewed, ${result.views.median.toLocaleString('en')} for the median one; ${result.filterSets.toLocaleString('en')} distinct sets of filters among the saved searches.`,
    "- Checked before measuring: `usage_days` against the logs day by day, `book_view_counts` against `book_views` sheet by sheet, the users' connection count and last connection against their connections, and every case's answer against direct SQL.",
    `- ${RUNS} measured runs per case and side after ${WARMUP} warm-up runs, HTTP and service interleaved; times in ms.`,
    loadLine(result.load),
    '',
    '| Case | Request | Answer | HTTP median | HTTP p95 | Service median | Service p95 | HTTP/service median | Target |',
    '|---|---|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const c of result.cases) {
    const verdict = c.http.p95 > target ? `missed: p95 over ${target} ms by ${ms(c.http.p95 - target)} ms` : `met (p95 ≤ ${target})`;
    lines.push(
      `| ${c.name} | \`${c.request}\` | ${c.answer} | ${ms(c.http.median)} | ${ms(c.http.p95)} | ${ms(c.service.median)} | ${ms(c.service.p95)} | ${(c.http.median / c.service.median).toFixed(2)} | ${verdict} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The lines that introduce the dashboard figures. */
export function dashboardIntro(): string[] {
  return [
    `${VIEWS.toLocaleString('en')} sheet views, ${USERS.toLocaleString('en')} subscribers and ${CONNECTIONS.toLocaleString('en')} connections (bench/dashboard.ts), with ${BOOKS.toLocaleString('en')} minimal sheets, ${SEARCHES.toLocaleString('en')} saved searches and ${DEMANDS.toLocaleString('en')} requests over the last ${HISTORY_DAYS} days, and a subscription for 80 % of the subscribers started over the last two years.`,
    'HTTP: the app listening on 127.0.0.1, sequential `fetch` calls on a keep-alive connection with a session cookie, timed until the body is read.',
    'Service: the function the route calls (`dashboardData`, `dashboardSeries`) run directly on the same database, the floor the HTTP figure is compared with.',
    `Targets: \`GET admin/dashboard/data\` and each series p95 ≤ ${TARGET_P95.postgres} ms on PostgreSQL, ≤ ${TARGET_P95.pglite} ms on PGlite.`,
  ];
}
