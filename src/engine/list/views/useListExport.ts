import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '../../../../common/listExport';
import { exportApi, type ExportRequest } from '../../api/exportApi';

/** Where an export stands: not running, or running with what has arrived so far. */
export type ExportProgress =
  | { running: false }
  | {
      running: true;
      format: ExportFormat;
      /** The rows the file holds, once the server has said it. */
      total: number | undefined;
      /** The rows arrived so far (CSV: its records; an XLSX is compressed, its rows cannot be counted on the way). */
      rows: number | undefined;
      bytes: number;
    };

/** How an export ended: its file saved, stopped by the reader, or refused / broken off (the error toast said why). */
export type ExportOutcome = { kind: 'saved'; name: string; rows: number | undefined } | { kind: 'cancelled' } | { kind: 'failed' };

const LINE_FEED = 10;
const QUOTE = 34;

/**
 * Counts a CSV's records as its bytes arrive: a line feed outside quotes ends one (a quoted value
 * may hold line feeds; a doubled quote inside it toggles twice and changes nothing).
 */
function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(chunk: Uint8Array): number {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) records += 1;
      }
      return records;
    },
  };
}
/** How often the progress shown is brought up to date while pieces arrive (not once a piece: thousands a second). */
const PROGRESS_EVERY_MS = 150;

/** Hands a file to the browser's download, under its name. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has taken the file by then; the page lets go of it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A list's export (headless): `start` downloads the list as the request says, counting its rows as
 * they arrive (a CSV's records), then saves the file; `cancel` stops it at once.
 * An export still running when the list's page closes is stopped.
 */
export function useListExport(request: Pick<ExportRequest, 'api' | 'query' | 'columns'>) {
  const [progress, setProgress] = useState<ExportProgress>({ running: false });
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat): Promise<ExportOutcome> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const seen = { total: undefined as number | undefined, lines: 0, bytes: 0 };
      const counter = csvRecordCounter();
      const show = () =>
        setProgress({
          running: true,
          format,
          total: seen.total,
          rows: format === 'csv' ? Math.max(0, Math.min(seen.lines - 1, seen.total ?? Infinity)) : undefined,
          bytes: seen.bytes,
        });
      show();
      const timer = window.setInterval(show, PROGRESS_EVERY_MS);
      try {
        const file = await exportApi.run({
          ...request,
          format,
          signal: abort.signal,
          onRows: (total) => (seen.total = total),
          onProgress: (received, chunk) => {
            seen.bytes = received;
            if (format === 'csv') seen.lines = counter.add(chunk);
          },
        });
        saveFile(file.blob, file.name);
        return { kind: 'saved', name: file.name, rows: seen.total };
      } catch {
        return abort.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed' };
      } finally {
        window.clearInterval(timer);
        if (controller.current === abort) controller.current = undefined;
        setProgress({ running: false });
      }
    },
    [request],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, start, cancel };
}
