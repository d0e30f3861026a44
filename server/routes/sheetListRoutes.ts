import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { strictListQuery } from '../http/listQuery.js';
import { pagingQuerySchema } from '../http/paging.js';
import { idParamsSchema } from '../http/pathParams.js';
import { sheetListQuerySchema, readingSheetList } from '../resources/readingSheets.js';
import { recordSchema } from '../engine/recordSchemas.js';
import {
  BOOLEAN,
  INTEGER,
  MESSAGE_ANSWER,
  nullable,
  objectOf,
  PAGE_META,
  pagedAnswer,
  recordOf,
  responses,
  STRING,
  type JsonSchema,
} from '../../common/answerSchemas.js';
import { listSheetOptionPage } from '../sheets/sheetListService.js';
import { SHEET_RESOURCE } from '../resources/readingSheets.js';
import { fieldRulesOf, withoutHidden } from '../engine/fieldRules.js';

const idList = { type: 'array', items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, maxItems: 200 } as const;

const AUTHOR_LIST = { type: 'array', items: objectOf({ id: INTEGER, name: STRING }) };
/** A page of sheets: the meta says whether `total` is exact (counted up to a bound) and holds the cursors of the pages around it. */
const BOOK_PAGE = objectOf({
  data: { type: 'array', items: recordSchema(readingSheetList.table, readingSheetList.fields, 'list') },
  meta: objectOf({
    ...(PAGE_META.properties as Record<string, JsonSchema>),
    total_exact: BOOLEAN,
    next_cursor: nullable(STRING),
    prev_cursor: nullable(STRING),
  }),
});

const optionsQuerySchema = {
  type: 'object',
  properties: { ...pagingQuerySchema, search: { type: 'string', maxLength: 200 }, ids: idList },
} as const;

/**
 * The reading-sheet list and its deletion (the sheet itself, `GET`/`POST admin/books/{id}`, is
 * server/routes/sheetSaveRoutes.ts; its export and bulk actions are every served list's, server/routes/listExportRoutes.ts
 * and listBulk.ts): `GET admin/books`, `GET admin/books/options`, `DELETE admin/books/{id}`.
 * `/books/options` is a static path, so it always wins over `/books/:id`.
 */
export async function sheetListRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { check, ...listOptions } = strictListQuery(sheetListQuerySchema);
  app.get(
    '/books',
    { ...listOptions, config: { need: { screen: SHEET_RESOURCE, action: 'list' } }, schema: { ...listOptions.schema, response: responses(BOOK_PAGE) } },
    async (request) => {
      check(request);
      // Through the engine's service, as every list is read: what the reader's roles hide leaves the rows there.
      return app.services.resources.get(SHEET_RESOURCE)!.list(request.query);
    },
  );

  const { check: checkOptions, ...optionsOptions } = strictListQuery(optionsQuerySchema);
  app.get(
    '/books/options',
    {
      ...optionsOptions,
      // The sheets' picker follows their list.
      config: { need: { screen: SHEET_RESOURCE, action: 'list' } },
      schema: { ...optionsOptions.schema, response: responses(pagedAnswer(recordOf({ id: INTEGER, original_title: STRING, authorList: AUTHOR_LIST }))) },
    },
    async (request) => {
      checkOptions(request);
      const sheets = app.services.resources.get(SHEET_RESOURCE)!;
      const page = await listSheetOptionPage(app.db, request.query, await sheets.rowsWithin());
      return { ...page, data: page.data.map((row) => withoutHidden(row, fieldRulesOf(SHEET_RESOURCE))) };
    },
  );

  app.delete(
    '/books/:id',
    { config: { need: { screen: SHEET_RESOURCE, action: 'delete' } }, schema: { params: idParamsSchema, response: responses(MESSAGE_ANSWER) } },
    async (request) => app.services.resources.get(SHEET_RESOURCE)!.remove(request.params.id),
  );
}
