import type { ExportLimits } from '../../config.js';
import { HttpError } from '../../http/errors.js';

/** One running export's place: given back once its file has ended, however it ended (a second release does nothing). */
interface ExportSlot {
  release(): void;
}

/**
 * The places of the exports running on this process (`EXPORTS_PER_ADMINISTRATOR`,
 * `EXPORTS_TOTAL`): an export holds one from its first read to the end of its file.
 */
export interface ExportSlots {
  /** A place for an export of administrator `administratorId`; a 429 in words when they, or the server, already run the most allowed. */
  take(administratorId: number): ExportSlot;
  /** How many exports are running: all of them, or one administrator's. */
  running(administratorId?: number): number;
}

/** The refusal of an export when its administrator already runs `count` (their most). */
export const ownExportsMessage = (count: number) =>
  count === 1 ? 'You already have an export running: wait for it to finish.' : `You already have ${count} exports running: wait for one to finish.`;

/** The refusal of an export when the server already runs `count` (its most). */
export const serverExportsMessage = (count: number) =>
  `${count === 1 ? 'An export is' : `${count} exports are`} already running for colleagues, the most the server writes at once: try again in a few minutes.`;

/** The export places of one process, within `limits`. */
export function createExportSlots({ perAdministrator, total }: Pick<ExportLimits, 'perAdministrator' | 'total'>): ExportSlots {
  const byAdministrator = new Map<number, number>();
  let running = 0;
  return {
    take(administratorId) {
      const own = byAdministrator.get(administratorId) ?? 0;
      if (own >= perAdministrator) throw new HttpError(429, ownExportsMessage(own));
      if (running >= total) throw new HttpError(429, serverExportsMessage(running));
      byAdministrator.set(administratorId, own + 1);
      running += 1;
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          running -= 1;
          const left = (byAdministrator.get(administratorId) ?? 1) - 1;
          if (left > 0) byAdministrator.set(administratorId, left);
          else byAdministrator.delete(administratorId);
        },
      };
    },
    running: (administratorId) => (administratorId === undefined ? running : (byAdministrator.get(administratorId) ?? 0)),
  };
}
