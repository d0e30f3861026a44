import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { pickTranslation, type Translations } from '../../common/locales.js';
import { findUtilityRow, listUtilityRows, type UtilityTable } from '../db/repositories/utilityListRepository.js';
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
import { idParamsSchema } from '../http/pathParams.js';
import { parseId } from '../services/resourceService.js';

/** One list of `GET admin/utilities/*`: its table and what each entry answers. */
export interface UtilityList {
  table: UtilityTable;
  /** The columns (by property name) each entry answers, in this order. */
  fields: readonly string[];
  /** Entries also answer `name`, the entry's `names` in the current language. */
  translatedName?: true;
}

/** A list whose fields are checked against its table's columns (a typo fails to compile). */
const list = <T extends UtilityTable>(table: T, fields: readonly (keyof T['_']['columns'] & string)[], options: { translatedName?: true } = {}): UtilityList => ({
  table,
  fields,
  ...options,
});

/** The small fixed lists of `GET admin/utilities/*`, each answered as `{ data: [...] }` ordered by id. */
export const UTILITY_LISTS: Readonly<Record<string, UtilityList>> = {
  languages: list(languages, ['id', 'code', 'names'], { translatedName: true }),
  locales: list(locales, ['id', 'code', 'name']),
  'contact-types': list(contactTypes, ['id', 'label']),
  'reporter-statuses': list(reporterStatuses, ['id', 'name']),
  'demand-types': list(demandTypes, ['id', 'name']),
  'demand-statuses': list(demandStatuses, ['id', 'name', 'requiresCommentary']),
  'author-types': list(authorTypes, ['id', 'name']),
  'book-statuses': list(bookStatuses, ['id', 'label']),
  'rights-statuses': list(rightsStatuses, ['id', 'label']),
};

/**
 * `GET admin/utilities/{name}` (the whole list) and `GET admin/utilities/{name}/{id}` (one entry,
 * `{ data }`, 404 when unknown: a select fetching its current value by id, as the remote select does).
 */
export async function utilityRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  for (const [name, { table, fields, translatedName }] of Object.entries(UTILITY_LISTS)) {
    const entry = (row: Record<string, unknown>) => (translatedName ? { ...row, name: pickTranslation(row.names as Translations) } : row);
    app.get(`/utilities/${name}`, async () => ({ data: (await listUtilityRows(app.db, table, fields)).map(entry) }));
    app.get(`/utilities/${name}/:id`, { schema: { params: idParamsSchema } }, async (request) => {
      const id = parseId(request.params.id);
      const row = id === undefined ? undefined : await findUtilityRow(app.db, table, fields, id);
      if (!row) throw notFound('Entry');
      return { data: entry(row) };
    });
  }
}
