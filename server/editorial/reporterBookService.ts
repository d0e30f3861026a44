import { DEFAULT_LOCALE, type Locale } from '../../common/locales.js';
import type { ReporterBookGroup } from '../../common/reporters.js';
import type { Db } from '../db/client.js';
import type { RecordWrites } from '../engine/recordWrites.js';
import { SHEET_RESOURCE } from '../resources/readingSheets.js';
import { MAX_INT_ID } from '../db/repositories/engine/resourceRepository.js';
import { deleteReporterBook, reporterBooksByGenre, reporterExists } from '../db/repositories/editorial/reporterRepository.js';
import { HttpError, notFound } from '../http/errors.js';
import { actionBody } from '../engine/actionBody.js';
import { parseId, RESOURCE_MESSAGES } from '../engine/resourceService.js';

export const REPORTER_BOOK_MESSAGES = {
  notListed: 'This reading sheet is not on this reporter’s booklist.',
} as const;

const id = { type: 'integer', minimum: 1, maximum: MAX_INT_ID } as const;

/** The body of `DELETE admin/reporters/delete-book`. */
export const DELETE_BOOK_BODY = { type: 'object', required: ['reporterId', 'bookId'], properties: { reporterId: id, bookId: id } } as const;
const readDeleteBook = actionBody<{ reporterId: number; bookId: number }>(DELETE_BOOK_BODY);

/** The reporter's id from the path, 404 when it is no id or no reporter. */
async function existingReporter(db: Db, rawId: string): Promise<number> {
  const reporterId = parseId(rawId);
  if (reporterId === undefined || !(await reporterExists(db, reporterId))) throw notFound('Reporter');
  return reporterId;
}

/** `GET admin/reporters/{id}/books`: the booklist grouped by primary genre, names and titles in `lang`. */
export async function reporterBooks(db: Db, rawId: string, query: { lang?: Locale }): Promise<{ data: ReporterBookGroup[] }> {
  const reporterId = await existingReporter(db, rawId);
  return { data: await reporterBooksByGenre(db, reporterId, query.lang ?? DEFAULT_LOCALE) };
}

/** `DELETE admin/reporters/delete-book` `{ reporterId, bookId }`: takes a book off a booklist; 404 when it is not on it. */
export async function removeReporterBook(db: Db, writes: RecordWrites, body: unknown): Promise<{ message: string }> {
  const { reporterId, bookId } = readDeleteBook(body);
  await existingReporter(db, String(reporterId));
  // A change of the sheet's `reporterList`: its history shows the reporter gone from it.
  const removed = await writes.write({
    resource: SHEET_RESOURCE,
    action: 'update',
    id: bookId,
    run: async (tx) => ((await deleteReporterBook(tx, reporterId, bookId)) ? { id: bookId, result: true } : { id: undefined, result: false }),
  });
  if (!removed) throw new HttpError(404, REPORTER_BOOK_MESSAGES.notListed);
  return { message: RESOURCE_MESSAGES.deleted };
}
