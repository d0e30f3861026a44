import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/db/client.js';
import { insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import { openSession, SESSION_COOKIE } from '../server/auth/sessions.js';
import { log, ms, stats, type Stats } from './stats.js';

/** One measured call: its name, the query string sent over HTTP, and the same query as the route hands it on. */
export interface HttpSqlCase<Q> {
  name: string;
  qs: string;
  query: Q;
}

/** A case's figures: its matches, and the HTTP and bare-SQL timings. */
export interface CaseResult {
  name: string;
  qs: string;
  total: number;
  /** False when `total` is a bound the list counted up to (there are more matches). */
  exact: boolean;
  http: Stats;
  sql: Stats;
}

/**
 * Starts `app` on a free port of 127.0.0.1 and opens a staff session: `GET` of `/api/admin/{path}`
 * (or `/api/admin/{path}/{sub}` when `sub` is given) with a query string, answered 200 or thrown,
 * its body read.
 */
export async function sessionClient(app: FastifyInstance, db: Db, path: string): Promise<(qs: string, sub?: string) => Promise<string>> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/admin/${path}`;
  const administrator = await insertAdministrator(db, {
    firstname: 'Bench',
    lastname: 'Runner',
    email: `bench-${Date.now()}@bench.test`,
    passwordHash: 'not-a-hash',
  });
  const { token } = await openSession(db, administrator.id, 1, { ip: '127.0.0.1', userAgent: 'bench' });
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  return async (qs, sub) => {
    const url = sub ? `${base}/${sub}` : base;
    const response = await fetch(qs ? `${url}?${qs}` : url, { headers });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${response.status} ${body}`);
    return body;
  };
}

/**
 * Measures one case: checks that HTTP and the bare SQL agree on it, warms both up, then times
 * `runs` calls of each, interleaved so that both sides see the same cache and machine state.
 */
export async function measureCase<Q>(
  label: string,
  item: HttpSqlCase<Q>,
  http: (qs: string) => Promise<string>,
  bare: (query: Q) => Promise<{ rows: unknown[]; total: number; exact?: boolean }>,
  { runs, warmup, nameWidth }: { runs: number; warmup: number; nameWidth: number },
): Promise<CaseResult> {
  const viaHttp = JSON.parse(await http(item.qs)) as { meta: { total: number }; data: unknown[] };
  const viaSql = await bare(item.query);
  if (viaHttp.meta.total !== viaSql.total || viaHttp.data.length !== viaSql.rows.length) {
    throw new Error(`${item.name}: HTTP and SQL disagree (${viaHttp.meta.total} / ${viaSql.total})`);
  }
  for (let i = 0; i < warmup; i += 1) {
    await http(item.qs);
    await bare(item.query);
  }
  const httpSamples: number[] = [];
  const sqlSamples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let started = performance.now();
    await http(item.qs);
    httpSamples.push(performance.now() - started);
    started = performance.now();
    await bare(item.query);
    sqlSamples.push(performance.now() - started);
  }
  const result = { name: item.name, qs: item.qs, total: viaSql.total, exact: viaSql.exact ?? true, http: stats(httpSamples), sql: stats(sqlSamples) };
  log(
    `${label.padEnd(8)} ${item.name.padEnd(nameWidth)} total ${`${result.total}${result.exact ? '' : '+'}`.padStart(6)}  HTTP p50 ${ms(result.http.median).padStart(6)} p95 ${ms(result.http.p95).padStart(6)}  SQL p50 ${ms(result.sql.median).padStart(6)} p95 ${ms(result.sql.p95).padStart(6)} ms`,
  );
  return result;
}
