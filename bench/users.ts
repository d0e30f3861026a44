/**
 * The users suite of `npm run bench`: `GET admin/users` at 100,000 subscribers, on PGlite and on
 * PostgreSQL, through real HTTP (the app listening on a port, `fetch` with keep-alive) next to the
 * bare SQL of the same call (the resource's filter conditions and the users' store list run directly on the
 * same database) as the floor.
 *
 * The subscribers are written by bulk SQL (`INSERT … SELECT` over `generate_series`, every random
 * draw a hash of the user's id, so the same size gives the same rows on both engines): names,
 * e-mails, companies and cities from per-locale faker pools; 15 % without a subscription, the others
 * with one to three, the current one (the latest by start date) active, canceled or ended, on the
 * seeded plans; up to 14 connections each. The subscriptions go in through the triggers of
 * migration 0007, which copy the current subscription on the user row; before measuring, those
 * copies are checked against the subscriptions themselves, and each state's and plan's count of
 * `GET admin/users` against a direct SQL count.
 *
 * Environment:
 * - BENCH_USERS (100000): subscribers to generate.
 * - BENCH_RUNS (100): measured runs per case and side, after BENCH_WARMUP (15) warm-up runs.
 * - BENCH_ENGINES (pglite,postgres): which databases to measure.
 * - BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres): a server where a throwaway
 *   database is created (and dropped at the end).
 * - BENCH_KEEP=1: keep the generated databases (PostgreSQL `admin_panel_bench_users_<size>`, PGlite
 *   in data/bench-users-<size>) and reuse them on the next run instead of generating again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Faker, base, de, en, es, fr, it } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { ListQuery } from '../common/api.js';
import { searchNormal, type Locale } from '../common/locales.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { type Database, type Db } from '../server/db/client.js';
import { users } from '../server/db/schema/index.js';
import { loadReferenceIds } from '../server/db/seed/demo/reference-ids.js';
import { seedReferenceData } from '../server/db/seed/index.js';
import { paging } from '../server/http/paging.js';
import { userResource } from '../server/resources/users.js';
import { listCondition } from '../server/engine/resourceService.js';
import { measureCase, sessionClient, type CaseResult, type HttpSqlCase } from './httpVsSql.js';
import { engineHeading, loadLine, log, ms, rowsLine } from './stats.js';
import { openBenchDatabase } from './benchDatabase.js';

const SIZE = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
export const USERS_ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as ('pglite' | 'postgres')[];
const KEEP = process.env.BENCH_KEEP === '1';

/** The issue's target on PostgreSQL; PGlite has none of its own, so the books list's is reported. */
const TARGET_P95 = { postgres: 50, pglite: 150 } as const;

/** The word of the search case: a surname and the start of others, in several locales' pools. */
const SEARCH_WORD = 'martin';

type Case = HttpSqlCase<ListQuery>;

export interface UsersEngineResult {
  engine: 'pglite' | 'postgres';
  version: string;
  /** 1-minute load average before and after the measured runs (other processes share the machine). */
  load: [number, number];
  generatedSeconds: number | undefined;
  rows: Record<string, number>;
  /** Users per subscription state, as the direct SQL count found them (and the API agreed). */
  states: Record<string, number>;
  cases: CaseResult[];
}

/** The cases, once the plans' ids are known (the plan case filters on the least common plan, VIP). */
function casesFor(vipId: number): Case[] {
  return [
    { name: 'no filter (page 1, by id)', qs: '', query: {} },
    { name: `search "${SEARCH_WORD}"`, qs: `name=${SEARCH_WORD}`, query: { name: SEARCH_WORD } },
    { name: 'subscription state: active', qs: 'subscription_state[]=active', query: { subscription_state: ['active'] } },
    { name: 'subscription state: ended', qs: 'subscription_state[]=ended', query: { subscription_state: ['ended'] } },
    { name: 'plan: VIP', qs: `plan_id[]=${vipId}`, query: { plan_id: [vipId] } },
    {
      name: `search "${SEARCH_WORD}" + state active`,
      qs: `name=${SEARCH_WORD}&subscription_state[]=active`,
      query: { name: SEARCH_WORD, subscription_state: ['active'] },
    },
  ];
}

async function rowsOf(db: Db, query: ReturnType<typeof sql.raw> | ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

const countOf = async (db: Db, table: string) => Number((await rowsOf(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0);

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

const LOCALE_DEFINITIONS = { en: [en, base], fr: [fr, en, base], es: [es, en, base], de: [de, en, base], it: [it, en, base] };
const LOCALE_COUNTRY: Record<Locale, string> = { en: 'GB', fr: 'FR', es: 'ES', de: 'DE', it: 'IT' };
/** The users' locales, in the order of `LOCALE_SHARE`. */
const USER_LOCALES: Locale[] = ['en', 'fr', 'de', 'es', 'it'];
const LOCALE_SHARE = [0.35, 0.25, 0.15, 0.15, 0.1];
const PROVIDERS = ['mail.example', 'post.example', 'inbox.example', 'webmail.example', 'net.example'];
const JOBS = [
  'Producer',
  'Development executive',
  'Literary scout',
  'Head of development',
  'Story editor',
  'Director',
  'Screenwriter',
  'Rights manager',
  'Agent',
  'Showrunner',
];

const slug = (value: string) =>
  searchNormal(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Name pools per locale, drawn once with faker: `[display, normalised, e-mail slug]` for first and
 * last names and companies, display only for cities and streets. Every locale's pool of a kind is
 * cut to the same length, so the SQL picks an index below one constant.
 */
function namePools(seed: number) {
  const drawn = USER_LOCALES.map((locale, index) => {
    const faker = new Faker({ locale: LOCALE_DEFINITIONS[locale], seed: seed + index });
    const draw = (n: number, f: () => string) => [...new Set(Array.from({ length: n }, f))];
    return {
      first: draw(500, () => faker.person.firstName()),
      last: draw(1000, () => faker.person.lastName()),
      companies: draw(800, () => faker.company.name()),
      cities: draw(300, () => faker.location.city()),
      streets: draw(300, () => faker.location.street()),
    };
  });
  const kinds = ['first', 'last', 'companies', 'cities', 'streets'] as const;
  const length = Object.fromEntries(kinds.map((kind) => [kind, Math.min(...drawn.map((pool) => pool[kind].length))])) as Record<(typeof kinds)[number], number>;
  const triple = (value: string) => [value, searchNormal(value), slug(value) || 'x'];
  const json = {
    first: drawn.map((pool) => pool.first.slice(0, length.first).map(triple)),
    last: drawn.map((pool) => pool.last.slice(0, length.last).map(triple)),
    companies: drawn.map((pool) => pool.companies.slice(0, length.companies).map(triple)),
    cities: drawn.map((pool) => pool.cities.slice(0, length.cities)),
    streets: drawn.map((pool) => pool.streets.slice(0, length.streets)),
  };
  return { json: JSON.stringify(json), length };
}

/** A uniform draw in [0, 1) for row `i` and draw number `k`: a hash, the same on both engines. */
const r = (k: number, i = 'i') => `((hashint4extended(${i}, ${k}) & 2147483647)::float8 / 2147483648)`;
/** A whole number in [0, n). */
const below = (n: number, k: number, i = 'i') => `floor(${r(k, i)} * ${n})::int`;

/**
 * Per user `i`: how many subscriptions (0 for 15 %, else 1 to 3), the current one's state (a:
 * active, c: canceled, e: ended) and its start in days before the anchor day. Written once, read by
 * the users' and the subscriptions' inserts alike.
 */
const SUBSCRIPTION_COUNT = `(case when ${r(20)} < 0.15 then 0 when ${r(20)} < 0.65 then 1 when ${r(20)} < 0.9 then 2 else 3 end)`;
const CURRENT_STATE = `(case when ${r(21)} < 0.65 then 'a' when ${r(21)} < 0.82 then 'c' else 'e' end)`;
/** Active: started within the last 330 days (a 12-month plan is still running); canceled: 30–500 days ago; ended: 380–880 days ago. */
const CURRENT_START_DAYS = `(case ${CURRENT_STATE} when 'a' then ${below(330, 22)} when 'c' then 30 + ${below(470, 22)} else 380 + ${below(500, 22)} end)`;
/** Connections: none for 10 %, else 1 to 14. */
const CONNECTIONS = `(case when ${r(30)} < 0.1 then 0 else 1 + ${below(14, 31)} end)`;

/**
 * Writes `size` subscribers (ids 1..size) with subscriptions and connections into a database that
 * holds the reference lists and no users. `anchor` is the day the states are relative to.
 */
async function generateUsers(db: Db, size: number, anchor: Date, progress: (step: string) => void): Promise<void> {
  const ref = await loadReferenceIds(db);
  const plans = [...ref.plans].sort((a, b) => a.id - b.id);
  if (plans.length === 0) throw new Error('no plans: run the reference seeder first');
  // Plans by popularity: the cheapest most chosen (55 %, 35 %, 10 % for the three seeded plans).
  const shares = plans.length === 3 ? [0.55, 0.35, 0.1] : plans.map(() => 1 / plans.length);
  let cumulative = 0;
  const planOf = (draw: string) =>
    `(case ${plans
      .slice(0, -1)
      .map((plan, index) => `when ${draw} < ${(cumulative += shares[index]!).toFixed(4)} then ${plan.id}`)
      .join(' ')} else ${plans.at(-1)!.id} end)`;
  const localeIds = USER_LOCALES.map((locale) => ref.localeByCode.get(locale) ?? 'null');
  const countryIds = USER_LOCALES.map((locale) => ref.countryByCode.get(LOCALE_COUNTRY[locale]) ?? 'null');
  let share = 0;
  const localeIndex = `(case ${LOCALE_SHARE.slice(0, -1)
    .map((value, index) => `when ${r(1)} < ${(share += value).toFixed(2)} then ${index}`)
    .join(' ')} else ${LOCALE_SHARE.length - 1} end)`;
  const pools = namePools(42);
  const day = anchor.toISOString().slice(0, 10);

  // Users: the connection summary is worked out here from the same draws the connections use below.
  await db.execute(sql`
    insert into users (id, name, firstname, lastname, email, phone, job, company, locale_id, address, city, postal_code, country_id,
                       is_accepted, credits, number_connections, last_connection_date, search_text, created_at, updated_at)
    select i,
           case when ${sql.raw(r(9))} < 0.2 then fn->>0 || ' ' || left(ln->>0, 1) || '.' end,
           fn->>0, ln->>0, email,
           case when ${sql.raw(r(10))} < 0.7 then '+' || (30 + ${sql.raw(below(20, 11))}) || ' 6' || lpad((${sql.raw(below(100_000_000, 12))})::text, 8, '0') end,
           case when ${sql.raw(r(13))} < 0.8 then (${JSON.stringify(JOBS)}::jsonb)->>${sql.raw(below(JOBS.length, 14))} end,
           co->>0,
           (${JSON.stringify(localeIds)}::jsonb->>l)::int,
           (1 + ${sql.raw(below(180, 15))}) || ' ' || (pool->'streets'->l->>${sql.raw(below(pools.length.streets, 16))}),
           pool->'cities'->l->>${sql.raw(below(pools.length.cities, 17))},
           lpad((${sql.raw(below(99_000, 18))} + 1000)::text, 5, '0'),
           (${JSON.stringify(countryIds)}::jsonb->>l)::int,
           ${sql.raw(r(19))} < 0.85,
           case when ${sql.raw(SUBSCRIPTION_COUNT)} > 0 then ${sql.raw(below(31, 23))} else 0 end,
           ${sql.raw(CONNECTIONS)},
           case when ${sql.raw(CONNECTIONS)} > 0 then ${day}::timestamptz - make_interval(secs => ${sql.raw(r(32))} * 120 * 86400) end,
           concat_ws(' ', fn->>1, ln->>1, case when ${sql.raw(r(9))} < 0.2 then fn->>1 || ' ' || left(ln->>1, 1) || '.' end, email, co->>1),
           ${day}::timestamptz - make_interval(days => ${sql.raw(CURRENT_START_DAYS)} + 400 * greatest(${sql.raw(SUBSCRIPTION_COUNT)} - 1, 0) + 1 + ${sql.raw(below(60, 24))}),
           ${day}::timestamptz - make_interval(days => ${sql.raw(below(30, 25))})
    from (
      select i, l, pool, fn, ln, co,
             (fn->>2) || '.' || (ln->>2) || '.' || i || '@' ||
               case when co is not null and ${sql.raw(r(7))} < 0.6 then (co->>2) || '.example' else (${JSON.stringify(PROVIDERS)}::jsonb->>${sql.raw(below(PROVIDERS.length, 8))}) end as email
      from (
        select i, l, pool,
               pool->'first'->l->${sql.raw(below(pools.length.first, 2))} as fn,
               pool->'last'->l->${sql.raw(below(pools.length.last, 3))} as ln,
               case when ${sql.raw(r(4))} < 0.85 then pool->'companies'->l->${sql.raw(below(pools.length.companies, 5))} end as co
        from (select i, ${sql.raw(localeIndex)} as l from generate_series(1, ${size}::int) i) g,
             (select ${pools.json}::jsonb as pool) p
      ) picked
    ) named`);
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${size}::int)`);
  progress('users');

  await db.execute(sql`
    insert into user_connections (user_id, connected_at)
    select u.i, u.last - make_interval(secs => (j - 1) * u.gap)
    from (
      select i, ${sql.raw(CONNECTIONS)} as n,
             ${day}::timestamptz - make_interval(secs => ${sql.raw(r(32))} * 120 * 86400) as last,
             (0.5 + ${sql.raw(r(33))} * 6) * 86400 as gap
      from generate_series(1, ${size}::int) i
    ) u
    cross join lateral generate_series(1, u.n) j`);
  progress('user_connections');

  // Subscriptions, through the triggers of migration 0007 (one statement: they update each user once).
  // The current one (j = k) in its state; the earlier ones 400 days apart, a third of them canceled.
  await db.execute(sql`
    insert into subscriptions (user_id, plan_id, paid, commitment, start_date, subscription_end_at, canceled_at, provider_subscription_id, created_at, updated_at)
    select s.i, p.id, p.paid, p.commitment, s.start,
           case when s.current and s.state = 'a' and ${sql.raw(r(41, 's.i'))} < 0.05 then null
                else (s.start + make_interval(months => p.commitment)) at time zone 'UTC' end,
           case when s.current and s.state = 'c' then (s.start + make_interval(days => floor(${sql.raw(r(42, 's.i'))} * (${day}::date - s.start))::int, hours => 9)) at time zone 'UTC'
                when not s.current and ${sql.raw(r(43, 's.i * 4 + s.j'))} < 0.33 then (s.start + make_interval(days => 100)) at time zone 'UTC' end,
           case when s.current and s.state = 'a' and ${sql.raw(r(44, 's.i'))} < 0.5 then 'sub_bench_' || s.i || '_' || s.j end,
           s.start at time zone 'UTC', s.start at time zone 'UTC'
    from (
      select u.i, j, j = u.k as current, u.state,
             ${day}::date - u.days - 400 * (u.k - j) as start,
             ${sql.raw(planOf(r(40, 'u.i * 4 + j')))} as plan_id
      from (select i, ${sql.raw(SUBSCRIPTION_COUNT)} as k, ${sql.raw(CURRENT_STATE)} as state, ${sql.raw(CURRENT_START_DAYS)} as days
            from generate_series(1, ${size}::int) i) u
      cross join lateral generate_series(1, u.k) j
    ) s
    join plans p on p.id = s.plan_id`);
  progress('subscriptions (the triggers included)');
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/** Every user's current subscription worked out from `subscriptions` alone (not the trigger's copies). */
const CURRENT_FROM_SUBSCRIPTIONS = `
  select distinct on (user_id) user_id, id, plan_id, subscription_end_at, canceled_at
  from subscriptions order by user_id, start_date desc, id desc`;

/**
 * Checks the triggers' copies on the user rows against the subscriptions, then counts the users of
 * each state and plan directly (docs/api.md's rules written out again here); returns them.
 */
async function directCounts(db: Db): Promise<{ states: Record<string, number>; plans: Record<number, number> }> {
  const [wrong] = await rowsOf(
    db,
    sql.raw(`
      select count(*)::int as n from users u left join (${CURRENT_FROM_SUBSCRIPTIONS}) c on c.user_id = u.id
      where (u.current_subscription_id, u.current_plan_id, u.current_subscription_end_at, u.current_subscription_canceled_at)
            is distinct from (c.id, c.plan_id, c.subscription_end_at, c.canceled_at)`),
  );
  if (Number(wrong?.n) !== 0) throw new Error(`${String(wrong?.n)} users whose copied current subscription differs from their latest one`);
  const states = Object.fromEntries(
    (
      await rowsOf(
        db,
        sql.raw(`
          select case when c.id is null then 'none'
                      when c.canceled_at is not null then 'canceled'
                      when c.subscription_end_at < date_trunc('day', now(), 'UTC') then 'ended'
                      else 'active' end as state, count(*)::int as n
          from users u left join (${CURRENT_FROM_SUBSCRIPTIONS}) c on c.user_id = u.id
          group by 1`),
      )
    ).map((row) => [String(row.state), Number(row.n)]),
  );
  const plans = Object.fromEntries(
    (
      await rowsOf(
        db,
        sql.raw(`
          select p.id, count(c.user_id)::int as n
          from plans p left join (${CURRENT_FROM_SUBSCRIPTIONS}) c on c.plan_id = p.id
          group by p.id`),
      )
    ).map((row) => [Number(row.id), Number(row.n)]),
  );
  return { states, plans };
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

/** Opens (and fills when needed) the engine's benchmark database; `drop` removes it afterwards. */
async function prepare(engine: 'pglite' | 'postgres'): Promise<{ database: Database; generatedSeconds: number | undefined; drop(): Promise<void> }> {
  const { database, drop } = await openBenchDatabase(engine, { name: `bench-users-${SIZE}`, keep: KEEP });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const existing = await countOf(database.db, 'users');
    let generatedSeconds: number | undefined;
    if (existing !== SIZE) {
      if (existing > 0) throw new Error(`${engine}: the benchmark database holds ${existing} users, not ${SIZE}; remove it or unset BENCH_KEEP`);
      log(`${engine}: generating ${SIZE.toLocaleString('en')} users ...`);
      const started = performance.now();
      const now = new Date();
      const anchor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      await database.db.transaction(async (tx) =>
        generateUsers(tx as unknown as Db, SIZE, anchor, (step) => log(`  ${step} (${((performance.now() - started) / 1000).toFixed(0)} s)`)),
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

/** Generates (or reuses) the engine's subscribers, checks the subscription copies and measures every case. */
export async function measureUsers(engine: 'pglite' | 'postgres'): Promise<UsersEngineResult> {
  const { database, generatedSeconds, drop } = await prepare(engine);
  const { db } = database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: 'no-client', DEMO_DATA: 'false' }), database });
    const http = await sessionClient(app, db, 'users');
    const httpTotal = async (qs: string) => (JSON.parse(await http(qs)) as { meta: { total: number } }).meta.total;
    /** The route's work below HTTP: the declared filters' conditions, then the page and the count. */
    const bare = async (query: ListQuery) => {
      const where = await listCondition(db, users, userResource.filters ?? {}, query);
      return userResource.store.list!(db, { where, ...paging(query) });
    };

    // The triggers' copies, and the API's count of each state and plan, against direct SQL.
    const direct = await directCounts(db);
    for (const state of ['none', 'active', 'canceled', 'ended']) {
      const viaApi = await httpTotal(`subscription_state[]=${state}`);
      if (viaApi !== (direct.states[state] ?? 0)) throw new Error(`${engine}: ${state}: the API counts ${viaApi} users, SQL ${direct.states[state] ?? 0}`);
    }
    for (const [planId, n] of Object.entries(direct.plans)) {
      const viaApi = await httpTotal(`plan_id[]=${planId}`);
      if (viaApi !== n) throw new Error(`${engine}: plan ${planId}: the API counts ${viaApi} users, SQL ${n}`);
    }
    log(`${engine}: subscription copies checked; users per state ${JSON.stringify(direct.states)}, per plan ${JSON.stringify(direct.plans)}`);

    const [vip] = await rowsOf(db, sql`select id from plans where role = 'vip'`);
    const vipId = Number(vip?.id ?? Object.keys(direct.plans).at(-1));
    const version = String((await rowsOf(db, sql`select version() as v`))[0]?.v ?? '');
    const rows: Record<string, number> = {};
    for (const table of ['users', 'subscriptions', 'user_connections']) rows[table] = await countOf(db, table);

    const loadBefore = os.loadavg()[0]!;
    const cases: CaseResult[] = [];
    for (const item of casesFor(vipId)) {
      cases.push(await measureCase(engine, item, http, bare, { runs: RUNS, warmup: WARMUP, nameWidth: 36 }));
    }
    return { engine, version, load: [loadBefore, os.loadavg()[0]!], generatedSeconds, rows, states: direct.states, cases };
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
export function usersSection(result: UsersEngineResult): string[] {
  const target = TARGET_P95[result.engine];
  const lines = [
    engineHeading(result.engine),
    '',
    `- Server: ${result.version}`,
    result.generatedSeconds !== undefined
      ? `- Generation: ${result.generatedSeconds.toFixed(0)} s (\`INSERT … SELECT\` over \`generate_series\`, the subscriptions through the triggers of migration 0007, then VACUUM ANALYZE)`
      : '- Generation: reused (BENCH_KEEP=1)',
    rowsLine(result.rows),
    `- Users per subscription state: ${['active', 'canceled', 'ended', 'none'].map((state) => `${state} ${(result.states[state] ?? 0).toLocaleString('en')}`).join(', ')} (the copies on the user rows checked against the subscriptions, the API's counts against direct SQL)`,
    `- ${RUNS} measured runs per case and side after ${WARMUP} warm-up runs, HTTP and SQL interleaved; times in ms.`,
    loadLine(result.load),
    '',
    '| Case | Query | Matches | HTTP median | HTTP p95 | SQL median | SQL p95 | HTTP/SQL median | Target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const c of result.cases) {
    const verdict = c.http.p95 > target ? `missed: p95 over ${target} ms by ${ms(c.http.p95 - target)} ms` : `met (p95 ≤ ${target})`;
    lines.push(
      `| ${c.name} | \`${c.qs || '(none)'}\` | ${c.total.toLocaleString('en')} | ${ms(c.http.median)} | ${ms(c.http.p95)} | ${ms(c.sql.median)} | ${ms(c.sql.p95)} | ${(c.http.median / c.sql.median).toFixed(2)} | ${verdict} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The lines that introduce the users figures. */
export function usersIntro(): string[] {
  return [
    `${SIZE.toLocaleString('en')} subscribers (bench/users.ts): 85 % with one to three subscriptions on the seeded plans (the current one active, canceled or ended), 90 % with 1 to 14 connections; names, e-mails and companies from per-locale faker pools.`,
    'HTTP: the app listening on 127.0.0.1, sequential `fetch` calls on a keep-alive connection with a session cookie, timed until the body is read.',
    "SQL: the same call's repository work run directly on the same database (the resource's declared filters through `listCondition`, then the users' store list: the page and the count), the floor the HTTP figure is compared with.",
    `Targets: PostgreSQL p95 ≤ ${TARGET_P95.postgres} ms; PGlite, which has no target of its own, is held to the books list's p95 ≤ ${TARGET_P95.pglite} ms.`,
  ];
}
