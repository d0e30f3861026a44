import { or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../common/api.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import { matchingIds, type IdTable } from '../db/repositories/engine/declaredRepository.js';
import { currentRequest } from '../http/requestContext.js';
import { parseQueryIntegers } from '../http/strictIntegers.js';
import { listContracts } from './listContracts.js';
import { listCondition, parseId, type ResourceService } from './resourceService.js';
import { notFound } from '../http/errors.js';
import type { CustomResourceDefinition } from './resourceTypes.js';
import { keptQuery, viewQueryProblems, viewTarget } from './views/viewQuery.js';

/** Nothing: a reader whose conditions are all unreadable reaches no row (never every row). */
const NO_ROW = sql`false`;

/**
 * A role's row condition as the list's query takes it, read as a saved view's query is (the
 * list's own filters, its values as the address writes them, checked against what the list takes
 * today); undefined when the list no longer takes it.
 */
function conditionQuery(
  definition: CustomResourceDefinition,
  screen: ScreenDefinition | undefined,
  condition: Readonly<Record<string, unknown>>,
): ListQuery | undefined {
  const contract = definition.screen ? listContracts().get(definition.screen) : undefined;
  if (!contract) return undefined;
  // Any filter the list declares, shown on the screen or not: a role's rows are the company's rule, not a screen's.
  const target = viewTarget(contract, screen, undefined, { everyFilter: true });
  const query: Record<string, unknown> = keptQuery(condition as Record<string, unknown>);
  if (Object.keys(viewQueryProblems(target, structuredClone(query))).length) return undefined;
  if (parseQueryIntegers(query, target.properties as Parameters<typeof parseQueryIntegers>[1])) return undefined;
  return target.validate(query) ? (query as ListQuery) : undefined;
}

/**
 * The rows of a resource the request's reader reaches (docs/permissions.md), as a condition:
 * undefined for every row (an Owner, a role without `rows` there, the app's own work); any of
 * their roles' conditions otherwise, in the list's own filters.
 */
export async function readerRows(db: Db, definition: CustomResourceDefinition, screen: ScreenDefinition | undefined): Promise<SQL | undefined> {
  const permissions = currentRequest()?.permissions;
  if (!permissions || permissions.owner) return undefined;
  const conditions = permissions.screens[definition.api]?.rows;
  if (!conditions) return undefined;
  const queries = conditions.map((condition) => conditionQuery(definition, screen, condition)).filter((query) => query !== undefined);
  if (queries.length === 0) return NO_ROW;
  if (definition.store.query) return definition.store.query.rowsWhere(db, queries);
  const parts = await Promise.all(queries.map((query) => listCondition(db, definition.table, definition.filters ?? {}, query)));
  return parts.some((part) => part === undefined) ? undefined : or(...parts);
}

/** Those of `ids` whose record matches `within` (a reader's rows). */
export function reachedIds(db: Db, definition: CustomResourceDefinition, ids: readonly number[], within: SQL): Promise<Set<number>> {
  return definition.store.query ? definition.store.query.within(db, ids, within) : matchingIds(db, definition.table as IdTable, ids, within);
}

/**
 * For a route of its own on one record (a sheet's AI draft, a user's credits): 404, as for an
 * unknown record, when the record is outside the rows the request's reader reaches; the route's
 * handler answers for an unknown id itself.
 */
export async function demandReach(service: ResourceService | undefined, rawId: unknown): Promise<void> {
  const id = parseId(String(rawId));
  if (service && id !== undefined && !(await service.reaches(id))) throw notFound(service.definition.label);
}
