import type { FastifyInstance } from 'fastify';
import { pickTranslation, type Translations } from '../../common/locales.js';
import { findNamed, listNamed, type NamedTable } from '../db/repositories/namedListRepository.js';
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
} from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import { paged, paging, pagingQuerySchema } from '../http/paging.js';

interface ReadOnlyList {
  table: NamedTable;
  label: string;
  /** Extra columns sent besides id, name and names. */
  extra?: (row: Record<string, unknown>) => Record<string, unknown>;
}

/** Read-only reference lists: `GET admin/{path}` (name, page, perPage) and `GET admin/{path}/{id}`. */
const READ_ONLY: Record<string, ReadOnlyList> = {
  audiences: { table: audiences, label: 'Audience' },
  categories: { table: categories, label: 'Category' },
  formats: { table: formats, label: 'Format' },
  countries: { table: countries, label: 'Country', extra: (row) => ({ code: row.code }) },
  'adaptation-formats': { table: adaptationFormats, label: 'Adaptation format' },
  'adaptation-kinds': { table: adaptationKinds, label: 'Adaptation kind' },
  'adaptation-budgets': { table: adaptationBudgets, label: 'Adaptation budget' },
  'character-functions': { table: characterFunctions, label: 'Character function' },
  'character-genders': { table: characterGenders, label: 'Character gender' },
  'character-ages': { table: characterAges, label: 'Character age' },
  'character-topologies': { table: characterTopologies, label: 'Character topology' },
};

const listQuery = {
  type: 'object',
  properties: { name: { type: 'string', maxLength: 200 }, ...pagingQuerySchema },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;

export async function referenceListRoutes(app: FastifyInstance): Promise<void> {
  for (const [path, { table, label, extra }] of Object.entries(READ_ONLY)) {
    const present = (row: Record<string, unknown>) => ({
      id: row.id,
      name: pickTranslation(row.names as Translations),
      names: row.names,
      ...extra?.(row),
    });
    app.get(`/${path}`, { schema: { querystring: listQuery } }, async (request) => {
      const query = request.query as { name?: string; page?: number; perPage?: number };
      const page = paging(query);
      const { rows, total } = await listNamed(app.db, table, { search: query.name, paging: page });
      return paged(rows.map(present), total, page);
    });
    app.get(`/${path}/:id`, { schema: { params: idParams } }, async (request) => {
      const row = await findNamed(app.db, table, (request.params as { id: number }).id);
      if (!row) throw notFound(label);
      return { data: present(row) };
    });
  }
}
