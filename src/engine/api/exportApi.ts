import { EXPORT_COLUMNS_PARAM, EXPORT_ROWS_HEADER, type ExportFormat } from '../../../common/listExport';
import { download, toSearchParams, type DownloadedFile } from './apiClient';

/** What an export of a list is asked with: the list's API query, the columns shown, the format, and what follows it. */
export interface ExportRequest {
  /** The list's API (`books`, `genres`). */
  api: string;
  /** The list's parameters as its API takes them (search, filters, sort; any page is set aside by the server). */
  query: Record<string, unknown>;
  /** The keys of the columns shown, in order. */
  columns: readonly string[];
  format: ExportFormat;
  signal: AbortSignal;
  /** The number of rows the file will hold, as soon as the server says it. */
  onRows?(total: number): void;
  /** Each piece of the file as it arrives, with the bytes received so far. */
  onProgress?(received: number, chunk: Uint8Array): void;
}

/** `GET admin/{api}/export` (docs/list-export.md): the file, read to its end. */
export const exportApi = {
  run({ api, query, columns, format, signal, onRows, onProgress }: ExportRequest): Promise<DownloadedFile> {
    const searchParams = toSearchParams({ ...query, format, [EXPORT_COLUMNS_PARAM]: columns.join(',') });
    return download(`${api}/export`, {
      searchParams,
      signal,
      onStart: (headers) => {
        const rows = Number(headers.get(EXPORT_ROWS_HEADER));
        if (Number.isFinite(rows)) onRows?.(rows);
      },
      ...(onProgress ? { onProgress } : {}),
    });
  },
};
