import { parse } from 'csv-parse/sync';
import { lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchDeclared, listDeclared, type DeclaredPosition } from '../../server/db/repositories/engine/declaredRepository.js';
import { authors } from '../../server/db/schema/index.js';
import type { OrderKey } from '../../server/engine/declaration.js';
import { authorResource } from '../../server/resources/authors.js';
import { RESOURCE_EXPORT_BATCH, resourceExportSource } from '../../server/engine/export/exportSource.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** More authors than two batches of a declared list's export hold: every batch must reach the file. */
const AUTHORS = 2 * RESOURCE_EXPORT_BATCH + 345;

describe('the export of a declared list: batches by keyset, in the list’s order, with its filters', () => {
  let t: TestApp;
  let cookie: string;
  let countries: number[];
  const get = (url: string) => t.as(cookie, { method: 'GET', url: `/api/admin/${url}` });
  /** Every id of a list query, through the list itself, page by page (what the screen shows). */
  const listedIds = async (query: string) => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const response = await get(`authors?${query}&perPage=1000&page=${page}`);
      expect(response.statusCode).toBe(200);
      ids.push(...(response.json().data as { id: number }[]).map((author) => author.id));
      if (page >= response.json().meta.last_page) return ids;
    }
  };
  const exported = async (query: string) => {
    const response = await get(`authors/export?columns=id,name&${query}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const rows = parse(response.body.slice(1)) as string[][];
    expect(rows[0]).toEqual(['#', 'Name of author']);
    return { total: Number(response.headers['x-export-rows']), rows: rows.slice(1) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    countries = ((await t.database.executeSql('select id from countries order by id limit 4')).rows as { id: number }[]).map((row) => row.id);
    expect(countries).toHaveLength(4);
    // Names repeated (ties on a name), a third without a country (nulls), the same millisecond of
    // change for many, told apart by their microseconds only.
    await t.database.executeSql(
      `insert into authors (name, country_id, search_text, updated_at)
       select 'Author ' || (i % 40), case when i % 3 = 0 then null else ($1::int[])[1 + i % 4] end, 'author ' || (i % 40),
              timestamptz '2025-03-01 10:00:00.123+00' + (i % 7) * interval '1 microsecond'
       from generate_series(1, ${AUTHORS}) as i`,
      [countries],
    );
  }, 120_000);
  afterAll(async () => t?.close());

  it('writes every author of a list several batches long, each once, in the list’s order', async () => {
    const { total, rows } = await exported('');
    expect(total).toBe(AUTHORS);
    expect(rows).toHaveLength(AUTHORS);
    expect(rows.map((row) => Number(row[0]))).toEqual(await listedIds(''));
    expect(new Set(rows.map((row) => row[0])).size).toBe(AUTHORS);
  });

  it('keeps the list’s search and filters across the batches', async () => {
    const query = `name=${encodeURIComponent('author 1')}&country_id[]=${countries[1]}&country_id[]=${countries[2]}`;
    const listed = await listedIds(query);
    expect(listed.length).toBeGreaterThan(100);
    expect(listed.length).toBeLessThan(AUTHORS / 4);
    const { total, rows } = await exported(query);
    expect(total).toBe(listed.length);
    expect(rows.map((row) => Number(row[0]))).toEqual(listed);
    // The search matched Author 1 and Author 10 to 19 only.
    expect(rows.every((row) => /^Author 1\d?$/.test(row[1]!))).toBe(true);
    // The same filters walked in small batches: each batch goes on where the last one ended, filtered alike.
    const service = t.app.services.resources.get(authorResource.api)!;
    const source = await resourceExportSource(service, { name: 'author 1', country_id: [countries[1]!, countries[2]!] }, 60);
    const walked: number[] = [];
    for await (const batch of source.batches()) walked.push(...batch.map((row) => row.id as number));
    expect(source.total).toBe(listed.length);
    expect(walked).toEqual(listed);
  });

  it('walks any order exactly as the list sorts it: ties broken by id, nulls where PostgreSQL puts them, microseconds kept', async () => {
    const where = lte(authors.id, 400);
    const orders: (readonly OrderKey[])[] = [
      [{ column: 'countryId' }],
      [{ column: 'countryId', desc: true }],
      [{ column: 'updatedAt', desc: true }],
      [{ column: 'name' }, { column: 'countryId', desc: true }],
      [{ column: 'countryId' }, { column: 'id', desc: true }],
    ];
    for (const order of orders) {
      const { rows: listed } = await listDeclared(t.database.db, authors, authorResource.fields, { where, perPage: 1000, offset: 0, order });
      expect(listed).toHaveLength(400);
      const walked: number[] = [];
      let after: DeclaredPosition | undefined;
      for (let batch = 0; batch < 100; batch++) {
        const { rows, last } = await batchDeclared(t.database.db, authors, authorResource.fields, { where, order, after, limit: 7 });
        walked.push(...rows.map((row) => row.id as number));
        if (rows.length < 7) break;
        after = last;
      }
      expect(walked, JSON.stringify(order)).toEqual(listed.map((row) => row.id));
    }
  });

  it('leaves no row out when rows read before are deleted meanwhile (an offset would skip as many)', async () => {
    const service = t.app.services.resources.get(authorResource.api)!;
    const source = await resourceExportSource(service, { country_id: [countries[3]!] }, 50);
    const batches = source.batches();
    const first = (await batches.next()).value as { id: number }[];
    expect(first).toHaveLength(50);
    // Staff delete ten of the rows already written while the export runs.
    await t.database.executeSql(`delete from authors where id = any($1::int[])`, [first.slice(0, 10).map((row) => row.id)]);
    const rest: number[] = [];
    for (let next = await batches.next(); !next.done; next = await batches.next()) rest.push(...next.value.map((row) => row.id as number));
    const listed = await listedIds(`country_id[]=${countries[3]}`);
    expect([...first.slice(10).map((row) => row.id), ...rest]).toEqual(listed);
    expect(first.length + rest.length).toBe(source.total);
  });
});
