/** An in-process loop that runs a job now and then every `intervalMs`, one run at a time. */
export interface PeriodicLoop {
  /** Starts the loop: a run now, then one every `intervalMs` after each run ends. */
  start(): void;
  /** Stops the loop and waits for the run under way (which can read `stopping` to end early). */
  stop(): Promise<void>;
  /** Asks for a run as soon as possible: now when idle, else right after the run under way. */
  runSoon(): void;
  /** True from `stop()` on: a long run should end at its next step. */
  readonly stopping: boolean;
}

/**
 * The timer of the server's background loops (server/jobs). A run that fails is reported to
 * `onError` and the loop goes on at the next tick; the loops are idempotent over a shared
 * database, so every process runs its own.
 */
export function createPeriodicLoop({
  run,
  intervalMs,
  onError,
}: {
  run: () => Promise<unknown>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): PeriodicLoop {
  let stopped = true;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let runAgain = false;

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
  }

  async function tick(): Promise<void> {
    timer = undefined;
    if (current) {
      runAgain = true;
      return;
    }
    runAgain = false;
    current = run().catch(onError);
    await current;
    current = undefined;
    schedule(runAgain ? 0 : intervalMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
    runSoon() {
      if (current) runAgain = true;
      else schedule(0);
    },
    get stopping() {
      return stopping;
    },
  };
}
