import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { CellValue } from '../../common/cellText.js';
import type { ExportFormat } from '../../common/listExport.js';

/** The most rows a worksheet holds below its header (Excel's 1,048,576 rows in all). */
export const XLSX_MAX_ROWS = 1_048_575;

/** The media type of each format. */
export const EXPORT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What an export file is made of: its sheet's name (XLSX), its headers, then its rows a batch at a time. */
export interface ExportContent {
  sheet: string;
  headers: readonly string[];
  rows: AsyncIterable<CellValue[][]>;
}

/**
 * The CSV separator of a reader's locale (the first language of `Accept-Language`): `;` where the
 * locale writes decimals with a comma (fr, de, it…: a spreadsheet there splits on `;`), else `,`.
 */
export function csvDelimiter(acceptLanguage: string | undefined): ';' | ',' {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return ',';
  try {
    const decimal = new Intl.NumberFormat(first).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? ';' : ',';
  } catch {
    // Not a language tag: the default.
    return ',';
  }
}

/**
 * The file as a stream, written as the reader takes it: a row batch is read only when the file's
 * writer has room (memory stays flat whatever the number of rows). Destroying the stream (the
 * reader gone, a cancel) stops the reading of rows; a failure while reading ends the stream with
 * that error.
 */
export function exportStream(format: ExportFormat, content: ExportContent, delimiter: ';' | ',' = ','): Readable {
  return format === 'csv' ? csvStream(content, delimiter) : xlsxStream(content);
}

/**
 * UTF-8 with a byte-order mark (so that a spreadsheet reads accents), CRLF lines (RFC 4180),
 * formulas escaped. Each batch of rows becomes one chunk of the file at once: its rows are
 * garbage a moment after they were read, never kept while the file is written record by record.
 */
function csvStream({ headers, rows }: ExportContent, delimiter: ';' | ','): Readable {
  // A cell starting with =, +, -, @ is written with a leading quote: a spreadsheet shows it, never runs it.
  const options = { delimiter, record_delimiter: 'windows', escape_formulas: true } as const;
  async function* chunks() {
    yield Buffer.from(stringifySync([[...headers]], { ...options, bom: true }));
    for await (const batch of rows) if (batch.length) yield Buffer.from(stringifySync(batch, options));
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** An XLSX workbook of one worksheet, its header row bold and kept in view, each cell a string or a number. */
function xlsxStream({ sheet, headers, rows }: ExportContent): Readable {
  const out = new PassThrough();
  void (async () => {
    // Loaded with the first XLSX export, not with the server.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const worksheet = workbook.addWorksheet(sheetName(sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = headers.map((header) => ({ header, width: Math.min(Math.max(header.length + 2, 12), 60) }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    for await (const batch of rows) {
      for (const row of batch) worksheet.addRow(row).commit();
      // The writer does not wait for its reader: wait here while the file's buffer is full.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A worksheet's name as Excel takes it: at most 31 characters, none of `[]:*?/\`. */
function sheetName(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Export'
  );
}
