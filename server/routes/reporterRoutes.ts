import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { demandReach } from '../engine/rowConditions.js';
import type { FastifyInstance } from 'fastify';
import { LOCALES } from '../../common/locales.js';
import { dataAnswer, INTEGER, MESSAGE_ANSWER, nullable, objectOf, responses, STRING } from '../../common/answerSchemas.js';
import { strictListQuery } from '../http/listQuery.js';
import { idParamsSchema } from '../http/pathParams.js';
import { DELETE_BOOK_BODY, removeReporterBook, reporterBooks } from '../editorial/reporterBookService.js';

/** A genre of a booklist (null: books without a primary genre) and its books. */
const BOOK_GROUP = objectOf({
  id: nullable(INTEGER),
  title: nullable(STRING),
  books: { type: 'array', items: objectOf({ id: INTEGER, original_title: STRING, title: STRING, authors: STRING }) },
});

const booksQuery = { type: 'object', properties: { lang: { type: 'string', enum: LOCALES } } } as const;

/**
 * A reporter's booklist besides the resource's own calls (`GET/POST/DELETE admin/reporters[/{id}]`,
 * server/resources/reporters.ts): `GET reporters/{id}/books` and `DELETE reporters/delete-book`
 * (a static segment, so it wins over `DELETE reporters/:id`). docs/api.md, 'Reporters'.
 */
export async function reporterRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const { check, ...booksOptions } = strictListQuery(booksQuery);
  app.get(
    '/reporters/:id/books',
    {
      ...booksOptions,
      config: { need: { screen: 'reporters', action: 'read' } },
      schema: { ...booksOptions.schema, params: idParamsSchema, response: responses(dataAnswer({ type: 'array', items: BOOK_GROUP })) },
    },
    async (request) => {
      check(request);
      await demandReach(app.services.resources.get('reporters'), request.params.id);
      return reporterBooks(app.db, request.params.id, request.query);
    },
  );
  app.delete(
    '/reporters/delete-book',
    { config: { bodySchema: DELETE_BOOK_BODY, need: { screen: 'reporters', action: 'update' } }, schema: { response: responses(MESSAGE_ANSWER) } },
    (request) => removeReporterBook(app.db, app.recordWrites, request.body),
  );
}
