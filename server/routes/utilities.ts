import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { pickTranslation, type Translations } from '../../common/locales.js';
import {
  authorTypes,
  bookStatuses,
  contactTypes,
  demandStatuses,
  demandTypes,
  languages,
  locales,
  reporterStatuses,
  rightsStatuses,
} from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import { parseId } from '../services/resourceService.js';

type Lookup = { table: PgTable & { id: PgColumn }; map?: (row: Record<string, unknown>) => Record<string, unknown> };

const withName = (row: Record<string, unknown>) => ({ ...row, name: pickTranslation(row.names as Translations) });

/** The small fixed lists of `GET admin/utilities/*`, each answered as `{ data: [...] }` ordered by id. */
const LOOKUPS: Record<string, Lookup> = {
  languages: { table: languages, map: withName },
  locales: { table: locales },
  'contact-types': { table: contactTypes },
  'reporter-statuses': { table: reporterStatuses },
  'demand-types': { table: demandTypes },
  'demand-statuses': { table: demandStatuses },
  'author-types': { table: authorTypes },
  'book-statuses': { table: bookStatuses },
  'rights-statuses': { table: rightsStatuses },
};

/**
 * `GET admin/utilities/{name}` (the whole list) and `GET admin/utilities/{name}/{id}` (one entry,
 * `{ data }`, 404 when unknown: a select fetching its current value by id, as the remote select does).
 */
export async function utilityRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, { table, map }] of Object.entries(LOOKUPS)) {
    app.get(`/utilities/${name}`, async () => {
      const rows = (await app.db.select().from(table).orderBy(asc(table.id))) as Record<string, unknown>[];
      return { data: map ? rows.map(map) : rows };
    });
    app.get(`/utilities/${name}/:id`, async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const [row] = id === undefined ? [] : ((await app.db.select().from(table).where(eq(table.id, id)).limit(1)) as Record<string, unknown>[]);
      if (!row) throw notFound('Entry');
      return { data: map ? map(row) : row };
    });
  }
}
