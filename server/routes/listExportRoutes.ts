import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { responses } from '../../common/answerSchemas.js';
import type { CellValue } from '../../common/cellText.js';
import { englishText } from '../definitions/englishLabels.js';
import { unprocessable } from '../http/errors.js';
import { EXPORT_COLUMNS_PARAM, EXPORT_FORMATS, EXPORT_ROWS_HEADER, type ExportFormat } from '../../common/listExport.js';
import { csvDelimiter, EXPORT_TYPES, exportStream, XLSX_MAX_ROWS } from '../http/exportFile.js';
import { strictListQuery } from '../http/listQuery.js';
import { readerWatch } from '../http/readerWatch.js';
import type { ServedList } from '../compose/appServices.js';
import { exportCells, exportColumns } from '../engine/export/exportSource.js';

/** What an export takes besides the list's own parameters: the format and the columns the list shows (keys joined by commas). */
const EXPORT_QUERY = {
  format: { type: 'string', enum: EXPORT_FORMATS, default: 'csv' },
  [EXPORT_COLUMNS_PARAM]: { type: 'string', maxLength: 4000, pattern: '^[A-Za-z0-9_:,-]*$' },
} as const;

/** The answer: the file itself, streamed (its rows in `x-export-rows`). */
const EXPORT_ANSWER = { type: 'string', format: 'binary', description: 'The file, CSV (UTF-8 with a byte-order mark) or XLSX' } as const;

/**
 * `GET admin/{api}/export?format=csv|xlsx&columns=…&…the list's parameters`: every row the list's
 * search and filters match (its page and page size set aside), in its order, with the columns it
 * shows and their cells' words (names, not codes), streamed as CSV (`;` or `,` by the reader's
 * locale) or XLSX. A parameter the list does not take is a 422, as on the list. Every served
 * list has one (`app.services.lists`: the declared resources' list screens and the reading sheets).
 */
export async function listExportRoutes(app: FastifyInstance): Promise<void> {
  for (const list of app.services.lists) registerListExport(app, list);
}

/** `GET admin/{api}/export` of one list. */
function registerListExport(app: FastifyInstance, { contract, exportSource: sourceOf }: ServedList): void {
  const { check, ...options } = strictListQuery({ type: 'object', properties: { ...contract.query.properties, ...EXPORT_QUERY } } as const);
  app.get(
    `/${contract.api}/export`,
    { ...options, config: { need: { screen: contract.api, action: 'export' } }, schema: { ...options.schema, response: responses(EXPORT_ANSWER) } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      check(request);
      const { format, columns, ...query } = request.query as { format: ExportFormat; columns?: string } & Record<string, unknown>;
      const screen = app.screenRegistry.screens.get(contract.screen);
      const table = exportColumns(contract, screen, (columns ?? '').split(',').filter(Boolean));
      // Held from the first read to the file's end: 429 in words past the administrator's or the server's most.
      const slot = app.exportSlots.take(request.admin!.id);
      let sent = false;
      try {
        const source = await sourceOf(query);
        if (format === 'xlsx' && source.total > XLSX_MAX_ROWS) {
          throw unprocessable({
            format: [
              `This list has ${source.total.toLocaleString('en')} rows, more than a spreadsheet holds (${XLSX_MAX_ROWS.toLocaleString('en')}): export it as CSV, or narrow it with a filter.`,
            ],
          });
        }
        // The first batch is read before the answer starts, so that its failure is an ordinary error answer.
        const batches = source.batches();
        const first = await batches.next();
        const { readerTimeoutMs } = app.config.exports;
        // A reader that stops taking the file is dropped: its place and what the file holds are freed.
        const watch = readerWatch(readerTimeoutMs, () => {
          request.log.warn({ list: contract.api, readerTimeoutMs }, 'export dropped: its reader took nothing for too long');
          reply.raw.destroy();
        });
        const cells = (batch: readonly object[]) => batch.map((row) => exportCells(table, row as Readonly<Record<string, unknown>>));
        async function* rows(): AsyncGenerator<CellValue[][]> {
          try {
            if (first.done) return;
            watch.waiting();
            yield cells(first.value);
            watch.taken();
            for (let next = await batches.next(); !next.done; next = await batches.next()) {
              watch.waiting();
              yield cells(next.value);
              watch.taken();
            }
          } finally {
            watch.stop();
            // A cancelled export stops reading rows.
            await batches.return(undefined);
          }
        }
        const title = screen ? englishText(screen.title) : contract.screen;
        const stream = exportStream(
          format,
          { sheet: title, headers: table.map((column) => column.header), rows: rows() },
          csvDelimiter(request.headers['accept-language']),
        );
        // However the file ends (written, stopped by its reader, dropped, failed), its place is free again.
        reply.raw.once('close', slot.release);
        stream.once('close', slot.release);
        stream.once('close', watch.stop);
        sent = true;
        return reply
          .header('content-type', EXPORT_TYPES[format])
          .header('content-disposition', `attachment; filename="${contract.screen}-${new Date().toISOString().slice(0, 10)}.${format}"`)
          .header('cache-control', 'no-store')
          .header(EXPORT_ROWS_HEADER, String(source.total))
          .send(stream);
      } finally {
        if (!sent) slot.release();
      }
    },
  );
}
