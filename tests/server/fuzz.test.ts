import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { answerProblem, edgeRequestsFor, requestFor } from '../helpers/fuzz/routeRequests.js';
import { createTestApp } from '../helpers/testApp.js';

/**
 * Every registered route, fuzzed: hostile values for each path parameter, each query parameter of
 * its querystring schema and each field of its body schema (NUL, lone surrogates, Infinity, NaN,
 * huge and negative numbers, deep nesting, wrong types, prototype keys, SQL and HTML fragments,
 * malformed and multipart bodies). No answer may be a 5xx or show a stack trace or SQL. The routes
 * are read from the running app, so a route added later is fuzzed without a line here. Besides the
 * random cases, each route gets every edge value in each of its parameters (`edgeRequestsFor`:
 * `Infinity`, `1e400` in each path and integer parameter, `0000-01-01`, `+275760-09-13` in each
 * date-like one).
 *
 * FUZZ_RUNS sets the cases per read route (default 15; four times as many per write route, whose
 * bodies have far more to vary: about 3,000 in all); FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const runsFor = (method: string) => (method === 'POST' || method === 'PUT' || method === 'PATCH' ? RUNS * 4 : RUNS);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const t = await createTestApp();
await seedDemoData(t.database.db, { seed: 3, now: new Date('2026-06-15T00:00:00Z') });
const cookie = await t.login();
afterAll(async () => t.close());

/** The session's own routes are fuzzed without the session, so logging out cannot end it. */
const withoutSession = (url: string) => url.startsWith('/api/admin/auth/');
const routes = t.app.routeList;

describe('the fuzz suite', () => {
  it('covers every registered route, and every JSON write route declares the schema its body is drawn from', () => {
    expect(routes.length).toBeGreaterThan(100);
    const writes = routes.filter((route) => (route.method === 'POST' || route.method === 'PUT') && route.url !== '/api/admin/auth/logout');
    expect(writes.filter((route) => !route.body).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
});

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_name, route) => {
  const edges = edgeRequestsFor(route);
  if (edges.length > 0) {
    it(`answers the ${edges.length} edge values of its parameters without a 5xx`, async () => {
      const problems: string[] = [];
      for (const request of edges) {
        const response = withoutSession(route.url) ? await t.app.inject(request) : await t.as(cookie, request);
        const problem = answerProblem(response);
        if (problem) problems.push(`${request.method} ${request.url}: ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it(`answers ${runsFor(route.method)} hostile requests without a 5xx, a stack trace or SQL`, async () => {
    await fc.assert(
      fc.asyncProperty(requestFor(route), async (request) => {
        const response = withoutSession(route.url) ? await t.app.inject(request) : await t.as(cookie, request);
        const problem = answerProblem(response);
        if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
      }),
      { numRuns: runsFor(route.method), ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    // A case that ended the session (or deleted its administrator) would leave later routes untested.
    expect((await t.as(cookie, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
  });
});
