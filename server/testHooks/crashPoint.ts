/** The places a crash test can stop the server at. */
export type CrashPoint = 'uploads-stored';

/** The environment variable that arms a crash point; unset (always, outside the crash tests) every point is inert. */
export const CRASH_POINT_VARIABLE = 'TEST_CRASH_AT';

/**
 * Test hook of tests/server/upload-crash.test.ts: when TEST_CRASH_AT names `point`, the process
 * kills itself there with SIGKILL, as a power cut or the OOM killer would (no handler, no cleanup,
 * no buffered write). Does nothing otherwise.
 */
export function crashPoint(point: CrashPoint): void {
  if (process.env[CRASH_POINT_VARIABLE] !== point) return;
  process.kill(process.pid, 'SIGKILL');
  // Nothing may run after this point, not even a microtask, until the signal lands.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
