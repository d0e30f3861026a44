/**
 * The permissions suite of `npm run bench` (docs/permissions.md), in process on PGlite:
 * - the check alone: the route's need and the field rules of a reader who is not an Owner (its
 *   hook, the rules read from the session's permissions, a page of 50 rows without their hidden
 *   field), timed call by call;
 * - the same list call, `GET admin/genres?perPage=50` through `app.inject`, as an Owner and as a
 *   role with the genres list and a hidden field, alternated call by call on the same app: the
 *   difference is what the permissions cost a request.
 *
 * The reading-sheet list at 1,000,000 sheets with a `rows` condition against the same filter sent
 * as a query is not measured here yet (bench/results.md says so).
 *
 * Environment: BENCH_RUNS (300) measured calls per side after BENCH_WARMUP (30).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { effectivePermissions, type RolePermissions } from '../common/permissions.js';
import { buildApp } from '../server/app.js';
import { checkRouteNeed } from '../server/auth/routeNeeds.js';
import { openSession, SESSION_COOKIE } from '../server/auth/sessions.js';
import { loadConfig } from '../server/config.js';
import { openPglite } from '../server/db/client.js';
import { insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import { administratorRoles, genres, roles } from '../server/db/schema/index.js';
import { fieldRulesOf, withoutHidden } from '../server/engine/fieldRules.js';
import { withRequestContext } from '../server/http/requestContext.js';
import { log, ms, stats, type Stats } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const PAGE = 50;
/** The target: the permission check adds at most this to a request's median. */
const PERMISSION_TARGET_MS = 0.2;

export interface PermissionsResult {
  check: Stats;
  owner: Stats;
  role: Stats;
}

const ROLE: RolePermissions = { screens: { genres: { actions: ['list', 'read'], fields: { color: 'hidden' } } } };

/** A session cookie of a new administrator holding only `role` (or the Owner role). */
async function sessionOf(app: FastifyInstance, role: RolePermissions | 'owner'): Promise<string> {
  const db = app.db;
  const admin = await insertAdministrator(db, {
    firstname: 'Bench',
    lastname: 'Reader',
    email: `bench-${Date.now()}-${Math.random()}@bench.test`,
    passwordHash: 'x',
  });
  if (role !== 'owner') {
    const [created] = await db
      .insert(roles)
      .values({ name: `Bench role ${Date.now()}`, permissions: role })
      .returning({ id: roles.id });
    await db.delete(administratorRoles).where(eq(administratorRoles.administratorId, admin.id));
    await db.insert(administratorRoles).values({ administratorId: admin.id, roleId: created!.id });
  }
  const { token } = await openSession(db, admin.id, 1, { ip: '127.0.0.1', userAgent: 'bench' });
  return `${SESSION_COOKIE}=${token}`;
}

export async function measurePermissions(): Promise<PermissionsResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-permissions-'));
  const database = await openPglite(dir);
  await database.migrate();
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, CLIENT_DIR: 'no-client', DEMO_DATA: 'false' }), database });
  try {
    await app.ready();
    await database.db
      .insert(genres)
      .values(Array.from({ length: PAGE }, (_, i) => ({ names: { en: `Genre ${i}`, fr: `Genre ${i}` }, color: '#112233', searchText: `genre ${i}` })));
    const owner = await sessionOf(app, 'owner');
    const role = await sessionOf(app, ROLE);

    // The check alone: the hook on a request of the list, then the rules and a page without the hidden field.
    const permissions = effectivePermissions([{ owner: false, permissions: ROLE }]);
    const hook = checkRouteNeed((screen) => screen);
    const request = { routeOptions: { config: { need: { screen: 'genres', action: 'list' } } }, admin: { permissions } } as unknown as FastifyRequest;
    const rows = Array.from({ length: PAGE }, (_, i) => ({ id: i, names: { en: `Genre ${i}` }, color: '#112233', parent_id: null, parent_name: null }));
    const context = { administratorId: 1, sessionId: null, origin: 'http://bench', permissions };
    const once = () =>
      withRequestContext(context, async () => {
        await hook(request);
        const rules = fieldRulesOf('genres');
        return rows.map((row) => withoutHidden(row, rules));
      });
    for (let i = 0; i < WARMUP * 10; i++) await once();
    const checks: number[] = [];
    for (let i = 0; i < RUNS * 10; i++) {
      const start = performance.now();
      await once();
      checks.push(performance.now() - start);
    }

    // The list call as an Owner and as the role, alternated.
    const call = async (cookie: string) => {
      const answer = await app.inject({ method: 'GET', url: `/api/admin/genres?perPage=${PAGE}`, headers: { cookie } });
      if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
    };
    for (let i = 0; i < WARMUP; i++) {
      await call(owner);
      await call(role);
    }
    const asOwner: number[] = [];
    const asRole: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const [cookie, samples] of i % 2
        ? ([
            [owner, asOwner],
            [role, asRole],
          ] as const)
        : ([
            [role, asRole],
            [owner, asOwner],
          ] as const)) {
        const start = performance.now();
        await call(cookie);
        samples.push(performance.now() - start);
      }
    }
    const result = { check: stats(checks), owner: stats(asOwner), role: stats(asRole) };
    log(`permissions: check ${ms(result.check.median)} ms; list as Owner ${ms(result.owner.median)} ms, as a role ${ms(result.role.median)} ms`);
    return result;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function permissionsSection(result: PermissionsResult): string[] {
  const added = result.role.median - result.owner.median;
  const verdict = (value: number) => (value <= PERMISSION_TARGET_MS ? 'met' : '**missed**');
  return [
    `Target: the permission check adds ≤ ${PERMISSION_TARGET_MS} ms to a request's median, in process.`,
    '',
    '| In process, PGlite | median ms | p95 ms |',
    '|---|---:|---:|',
    `| the check alone: the route's need, the reader's field rules, a page of ${PAGE} rows without the hidden field (${(RUNS * 10).toLocaleString('en')} calls) | ${ms(result.check.median)} | ${ms(result.check.p95)} |`,
    `| \`GET admin/genres?perPage=${PAGE}\` as an Owner (${RUNS} calls) | ${ms(result.owner.median)} | ${ms(result.owner.p95)} |`,
    `| the same as a role with the list and a hidden field (${RUNS} calls, alternated) | ${ms(result.role.median)} | ${ms(result.role.p95)} |`,
    '',
    `The check alone: ${verdict(result.check.median)} (${ms(result.check.median)} ms). The role's request against the Owner's: ${added >= 0 ? '+' : ''}${ms(added)} ms on the median (${verdict(added)}).`,
    '',
    'Not measured yet: the reading-sheet list at 1,000,000 sheets with a `rows` condition against the same filter sent as a query (the condition is added to the same list query as its filters: docs/permissions.md).',
  ];
}
