import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * This server process as a job's runner (`host/pid/boot`): the host and process id say where it
 * runs, the random part tells it from an earlier process that had the same id (a container's
 * process 1 after a restart).
 */
export const THIS_RUNNER = `${os.hostname()}/${process.pid}/${randomBytes(6).toString('hex')}`;

/** Whether a process of this host with this id is alive (one of another user's counts as alive). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that ran a job is certainly gone, as a server starting can tell: on the
 * embedded database every runner but this process is (one process owns its data); elsewhere, a
 * runner of this host whose process has ended, or that had this process's id before it (a
 * restart). A runner on another host is gone once it stops writing (the caller's other rule).
 */
export function runnerGone(runner: string | null, embedded: boolean): boolean {
  if (runner === THIS_RUNNER) return false;
  if (embedded || runner === null) return true;
  const [host, pid] = runner.split('/');
  if (host !== os.hostname() || !pid || !/^\d+$/.test(pid)) return false;
  return Number(pid) === process.pid || !alive(Number(pid));
}
