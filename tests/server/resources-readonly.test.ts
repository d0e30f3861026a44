import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Translations } from '../../common/locales.js';
import type { NamedTable } from '../../server/db/repositories/engine/namedListRepository.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  audiences,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  countries,
  formats,
} from '../../server/db/schema/index.js';
import { loadScreens } from '../../server/definitions/loadScreens.js';
import { searchOf } from '../../server/engine/declaredStore.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
const rowCount = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

const READ_ONLY: [string, string, NamedTable][] = [
  ['audiences', 'Audience', audiences],
  ['categories', 'Category', categories],
  ['formats', 'Format', formats],
  ['countries', 'Country', countries],
  ['adaptation-formats', 'Adaptation format', adaptationFormats],
  ['adaptation-kinds', 'Adaptation kind', adaptationKinds],
  ['adaptation-budgets', 'Adaptation budget', adaptationBudgets],
  ['character-functions', 'Character function', characterFunctions],
  ['character-genders', 'Character gender', characterGenders],
  ['character-ages', 'Character age', characterAges],
  ['character-topologies', 'Character topology', characterTopologies],
];

const PROBE: Translations = { en: 'Zeta probe', fr: 'Sonde zêta', de: 'Zeta-Prüfsonde' };

describe.each(READ_ONLY)('%s (read-only)', (api, label, table) => {
  let probeId: number;
  beforeAll(async () => {
    // Enough rows for more than one page of 10 (some seeded lists are shorter), and a known probe row,
    // with the search text a named list's save writes (server/engine/namedStore.ts).
    const namesSearch = searchOf('names');
    const fillers = Array.from({ length: 11 }, (_, i) => ({ en: `Filler ${i}` }));
    const rows = [PROBE, ...fillers].map((names, i) => ({
      names,
      searchText: namesSearch({ names }),
      ...(table === countries ? { code: `Q${String.fromCharCode(77 + i)}` } : {}),
    }));
    const inserted = await t.database.db
      .insert(table as PgTable)
      .values(rows as never)
      .returning({ id: table.id });
    probeId = (inserted[0] as { id: number }).id;
  });

  it('lists with paging meta and bounds perPage', async () => {
    const total = await rowCount(table);
    expect(total).toBeGreaterThan(10);
    const page = (await call('GET', `${api}?page=2&perPage=5`)).json();
    expect(page.meta).toEqual({ total, current_page: 2, per_page: 5, last_page: Math.ceil(total / 5) });
    expect(page.data).toHaveLength(5);
    expect(Object.keys(page.data[0]).sort()).toEqual(api === 'countries' ? ['code', 'id', 'name', 'names'] : ['id', 'name', 'names']);
    expect((await call('GET', `${api}?perPage=1000`)).json().data).toHaveLength(total);
    for (const query of ['perPage=0', 'perPage=1001']) expect((await call('GET', `${api}?${query}`)).statusCode).toBe(422);
  });

  it('searches other locales ignoring case and accents', async () => {
    for (const term of ['PRUFSONDE', 'SONDE ZÉTA', 'zeta']) {
      const found = (await call('GET', `${api}?name=${encodeURIComponent(term)}`)).json();
      expect(
        found.data.map((row: { id: number }) => row.id),
        term,
      ).toEqual([probeId]);
    }
  });

  it('shows one record, and 404 for an unknown one', async () => {
    const shown = (await call('GET', `${api}/${probeId}`)).json().data;
    expect(shown).toMatchObject({ id: probeId, name: 'Zeta probe', names: PROBE });
    const missing = await call('GET', `${api}/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: `${label} not found` });
    expect((await call('GET', `${api}/not-an-id`)).statusCode).toBe(404);
  });

  it('has no write routes: POST and DELETE answer 404 and change nothing', async () => {
    const before = await rowCount(table);
    for (const [method, url] of [
      ['POST', api],
      ['POST', `${api}/${probeId}`],
      ['DELETE', `${api}/${probeId}`],
    ] as const) {
      const response = await call(method, url, method === 'POST' ? { names: { en: 'Changed' } } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toMatch(/not found/);
    }
    expect(await rowCount(table)).toBe(before);
    expect((await call('GET', `${api}/${probeId}`)).json().data.name).toBe('Zeta probe');
  });
});

describe('countries', () => {
  it('finds a seeded country by its French or Spanish name and sends its code', async () => {
    const germany = (await call('GET', 'countries?name=ALLEMAGNE')).json().data;
    expect(germany.map((row: { code: string }) => row.code)).toEqual(['DE']);
    const spain = (await call('GET', 'countries?name=espana')).json().data;
    expect(spain.map((row: { code: string }) => row.code)).toContain('ES');
    const [row] = await t.database.db.select().from(countries).where(eq(countries.code, 'FR'));
    expect((await call('GET', `countries/${row!.id}`)).json().data).toEqual({ id: row!.id, name: 'France', names: row!.names, code: 'FR' });
  });
});

describe('screen definitions', () => {
  it('each have their API served, with write routes exactly as their permissions say', async () => {
    for (const screen of loadScreens().values()) {
      expect((await call('GET', `${screen.api}?perPage=1`)).statusCode, screen.api).toBe(200);
      const routes = new Set(t.app.routeList.map((route) => `${route.method} ${route.url}`));
      const base = `/api/admin/${screen.api}`;
      expect(routes.has(`POST ${base}`), `${screen.api} create`).toBe(screen.permissions.create);
      const update = screen.form?.method === 'put' ? 'PUT' : 'POST';
      expect(routes.has(`${update} ${base}/:id`), `${screen.api} edit`).toBe(screen.permissions.edit);
      if (update === 'PUT') expect(routes.has(`POST ${base}/:id`), `${screen.api} POST update`).toBe(false);
      expect(routes.has(`DELETE ${base}/:id`), `${screen.api} delete`).toBe(screen.permissions.delete);
    }
  });
});
