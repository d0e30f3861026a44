/** The watch over a file's reader (`readerWatch`). */
export interface ReaderWatch {
  /** A piece of the file was handed to the writer, which waits for room before asking for the next. */
  waiting(): void;
  /** The writer asks for the next piece: the reader took the last one. */
  taken(): void;
  /** The file has ended (or was stopped): nothing more to watch. */
  stop(): void;
}

/**
 * Watches a file streamed as its reader takes it: when the reader has taken nothing for
 * `timeoutMs` while the file waited for it (a client that stopped reading, a laptop gone to
 * sleep), `onStalled` runs once, to drop the reader and free what the file holds. The time the
 * file itself takes (its rows read from the database) never counts.
 */
export function readerWatch(timeoutMs: number, onStalled: () => void): ReaderWatch {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    waiting() {
      if (stopped) return;
      clear();
      timer = setTimeout(() => {
        stopped = true;
        onStalled();
      }, timeoutMs);
      // A stalled reader keeps no process alive on its own.
      timer.unref();
    },
    taken: clear,
    stop() {
      stopped = true;
      clear();
    },
  };
}
