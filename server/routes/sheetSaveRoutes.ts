import { dataAnswer, MESSAGE_ANSWER, objectOf, responses, STRING } from '../../common/answerSchemas.js';
import { demandReach } from '../engine/rowConditions.js';
import { SHEET_ANSWER } from '../sheets/sheetAnswers.js';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCREEN_VERSION_HEADER } from '../../common/screensInUse.js';
import { HttpError, unprocessable } from '../http/errors.js';
import { explainScreenChange } from '../screens/screenChange.js';
import { parseMultipartForm, withSentKeys } from '../http/multipartForm.js';
import { idParamsSchema, savedRecordId } from '../http/pathParams.js';
import { readingSheetRecord, SHEET_RESOURCE } from '../resources/readingSheets.js';
import { READING_SHEET_SCHEMA } from '../sheets/sheetSaveInput.js';
import { SHEET_FILE_FIELDS, SHEET_FILE_FOLDER } from '../sheets/sheetSaveFiles.js';
import { discardUploads, receiveUploads, type UploadedFile } from '../uploads/receiveUploads.js';

const bookParamsSchema = { type: 'object', properties: { book: { type: 'string' } }, required: ['book'] } as const;
const bookFileParamsSchema = { type: 'object', properties: { book: { type: 'string' }, file: { type: 'string' } }, required: ['book', 'file'] } as const;

/**
 * The reading-sheet editor's API (docs/reading-sheet-api.md), in the protected admin scope after
 * `files.js` (which provides `app.storage` and the multipart parser):
 * - `GET /books/:id` the whole sheet;
 * - `POST /books` creates, `POST /books/:id` updates: multipart form (SPEC §7) or JSON; so does
 *   `POST /ai-books/update-book/:id`, the AI comparison's save;
 * - `DELETE /utilities/book-files/:book/:file`, `DELETE /utilities/book-manuscript/:book`.
 * The list (`GET /books`, `DELETE /books/:id`, `/books/options`) is in routes/sheetListRoutes.ts.
 */
export async function sheetSaveRoutes(instance: FastifyInstance): Promise<void> {
  // Params types come from the schemas of each route.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  const sheets = app.services.resources.get(SHEET_RESOURCE)!;
  // A file of the sheet removed is a change of the sheet, as the AI comparison's save is.
  const UPDATE = { screen: SHEET_RESOURCE, action: 'update' } as const;
  const files = app.services.sheets;

  /** The body as one parsed object and the files stored for it; 415 for other content types. */
  async function readBody(request: FastifyRequest) {
    if (typeof request.isMultipart === 'function' && request.isMultipart()) {
      const target = { storage: app.storage, pending: app.pendingUploads };
      const { entries, files } = await receiveUploads(request, { ...target, files: SHEET_FILE_FIELDS, folder: SHEET_FILE_FOLDER });
      try {
        const { data, sentKey } = parseMultipartForm(entries, { schema: READING_SHEET_SCHEMA });
        return { input: data, files, sentKey };
      } catch (error) {
        await discardUploads(target, files);
        throw error;
      }
    }
    const body = request.body ?? {};
    if (typeof body === 'string') throw new HttpError(415, 'Send the reading sheet as multipart/form-data or JSON.');
    if (typeof body !== 'object' || Array.isArray(body)) throw unprocessable({ _: ['The request body must be an object.'] });
    // Read as its multipart form is by the engine's save (the sheet's `formBody`).
    return { input: body, files: [] as UploadedFile[], sentKey: undefined };
  }

  app.get(
    '/books/:id',
    { config: { need: { screen: SHEET_RESOURCE, action: 'read' } }, schema: { params: idParamsSchema, response: responses(dataAnswer(SHEET_ANSWER)) } },
    async (request) => ({
      data: await sheets.get(request.params.id),
    }),
  );

  /**
   * Creates (no id, or the empty id of `POST books/`) or updates, through the engine's save. The
   * request's stored files are the save's: on any refusal they are removed, so storage and sheet are
   * exactly as before; a 422's keys are given back as the client named its fields.
   */
  async function save(request: FastifyRequest, rawId: string | undefined) {
    const id = savedRecordId(rawId);
    // Unknown ids answer 404 before any file is stored (the save checks again under its lock).
    if (id !== undefined) await files.existingId(id);
    const body = await readBody(request);
    try {
      return await sheets.save(id, body.input, body.files);
    } catch (error) {
      await discardUploads({ storage: app.storage, pending: app.pendingUploads }, body.files);
      const refusal = withSentKeys(error, body.sentKey ?? ((key) => key));
      // A refusal due only to a version of the editor published while the sheet was open says so.
      if (refusal instanceof HttpError && refusal.statusCode === 422)
        throw await explainScreenChange(app.db, app.screenRegistry, readingSheetRecord.screen, request.headers[SCREEN_VERSION_HEADER], body.input, refusal);
      throw refusal;
    }
  }

  const body = { bodySchema: READING_SHEET_SCHEMA, screenBody: readingSheetRecord.screen, multipart: true };
  const config = { ...body, need: UPDATE };
  const saved = responses(objectOf({ message: STRING, data: SHEET_ANSWER, withNotification: { enum: [0, 1] } }));
  app.post('/books', { config: { ...body, need: { screen: SHEET_RESOURCE, action: 'create' } }, schema: { response: saved } }, (request) =>
    save(request, undefined),
  );
  app.post('/books/:id', { schema: { params: idParamsSchema, response: saved }, config }, (request) => save(request, request.params.id));
  // The AI comparison's 'SAVE THE CHANGES' (SPEC §7): the sheet with the fields taken from its draft, saved as the editor saves it (its version: 409 when the sheet changed meanwhile).
  app.post('/ai-books/update-book/:id', { schema: { params: idParamsSchema, response: saved }, config }, (request) => save(request, request.params.id));

  app.delete(
    '/utilities/book-files/:book/:file',
    { config: { need: UPDATE }, schema: { params: bookFileParamsSchema, response: responses(MESSAGE_ANSWER) } },
    async (request) => {
      await demandReach(app.services.resources.get(SHEET_RESOURCE), request.params.book);
      return files.deleteFile(request.params.book, request.params.file);
    },
  );

  app.delete(
    '/utilities/book-manuscript/:book',
    { config: { need: UPDATE }, schema: { params: bookParamsSchema, response: responses(MESSAGE_ANSWER) } },
    async (request) => {
      await demandReach(app.services.resources.get(SHEET_RESOURCE), request.params.book);
      return files.deleteManuscript(request.params.book);
    },
  );
}
